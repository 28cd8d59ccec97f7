import DataLoader from 'dataloader';
import type { Hex } from 'viem';
import type { Clock } from '../clock.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { AssetsConfig } from './config.js';
import { ApiError, invalidParams } from '../errors.js';
import type { Logger } from '../log.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { EVM_NATIVE, SOL_NATIVE_MINT } from '../providers/types.js';
import { isEvmAddress, isSolanaAddress, looksLikeAddress, normalizeTokenAddress, parseAddress, tokenId } from './addresses.js';
import { BalanceReader, priceBalances, type RawBalances } from './balances.js';
import { raceTimeout } from './timeout.js';
import { ChainRegistry } from './chains.js';
import { curatedByAddress, curatedBySymbol } from './curated-tokens.js';
import { readErc20Metadata, type Erc20Metadata } from './evm-token.js';
import { PriceBook, type PriceSource } from './prices.js';
import type { RpcClients } from './rpc.js';
import type { ParsedMint } from './solana-mint.js';
import { nameMints, readMints, type MintNames } from './solana-token.js';
import { searchJupiterMints } from './sources.js';
import { encodeCursor as encodeTokenCursor, publicToken, type TokenPage } from './token-index.js';
import { TokenLists } from './token-lists.js';
import { TtlCache } from './ttl-cache.js';
import type { BalancesResponse, Chain, Token } from './types.js';
import { DEFAULT_TOKENS_LIMIT, MAX_PRICE_IDS, type TokensQuery } from './input.js';

interface SolanaMintMeta {
  decimals: number;
  names?: MintNames;
}

/** A token's decimals, and its USD price with the price's source when one is known (`valuations`). */
export interface TokenValuation {
  decimals: number;
  price: { usd: number; source: PriceSource } | null;
}

const LOOKUP_TTL_MS = 60 * 60 * 1000;
/** How long a token resolution waits for the first token-list download before reading the chain. */
const LIST_WAIT_MS = 3_000;

export interface AssetsDeps {
  config: AssetsConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS' | 'LIFI_API_URL' | 'LIFI_API_KEY' | 'JUPITER_API_URL' | 'JUPITER_API_KEY'>;
  log: Logger;
  clock: Clock;
  rpc: RpcClients;
  /** The loaded adapters: their chain lists decide which chains are served. */
  providers: Pick<ProviderRegistry, 'all'>;
}

/**
 * Chains, tokens, on-chain lookup and prices. REST routes, GraphQL resolvers and other
 * domains (quotes, checkout) all go through this service.
 */
export class AssetsService {
  readonly chains: ChainRegistry;
  readonly lists: TokenLists;
  readonly priceBook: PriceBook;
  readonly balanceReader: BalanceReader;
  private lookups: TtlCache<Token>;
  private solanaMints = new DataLoader<string, SolanaMintMeta | null>((mints) => this.readSolanaMints(mints), { cache: false, maxBatchSize: 100 });

  constructor(private deps: AssetsDeps) {
    const { config, log, clock, providers } = deps;
    this.chains = new ChainRegistry(() => providers.all(), log, config.PROVIDER_TIMEOUT_MS);
    this.lists = new TokenLists(config, this.chains, clock, log);
    this.priceBook = new PriceBook(config, this.chains, this.lists, clock, log);
    this.lookups = new TtlCache(clock, LOOKUP_TTL_MS, 20_000);
    this.balanceReader = new BalanceReader({
      config,
      clock,
      log,
      rpc: deps.rpc,
      chains: this.chains,
      lists: this.lists,
      searchSolana: (m) => this.searchSolana(m),
    });
  }

  listChains(): Chain[] {
    return this.chains.list();
  }

  /** A chain by id or slug; unknown → UNSUPPORTED_CHAIN. */
  resolveChain(ref: string | number, field = 'chain'): Chain {
    return this.chains.resolve(ref, field);
  }

