import {
  decodeAbiParameters,
  decodeErrorResult,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  numberToHex,
  parseAbi,
  toFunctionSelector,
  type Abi,
  type Hex,
} from 'viem';
import { ApiError } from '../../errors.js';
import { EVM_NATIVE, type DestinationCall } from '../../providers/types.js';
import { CALLS_DISPATCHER_RUNTIME, callsDispatcherAbi } from './dispatcher.js';

/**
 * The mandatory simulation of destination calls: they run read-only on the destination chain, as the
 * provider's executor, after the executor was given exactly `dstAmount` of the output:
 *
 * - native output: the executor's balance is overridden to `dstAmount`;
 * - ERC-20 output: the token's balance slot for the executor is overridden to `dstAmount`. The slot is found
 *   by probing (the way forge's `deal` finds it): a marker is written into each candidate mapping slot by a
 *   state override, and the slot whose marker `balanceOf(holder)` returns is the one. Cached per token.
 *
 * Two ways to run the calls, tried in this order (`mode: 'auto'`):
 * 1. `eth_simulateV1`: one simulated block whose calls are the destination calls sent `from` the executor,
 *    bracketed by balance reads; each call has its own status, gas and revert data.
 * 2. `eth_call` with state overrides, for nodes without `eth_simulateV1`: the executor's code is replaced by
 *    a small dispatcher (contracts/CallsDispatcher.sol) that makes the calls in order, so `msg.sender` is
 *    still the executor, and reports per-call gas, balances before and after, or `CallReverted(index, reason)`.
 *
 * Besides reverts, the result says what reached `recipient` and what stayed with the executor: output left
 * with the executor, or any called target that credited the executor (its `balanceOf(executor)` rose)
 * instead of `recipient`, fails the simulation like a revert.
 */

export interface SimulationInput {
  chainId: number;
  executor: string;
  /** Output token (lower-case; the zero address for the native coin). */
  token: string;
  dstAmount: bigint;
  recipient: string;
  calls: DestinationCall[];
}

export interface SimulationReport {
  ok: true;
  /** Gas the calls used (sum over calls, without the 21,000 base cost of a transaction). */
  gasUsed: bigint;
  gasUsedPerCall: bigint[];
  /** Output still held by the executor after the calls (0 on success). */
  leftover: bigint;
  /** What `recipient` gained, per watched token (the output and every called target), when anything. */
  recipientReceived: { token: string; amount: string }[];
  method: 'eth_simulateV1' | 'eth_call';
}

export type SimulationMode = 'auto' | 'eth_simulateV1' | 'eth_call';

export interface CallsSimulatorOptions {
  /** JSON-RPC URL of a chain, undefined when none is configured. */
  rpcUrl: (chainId: number) => string | undefined;
  timeoutMs: number;
  mode?: SimulationMode;
  fetch?: typeof fetch;
  /** Most tokens whose balance slot is cached (default SLOT_CACHE_MAX). */
  slotCacheMax?: number;
}

const BALANCE_OF = toFunctionSelector('function balanceOf(address)');
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
const multicall3Abi = parseAbi(['function getEthBalance(address) view returns (uint256)']);
const GAS_CAP = 30_000_000n;
const TX_BASE_GAS = 21_000n;
/** Candidate base slots probed for a token's balances mapping. */
const PROBE_SLOTS = 32;
const MARKER = 0x5a17_c0ffeen;
/** Tokens whose balance slot is remembered (oldest forgotten first): callers choose the token, so this is bounded. */
export const SLOT_CACHE_MAX = 2_000;
/** How long a token whose balance slot could not be found is not probed again (a probe costs 64 eth_calls). */
const SLOT_MISS_TTL_MS = 10 * 60_000;

/** Probing finished and no candidate slot holds the balance (not an RPC failure: worth remembering). */
class NoBalanceSlot extends Error {}

const TRANSFER_TOPIC = keccak256(new TextEncoder().encode('Transfer(address,address,uint256)'));
const TRANSFER_SINGLE_TOPIC = keccak256(new TextEncoder().encode('TransferSingle(address,address,address,uint256,uint256)'));
const TRANSFER_BATCH_TOPIC = keccak256(new TextEncoder().encode('TransferBatch(address,address,address,uint256[],uint256[])'));

