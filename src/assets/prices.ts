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

export const PRICE_TTL_MS = 60 * 1000;
const JUPITER_PRICE_BATCH = 50;
const LLAMA_BATCH = 100;

/** A price key is `chainId:address` in the service spelling (normalised already). */
const split = (key: string) => {
  const i = key.indexOf(':');
  return { chainId: Number(key.slice(0, i)), address: key.slice(i + 1) };
};

/**
 * USD prices: EVM from DefiLlama, Solana from Jupiter Price v3, the hourly token-list price as fallback.
 * Each answer is cached 60 s (a known "no price" too). Concurrent asks within one tick are collected by a
 * DataLoader into one upstream request per source, never one per token.
 */
export class PriceBook {
  private cache: TtlCache<number | null>;
  private loader: DataLoader<string, number | null>;
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

  /** Prices for normalised keys; keys without a price are absent from the result. */
  async get(keys: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(keys)];
    const values = await this.loader.loadMany(unique);
    const out = new Map<string, number>();
    unique.forEach((k, i) => {
      const v = values[i];
      if (typeof v === 'number') out.set(k, v);
    });
    return out;
  }

  private async batch(keys: readonly string[]): Promise<(number | null)[]> {
    const result = new Map<string, number | null>();
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
            for (const coin of chunk) for (const key of llama.get(coin)!) this.answer(result, key, prices.get(coin));
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
            for (const [j, key] of chunk.entries()) this.answer(result, key, prices.get(mints[j]!));
          },
          (err) => this.log.warn({ err }, 'Jupiter prices unavailable; using token-list prices'),
        ),
      );
    }
    await Promise.all(tasks);
    // Whatever no source priced (or whose source failed): the hourly token-list price.
    return keys.map((key) => {
      if (result.has(key) && result.get(key) !== null) return result.get(key)!;
      return this.listPrice(key) ?? null;
    });
  }

  /** A source answered for `key` (with or without a price): cache it. */
  private answer(result: Map<string, number | null>, key: string, price: number | undefined) {
    const v = price ?? this.listPrice(key) ?? null;
    result.set(key, v);
    this.cache.set(key, v);
  }

  private listPrice(key: string): number | undefined {
    const { chainId, address } = split(key);
    return this.lists.current(chainId).byAddr(address)?.priceUsd;
  }
}