  /**
   * A token reference: an address or mint, a curated symbol, or the chain's native symbol.
   * Unknown symbol → UNSUPPORTED_TOKEN; malformed address → INVALID_PARAMS; an address that is not a token
   * (no ERC-20 answers, not a mint) → UNSUPPORTED_TOKEN.
   */
  async resolveToken(chainRef: number | string, ref: string, field = 'token'): Promise<Token> {
    const chain = this.resolveChain(chainRef);
    const s = String(ref ?? '').trim();
    if (!s) throw invalidParams(field, 'is required');
    if (looksLikeAddress(chain.vm, s)) return this.tokenAt(chain, normalizeTokenAddress(chain.vm, s));
    if (s.startsWith('0x') || isEvmAddress(s) || isSolanaAddress(s)) {
      throw invalidParams(
        field,
        chain.vm === 'evm' ? 'must be a 0x-prefixed 20-byte hex address or a token symbol' : 'must be a base58 Solana mint or a token symbol',
      );
    }
    const curated = curatedBySymbol(chain.id, s) ?? (s.toUpperCase() === chain.nativeSymbol.toUpperCase() ? this.native(chain) : undefined);
    if (!curated)
      throw new ApiError('UNSUPPORTED_TOKEN', `${field}: unknown symbol "${s.slice(0, 32)}" on ${chain.name}; pass the token address instead`, { field });
    return this.tokenAt(chain, curated.address);
  }

  /** GET /v1/tokens/lookup: a listed token from the list, anything else read on chain; with a fresh price. */
  async lookup(chainRef: string, address: string): Promise<Token> {
    const chain = this.resolveChain(chainRef);
    const addr = normalizeTokenAddress(chain.vm, parseAddress(chain.vm, String(address ?? ''), 'address'));
    const token = await this.tokenAt(chain, addr);
    const price = (await this.priceBook.get([tokenId(chain.id, token.address)])).get(tokenId(chain.id, token.address));
    return price === undefined ? token : { ...token, priceUsd: price };
  }

  /** GET /v1/tokens: one page, in the token index's order (token-index.ts), paged by cursor. */
  async tokens(input: TokensQuery): Promise<TokenPage> {
    const chain = this.resolveChain(input.chain);
    const limit = input.limit ?? DEFAULT_TOKENS_LIMIT;
    const index = await this.lists.index(chain.id);
    return index.page({
      q: input.q,
      limit,
      cursor: input.cursor || undefined,
      isAddress: (q) => looksLikeAddress(chain.vm, q),
      normalize: (q) => normalizeTokenAddress(chain.vm, q),
    });
  }

  /**
   * USD prices for `chainId:address` ids (chain may be a slug). Result keys are the ids exactly as given;
   * ids without a known price are omitted. At most 100 ids.
   */
  async prices(ids: string[]): Promise<Record<string, number>> {
    return (await this.pricesWithPeg(ids)).prices;
  }

  /** GET /v1/prices: `prices` as above, and `pegged`, the ids priced at the 1.00 peg (prices.ts), when there are any. */
  async pricesWithPeg(ids: string[]): Promise<{ prices: Record<string, number>; pegged?: string[] }> {
    const keys = this.parsePriceIds(ids);
    const found = await this.priceBook.quotes([...new Set(keys.values())]);
    const prices: Record<string, number> = {};
    const pegged: string[] = [];
    for (const [id, key] of keys) {
      const q = found.get(key);
      if (q) prices[id] = q.usd;
      if (q?.pegged) pegged.push(id);
    }
    return pegged.length ? { prices, pegged } : { prices };
  }

