import DataLoader from 'dataloader';
import type { Clock } from '../clock.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { AssetsConfig } from './config.js';
import type { Logger } from '../log.js';
import { EVM_NATIVE, SOLANA_CHAIN_ID } from '../providers/types.js';
import type { ChainRegistry } from './chains.js';
import { fetchJupiterPrices, fetchLlamaPrices } from './sources.js';
import type { TokenLists } from './token-lists.js';
import { TtlCache } from './ttl-cache.js';

const PRICE_TTL_MS = 60 * 1000;
const JUPITER_PRICE_BATCH = 50;
const LLAMA_BATCH = 100;

/** A price key is `chainId:address` in the service spelling (normalised already). */
const split = (key: string) => {
  const i = key.indexOf(':');
  return { chainId: Number(key.slice(0, i)), address: key.slice(i + 1) };
};

/** Where a price came from: a price source, the hourly token list, or the 1.00 peg (usdPeg). */
export type PriceSource = 'defillama' | 'jupiter' | 'token_list' | 'usd_peg';

/** A USD price, whether it is the 1.00 peg standing in for a price no source gave (usdPeg), and its source. */
export interface PriceQuote {
  usd: number;
  pegged: boolean;
  source: PriceSource;
}

/** A source's answer as cached: the price and who gave it (the token list when the source had none). */
interface CachedPrice {
  usd: number;
  source: Exclude<PriceSource, 'usd_peg'>;
}

/**
 * The USD stablecoins checkout settles in (src/checkout/settlement.ts lists the same pairs; a test holds them
 * equal), as price keys. Only these are priced at the peg: issuer-redeemable 1:1 and what every USD minimum and
 * amount due is counted in, so a dev machine offline or a price outage still sees 25 USDC as about 25 USD.
 */
