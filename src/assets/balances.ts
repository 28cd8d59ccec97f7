import { PublicKey, type Connection } from '@solana/web3.js';
import { encodeFunctionData, erc20Abi, formatUnits, multicall3Abi, type Address, type PublicClient } from 'viem';
import type { Clock } from '../clock.js';
import type { AssetsConfig } from './config.js';
import { invalidParams } from '../errors.js';
import type { Logger } from '../log.js';
import { EVM_NATIVE, SOL_NATIVE_MINT, type Vm } from '../providers/types.js';
import { isEvmAddress, isSolanaAddress, tokenId } from './addresses.js';
import { decodeAggregate3Words, encodeAggregate3 } from './aggregate3.js';
import type { ChainRegistry } from './chains.js';
import { nextLatency, slowestFirst } from './read-order.js';
import { MULTICALL3_ADDRESS, type RpcClients } from './rpc.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, type ParsedMint } from './solana-mint.js';
import { nameMints, readMints, type MintNames } from './solana-token.js';
import { publicToken, type ChainTokenIndex } from './token-index.js';
import type { TokenLists } from './token-lists.js';
import { raceTimeout, TimeoutError } from './timeout.js';
import { TtlCache } from './ttl-cache.js';
import type { BalanceItem, BalancesResponse, Chain, ChainFailure, Token } from './types.js';

const BALANCES_TTL_MS = 20 * 1000;
const MAX_BALANCE_CHAINS = 25;
/** Balances read the top ~200 popular and verified tokens per EVM chain. */
const EVM_BALANCE_TOKENS = 200;

/** Balances of one address on one chain before prices: token metadata and amount (base units). */
export interface RawBalance {
  token: Token;
  amount: bigint;
}

export interface RawBalances {
  address: string;
  vm: Vm;
  balances: RawBalance[];
  errors: ChainFailure[];
}

/** The VM an address belongs to; anything else is INVALID_PARAMS. */
export function addressVm(address: string): Vm {
  if (isEvmAddress(address)) return 'evm';
  if (isSolanaAddress(address)) return 'svm';
  throw invalidParams('address', 'must be an EVM address (0x + 40 hex) or a base58 Solana address');
}

/** Joins amounts and prices: `priceUsd`, `valueUsd`, sorted by value (then popularity, symbol), and the total. */
export function priceBalances(raw: RawBalances, prices: ReadonlyMap<string, number>): BalancesResponse {
  let totalUsd = 0;
  const balances: BalanceItem[] = raw.balances.map(({ token, amount }) => {
    const item: BalanceItem = { ...publicToken(token), amount: amount.toString() };
    delete item.priceUsd;
    const price = prices.get(tokenId(token.chainId, token.address));
    if (price !== undefined) {
      item.priceUsd = price;
      item.valueUsd = Number(formatUnits(amount, token.decimals)) * price;
      totalUsd += item.valueUsd;
    }
    return item;
  });
  balances.sort(
    (a, b) =>
      (b.valueUsd ?? -1) - (a.valueUsd ?? -1) ||
      Number(b.popular) - Number(a.popular) ||
      a.symbol.localeCompare(b.symbol, 'en') ||
      a.chainId - b.chainId ||
      (a.address < b.address ? -1 : 1),
  );
  return { address: raw.address, vm: raw.vm, balances, totalUsd, errors: raw.errors };
}

export interface BalancesDeps {
  config: Pick<AssetsConfig, 'BALANCES_CHAIN_TIMEOUT_MS'>;
  clock: Clock;
  log: Logger;
  rpc: RpcClients;
  chains: ChainRegistry;
  lists: TokenLists;
  searchSolana: (mints: string[]) => Promise<Map<string, MintNames>>;
}

/**
 * Wallet balances: EVM chains read native + ERC-20 balances in one Multicall3 eth_call each, Solana reads SOL
 * and the token accounts of both token programs. All chains run in parallel under a per-chain deadline; a chain
 * that fails or is late lands in `errors`. Each chain's answer is cached 20 s per address.
 */
