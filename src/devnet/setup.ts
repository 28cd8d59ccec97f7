import {
  createPublicClient,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  hexToString,
  http,
  parseEther,
  stringToHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bytes32TokenAbi, multicall3Abi, testErc20Abi, weth9Abi } from './abis.js';
import { createDevnetClients } from './clients.js';
import { compileContracts, type CompileOptions, type DevnetArtifacts } from './compile.js';
import {
  DEVNET_ACCOUNTS,
  DEVNET_DEPLOYER,
  DEVNET_FUNDING,
  DEVNET_MAKER,
  DEVNET_TOKENS,
  MULTICALL3_ADDRESS,
  type DevnetAccount,
  type DevnetTokenKey,
  type DevnetTokenSpec,
} from './constants.js';

/**
 * Turns a blank anvil into "Base with our tokens": installs contract runtimes at their real Base addresses
 * with `anvil_setCode`, initializes them, and tops every dev account up to fixed balances. All contract
 * writes go through ONE Multicall3 `aggregate3Value` transaction (mint and initialize are permissionless, so
 * Multicall3 can call them), which keeps setup to a few RPC round trips.
 *
 * Idempotent: code is only replaced when it differs, initialize only runs on uninitialized tokens, balances
 * are only topped up to their targets. A second run on a healthy devnet sends no transaction.
 *
 * Meant for a fresh (non-fork) anvil: on a fork the real token's storage would sit under our bytecode.
 */

interface DevnetTokenInfo {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
}

export interface DevnetDescription {
  chainId: number;
  rpcUrl: string;
  tokens: Record<DevnetTokenKey, DevnetTokenInfo>;
  /** Anvil accounts 0-9, all funded; index 9 is also `maker`. */
  accounts: DevnetAccount[];
  /** Mock-provider market maker (anvil account 9) with large token balances. */
  maker: DevnetAccount;
  multicall3: Address;
}

export interface SetupDevnetOptions {
  /** Pre-compiled artifacts; default: `compileContracts(compile)`. */
  artifacts?: DevnetArtifacts;
  compile?: CompileOptions;
}

interface Call {
  target: Address;
  callData: Hex;
  value?: bigint;
  /** Human-readable description for error messages. */
  label: string;
  /** ABI to decode a revert of this call with. */
  abi: Abi;
}

type Clients = ReturnType<typeof createDevnetClients>;

export async function setupDevnet(rpcUrl: string, options: SetupDevnetOptions = {}): Promise<DevnetDescription> {
  const artifacts = options.artifacts ?? (await compileContracts(options.compile));
  // Ask the node rather than assume 8453, so a devnet started with another chain id is described truthfully.
  const chainId = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getChainId();
  const clients = createDevnetClients(rpcUrl, { chainId });
  const tokens = Object.entries(DEVNET_TOKENS) as [DevnetTokenKey, DevnetTokenSpec][];

  // 1. Code. Multicall3 first: every later step batches through it.
  await ensureCode(clients, MULTICALL3_ADDRESS, artifacts.Multicall3.deployedBytecode, { keepExisting: true });
  for (const [, spec] of tokens) await ensureCode(clients, spec.address, runtimeFor(spec, artifacts));

  // 2. Current state of every token, read in one eth_call; 3. one transaction for whatever is missing.
  const states = await readTokenStates(clients, tokens);
  const deposits: Call[] = [];
  const writes: Call[] = [];
  for (const [key, spec] of tokens) {
    const state = states.get(key)!;
    const abi = abiFor(spec);
    const encode = (functionName: string, args: readonly unknown[] = []) => encodeFunctionData({ abi: abi as Abi, functionName, args });

    if (spec.contract !== 'weth') {
      if (!state.initialized) {
        const args =
          spec.contract === 'bytes32'
            ? [stringToHex(spec.name, { size: 32 }), stringToHex(spec.symbol, { size: 32 }), spec.decimals]
            : [spec.name, spec.symbol, spec.decimals];
        writes.push({ target: spec.address, callData: encode('initialize', args), abi, label: `${key}.initialize` });
      } else {
        assertMetadata(key, spec, state);
      }
    }

    DEVNET_ACCOUNTS.forEach((account, i) => {
      const missing = targetBalance(spec, account) - state.balances[i]!;
      if (missing <= 0n) return;
      if (spec.contract === 'weth') {
        // WETH cannot be minted: Multicall3 wraps ETH sent along with the tx, then hands the WETH out.
        deposits.push({ target: spec.address, callData: encode('deposit'), value: missing, abi, label: `${key}.deposit` });
        writes.push({ target: spec.address, callData: encode('transfer', [account.address, missing]), abi, label: `${key}.transfer(${account.address})` });
      } else {
        writes.push({ target: spec.address, callData: encode('mint', [account.address, missing]), abi, label: `${key}.mint(${account.address})` });
      }
    });
  }
  // Deposits first so Multicall3 holds the WETH before transferring it.
  if (deposits.length + writes.length > 0) await sendBatch(clients, [...deposits, ...writes]);

  // 4. ETH last, so gas and wrapped ETH spent above are restored too.
  const ethTarget = parseEther(String(DEVNET_FUNDING.ethPerAccount));
  await Promise.all(
    DEVNET_ACCOUNTS.map(async ({ address }) => {
      const balance = await clients.publicClient.getBalance({ address });
      if (balance < ethTarget) await clients.testClient.setBalance({ address, value: ethTarget });
    }),
  );

  return {
    chainId,
    rpcUrl,
    tokens: Object.fromEntries(tokens.map(([key, { address, symbol, name, decimals }]) => [key, { address, symbol, name, decimals }])) as Record<
      DevnetTokenKey,
      DevnetTokenInfo
    >,
    accounts: DEVNET_ACCOUNTS.map((a) => ({ ...a })),
    maker: { ...DEVNET_MAKER },
    multicall3: MULTICALL3_ADDRESS,
  };
}

