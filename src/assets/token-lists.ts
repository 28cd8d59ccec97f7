import type { Clock } from '../clock.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { AssetsConfig } from './config.js';
import type { Logger } from '../log.js';
import { EVM_NATIVE, SOL_NATIVE_MINT } from '../providers/types.js';
import type { ChainRegistry } from './chains.js';
import { fetchJupiterVerified, fetchLifiTokens } from './sources.js';
import { ChainTokenIndex } from './token-index.js';
import { mergeTokenLists } from './token-merge.js';
import type { ListedToken } from './types.js';

const TOKEN_LIST_TTL_MS = 60 * 60 * 1000;
/** After a source failed, try again this soon instead of waiting the full hour. */
const RETRY_AFTER_FAILURE_MS = 60 * 1000;

type SourceName = 'lifi' | 'jupiter';

/**
 * The merged token lists (LI.FI multi-chain list with prices, Jupiter's verified Solana list, the curated list),
 * cached for an hour and indexed per chain when they load. The curated list is indexed at construction, so
 * curated tokens resolve before (or without) any remote list. A source that fails keeps its last good copy.
 */
export class TokenLists {
  private indexes = new Map<number, ChainTokenIndex>();
  private lastGood: Partial<Record<SourceName, ListedToken[]>> = {};
  private freshUntil = -Infinity;
  private loading?: Promise<void>;
  private loadedOnce = false;

  constructor(
    private config: Pick<AssetsConfig & ProvidersConfig, 'LIFI_API_URL' | 'LIFI_API_KEY' | 'JUPITER_API_URL' | 'JUPITER_API_KEY' | 'TOKEN_LIST_TIMEOUT_MS'>,
    private chains: ChainRegistry,
    private clock: Clock,
    private log: Logger,
  ) {
    this.rebuild();
  }

  /** The chain's index; the first call waits for the remote lists, later stale calls refresh in the background. */
  async index(chainId: number): Promise<ChainTokenIndex> {
    await this.ensureFresh();
    return this.current(chainId);
  }

  /** The index as it is now, without waiting for any load. */
  current(chainId: number): ChainTokenIndex {
    return this.indexes.get(chainId) ?? new ChainTokenIndex([]);
  }

  async ensureFresh(): Promise<void> {
    if (this.clock.now() < this.freshUntil) return;
    const p = this.load();
    if (!this.loadedOnce) await p;
  }

  /**
   * Keeps lists that are in use fresh without traffic (the hourly job). Lists are first loaded on demand, so an
   * instance that never serves tokens never downloads them.
   */
  async refreshIfStale(signal?: AbortSignal): Promise<void> {
    if (this.loadedOnce && this.clock.now() >= this.freshUntil) await this.load(signal);
  }

  /** Loads every source (one load at a time) and rebuilds the indexes. Never throws. */
  load(signal?: AbortSignal): Promise<void> {
    this.loading ??= this.doLoad(signal).finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async doLoad(signal?: AbortSignal): Promise<void> {
    const o = { timeoutMs: this.config.TOKEN_LIST_TIMEOUT_MS, signal };
    const vmOf = (id: number) => this.chains.info(id)?.vm;
    const sources: Record<SourceName, () => Promise<ListedToken[]>> = {
      lifi: () => fetchLifiTokens(this.config.LIFI_API_URL, this.config.LIFI_API_KEY, vmOf, o),
      jupiter: () => fetchJupiterVerified(this.config.JUPITER_API_URL, this.config.JUPITER_API_KEY, o),
    };
    let failed = false;
    await Promise.all(
      (Object.keys(sources) as SourceName[]).map(async (name) => {
        try {
          this.lastGood[name] = await sources[name]();
        } catch (err) {
          failed = true;
          this.log.warn({ err, source: name }, 'token list unavailable; keeping the last good copy');
        }
      }),
    );
    await this.rebuild(true);
    this.loadedOnce = true;
    this.freshUntil = this.clock.now() + (failed ? RETRY_AFTER_FAILURE_MS : TOKEN_LIST_TTL_MS);
  }

  /** Re-indexes every chain; with `yieldBetweenChains`, lets queued requests run between chains (big lists take a while). */
  private rebuild(yieldBetweenChains?: false): void;
  private rebuild(yieldBetweenChains: true): Promise<void>;
  private rebuild(yieldBetweenChains = false): void | Promise<void> {
    const chains = this.chains.list();
    const chainIds = new Set(chains.map((c) => c.id));
    const natives: ListedToken[] = chains.map((c) => ({
      chainId: c.id,
      address: c.vm === 'evm' ? EVM_NATIVE : SOL_NATIVE_MINT,
      symbol: c.nativeSymbol,
      name: c.nativeSymbol,
      decimals: c.nativeDecimals,
      verified: true,
      popular: true,
    }));
    // Jupiter first: for Solana tokens both list, the Solana-native source's metadata and price win.
    const byChain = mergeTokenLists([this.lastGood.jupiter ?? [], this.lastGood.lifi ?? []], chainIds, natives);
    const next = new Map<number, ChainTokenIndex>();
    if (!yieldBetweenChains) {
      for (const [chainId, tokens] of byChain) next.set(chainId, new ChainTokenIndex(tokens));
      this.indexes = next;
      return;
    }
    return (async () => {
      for (const [chainId, tokens] of byChain) {
        next.set(chainId, new ChainTokenIndex(tokens));
        await new Promise((r) => setImmediate(r));
      }
      this.indexes = next;
    })();
  }
}