export class BalanceReader {
  private cache: TtlCache<RawBalance[]>;
  private mintNames: TtlCache<MintNames | null>;
  /** Each chain's running read latency in ms (read-order.ts): the slowest chains' reads are sent first. */
  private latency = new Map<number, number>();

  constructor(private deps: BalancesDeps) {
    this.cache = new TtlCache(deps.clock, BALANCES_TTL_MS, 20_000);
    this.mintNames = new TtlCache(deps.clock, 60 * 60 * 1000, 50_000);
  }

  /** Validates the request (address, chains: at most 25, all of the address's VM) and picks the defaults. */
  plan(address: string, chainRefs?: string[]): { address: string; vm: Vm; chains: Chain[] } {
    const addr = String(address ?? '').trim();
    const vm = addressVm(addr);
    let chains: Chain[];
    if (!chainRefs || chainRefs.length === 0) {
      chains = this.deps.chains.list().filter((c) => c.vm === vm && (vm === 'svm' || c.popular));
    } else {
      if (chainRefs.length > MAX_BALANCE_CHAINS) throw invalidParams('chains', `at most ${MAX_BALANCE_CHAINS} chains`);
      const seen = new Map<number, Chain>();
      for (const ref of chainRefs) {
        const c = this.deps.chains.resolve(ref, 'chains');
        if (c.vm !== vm) throw invalidParams('chains', `${c.name} is not a chain of the address's VM (${vm})`);
        seen.set(c.id, c);
      }
      chains = [...seen.values()];
    }
    // EVM addresses are case-insensitive: one cache entry per address whatever its spelling.
    return { address: vm === 'evm' ? addr.toLowerCase() : addr, vm, chains };
  }

  async read(address: string, chainRefs?: string[]): Promise<RawBalances> {
    const plan = this.plan(address, chainRefs);
    const timeoutMs = this.deps.config.BALANCES_CHAIN_TIMEOUT_MS;
    // The token list decides which ERC-20s to read; wait for its first load only as long as a chain may take.
    await raceTimeout(this.deps.lists.ensureFresh(), timeoutMs).catch(() => undefined);
    const errors: ChainFailure[] = [];
    const balances: RawBalance[] = [];
    await Promise.all(
      slowestFirst(plan.chains, this.latency).map(async (chain) => {
        try {
          const items = await raceTimeout(
            this.cache.getOrLoad(`${chain.id}:${plan.address}`, () => this.timed(chain, plan.address)),
            timeoutMs,
          );
          balances.push(...items);
        } catch (err) {
          const timedOut = err instanceof TimeoutError;
          if (!timedOut) this.deps.log.warn({ err, chainId: chain.id }, 'balances: chain read failed');
          errors.push({
            chainId: chain.id,
            message: timedOut ? `${chain.name} RPC did not answer within ${timeoutMs} ms` : `${chain.name} RPC request failed`,
          });
        }
      }),
    );
    errors.sort((a, b) => a.chainId - b.chainId);
    return { address: plan.address, vm: plan.vm, balances, errors };
  }

  /** One chain's read, its duration counted into the chain's running latency whether it succeeds, fails or runs late. */
  private async timed(chain: Chain, address: string): Promise<RawBalance[]> {
    const started = performance.now();
    try {
      return await (chain.vm === 'evm' ? this.readEvm(chain, address as Address) : this.readSolana(chain, address));
    } finally {
      this.latency.set(chain.id, nextLatency(this.latency.get(chain.id), performance.now() - started));
    }
  }