interface SimLog {
  address: string;
  topics: Hex[];
  data: Hex;
}

const topicAddress = (t: Hex | undefined) => (t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : undefined);

/**
 * What the executor gained, per token (and id for ERC-1155), from the token-transfer events of the calls: ERC-20
 * and ERC-721 `Transfer`, ERC-1155 `TransferSingle` / `TransferBatch`. This sees tokens credited to the executor by
 * contracts it never called directly (a router depositing "for msg.sender"), which the balance reads of the called
 * targets cannot. Returns, per token whose net gain is positive, the gain and the last call that credited it.
 */
function executorCredits(logsPerCall: SimLog[][], executor: string): { token: string; amount: bigint; index: number }[] {
  const net = new Map<string, { token: string; amount: bigint; index: number }>();
  const add = (key: string, token: string, delta: bigint, index: number) => {
    const e = net.get(key) ?? { token, amount: 0n, index };
    e.amount += delta;
    if (delta > 0n) e.index = index;
    net.set(key, e);
  };
  logsPerCall.forEach((logs, index) => {
    for (const log of logs ?? []) {
      const token = String(log.address).toLowerCase();
      const t = log.topics ?? [];
      try {
        if (t[0] === TRANSFER_TOPIC && (t.length === 3 || t.length === 4)) {
          const amount = t.length === 3 ? (log.data && log.data.length >= 66 ? BigInt(log.data.slice(0, 66)) : 0n) : 1n;
          if (topicAddress(t[2]) === executor) add(token, token, amount, index);
          if (topicAddress(t[1]) === executor) add(token, token, -amount, index);
        } else if ((t[0] === TRANSFER_SINGLE_TOPIC || t[0] === TRANSFER_BATCH_TOPIC) && t.length === 4) {
          const [ids, values] =
            t[0] === TRANSFER_SINGLE_TOPIC
              ? (([id, value]) => [[id], [value]])(decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data))
              : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
          ids.forEach((id, k) => {
            if (topicAddress(t[3]) === executor) add(`${token}:${id}`, token, values[k], index);
            if (topicAddress(t[2]) === executor) add(`${token}:${id}`, token, -values[k], index);
          });
        }
      } catch {
        // A log that only looks like a transfer event: not one.
      }
    }
  });
  return [...net.values()].filter((e) => e.amount > 0n);
}

/** Known custom errors, for readable revert reasons (anything else is named by its selector). */
const KNOWN_ERRORS = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)',
  'error ERC4626ExceededMaxMint(address receiver, uint256 shares, uint256 max)',
  'error SafeERC20FailedOperation(address token)',
  'error AddressInsufficientBalance(address account)',
  'error FailedInnerCall()',
]);

const PANIC_REASONS: Record<number, string> = {
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'invalid enum value',
  34: 'bad storage byte array',
  49: 'pop on an empty array',
  50: 'array index out of bounds',
  65: 'out of memory',
  81: 'call to an uninitialized function',
};

/** A revert's data as words: Error(string), Panic(uint256), known custom errors, a selector, or raw data. */
export function decodeRevertReason(data: Hex | undefined): string {
  if (!data || data === '0x') return 'reverted without a reason';
  try {
    const d = decodeErrorResult({ abi: KNOWN_ERRORS as Abi, data }) as { errorName: string; args?: readonly unknown[] };
    if (d.errorName === 'Error') return `Error(${JSON.stringify(d.args?.[0])})`;
    if (d.errorName === 'Panic') {
      const code = Number(d.args?.[0]);
      return `Panic(0x${code.toString(16)}: ${PANIC_REASONS[code] ?? 'unknown panic code'})`;
    }
    return `${d.errorName}(${(d.args ?? []).map((a) => String(a)).join(', ')})`;
  } catch {
    if (data.length >= 10) return `custom error ${data.slice(0, 10)}${data.length > 10 ? ` with data 0x${data.slice(10)}` : ''}`;
    return `revert data ${data}`;
  }
}

