/** A token bucket: a burst of `perSecond`, refilled continuously at `perSecond`. `now` in ms. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond;
    this.last = now;
  }

  /** Spends one token; false when none is left (perSecond 0 = unlimited). */
  take(now: number): boolean {
    if (this.perSecond <= 0) return true;
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
