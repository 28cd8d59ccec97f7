import { tokenId } from './addresses.js';
import { CURATED_TOKENS } from './curated-tokens.js';
import type { IndexedToken } from './token-index.js';
import type { ListedToken } from './types.js';

/**
 * Merges token lists (earlier lists win on metadata) and the curated list (wins on symbol, name, decimals,
 * and marks tokens popular and verified), de-duplicated by `chainId:address`. `natives` adds each chain's gas coin. Prices and liquidity are taken
 * from whichever list has them. Only chains in `chainIds` are kept. Returns the tokens grouped by chain.
 */
export function mergeTokenLists(
  lists: readonly (readonly ListedToken[])[],
  chainIds: ReadonlySet<number>,
  natives: readonly ListedToken[] = [],
): Map<number, IndexedToken[]> {
  const merged = new Map<string, IndexedToken>();
  for (const list of lists) {
    for (const t of list) {
      if (!chainIds.has(t.chainId)) continue;
      const id = tokenId(t.chainId, t.address);
      const prev = merged.get(id);
      if (!prev) {
        merged.set(id, { ...t });
        continue;
      }
      prev.logoURI ??= t.logoURI;
      prev.priceUsd ??= t.priceUsd;
      prev.verified ||= t.verified;
      prev.popular ||= t.popular;
      if (t.liquidityUsd !== undefined && (prev.liquidityUsd === undefined || t.liquidityUsd > prev.liquidityUsd)) prev.liquidityUsd = t.liquidityUsd;
    }
  }
  CURATED_TOKENS.forEach((c, rank) => {
    if (!chainIds.has(c.chainId)) return;
    const id = tokenId(c.chainId, c.address);
    const prev = merged.get(id);
    merged.set(id, { ...prev, ...c, verified: true, popular: true, curatedRank: rank });
  });
  // Every chain's gas coin is popular and first, curated or not (chains without curated tokens included).
  for (const n of natives) {
    if (!chainIds.has(n.chainId)) continue;
    const id = tokenId(n.chainId, n.address);
    const prev = merged.get(id);
    if (prev?.curatedRank !== undefined) continue;
    merged.set(id, { ...n, ...prev, symbol: n.symbol, decimals: n.decimals, verified: true, popular: true, curatedRank: -1 });
  }
  const byChain = new Map<number, IndexedToken[]>();
  for (const t of merged.values()) {
    const list = byChain.get(t.chainId);
    if (list) list.push(t);
    else byChain.set(t.chainId, [t]);
  }
  for (const id of chainIds) if (!byChain.has(id)) byChain.set(id, []);
  return byChain;
}