interface RpcFailure {
  code?: number;
  message?: string;
  data?: unknown;
}

class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly rpc: RpcFailure,
  ) {
    super(`${method}: ${rpc.message ?? 'RPC error'}${rpc.code !== undefined ? ` (${rpc.code})` : ''}`);
  }
}

/** A JSON-RPC error that means "this node does not have the method" rather than a failure of the request. */
const isUnsupported = (e: unknown) =>
  e instanceof RpcError &&
  (e.rpc.code === -32601 || e.rpc.code === -32600 || /not (found|supported|available)|unsupported|does not exist/i.test(e.rpc.message ?? ''));

/** Only this is remembered per chain: the node plainly lacks the method (not "header not found" and the like). */
const isMethodMissing = (e: unknown) =>
  e instanceof RpcError &&
  (e.rpc.code === -32601 || (/method/i.test(e.rpc.message ?? '') && /not (found|supported|available)|unsupported|does not exist/i.test(e.rpc.message ?? '')));

const simulationUnavailable = (chainId: number, cause: unknown) =>
  new ApiError(
    'PROVIDER_ERROR',
    `destination-call simulation could not run on chain ${chainId}: ${cause instanceof Error ? cause.message : String(cause)}`,
    { reason: 'SIMULATION_UNAVAILABLE' },
    { cause },
  );

const callReverted = (index: number, call: DestinationCall, data: Hex | undefined) =>
  new ApiError('CALLS_REVERTED', `calls[${index}] to ${call.to} would revert: ${decodeRevertReason(data)}`, {
    callIndex: index,
    reason: decodeRevertReason(data),
    ...(data && data !== '0x' ? { revertData: data } : {}),
  });

export class CallsSimulator {
  private slots = new Map<string, Promise<{ slot: bigint; layout: 'solidity' | 'vyper' }>>();
  private noSimulateV1 = new Set<number>();
  private fetchFn: typeof fetch;

  constructor(private o: CallsSimulatorOptions) {
    this.fetchFn = o.fetch ?? fetch;
  }

  /** Throws CALLS_REVERTED (a call reverts, or the output does not reach `recipient`) or PROVIDER_ERROR (cannot simulate). */
  async simulate(input: SimulationInput): Promise<SimulationReport> {
    const url = this.o.rpcUrl(input.chainId);
    if (!url) throw simulationUnavailable(input.chainId, new Error(`no RPC URL configured (RPC_URL_${input.chainId})`));
    const rpc = (method: string, params: unknown[]) => this.rpc(url, method, params);
    const norm = { ...input, executor: input.executor.toLowerCase(), token: input.token.toLowerCase(), recipient: input.recipient.toLowerCase() };
    const native = norm.token === EVM_NATIVE;
    // What to measure: the output, and every target that is not the output (vault shares and the like).
    const watch = [norm.token, ...new Set(norm.calls.map((c) => c.to.toLowerCase()).filter((t) => t !== norm.token))];

    let overrides: Record<string, Record<string, unknown>>;
    try {
      overrides = native
        ? { [norm.executor]: { balance: numberToHex(norm.dstAmount) } }
        : { [norm.token]: { stateDiff: { [await this.balanceKey(rpc, input.chainId, norm.token, norm.executor)]: pad32(norm.dstAmount) } } };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw simulationUnavailable(input.chainId, e);
    }

    const mode = this.o.mode ?? 'auto';
    let raw: RawRun | undefined;
    if (mode === 'eth_simulateV1' || (mode === 'auto' && !this.noSimulateV1.has(input.chainId))) {
      try {
        raw = await this.viaSimulateV1(rpc, norm, watch, overrides);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        if (mode !== 'auto' || !isUnsupported(e)) throw simulationUnavailable(input.chainId, e);
        if (isMethodMissing(e)) this.noSimulateV1.add(input.chainId);
      }
    }
    if (!raw) {
      try {
        raw = await this.viaEthCall(rpc, norm, watch, overrides);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        throw simulationUnavailable(input.chainId, e);
      }
    }
    return judge(norm, watch, raw);
  }

