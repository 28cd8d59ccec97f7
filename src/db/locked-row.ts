import type { Prisma as PrismaClient } from './client.js';
import type { Prisma } from './generated/client.js';

type Tx = Prisma.TransactionClient;

export interface LockedRow<Row> {
  /** The table whose row `id` is locked (a fixed name from the caller, never input). */
  table: string;
  id: string;
  /**
   * The row lock: `FOR UPDATE` by default; `FOR NO KEY UPDATE` for a row that others reference by foreign key, whose
   * inserts (a KEY SHARE lock on it) must not wait on this change.
   */
  mode?: 'UPDATE' | 'NO KEY UPDATE';
  /** Reads the row once it is locked. */
  read(tx: Tx): Promise<Row | null>;
  /** Whether the caller may see the row (its account and mode); a row it may not see is `missing` too. */
  visible?(row: Row): boolean;
  /** The error for a row that does not exist (or is not visible): one answer for both, so ids leak nothing. */
  missing(): Error;
}

/**
 * Runs `fn` with one row locked (`mode`): inside `outerTx` when given (the caller's transaction), else in a new
 * transaction with `txOptions` (Prisma's defaults without). The lock is a raw `SELECT … FOR …` because Prisma has no
 * row-lock read.
 */
export async function withLockedRow<Row, T>(
  prisma: PrismaClient,
  lock: LockedRow<Row>,
  fn: (tx: Tx, row: Row) => Promise<T>,
  opts: { outerTx?: Tx; txOptions?: { maxWait: number; timeout: number } } = {},
): Promise<T> {
  const locked = async (tx: Tx) => {
    const rows = await tx.$queryRawUnsafe<Array<{ id: string }>>(`SELECT id FROM ${lock.table} WHERE id = $1 FOR ${lock.mode ?? 'UPDATE'}`, lock.id);
    const row = rows.length ? await lock.read(tx) : null;
    if (!row || (lock.visible && !lock.visible(row))) throw lock.missing();
    return fn(tx, row);
  };
  return opts.outerTx ? locked(opts.outerTx) : prisma.$transaction(locked, opts.txOptions);
}
