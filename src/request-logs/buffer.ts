/**
 * A bounded write-behind buffer: `push` only appends (the request path never waits for I/O), and the buffer is
 * written by `write` in batches of `flushAt` items: at once when a batch is full, else `intervalMs` after the
 * first item. One write runs at a time. A failed write puts its batch back and is retried later (backing off up
 * to `maxBackoffMs`); meanwhile at most `max` items are held, the oldest dropped beyond that, and every drop is
 * counted and reported through `warn` (once per write attempt, never once per item).
 */
export interface BufferOptions<T> {
  max: number;
  flushAt: number;
  intervalMs: number;
  maxBackoffMs?: number;
  write(batch: T[]): Promise<void>;
  warn(report: BufferReport): void;
}

export interface BufferReport {
  /** Items dropped since the last report (the buffer was full). */
  dropped: number;
  droppedTotal: number;
  /** Items still waiting. */
  pending: number;
  /** The write error, when a write failed. */
  err?: unknown;
}

export class WriteBuffer<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private timerDue = 0;
  private running: Promise<void> | undefined;
  private closed = false;
  private backoffMs = 0;
  private blockedUntil = 0;
  private droppedSinceReport = 0;
  droppedTotal = 0;
  written = 0;

  constructor(private readonly opts: BufferOptions<T>) {}

  /** Items waiting to be written. */
  get pending(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.closed) {
      this.countDropped(1);
      return;
    }
    this.items.push(item);
    if (this.items.length > this.opts.max) this.trim();
    this.schedule(this.items.length >= this.opts.flushAt ? 0 : this.opts.intervalMs);
  }

  /** Writes everything buffered now (one write at a time; a failed write leaves its batch for the next try). */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.running) await this.running;
    if (!this.items.length) return this.report();
    this.running = this.drain();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Stops taking items and writes what is buffered (one attempt); what cannot be written is reported lost. */
  async close(): Promise<void> {
    this.closed = true;
    this.blockedUntil = 0;
    await this.flush();
    if (this.items.length) {
      this.countDropped(this.items.length);
      this.items = [];
      this.report();
    }
    this.clearTimer();
  }

  private async drain(): Promise<void> {
    while (this.items.length) {
      const batch = this.items.splice(0, this.opts.flushAt);
      try {
        await this.opts.write(batch);
        this.written += batch.length;
        this.backoffMs = 0;
      } catch (err) {
        // Back in front (they are the oldest), then bounded again: what came in meanwhile may have filled it.
        this.items.unshift(...batch);
        if (this.items.length > this.opts.max) this.trim();
        this.backoffMs = Math.min(this.opts.maxBackoffMs ?? 5_000, Math.max(this.opts.intervalMs, this.backoffMs * 2));
        this.blockedUntil = performance.now() + this.backoffMs;
        this.report(err);
        if (!this.closed) this.schedule(this.backoffMs);
        return;
      }
    }
    this.report();
  }

  /** Drops the oldest items down to 90% of `max` (in one splice, not one shift per push while full). */
  private trim(): void {
    const n = this.items.length - Math.floor(this.opts.max * 0.9);
    if (n <= 0) return;
    this.items.splice(0, n);
    this.countDropped(n);
  }

  private countDropped(n: number): void {
    this.droppedSinceReport += n;
    this.droppedTotal += n;
  }

  private report(err?: unknown): void {
    if (!this.droppedSinceReport && err === undefined) return;
    const dropped = this.droppedSinceReport;
    this.droppedSinceReport = 0;
    this.opts.warn({ dropped, droppedTotal: this.droppedTotal, pending: this.items.length, ...(err === undefined ? {} : { err }) });
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    const due = Math.max(performance.now() + ms, this.blockedUntil);
    if (this.timer && this.timerDue <= due) return;
    this.clearTimer();
    this.timerDue = due;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.flush();
      },
      Math.max(0, due - performance.now()),
    );
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