  /**
   * Source-side simulation (`simulate: true`): `txs` sent in order from `from` in one simulated block
   * (`eth_simulateV1`; there is no eth_call fallback, since an approval and the transaction spending it need
   * one shared state). Returns the last transaction's gas; a revert is SIMULATION_FAILED naming the step.
   */
  async simulateTransactions(chainId: number, from: string, txs: { label: string; to: string; data: string; value: string }[]): Promise<{ gasUsed: bigint }> {
    const url = this.o.rpcUrl(chainId);
    if (!url) throw simulationUnavailable(chainId, new Error(`no RPC URL configured (RPC_URL_${chainId})`));
    let out: { status: Hex; returnData: Hex; gasUsed: Hex; error?: { data?: Hex } }[] | undefined;
    try {
      const calls = txs.map((t) => ({ from, to: t.to, data: t.data, value: numberToHex(BigInt(t.value)), gas: numberToHex(GAS_CAP) }));
      const result = (await this.rpc(url, 'eth_simulateV1', [{ blockStateCalls: [{ calls }], validation: false }, 'latest'])) as { calls: typeof out }[];
      out = result?.[0]?.calls;
      if (!Array.isArray(out) || out.length !== txs.length) throw new RpcError('eth_simulateV1', { message: 'unexpected result shape' });
    } catch (e) {
      throw simulationUnavailable(chainId, e);
    }
    for (let i = 0; i < out.length; i++) {
      if (out[i].status !== '0x1') {
        const reason = decodeRevertReason((out[i].error?.data ?? out[i].returnData) as Hex | undefined);
        throw new ApiError('SIMULATION_FAILED', `${txs[i].label} would revert when sent from ${from}: ${reason}`, { reason });
      }
    }
    return { gasUsed: BigInt(out[out.length - 1].gasUsed) };
  }

  // ---- the two runners --------------------------------------------------------------------------------------

  private async viaSimulateV1(rpc: Rpc, s: SimulationInput, watch: string[], overrides: Record<string, Record<string, unknown>>): Promise<RawRun> {
    const reads = watch.flatMap((t) => [balanceRead(t, s.executor), balanceRead(t, s.recipient)]);
    const calls = [
      ...reads,
      ...s.calls.map((c) => ({ from: s.executor, to: c.to, data: c.data, value: numberToHex(BigInt(c.value)), gas: numberToHex(GAS_CAP) })),
      ...reads,
    ];
    const result = (await rpc('eth_simulateV1', [{ blockStateCalls: [{ stateOverrides: overrides, calls }], validation: false }, 'latest'])) as {
      calls: { status: Hex; returnData: Hex; gasUsed: Hex; logs?: SimLog[]; error?: { data?: Hex; message?: string } }[];
    }[];
    const out = result?.[0]?.calls;
    if (!Array.isArray(out) || out.length !== calls.length) throw new RpcError('eth_simulateV1', { message: 'unexpected result shape' });
    const n = reads.length;
    const readAt = (i: number) => (out[i].status === '0x1' && out[i].returnData.length >= 66 ? BigInt(out[i].returnData.slice(0, 66)) : 0n);
    const gasUsed: bigint[] = [];
    for (let i = 0; i < s.calls.length; i++) {
      const r = out[n + i];
      if (r.status !== '0x1') return { reverted: { index: i, data: (r.error?.data ?? r.returnData) as Hex | undefined } };
      const g = BigInt(r.gasUsed);
      gasUsed.push(g > TX_BASE_GAS ? g - TX_BASE_GAS : g);
    }
    return {
      gasUsed,
      before: reads.map((_, i) => readAt(i)),
      after: reads.map((_, i) => readAt(n + s.calls.length + i)),
      credited: executorCredits(
        s.calls.map((_, i) => out[n + i].logs ?? []),
        s.executor,
      ),
      method: 'eth_simulateV1',
    };
  }