interface TokenState {
  initialized: boolean;
  name: unknown;
  symbol: unknown;
  decimals: unknown;
  /** balanceOf for each DEVNET_ACCOUNTS entry, same order. */
  balances: bigint[];
}

/** Reads metadata (string/bytes32 tokens) and every account's balance for all tokens in one eth_call. */
async function readTokenStates(clients: Clients, tokens: [DevnetTokenKey, DevnetTokenSpec][]) {
  const reads: (Call & { functionName: string })[] = [];
  for (const [key, spec] of tokens) {
    const abi = abiFor(spec);
    const add = (functionName: string, args: readonly unknown[] = []) =>
      reads.push({
        target: spec.address,
        callData: encodeFunctionData({ abi: abi as Abi, functionName, args }),
        abi,
        functionName,
        label: `${key}.${functionName}(${args.join(', ')})`,
      });
    // Metadata is read even before initialize (then empty and ignored): keeps this one round trip.
    if (spec.contract !== 'weth') for (const fn of ['initialized', 'name', 'symbol', 'decimals']) add(fn);
    for (const account of DEVNET_ACCOUNTS) add('balanceOf', [account.address]);
  }

  const results = await aggregateRead(clients, reads);
  const decoded = results.map((data, i) => {
    const { abi, functionName } = reads[i]!;
    return decodeFunctionResult({ abi: abi as Abi, functionName, data }) as unknown;
  });

  const states = new Map<DevnetTokenKey, TokenState>();
  let cursor = 0;
  for (const [key, spec] of tokens) {
    const state: TokenState = { initialized: true, name: undefined, symbol: undefined, decimals: undefined, balances: [] };
    if (spec.contract !== 'weth') {
      state.initialized = decoded[cursor++] as boolean;
      state.name = decoded[cursor++];
      state.symbol = decoded[cursor++];
      state.decimals = decoded[cursor++];
    }
    for (let i = 0; i < DEVNET_ACCOUNTS.length; i++) state.balances.push(decoded[cursor++] as bigint);
    states.set(key, state);
  }
  return states;
}

/** The balance setup tops `account` up to for `spec`, in base units. */
export function targetBalance(spec: DevnetTokenSpec, account: Pick<DevnetAccount, 'address'>): bigint {
  const isMaker = account.address.toLowerCase() === DEVNET_MAKER.address.toLowerCase();
  const units =
    spec.contract === 'weth'
      ? isMaker
        ? DEVNET_FUNDING.wethForMaker
        : DEVNET_FUNDING.wethPerAccount
      : isMaker
        ? DEVNET_FUNDING.tokensForMaker
        : DEVNET_FUNDING.tokensPerAccount;
  return units * 10n ** BigInt(spec.decimals);
}

function abiFor(spec: DevnetTokenSpec) {
  return spec.contract === 'bytes32' ? bytes32TokenAbi : spec.contract === 'weth' ? weth9Abi : testErc20Abi;
}

