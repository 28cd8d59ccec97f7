/**
 * Group commit for a stream of small inserts. A row is sent at once while fewer than `maxInFlight`
 * statements are on their way; rows that arrive while the database is busy wait and then go out together,
 * as one statement, when one returns. So no wait is added while the database keeps up, and under load one
 * round trip, one transaction and one wake-up of a backend serve many rows (quote sets are written once per
 * quote response, the hottest write of the service).
 *
 * Every caller's promise settles with its own statement: all the rows of a statement are written, or all
 * of their callers get its error.
 */
export interface GroupCommitOptions<R> {
  /** Writes the rows in one statement. */
  write(rows: R[]): Promise<void>;
  /** Statements on their way at once (at least 1). */
  maxInFlight: number;
  /** Rows in one statement at most. */
  maxRows: number;
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
    if (!(o.maxInFlight >= 1) || !(o.maxRows >= 1)) throw new RangeError('maxInFlight and maxRows must be at least 1');
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
      let sent: Promise<void>;
      try {
        sent = this.o.write(batch.map((w) => w.row));
      } catch (err) {
        sent = Promise.reject(err);
      }
      sent.then(
        () => this.done(batch, undefined, false),
        (err: unknown) => this.done(batch, err, true),
      );
    }
  }

  private done(batch: Waiting<R>[], err: unknown, failed: boolean) {
    this.inFlight--;
    for (const w of batch) failed ? w.reject(err) : w.resolve();
    this.pump();
  }
}
