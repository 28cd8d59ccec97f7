import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { RawSql } from '../db/client.js';
import type { StoredQuote } from '../providers/types.js';
import { parseQuoteId } from './quote-id.js';
import type { QuoteRecord } from './record.js';
import { quoteFromSetJson } from './serialize.js';
import { PgQuoteStore, type QuoteSetRow, type QuoteStore, quoteSetRow } from './store.js';

/** How long a set may wait in memory before its insert starts (the window a crash can lose, as with Postgres). */
const EMBEDDED_FLUSH_MS = 100;
/** Sets per insert statement at most. */
const MAX_ROWS = 128;

/**
 * The quote store on embedded PGlite, where this process alone owns the database (the data directory's lock):
 * `quote_sets` as on Postgres, written behind. A response's set is readable from memory at once and is inserted
 * with the others of its 100 ms in one statement, off the request path: PGlite is one connection in this
 * process, whose every statement runs on the event loop, so waiting for each response's insert (even grouped)
 * put the database's CPU time into every quote's latency.
 *
 * What it keeps of the Postgres store: every set reaches `quote_sets`, so quotes are built after a restart; a
 * stop (`close`) writes what waits first. What it gives up is the same as Postgres's `synchronous_commit = off`:
 * a crash loses the sets of the last ~100 ms (building one answers QUOTE_NOT_FOUND and the client re-quotes).
 * A failed insert keeps its sets in memory, readable, and is retried at the next flush.
 */
export class EmbeddedQuoteStore implements QuoteStore {
  readonly system = 'postgresql';
  private table: PgQuoteStore;
  /** Sets not yet inserted, in arrival order. */
  private pending = new Map<string, QuoteSetRow>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    sql: RawSql,
    private clock: Clock,
    private log: Pick<Logger, 'warn'>,
    private flushMs = EMBEDDED_FLUSH_MS,
  ) {
    this.table = new PgQuoteStore(sql, clock);
  }

  async putSet(setId: string, quotes: StoredQuote[]) {
    if (!quotes.length) return;
    if (this.closed) throw new Error('quote store is closed');
    const row = quoteSetRow(setId, quotes);
    this.pending.set(setId, row);
    this.schedule();
  }

  async find(quoteId: string): Promise<QuoteRecord | undefined> {
    const id = parseQuoteId(quoteId);
    const waiting = id?.kind === 'set' ? this.pending.get(id.setId) : undefined;
    // Parsed from its stored text, exactly as a row read back from the table would be.
    if (id?.kind === 'set' && waiting) return quoteFromSetJson(JSON.parse(waiting[1]), id);
    return this.table.find(quoteId);
  }

  async sweep() {
    const now = this.clock.now();
    let dropped = 0;
    for (const [setId, row] of this.pending) {
      if (Date.parse(row[2]) < now) {
        this.pending.delete(setId);
        dropped++;
      }
    }
    return dropped + (await this.table.sweep());
  }

  /** Sets waiting in memory (tests, and the stop's log). */
  get waiting() {
    return this.pending.size;
  }

  /** Inserts every set that waits now (what the timer does; `close` and tests call it directly). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => {});
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
      // Sets that arrived meanwhile, or that a failed insert left behind.
      if (this.pending.size) this.schedule();
    });
    await this.flushing;
  }

  private schedule() {
    if (this.timer || this.flushing || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((err: unknown) =>
        this.log.warn({ err, waiting: this.pending.size }, 'quote store: insert failed; the sets stay in memory and are retried'),
      );
    }, this.flushMs);
    this.timer.unref();
  }

  private async writeAll() {
    // Only what waits now: sets that arrive during the inserts go with the next flush.
    const batch = [...this.pending.values()];
    for (let i = 0; i < batch.length; i += MAX_ROWS) {
      const rows = batch.slice(i, i + MAX_ROWS);
      await this.table.insertRows(rows);
      for (const r of rows) if (this.pending.get(r[0]) === r) this.pending.delete(r[0]);
    }
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.size && !this.flushing) return;
    try {
      await this.flush();
    } catch (err) {
      this.log.warn({ err, lost: this.pending.size }, 'quote store: the last sets could not be written before the stop');
    }
  }
}
