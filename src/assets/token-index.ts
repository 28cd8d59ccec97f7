import { z } from 'zod';
import { invalidParams } from '../errors.js';
import type { ListedToken, Token } from './types.js';

/** A token in the index, with the curated position that orders popular tokens (native coin first). */
export interface IndexedToken extends ListedToken {
  curatedRank?: number;
}

type SortKey = [popular: number, curated: number, verified: number, liquidity: number, noPrice: number, symbol: string, address: string];

/** GET /v1/tokens ordering without `q`: popular (native, curated order), verified, liquidity, price presence. */
function sortKey(t: IndexedToken): SortKey {
  return [
    t.popular ? 0 : 1,
    t.curatedRank ?? 1e9,
    t.verified ? 0 : 1,
    -(t.liquidityUsd ?? -1),
    t.priceUsd !== undefined ? 0 : 1,
    t.symbol.toLowerCase(),
    t.address,
  ];
}

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

const compareTokens = (a: IndexedToken, b: IndexedToken) => compareKeys(sortKey(a), sortKey(b));

/** Cursor: the last item's sort key, plus whether it was in the exact-symbol segment of a `q` search. */
const cursorSchema = z.tuple([
  z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.string(), z.string()]),
  z.union([z.literal(0), z.literal(1)]),
]);

export function encodeCursor(t: IndexedToken, exact: boolean): string {
  return Buffer.from(JSON.stringify([sortKey(t), exact ? 1 : 0])).toString('base64url');
}

function decodeCursor(cursor: string): { key: SortKey; exact: boolean } {
  try {
    const [key, exact] = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { key: key as SortKey, exact: exact === 1 };
  } catch {
    throw invalidParams('cursor', 'is not a nextCursor returned by this endpoint');
  }
}

const MAX_GRAM = 3;

function gramsOf(s: string, into: Set<string>) {
  for (let n = 1; n <= MAX_GRAM; n++) for (let i = 0; i + n <= s.length; i++) into.add(s.slice(i, i + n));
}

export interface TokenPage {
  tokens: Token[];
  nextCursor: string | null;
}

/**
 * One chain's tokens, sorted once when the list loads, with lookups built alongside: by address, by exact
 * (lower-case) symbol, and an n-gram index (1- to 3-grams of symbol and name) whose posting lists hold
 * positions in sort order. A search walks the rarest posting list from the cursor position and stops after
 * `limit + 1` hits, so the cost depends on the page, not on the list size.
 */
export class ChainTokenIndex {
  readonly tokens: IndexedToken[];
  private keys: SortKey[];
  private byAddress = new Map<string, number>();
  private bySymbol = new Map<string, number[]>();
  private grams = new Map<string, Int32Array>();
  private lowerSymbol: string[];
  private lowerName: string[];

  constructor(tokens: IndexedToken[]) {
    this.tokens = [...tokens].sort(compareTokens);
    this.keys = this.tokens.map(sortKey);
    this.lowerSymbol = this.tokens.map((t) => t.symbol.toLowerCase());
    this.lowerName = this.tokens.map((t) => t.name.toLowerCase());
    const postings = new Map<string, number[]>();
    const seen = new Set<string>();
    this.tokens.forEach((t, pos) => {
      this.byAddress.set(t.address, pos);
      const sym = this.lowerSymbol[pos]!;
      const list = this.bySymbol.get(sym);
      if (list) list.push(pos);
      else this.bySymbol.set(sym, [pos]);
      seen.clear();
      gramsOf(sym, seen);
      gramsOf(this.lowerName[pos]!, seen);
      for (const g of seen) {
        const p = postings.get(g);
        if (p) p.push(pos);
        else postings.set(g, [pos]);
      }
    });
    for (const [g, p] of postings) this.grams.set(g, Int32Array.from(p));
  }

  get size() {
    return this.tokens.length;
  }

  byAddr(address: string): IndexedToken | undefined {
    const pos = this.byAddress.get(address);
    return pos === undefined ? undefined : this.tokens[pos];
  }

  /** Tokens whose symbol equals `symbol` (case-insensitive), best first. */
  withSymbol(symbol: string): IndexedToken[] {
    return (this.bySymbol.get(symbol.toLowerCase()) ?? []).map((p) => this.tokens[p]!);
  }

  /** First position whose key sorts after `key`. */
  private after(key: SortKey): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(this.keys[mid]!, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Lists (no `q`) or searches (`q`: substring of symbol or name, exact symbols first) one page. */
  page(opts: { q?: string; limit: number; cursor?: string; isAddress?: (q: string) => boolean; normalize?: (q: string) => string }): TokenPage {
    const { limit } = opts;
    const c = opts.cursor ? decodeCursor(opts.cursor) : undefined;
    const q = opts.q?.trim();
    const out: { pos: number; exact: boolean }[] = [];

    if (!q) {
      const start = c ? this.after(c.key) : 0;
      for (let p = start; p < this.tokens.length && out.length <= limit; p++) out.push({ pos: p, exact: false });
    } else if (opts.isAddress?.(q)) {
      // An exact address or mint names at most one token; there is never a second page.
      if (!c) {
        const pos = this.byAddress.get(opts.normalize ? opts.normalize(q) : q);
        if (pos !== undefined) out.push({ pos, exact: true });
      }
    } else {
      const ql = q.toLowerCase();
      const start = c ? this.after(c.key) : 0;
      if (!c || c.exact) {
        for (const p of this.bySymbol.get(ql) ?? []) {
          if (p >= start) out.push({ pos: p, exact: true });
          if (out.length > limit) break;
        }
      }
      if (out.length <= limit) {
        const posting = this.postingFor(ql);
        const from = c && !c.exact ? start : 0;
        if (posting) {
          let i = lowerBound(posting, from);
          for (; i < posting.length && out.length <= limit; i++) {
            const p = posting[i]!;
            if (this.lowerSymbol[p] === ql) continue; // already in the exact segment
            if (this.lowerSymbol[p]!.includes(ql) || this.lowerName[p]!.includes(ql)) out.push({ pos: p, exact: false });
          }
        }
      }
    }

    const more = out.length > limit;
    const items = more ? out.slice(0, limit) : out;
    const last = items[items.length - 1];
    return {
      tokens: items.map(({ pos }) => publicToken(this.tokens[pos]!)),
      nextCursor: more && last ? encodeCursor(this.tokens[last.pos]!, last.exact) : null,
    };
  }

  /** The shortest posting list that every match must be in (the query itself when short, else its rarest trigram). */
  private postingFor(ql: string): Int32Array | undefined {
    if (ql.length <= MAX_GRAM) return this.grams.get(ql);
    let best: Int32Array | undefined;
    for (let i = 0; i + MAX_GRAM <= ql.length; i++) {
      const p = this.grams.get(ql.slice(i, i + MAX_GRAM));
      if (!p) return undefined; // some trigram occurs nowhere: no match
      if (!best || p.length < best.length) best = p;
    }
    return best;
  }
}

function lowerBound(a: Int32Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The wire shape (`Token`, types.ts): ordering-only fields stay inside. */
export function publicToken(t: IndexedToken | ListedToken | Token): Token {
  const out: Token = { chainId: t.chainId, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, verified: t.verified, popular: t.popular };
  if (t.logoURI) out.logoURI = t.logoURI;
  if (t.priceUsd !== undefined) out.priceUsd = t.priceUsd;
  return out;
}