  private async readEvm(chain: Chain, owner: Address): Promise<RawBalance[]> {
    const index = this.deps.lists.current(chain.id);
    const tokens = balanceTokens(index);
    const client = this.deps.rpc.evm(chain.id);
    const { native, amounts } = await readEvmBalances(
      client,
      owner,
      tokens.map((t) => t.address as Address),
    );
    const out: RawBalance[] = [];
    if (native > 0n) {
      const listed = index.byAddr(EVM_NATIVE);
      out.push({
        token: listed
          ? publicToken(listed)
          : {
              chainId: chain.id,
              address: EVM_NATIVE,
              symbol: chain.nativeSymbol,
              name: chain.nativeSymbol,
              decimals: chain.nativeDecimals,
              verified: true,
              popular: true,
            },
        amount: native,
      });
    }
    tokens.forEach((t, i) => {
      const a = amounts[i];
      if (a !== undefined && a > 0n) out.push({ token: publicToken(t), amount: a });
    });
    return out;
  }

  private async readSolana(chain: Chain, owner: string): Promise<RawBalance[]> {
    const conn = this.deps.rpc.solana();
    const ownerKey = new PublicKey(owner);
    const [lamports, ...programs] = await Promise.all([
      conn.getBalance(ownerKey),
      ...[TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((p) => conn.getParsedTokenAccountsByOwner(ownerKey, { programId: new PublicKey(p) })),
    ]);
    const held = sumTokenAccounts(
      programs.flatMap(
        (r, i) =>
          r.value.map((a) => ({ program: i === 0 ? 'token' : 'token-2022', data: a.account.data })) as { program: ParsedMint['program']; data: unknown }[],
      ),
    );
    if (lamports > 0) {
      const sol = held.get(SOL_NATIVE_MINT);
      held.set(SOL_NATIVE_MINT, { amount: (sol?.amount ?? 0n) + BigInt(lamports), decimals: chain.nativeDecimals, program: 'token' });
    }
    const index = this.deps.lists.current(chain.id);
    const unlisted = [...held.keys()].filter((m) => !index.byAddr(m));
    const names = await this.namesFor(conn, unlisted, held);
    const out: RawBalance[] = [];
    for (const [mint, h] of held) {
      if (h.amount === 0n) continue;
      const listed = index.byAddr(mint);
      if (listed) {
        out.push({ token: publicToken(listed), amount: h.amount });
        continue;
      }
      if (mint === SOL_NATIVE_MINT) {
        out.push({ token: { chainId: chain.id, address: mint, symbol: 'SOL', name: 'Solana', decimals: 9, verified: true, popular: true }, amount: h.amount });
        continue;
      }
      const n = names.get(mint);
      out.push({
        token: {
          chainId: chain.id,
          address: mint,
          symbol: n?.symbol ?? 'UNKNOWN',
          name: n?.name ?? n?.symbol ?? 'Unknown token',
          decimals: h.decimals,
          verified: false,
          popular: false,
        },
        amount: h.amount,
      });
    }
    return out;
  }

  /** Names for unlisted mints, cached an hour: Token-2022 metadata, Metaplex metadata, then a token search. */
  private async namesFor(conn: Connection, mints: string[], held: Map<string, HeldMint>): Promise<Map<string, MintNames>> {
    const out = new Map<string, MintNames>();
    const todo: string[] = [];
    for (const m of mints) {
      const cached = this.mintNames.get(m);
      if (cached === undefined) todo.push(m);
      else if (cached) out.set(m, cached);
    }
    if (!todo.length) return out;
    const t22 = todo.filter((m) => held.get(m)?.program === 'token-2022');
    const parsedT22 = t22.length ? await readMints(conn, t22) : new Map<string, ParsedMint | null>();
    const parsed = new Map<string, ParsedMint>(todo.map((m) => [m, parsedT22.get(m) ?? { decimals: held.get(m)!.decimals, program: held.get(m)!.program }]));
    const names = await nameMints(conn, parsed, this.deps.searchSolana);
    for (const m of todo) {
      const n = names.get(m) ?? null;
      this.mintNames.set(m, n);
      if (n) out.set(m, n);
    }
    return out;
  }
}

interface HeldMint {
  amount: bigint;
  decimals: number;
  program: ParsedMint['program'];
}

/**
 * Sums jsonParsed token accounts per mint. NFTs (0 decimals and a total of exactly 1) are skipped, as are
 * entries of an unexpected shape.
 */
export function sumTokenAccounts(accounts: { program: ParsedMint['program']; data: unknown }[]): Map<string, HeldMint> {
  const held = new Map<string, HeldMint>();
  for (const { program, data } of accounts) {
    const info = (data as { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } })?.parsed?.info;
    const mint = info?.mint;
    const amount = info?.tokenAmount?.amount;
    const decimals = info?.tokenAmount?.decimals;
    if (typeof mint !== 'string' || typeof amount !== 'string' || !/^[0-9]+$/.test(amount) || typeof decimals !== 'number') continue;
    const prev = held.get(mint);
    held.set(mint, { amount: (prev?.amount ?? 0n) + BigInt(amount), decimals, program });
  }
  for (const [mint, h] of held) if (h.decimals === 0 && h.amount === 1n) held.delete(mint);
  return held;
}

