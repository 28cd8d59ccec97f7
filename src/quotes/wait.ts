/**
 * The adaptive wait of a one-shot quote with `waitMs` (LI.FI's `minWaitTime` timing strategy is the model): every
 * provider is waited for until `waitMs`; from then on the answer goes out as soon as enough providers have quoted.
 * "Enough" starts at half of the providers asked (rounded up) and drops by one every `waitMs / 2`, down to one
 * quote. Without a quote the wait goes on until every provider has settled (the answer is then NO_ROUTE, as
 * without `waitMs`). Pure: the service calls it on every provider answer and at the times `nextCheckMs` names.
 */
export interface WaitState {
  /** Milliseconds since the providers were asked. */
  elapsedMs: number;
  waitMs: number;
  /** Providers asked. */
  asked: number;
  /** Providers that answered with a usable quote. */
  quoted: number;
  /** Providers that answered at all (a quote or a failure). */
  settled: number;
}

/** Quotes needed to answer at `elapsedMs` (Infinity before `waitMs`: everyone is waited for until then). */
export function quotesNeeded(s: Pick<WaitState, 'elapsedMs' | 'waitMs' | 'asked'>): number {
  if (s.elapsedMs < s.waitMs) return Number.POSITIVE_INFINITY;
  const start = Math.ceil(s.asked / 2);
  const reduceEveryMs = s.waitMs / 2;
  if (reduceEveryMs <= 0) return 1;
  return Math.max(1, start - Math.floor((s.elapsedMs - s.waitMs) / reduceEveryMs));
}

/** Whether the one-shot answer goes out now. */
export function enoughAnswered(s: WaitState): boolean {
  if (s.settled >= s.asked) return true;
  return s.quoted >= 1 && s.quoted >= quotesNeeded(s);
}

/** When (elapsed ms) the rule can next change its mind without a provider answering: `waitMs`, then each step down. */
export function nextCheckMs(s: Pick<WaitState, 'elapsedMs' | 'waitMs'>): number {
  if (s.elapsedMs < s.waitMs) return s.waitMs;
  const reduceEveryMs = s.waitMs / 2;
  if (reduceEveryMs <= 0) return Number.POSITIVE_INFINITY;
  return s.waitMs + (Math.floor((s.elapsedMs - s.waitMs) / reduceEveryMs) + 1) * reduceEveryMs;
}