  private async viaEthCall(rpc: Rpc, s: SimulationInput, watch: string[], overrides: Record<string, Record<string, unknown>>): Promise<RawRun> {
    const data = encodeFunctionData({
      abi: callsDispatcherAbi,
      functionName: 'run',
      args: [s.calls.map((c) => ({ to: c.to as Hex, data: c.data as Hex, value: BigInt(c.value) })), s.recipient as Hex, watch as Hex[]],
    });
    const executorOverride = { ...(overrides[s.executor] ?? {}), code: CALLS_DISPATCHER_RUNTIME };
    let ret: Hex;
    try {
      ret = (await rpc('eth_call', [{ to: s.executor, data, gas: numberToHex(GAS_CAP) }, 'latest', { ...overrides, [s.executor]: executorOverride }])) as Hex;
    } catch (e) {
      const revertData = e instanceof RpcError ? revertDataOf(e.rpc) : undefined;
      if (revertData) {
        try {
          const d = decodeErrorResult({ abi: callsDispatcherAbi, data: revertData });
          if (d.errorName === 'CallReverted') return { reverted: { index: Number(d.args[0]), data: d.args[1] as Hex } };
        } catch {
          // Not the dispatcher's error: the node failed the call itself.
        }
      }
      throw e;
    }
    const [gasUsed, before, after] = decodeFunctionResult({ abi: callsDispatcherAbi, functionName: 'run', data: ret }) as readonly [
      readonly bigint[],
      readonly bigint[],
      readonly bigint[],
    ];
    return { gasUsed: [...gasUsed], before: [...before], after: [...after], method: 'eth_call' };
  }

  // ---- balance slot probing --------------------------------------------------------------------------------

  /** The storage key holding `holder`'s balance of `token` (probed once per chain and token, then cached). */
  private async balanceKey(rpc: Rpc, chainId: number, token: string, holder: string): Promise<Hex> {
    const key = `${chainId}:${token}`;
    let found = this.slots.get(key);
    if (!found) {
      found = probeBalanceSlot(rpc, token);
      const entry = found;
      // An RPC failure is forgotten at once; a definite miss is remembered for a while, so a token whose slot
      // cannot be found does not cost a full probe on every request.
      found.catch((e) => {
        if (!(e instanceof NoBalanceSlot)) this.forgetSlot(key, entry);
        else setTimeout(() => this.forgetSlot(key, entry), SLOT_MISS_TTL_MS).unref?.();
      });
      if (this.slots.size >= (this.o.slotCacheMax ?? SLOT_CACHE_MAX)) this.slots.delete(this.slots.keys().next().value!);
      this.slots.set(key, found);
    }
    const { slot, layout } = await found;
    return mappingKey(holder, slot, layout);
  }

  private forgetSlot(key: string, entry: Promise<unknown>): void {
    if (this.slots.get(key) === entry) this.slots.delete(key);
  }

  /** Number of tokens whose balance slot (or miss) is cached. */
  get cachedSlots(): number {
    return this.slots.size;
  }

  private async rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
    const res = await this.fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(this.o.timeoutMs),
    });
    if (!res.ok) throw new RpcError(method, { message: `HTTP ${res.status}` });
    const body = (await res.json()) as { result?: unknown; error?: RpcFailure };
    if (body.error) throw new RpcError(method, body.error);
    return body.result;
  }
}

type Rpc = (method: string, params: unknown[]) => Promise<unknown>;
type RawRun =
  | { reverted: { index: number; data: Hex | undefined } }
  | {
      reverted?: undefined;
      gasUsed: bigint[];
      before: bigint[];
      after: bigint[];
      credited?: { token: string; amount: bigint; index: number }[];
      method: SimulationReport['method'];
    };

