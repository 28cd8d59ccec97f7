import type { OrderState } from '../providers/types.js';

/** Order record status and how provider states (`OrderState`, src/providers/types.ts) move it. Pure. */
export type OrderStatus = 'submitted' | 'filled' | 'refunded' | 'failed';
/** Final: the provider settled the order (filled, refunded or failed); nothing moves it again, and status streams complete there. */
const FINAL_STATUSES: readonly OrderStatus[] = ['filled', 'refunded', 'failed'];
export const isFinalOrder = (s: OrderStatus) => FINAL_STATUSES.includes(s);

/** The final status a provider state leads to, or null while the order is still open. */
export function finalStatusFor(state: OrderState): Exclude<OrderStatus, 'submitted'> | null {
  switch (state) {
    case 'filled':
    case 'refunded':
    case 'failed':
      return state;
    default:
      return null;
  }
}

export const isFinalState = (s: OrderState) => finalStatusFor(s) !== null;

/**
 * When to ask about an open order next: often right after submission (most fills land within a
 * minute), then less and less; an order nobody can settle stops costing upstream quota.
 */
export function nextPollDelayMs(ageMs: number, baseMs: number, rateLimited = false): number {
  let d: number;
  if (ageMs < 2 * 60_000) d = baseMs;
  else if (ageMs < 10 * 60_000) d = Math.max(baseMs, 10_000);
  else if (ageMs < 60 * 60_000) d = Math.max(baseMs, 30_000);
  else if (ageMs < 24 * 60 * 60_000) d = 5 * 60_000;
  else d = 60 * 60_000;
  return rateLimited ? Math.max(d * 4, 30_000) : d;
}

/** The event type for a status change (`order.*` in the event catalog, src/events/catalog.ts). */
export const eventTypeFor = (status: OrderStatus) => `order.${status}` as const;

/**
 * The mode an order is recorded in (and its fee ledger entries with it): the mode of the API key or dashboard session
 * that quoted it; for a payer's quote of a checkout session, that session's mode; for a quote made without either (a
 * keyless swap through the public API), live: a real provider moved real funds, and its fees are real revenue.
 */
export function orderLivemode(keyMode: 'test' | 'live' | undefined, session: { livemode: boolean } | undefined): boolean {
  if (keyMode) return keyMode === 'live';
  if (session) return session.livemode;
  return true;
}
