/**
 * Group commit for a stream of small inserts. A row is sent at once while fewer than `maxInFlight`
 * statements are on their way; rows that arrive while the database is busy wait and then go out together,
 * as one statement, when one returns. So no wait is added while the database keeps up, and under load one
 * round trip, one transaction and one wake-up of a backend serve many rows (quote sets are written once per
 * quote response, the hottest write of the service).
 *
 * Every caller's promise settles with its own statement: all the rows of a statement are written, or all
 * of their callers get its error. A statement that has not returned within `timeoutMs` fails its callers
 * and frees its slot, so one hung connection cannot hold every later write (it may still commit late: its
 * rows are then stored for nobody, and swept as any other).
 */
export interface GroupCommitOptions<R> {
  /** Writes the rows in one statement. */
  write(rows: R[]): Promise<void>;
  /** Statements on their way at once (at least 1). */
  maxInFlight: number;
  /** Rows in one statement at most. */
  maxRows: number;
  /** How long a statement may take before its callers are failed and its slot reused. */
  timeoutMs: number;
}

interface Waiting<R> {
  row: R;
  resolve(): void;
  reject(err: unknown): void;
}

export class GroupCommit<R> {
  private queue: Waiting<R>[] = [];
  private inFlight = 0;

  constructor(private o: GroupCommitOptions<R>) {
    if (!(o.maxInFlight >= 1) || !(o.maxRows >= 1) || !(o.timeoutMs > 0)) throw new RangeError('maxInFlight and maxRows must be at least 1, timeoutMs above 0');
  }

  /** Resolves once the statement carrying `row` has succeeded. */
  add(row: R): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.pump();
    });
  }

  /** Rows waiting for a statement (not counting those on their way). */
  get waiting() {
    return this.queue.length;
  }

  private pump() {
    while (this.inFlight < this.o.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.o.maxRows);
      this.inFlight++;
      let settled = false;
      const finish = (err: unknown, failed: boolean) => {
        if (settled) return; // the statement returned after its deadline, or the deadline after it
        settled = true;
        clearTimeout(timer);
        this.inFlight--;
        for (const w of batch) failed ? w.reject(err) : w.resolve();
        this.pump();
      };
      const timer = setTimeout(() => finish(new Error(`write did not return within ${this.o.timeoutMs} ms`), true), this.o.timeoutMs);
      let sent: Promise<void>;
      try {
        sent = Promise.resolve(this.o.write(batch.map((w) => w.row)));
      } catch (err) {
        sent = Promise.reject(err);
      }
      sent.then(
        () => finish(undefined, false),
        (err: unknown) => finish(err, true),
      );
    }
  }
}
