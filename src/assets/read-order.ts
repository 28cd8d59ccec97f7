/**
 * The order in which a balances request sends its chains' reads. They go out one after another (each costs some CPU
 * to prepare and send), so the request ends when the slowest chain answers, counted from when its read left. Sending
 * the chains that were slowest lately first starts the longest wait earliest.
 */

/** Weight of the newest sample in a chain's running latency (an exponentially weighted moving average). */
export const LATENCY_WEIGHT = 0.3;

/** The running latency after one more sample; the first sample is taken as it is. */
export function nextLatency(previous: number | undefined, sampleMs: number, weight = LATENCY_WEIGHT): number {
  return previous === undefined ? sampleMs : previous + weight * (sampleMs - previous);
}

/**
 * Chains in the order to read them: those never measured first (any could be slow), then the rest slowest first;
 * ties keep the order given.
 */
export function slowestFirst<T extends { id: number }>(chains: readonly T[], latency: ReadonlyMap<number, number>): T[] {
  const rank = (c: T) => latency.get(c.id) ?? Number.POSITIVE_INFINITY;
  return chains
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .map((x) => x.c);
}