/** The ERC-20s worth reading: the best-ranked popular or verified tokens, native coin excluded. */
export function balanceTokens(index: ChainTokenIndex, max = EVM_BALANCE_TOKENS): Token[] {
  const out: Token[] = [];
  for (const t of index.tokens) {
    if (out.length >= max) break;
    if (t.address === EVM_NATIVE || !(t.popular || t.verified)) continue;
    out.push(t);
  }
  return out;
}

/**
 * Native + ERC-20 balances in one eth_call: Multicall3 `aggregate3` over `getEthBalance` and `balanceOf` per token,
 * each call allowed to fail on its own (a token that reverts or answers garbage is left out, the others stand).
 * The aggregate3 call is encoded here (src/assets/aggregate3.ts: viem's generic coder took ~1.6 ms per chain each way)
 * and sent as it is: through `client.multicall` on a multicall-batching client, each of the 201 calls would be
 * scheduled on its own (a timer hop, and work quadratic in the calls) only to be packed into the same one call.
 * Where Multicall3 is absent, viem's deployless multicall runs the same batch from constructor code and the native
 * balance comes from eth_getBalance (JSON-RPC-batched into the same HTTP request).
 */
export async function readEvmBalances(client: PublicClient, owner: Address, tokens: Address[]): Promise<{ native: bigint; amounts: (bigint | undefined)[] }> {
  const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const calls = [
    { target: MULTICALL3_ADDRESS, allowFailure: true, callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] }) },
    ...tokens.map((target) => ({ target, allowFailure: true, callData: balanceOf })),
  ];
  const { data } = await client.call({ to: MULTICALL3_ADDRESS, data: encodeAggregate3(calls) });
  // No code at the address answers `0x`: then the deployless fallback below.
  if (data && data !== '0x') {
    const words = decodeAggregate3Words(data, calls.length);
    if (!words) throw new Error(`chain ${client.chain?.id ?? '?'}: Multicall3 answered data that is not an aggregate3 result of ${calls.length} calls`);
    // getEthBalance cannot fail on a real Multicall3; a failure means nothing answers at that address.
    if (words[0] !== undefined) return { native: words[0], amounts: words.slice(1) };
  }
  const erc20 = tokens.map((address) => ({ address, abi: erc20Abi, functionName: 'balanceOf' as const, args: [owner] as const }));
  const value = (r: { status: string; result?: unknown }) => (r.status === 'success' && typeof r.result === 'bigint' ? r.result : undefined);
  // A raw eth_getBalance: viem's getBalance would itself route through Multicall3 on a multicall-batching client.
  const [native, results] = await Promise.all([
    client.request({ method: 'eth_getBalance', params: [owner, 'latest'] }),
    client.multicall({ contracts: erc20, allowFailure: true, batchSize: 0, deployless: true }),
  ]);
  return { native: BigInt(native), amounts: results.map(value) };
}