function judge(s: SimulationInput, watch: string[], raw: RawRun): SimulationReport {
  if (raw.reverted) {
    const i = raw.reverted.index;
    throw callReverted(i, s.calls[i] ?? { to: 'unknown', data: '0x', value: '0' }, raw.reverted.data);
  }
  const leftover = raw.after[0];
  if (leftover > 0n) {
    throw new ApiError(
      'CALLS_REVERTED',
      `calls leave ${leftover} of the ${s.dstAmount} output with the executor ${s.executor}: they must pass all of it on (credit recipient ${s.recipient})`,
      { reason: 'OUTPUT_LEFT_WITH_EXECUTOR', leftover: leftover.toString() },
    );
  }
  const recipientReceived: SimulationReport['recipientReceived'] = [];
  watch.forEach((token, w) => {
    const execGain = raw.after[2 * w] - raw.before[2 * w];
    if (w > 0 && execGain > 0n) {
      const index = s.calls.findIndex((c) => c.to.toLowerCase() === token);
      throw new ApiError(
        'CALLS_REVERTED',
        `calls[${index}] to ${token} credits the executor ${s.executor} (its balance there rose by ${execGain}) instead of recipient ${s.recipient}: the target must credit recipient from a parameter, never msg.sender`,
        { callIndex: index, reason: 'EXECUTOR_CREDITED', token },
      );
    }
    const gain = raw.after[2 * w + 1] - raw.before[2 * w + 1];
    if (gain > 0n) recipientReceived.push({ token, amount: gain.toString() });
  });
  // Tokens no call targeted directly, credited to the executor on the way (seen in eth_simulateV1's logs).
  for (const c of raw.credited ?? []) {
    if (c.token === s.token) continue; // the output: judged by the leftover above
    throw new ApiError(
      'CALLS_REVERTED',
      `calls[${c.index}] leaves ${c.amount} of token ${c.token} with the executor ${s.executor} (credited to msg.sender on the way) instead of recipient ${s.recipient}: the calls must credit recipient, never msg.sender`,
      { callIndex: c.index, reason: 'EXECUTOR_CREDITED', token: c.token },
    );
  }
  return { ok: true, gasUsed: raw.gasUsed.reduce((a, b) => a + b, 0n), gasUsedPerCall: raw.gasUsed, leftover, recipientReceived, method: raw.method };
}

const balanceRead = (token: string, holder: string) =>
  token === EVM_NATIVE
    ? { to: MULTICALL3, data: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [holder as Hex] }) }
    : { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder as Hex] }) };

const pad32 = (v: bigint) => numberToHex(v, { size: 32 });

function mappingKey(holder: string, slot: bigint, layout: 'solidity' | 'vyper'): Hex {
  const types = [{ type: 'address' }, { type: 'uint256' }] as const;
  return layout === 'solidity'
    ? keccak256(encodeAbiParameters(types, [holder as Hex, slot]))
    : keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [slot, holder as Hex]));
}

/** Finds the mapping slot of `balanceOf` by writing a marker to each candidate and reading it back. */
async function probeBalanceSlot(rpc: Rpc, token: string): Promise<{ slot: bigint; layout: 'solidity' | 'vyper' }> {
  const holder = '0x00000000000000000000000000000000005a1075';
  const data = BALANCE_OF + encodeAbiParameters([{ type: 'address' }], [holder]).slice(2);
  const candidates = Array.from({ length: PROBE_SLOTS }, (_, i) => BigInt(i)).flatMap((slot) => [
    { slot, layout: 'solidity' as const },
    { slot, layout: 'vyper' as const },
  ]);
  const results = await Promise.all(
    candidates.map(async (c) => {
      const ret = (await rpc('eth_call', [
        { to: token, data },
        'latest',
        { [token]: { stateDiff: { [mappingKey(holder, c.slot, c.layout)]: pad32(MARKER) } } },
      ])) as Hex;
      return ret && ret.length >= 66 && BigInt(ret.slice(0, 66)) === MARKER;
    }),
  );
  const hit = candidates[results.indexOf(true)];
  if (!hit) throw new NoBalanceSlot(`could not locate the balance storage slot of token ${token}`);
  return hit;
}

/** Revert data in a JSON-RPC error (nodes put it in `data`, as a string or under `data.data`). */
function revertDataOf(e: RpcFailure): Hex | undefined {
  const d = e.data as unknown;
  if (typeof d === 'string' && /^0x[0-9a-fA-F]*$/.test(d)) return d as Hex;
  if (d && typeof d === 'object' && typeof (d as { data?: unknown }).data === 'string') return (d as { data: Hex }).data;
  return undefined;
}
