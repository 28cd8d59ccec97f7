/**
 * Retry schedule: exponential backoff (×3) from a base delay, capped, with ±20 % jitter so that
 * endpoints recovering from an outage are not hit by every queued delivery at the same instant.
 *
 * At the default base of 5 s the nominal delays after each failed attempt are:
 *   5 s, 15 s, 45 s, 2 m 15 s, 6 m 45 s, 20 m 15 s, 1 h 45 s, 3 h 2 m, 9 h 7 m, then 12 h five times
 * = 15 attempts over about 73.7 hours (≈3 days); then the delivery is marked `failed`.
 */
const GROWTH = 3;
/** The cap, in multiples of the base (12 h at 5 s). */
const CAP_FACTOR = 8640;
export const MAX_ATTEMPTS = 15;
const JITTER = 0.2;

/** Nominal delay before attempt `attempt + 1`, after `attempt` failed attempts (attempt ≥ 1). */
export function nominalDelayMs(attempt: number, baseMs: number): number {
  if (attempt < 1) throw new RangeError('attempt starts at 1');
  return Math.min(baseMs * GROWTH ** (attempt - 1), baseMs * CAP_FACTOR);
}

/** The delay to wait after failed attempt `attempt`, or null when no attempt is left. `rand` ∈ [0, 1). */
export function retryDelayMs(attempt: number, baseMs: number, rand: number = Math.random()): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const nominal = nominalDelayMs(attempt, baseMs);
  return Math.round(nominal * (1 - JITTER + 2 * JITTER * rand));
}

/** Sum of the nominal delays: how long a delivery is retried for (≈73.7 h at the default base). */
export function totalRetrySpanMs(baseMs: number): number {
  let total = 0;
  for (let a = 1; a < MAX_ATTEMPTS; a++) total += nominalDelayMs(a, baseMs);
  return total;
}