  /**
   * What tokens are worth now, for records that keep it (the fee ledger values each fill): per ref, keyed
   * `chainId:address` as given, the token's decimals and its USD price with where the price came from (cached as
   * every price is; null when none is known). A ref whose chain or decimals are unknown is absent: never a guess.
   * Never throws.
   */
  async valuations(refs: ReadonlyArray<{ chainId: number; address: string }>): Promise<Map<string, TokenValuation>> {
    const found = await Promise.all(
      refs.map(async (r) => {
        const chain = this.chains.list().find((c) => c.id === r.chainId);
        if (!chain || !looksLikeAddress(chain.vm, r.address)) return null;
        const address = normalizeTokenAddress(chain.vm, r.address);
        const token = await this.tokenAt(chain, address).catch(() => null);
        return token ? { ref: `${r.chainId}:${r.address}`, key: tokenId(chain.id, address), decimals: token.decimals } : null;
      }),
    );
    const known = found.filter((f) => f !== null);
    const quotes = known.length
      ? await this.priceBook.quotes(known.map((k) => k.key)).catch((err: unknown) => {
          this.deps.log.warn({ err }, 'valuations: prices unavailable');
          return new Map<string, never>();
        })
      : new Map<string, never>();
    const out = new Map<string, TokenValuation>();
    for (const k of known) {
      const q = quotes.get(k.key);
      out.set(k.ref, { decimals: k.decimals, price: q ? { usd: q.usd, source: q.source } : null });
    }
    return out;
  }

  /** GET /v1/balances: non-zero balances with prices and values, largest value first; failed chains in `errors`. */
  async balances(address: string, chains?: string[]): Promise<BalancesResponse> {
    const raw = await this.balanceReader.read(address, chains);
    return priceBalances(raw, await this.balancePrices(raw));
  }

  /** Balances before prices (GraphQL prices them through its per-request DataLoader). */
  rawBalances(address: string, chains?: string[]): Promise<RawBalances> {
    return this.balanceReader.read(address, chains);
  }

  /** One price batch for every token of a balances answer. */
  balancePrices(raw: RawBalances): Promise<Map<string, number>> {
    return this.priceBook.get(raw.balances.map((b) => tokenId(b.token.chainId, b.token.address)));
  }

  /** Validates price ids and maps each (as written) to its normalised key. */
  parsePriceIds(ids: string[]): Map<string, string> {
    if (!ids.length) throw invalidParams('ids', 'must list at least one chainId:address');
    if (ids.length > MAX_PRICE_IDS) throw invalidParams('ids', `at most ${MAX_PRICE_IDS} ids per request`);
    const out = new Map<string, string>();
    for (const id of ids) {
      const i = id.indexOf(':');
      if (i <= 0) throw invalidParams('ids', `"${id.slice(0, 80)}" is not chainId:address`);
      const chain = this.resolveChain(id.slice(0, i), 'ids');
      const address = id.slice(i + 1);
      if (!looksLikeAddress(chain.vm, address)) throw invalidParams('ids', `"${id.slice(0, 80)}": malformed address for ${chain.name}`);
      out.set(id, tokenId(chain.id, normalizeTokenAddress(chain.vm, address)));
    }
    return out;
  }

  private native(chain: Chain) {
    return { address: chain.vm === 'evm' ? EVM_NATIVE : SOL_NATIVE_MINT };
  }

  /** The token at a normalised address: curated, then listed, then read on chain (cached 1 hour). */
  private async tokenAt(chain: Chain, address: string): Promise<Token> {
    const curated = curatedByAddress(chain.id, address);
    if (curated) {
      // The list entry carries the logo and list price; the curated facts win (see token-merge.ts).
      const listed = this.lists.current(chain.id).byAddr(address);
      return listed ? publicToken(listed) : { ...curated, verified: true, popular: true };
    }
    if (address === EVM_NATIVE && chain.vm === 'evm')
      return {
        ...this.native(chain),
        chainId: chain.id,
        symbol: chain.nativeSymbol,
        name: chain.nativeSymbol,
        decimals: chain.nativeDecimals,
        verified: true,
        popular: true,
      };
    // A quote should not wait long for a first list download; past the bound, the chain answers instead.
    await raceTimeout(this.lists.ensureFresh(), LIST_WAIT_MS).catch(() => undefined);
    const listed = this.lists.current(chain.id).byAddr(address);
    if (listed) return publicToken(listed);
    return this.lookups.getOrLoad(tokenId(chain.id, address), () => this.readOnChain(chain, address));
  }