export const USD_PEGGED_KEYS: ReadonlySet<string> = new Set([
  '1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  '8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  '10:0x0b2c639c533813f4aa9d7837caf62653d097ff85',
  '56:0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
  '137:0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
  `${SOLANA_CHAIN_ID}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
  '1:0xdac17f958d2ee523a2206206994597c13d831ec7',
  '42161:0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
  '56:0x55d398326f99059ff775485246999027b3197955',
  `${SOLANA_CHAIN_ID}:Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB`,
]);

/** What the sources gave for one key: `sourced` a price, null when its source answered without one, undefined when none answered. */
export interface SourcedPrice {
  key: string;
  sourced: number | null | undefined;
  listed: number | undefined;
}

/**
 * The prices of one ask: a source's price, else the token-list price, else, for a settlement stablecoin whose source
 * did not answer, 1.00 marked `pegged`, and only when nothing in the ask has a market price. A known price always
 * wins, however far from 1 it is (a depeg must show); a source that answers "no price" is believed; and the peg never
 * sits next to a market price, because callers convert between the prices of one ask: an exact-output amount
 * converted at 1.00 for one stablecoin against 0.9999 for the other comes out short.
 */
export function usdPeg(ask: readonly SourcedPrice[]): (Omit<PriceQuote, 'source'> | null)[] {
  const known = ask.map(({ sourced, listed }) => (typeof sourced === 'number' ? sourced : listed));
  const offline = known.every((p) => p === undefined);
  return ask.map(({ key, sourced }, i) => {
    const p = known[i];
    if (p !== undefined) return { usd: p, pegged: false };
    return offline && sourced === undefined && USD_PEGGED_KEYS.has(key) ? { usd: 1, pegged: true } : null;
  });
}

/**
 * USD prices: EVM from DefiLlama, Solana from Jupiter Price v3, the hourly token-list price as fallback, and the
 * 1.00 peg for the settlement stablecoins when no source answers at all (usdPeg). Each source answer is cached
 * 60 s (a known "no price" too; the peg never is). Concurrent asks within one tick are collected by a DataLoader
 * into one upstream request per source, never one per token.
 */
export class PriceBook {
  private cache: TtlCache<CachedPrice | null>;
  private loader: DataLoader<string, PriceQuote | null>;
  /** Upstream requests made, per source (observability and tests). */
  readonly requests = { defillama: 0, jupiter: 0 };

  constructor(
    private config: Pick<AssetsConfig & ProvidersConfig, 'DEFILLAMA_API_URL' | 'JUPITER_API_URL' | 'JUPITER_API_KEY' | 'PRICE_TIMEOUT_MS'>,
    private chains: ChainRegistry,
    private lists: TokenLists,
    clock: Clock,
    private log: Logger,
  ) {
    this.cache = new TtlCache(clock, PRICE_TTL_MS, 100_000);
    this.loader = new DataLoader((keys) => this.batch(keys), { cache: false, maxBatchSize: 1_000 });
  }

  /** Prices for normalised keys (a pegged one counts as its 1.00); keys without a price are absent from the result. */
  async get(keys: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const [k, q] of await this.quotes(keys)) out.set(k, q.usd);
    return out;
  }

  /** Prices with their peg marker, for the views that show it; keys without a price are absent. */
  async quotes(keys: readonly string[]): Promise<Map<string, PriceQuote>> {
    const unique = [...new Set(keys)];
    const values = await this.loader.loadMany(unique);
    const out = new Map<string, PriceQuote>();
    unique.forEach((k, i) => {
      const v = values[i];
      if (v && !(v instanceof Error)) out.set(k, v);
    });
    return out;
  }

  private async batch(keys: readonly string[]): Promise<(PriceQuote | null)[]> {
    const result = new Map<string, CachedPrice | null>();
    const llama = new Map<string, string[]>(); // coin id → keys
    const solana: string[] = [];
    for (const key of keys) {
      const hit = this.cache.get(key);
      if (hit !== undefined) {
        result.set(key, hit);
        continue;
      }
      const { chainId, address } = split(key);
      if (chainId === SOLANA_CHAIN_ID) {
        solana.push(key);
        continue;
      }
      const info = this.chains.info(chainId);
      if (!info) {
        result.set(key, null);
        continue;
      }
      const coin = address === EVM_NATIVE ? `coingecko:${info.nativeCoingeckoId}` : info.llamaChain ? `${info.llamaChain}:${address}` : undefined;
      if (!coin) continue;
      llama.set(coin, [...(llama.get(coin) ?? []), key]);
    }
    const o = { timeoutMs: this.config.PRICE_TIMEOUT_MS };
    const tasks: Promise<void>[] = [];
    const coins = [...llama.keys()];
    for (let i = 0; i < coins.length; i += LLAMA_BATCH) {
      const chunk = coins.slice(i, i + LLAMA_BATCH);
      this.requests.defillama++;
      tasks.push(
        fetchLlamaPrices(this.config.DEFILLAMA_API_URL, chunk, o).then(
          (prices) => {
            for (const coin of chunk) for (const key of llama.get(coin)!) this.answer(result, key, prices.get(coin), 'defillama');
          },
          (err) => this.log.warn({ err }, 'DefiLlama prices unavailable; using token-list prices'),
        ),
      );
    }
    for (let i = 0; i < solana.length; i += JUPITER_PRICE_BATCH) {
      const chunk = solana.slice(i, i + JUPITER_PRICE_BATCH);
      const mints = chunk.map((k) => split(k).address);
      this.requests.jupiter++;
      tasks.push(
        fetchJupiterPrices(this.config.JUPITER_API_URL, this.config.JUPITER_API_KEY, mints, o).then(
          (prices) => {
            for (const [j, key] of chunk.entries()) this.answer(result, key, prices.get(mints[j]!), 'jupiter');
          },
          (err) => this.log.warn({ err }, 'Jupiter prices unavailable; using token-list prices'),
        ),
      );
    }
    await Promise.all(tasks);
    // Whatever no source priced (or whose source failed): the hourly token-list price, else (source failed) the peg.
    const sourced = (key: string) => {
      const r = result.get(key);
      return r === undefined || r === null ? r : r.usd;
    };
    const quotes = usdPeg(keys.map((key) => ({ key, sourced: sourced(key), listed: this.listPrice(key) })));
    return quotes.map((q, i): PriceQuote | null => {
      if (!q) return null;
      const source: PriceSource = q.pegged ? 'usd_peg' : (result.get(keys[i]!)?.source ?? 'token_list');
      return { ...q, source };
    });
  }

  /** A source answered for `key` (with or without a price): cache it, with who gave the price. */
  private answer(result: Map<string, CachedPrice | null>, key: string, price: number | undefined, from: CachedPrice['source']) {
    const listed = this.listPrice(key);
    const v: CachedPrice | null = price !== undefined ? { usd: price, source: from } : listed !== undefined ? { usd: listed, source: 'token_list' } : null;
    result.set(key, v);
    this.cache.set(key, v);
  }

  private listPrice(key: string): number | undefined {
    const { chainId, address } = split(key);
    return this.lists.current(chainId).byAddr(address)?.priceUsd;
  }
}