function runtimeFor(spec: DevnetTokenSpec, artifacts: DevnetArtifacts): Hex {
  const name = spec.contract === 'bytes32' ? 'Bytes32SymbolToken' : spec.contract === 'weth' ? 'WETH9' : 'TestERC20';
  return artifacts[name].deployedBytecode;
}

/**
 * Installs `runtime` at `address` unless it is already there. `keepExisting` leaves any other code in place:
 * used for Multicall3, where a real deployment (anvil may ship one some day) is at least as good as ours.
 */
async function ensureCode(clients: Clients, address: Address, runtime: Hex, opts: { keepExisting?: boolean } = {}) {
  const code = (await clients.publicClient.getCode({ address })) ?? '0x';
  if (code.toLowerCase() === runtime.toLowerCase()) return;
  if (opts.keepExisting && code !== '0x') return;
  await clients.testClient.setCode({ address, bytecode: runtime });
}

function assertMetadata(key: DevnetTokenKey, spec: DevnetTokenSpec, meta: { name: unknown; symbol: unknown; decimals: unknown }): void {
  const text = (v: unknown) => (spec.contract === 'bytes32' ? hexToString(v as Hex, { size: 32 }) : (v as string));
  const actual = { name: text(meta.name), symbol: text(meta.symbol), decimals: Number(meta.decimals) };
  if (actual.name !== spec.name || actual.symbol !== spec.symbol || actual.decimals !== spec.decimals) {
    // initialize is one-shot, so a token configured differently cannot be fixed in place.
    throw new Error(
      `devnet token ${key} at ${spec.address} is already initialized as ${JSON.stringify(actual)}, ` +
        `expected ${JSON.stringify({ name: spec.name, symbol: spec.symbol, decimals: spec.decimals })}; ` +
        'restart the devnet',
    );
  }
}

async function aggregateRead(clients: Clients, reads: Call[]): Promise<Hex[]> {
  // aggregate3 is payable, so viem types it as a write; simulateContract is the typed eth_call for that.
  const { result } = await clients.publicClient.simulateContract({
    address: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [reads.map((r) => ({ target: r.target, allowFailure: true, callData: r.callData }))],
  });
  return result.map((r, i) => {
    if (!r.success) throw new Error(`devnet setup: ${reads[i]!.label} reverted${describeRevert(reads[i]!, r.returnData)}`);
    return r.returnData;
  });
}

/**
 * Sends every write in one aggregate3Value transaction. It is simulated first with `allowFailure: true` so a
 * failure names the exact call and its decoded revert, which the real (all-or-nothing) transaction cannot.
 */
async function sendBatch(clients: Clients, writes: Call[]): Promise<void> {
  const account = privateKeyToAccount(DEVNET_DEPLOYER.privateKey);
  const value = writes.reduce((sum, w) => sum + (w.value ?? 0n), 0n);
  const toCall3 = (allowFailure: boolean) => writes.map((w) => ({ target: w.target, allowFailure, value: w.value ?? 0n, callData: w.callData }));

  // Wrapping ETH for WETH costs the deployer; make sure it can pay (step 4 restores its balance after).
  const needed = value + parseEther('10');
  const balance = await clients.publicClient.getBalance({ address: account.address });
  if (balance < needed) await clients.testClient.setBalance({ address: account.address, value: needed });

  const { result } = await clients.publicClient.simulateContract({
    account,
    address: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    functionName: 'aggregate3Value',
    args: [toCall3(true)],
    value,
  });
  const failed = result.findIndex((r) => !r.success);
  if (failed >= 0) {
    const w = writes[failed]!;
    throw new Error(`devnet setup: ${w.label} would revert${describeRevert(w, result[failed]!.returnData)}`);
  }

  const hash = await clients.walletClient(account).writeContract({
    address: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    functionName: 'aggregate3Value',
    args: [toCall3(false)],
    value,
  });
  // With interval mining (--block-time) the tx would wait for the next block; mine it now instead.
  if (!(await clients.testClient.getAutomine())) await clients.testClient.mine({ blocks: 1 });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`devnet setup transaction ${hash} reverted`);
}

function describeRevert(call: Call, data: Hex): string {
  if (data === '0x') return ' (no revert data)';
  try {
    const err = decodeErrorResult({ abi: call.abi, data });
    return `: ${err.errorName}(${(err.args ?? []).map(String).join(', ')})`;
  } catch {
    return `: ${data}`;
  }
}