  private async readOnChain(chain: Chain, address: string): Promise<Token> {
    if (chain.vm === 'evm') {
      let meta: Erc20Metadata | null;
      try {
        meta = await readErc20Metadata(this.deps.rpc.evm(chain.id), address as Hex);
      } catch (err) {
        throw rpcFailure(chain, err);
      }
      if (!meta) throw new ApiError('UNSUPPORTED_TOKEN', `address: ${address} is not an ERC-20 token on ${chain.name}`, { field: 'address' });
      return { chainId: chain.id, address, ...meta, verified: false, popular: false };
    }
    let meta: SolanaMintMeta | null;
    try {
      meta = await this.solanaMints.load(address);
    } catch (err) {
      throw rpcFailure(chain, err);
    }
    if (!meta) throw new ApiError('UNSUPPORTED_TOKEN', `address: ${address} is not an SPL token mint`, { field: 'address' });
    const n = meta.names;
    return {
      chainId: chain.id,
      address,
      symbol: n?.symbol ?? 'UNKNOWN',
      name: n?.name ?? n?.symbol ?? 'Unknown token',
      decimals: meta.decimals,
      verified: false,
      popular: false,
    };
  }

  /**
   * Mint reads of concurrent lookups (e.g. several `token` fields in one GraphQL request) collected into one
   * getMultipleAccounts, one Metaplex read and one token search.
   */
  private async readSolanaMints(mints: readonly string[]): Promise<(SolanaMintMeta | null)[]> {
    const conn = this.deps.rpc.solana();
    const parsed = await readMints(conn, [...mints]);
    const isMint = new Map([...parsed].filter((e): e is [string, ParsedMint] => e[1] !== null));
    const names = isMint.size ? await nameMints(conn, isMint, (m) => this.searchSolana(m)) : new Map<string, MintNames>();
    return mints.map((m) => {
      const p = parsed.get(m);
      return p ? { decimals: p.decimals, names: names.get(m) } : null;
    });
  }

  /** Jupiter token search for unlisted mints (batched, up to 100 per call). */
  async searchSolana(mints: string[]): Promise<Map<string, MintNames>> {
    const out = new Map<string, MintNames>();
    for (let i = 0; i < mints.length; i += 100) {
      const found = await searchJupiterMints(this.deps.config.JUPITER_API_URL, this.deps.config.JUPITER_API_KEY, mints.slice(i, i + 100), {
        timeoutMs: this.deps.config.PRICE_TIMEOUT_MS,
      });
      for (const t of found) out.set(t.address, { name: t.name, symbol: t.symbol });
    }
    return out;
  }

  /**
   * The `tokens` cursor that resumes right after each of `tokens` (a page of a listing, or of a search for `q`),
   * so that every GraphQL edge carries its own cursor. Empty for a token the index no longer holds.
   */
  async tokenCursors(chainId: number, tokens: readonly Token[], q?: string): Promise<string[]> {
    const index = await this.lists.index(chainId);
    const ql = q?.trim().toLowerCase();
    return tokens.map((t) => {
      const indexed = index.byAddr(t.address);
      return indexed ? encodeTokenCursor(indexed, !!ql && t.symbol.toLowerCase() === ql) : '';
    });
  }
}

/** A chain's RPC failing is an upstream failure (502/504), never a 500. */
function rpcFailure(chain: Chain, err: unknown): ApiError {
  const msg = err instanceof Error ? err.message : String(err);
  const timeout = /timed? ?out|timeout|aborted/i.test(msg);
  return new ApiError(
    timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR',
    `${chain.name} RPC ${timeout ? 'did not answer in time' : 'failed'}`,
    { chainId: chain.id },
    { cause: err },
  );
}

/** What other domains use of the assets domain besides the service: the chain RPC clients and the static chain and token lists. */
export type { RpcClients } from './rpc.js';
export { STATIC_CHAINS } from './chain-list.js';
export { curatedByAddress } from './curated-tokens.js';
export { TOKEN_2022_PROGRAM_ID } from './solana-mint.js';
