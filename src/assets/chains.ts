import { ApiError } from '../errors.js';
import type { Logger } from '../log.js';
import { PROVIDER_IDS, type Provider, type ProviderId } from '../providers/types.js';
import { STATIC_CHAINS, STATIC_PROVIDER_CHAINS, type ChainInfo } from './chain-list.js';
import type { Chain } from './types.js';

export const CHAINS_REFRESH_MS = 6 * 60 * 60 * 1000;

/**
 * Joins the static chain facts with what each provider says it serves. Pure: `served` maps a provider to the
 * chain ids it serves (its own answer, or the static fallback). Ordering: popular first, then by name.
 */
export function mergeChains(chains: readonly ChainInfo[], served: ReadonlyMap<ProviderId, readonly number[]>): Chain[] {
  const byChain = new Map<number, ProviderId[]>();
  // PROVIDER_IDS order keeps `providers` stable whatever order the answers came in.
  for (const id of PROVIDER_IDS) {
    for (const chainId of served.get(id) ?? []) {
      const list = byChain.get(chainId) ?? [];
      if (!list.includes(id)) list.push(id);
      byChain.set(chainId, list);
    }
  }
  return chains
    .map(({ llamaChain: _l, nativeCoingeckoId: _c, ...c }) => ({ ...c, providers: byChain.get(c.id) ?? [] }))
    .sort((a, b) => Number(b.popular) - Number(a.popular) || a.name.localeCompare(b.name, 'en') || a.id - b.id);
}

/**
 * The chain registry: static facts merged with the loaded providers' chain lists, refreshed every 6 hours.
 * A provider whose list cannot be fetched keeps its last good answer, or the static table when it never answered.
 */
export class ChainRegistry {
  private answers = new Map<ProviderId, readonly number[]>();
  private merged: Chain[];
  private byId = new Map<number, Chain>();
  private bySlug = new Map<string, Chain>();
  private infoById = new Map<number, ChainInfo>(STATIC_CHAINS.map((c) => [c.id, c]));

  constructor(
    private providers: () => Provider[],
    private log: Logger,
    private timeoutMs: number,
  ) {
    this.merged = this.rebuild();
  }

  list(): Chain[] {
    return this.merged;
  }

  info(chainId: number): ChainInfo | undefined {
    return this.infoById.get(chainId);
  }

  /** A chain by numeric id or slug (e.g. 8453 or `base`); anything else is UNSUPPORTED_CHAIN. */
  resolve(ref: string | number, field = 'chain'): Chain {
    const s = String(ref).trim();
    if (s === '') throw new ApiError('INVALID_PARAMS', `${field}: is required`, { field });
    const chain = /^[0-9]+$/.test(s) ? this.byId.get(Number(s)) : this.bySlug.get(s.toLowerCase());
    if (!chain)
      throw new ApiError('UNSUPPORTED_CHAIN', `${field}: "${s.slice(0, 64)}" is not a supported chain (use an id or slug from /v1/chains)`, { field });
    return chain;
  }

  /** How many loaded providers can be asked for a chain list. */
  askable(): number {
    return this.providers().filter((p) => p.chains).length;
  }

  /** Asks every loaded provider that has `chains()` for its list; returns how many answered. */
  async refresh(signal?: AbortSignal): Promise<number> {
    let answered = 0;
    await Promise.all(
      this.providers().map(async (p) => {
        if (!p.chains) return;
        const ctl = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), ...(signal ? [signal] : [])]);
        try {
          const list = await p.chains(ctl);
          this.answers.set(
            p.id,
            list.map((c) => c.chainId),
          );
          answered++;
        } catch (err) {
          this.log.warn({ err, provider: p.id }, 'provider chain list unavailable; keeping the previous or static list');
        }
      }),
    );
    this.merged = this.rebuild();
    return answered;
  }

  private rebuild(): Chain[] {
    const served = new Map<ProviderId, readonly number[]>();
    for (const p of this.providers()) served.set(p.id, this.answers.get(p.id) ?? STATIC_PROVIDER_CHAINS[p.id] ?? []);
    const merged = mergeChains(STATIC_CHAINS, served);
    this.byId = new Map(merged.map((c) => [c.id, c]));
    this.bySlug = new Map(merged.map((c) => [c.slug, c]));
    return merged;
  }
}
