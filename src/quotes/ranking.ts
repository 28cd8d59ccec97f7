/**
 * Ranking of successful quotes, pure.
 *
 * Time-adjusted output: the output loses 1 bp per minute of estimated time beyond the first minute,
 * capped at 50 bps (pro rata within a minute). Ties go to the faster quote. When gas on arrival was
 * asked for, quotes that deliver it come first. For exact-output quotes (fixed output) the same penalty
 * is added to the input instead, and the lower time-adjusted input wins.
 */

export interface Rankable {
  provider: string;
  srcAmount: bigint;
  dstAmount: bigint;
  estimatedSeconds: number;
  deliversGasOnArrival: boolean;
}

const SCALE = 600_000n; // 10_000 bps × 60 s: penalty kept in bp-seconds/60 to stay in integers
const CAP = 50n * 60n;

/** Penalty in units of 1/60 bp. */
export function timePenalty(estimatedSeconds: number): bigint {
  const over = BigInt(Math.max(0, Math.ceil(estimatedSeconds) - 60));
  return over > CAP ? CAP : over;
}

export interface RankOptions {
  tradeType: 'EXACT_INPUT' | 'EXACT_OUTPUT';
  gasOnArrivalRequested: boolean;
}

function compareQuotes(a: Rankable, b: Rankable, o: RankOptions): number {
  if (o.gasOnArrivalRequested && a.deliversGasOnArrival !== b.deliversGasOnArrival) return a.deliversGasOnArrival ? -1 : 1;
  let diff: bigint;
  if (o.tradeType === 'EXACT_INPUT') {
    // higher adjusted output first: compare a.dst·(1-pa) with b.dst·(1-pb)
    diff = b.dstAmount * (SCALE - timePenalty(b.estimatedSeconds)) - a.dstAmount * (SCALE - timePenalty(a.estimatedSeconds));
  } else {
    // lower adjusted input first: a.src·(1+pa) vs b.src·(1+pb)
    diff = a.srcAmount * (SCALE + timePenalty(a.estimatedSeconds)) - b.srcAmount * (SCALE + timePenalty(b.estimatedSeconds));
  }
  if (diff !== 0n) return diff < 0n ? -1 : 1;
  if (a.estimatedSeconds !== b.estimatedSeconds) return a.estimatedSeconds - b.estimatedSeconds;
  return a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0; // deterministic order
}

export function rankQuotes<T extends Rankable>(quotes: T[], o: RankOptions): T[] {
  return [...quotes].sort((a, b) => compareQuotes(a, b, o));
}
