import { STATIC_CHAINS } from '../assets/service.js';
import type { Usage } from './policy.js';

/**
 * What one request takes from the buckets, so a request counts what it does. A plain request counts 1. A quote
 * fans out to every provider (six upstream calls and a store write), so it counts QUOTE_WEIGHT wherever it is
 * asked: `GET /v1/quote`, the payer quote of a checkout session, each GraphQL `quote` or `checkoutSessionQuote`
 * field. Balances are one RPC round trip per chain, so they count one per chain asked.
 */
export const QUOTE_WEIGHT = 10;

/** The most chains one balances call may name (src/assets/balances.ts refuses more). */
const MAX_BALANCE_CHAINS = 25;
/** Without `chains`, balances read the popular EVM chains (Solana addresses read one chain). */
export const DEFAULT_BALANCE_CHAINS = STATIC_CHAINS.filter((c) => c.vm === 'evm' && c.popular).length;

/**
 * Balances: one per chain named (duplicates once; beyond the cap the call is refused, so it counts the cap).
 * Without chains: the popular EVM chains for an EVM (0x) address, Solana alone for any other.
 */
export function balancesWeight(chains: readonly string[] | undefined | null, address?: unknown): number {
  if (!chains) return typeof address === 'string' && !/^0x/i.test(address.trim()) ? 1 : DEFAULT_BALANCE_CHAINS;
  const distinct = new Set(chains.map((c) => c.trim().toLowerCase()).filter(Boolean)).size;
  return Math.min(MAX_BALANCE_CHAINS, Math.max(1, distinct));
}

/** `chains=a,b,c` of `GET /v1/balances`, as the route reads it. */
export const balancesQueryWeight = (query: URLSearchParams) =>
  balancesWeight(query.has('chains') ? (query.get('chains') ?? '').split(',') : undefined, query.get('address') ?? undefined);

/** A CSV export (REST route or GraphQL `csvExport`) reads every row of its range: as much as ten list pages. */
export const EXPORT_WEIGHT = 10;

/** A route's rate-limit properties: its weight in the default bucket, and whether it also takes from `strict`. */
export interface RouteRateLimit {
  bucket?: 'strict';
  weight?: number | ((query: URLSearchParams) => number);
}

/** What a REST request takes: its weight from `default`, and 1 from `strict` when the route is a costly write. */
export function routeUsage(rl: RouteRateLimit | undefined, query: URLSearchParams): Usage {
  const w = rl?.weight;
  const weight = typeof w === 'function' ? w(query) : (w ?? 1);
  return { default: Math.max(1, Math.ceil(weight)), ...(rl?.bucket === 'strict' ? { strict: 1 } : {}) };
}
