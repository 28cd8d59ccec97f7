import { ApiError, invalidParams } from '../errors.js';

/**
 * Keyset pagination, newest first, over (created_at, id): the one way every list endpoint pages (checkout
 * sessions, events, webhook attempts). A page asks for `limit + 1` rows after the previous page's last row;
 * the extra row only says whether there is more. Two cursor spellings exist on the wire and both stay:
 * checkout's opaque `[createdAt, id]` token, and the last item's id (events, attempts), looked up again.
 */
export interface Keyset {
  createdAt: Date;
  id: string;
}

/** One page of an export: the rows created in [from, to), oldest first, after `cursor` (src/exports/). */
export interface RangePageQuery {
  from: Date;
  to: Date;
  cursor: string | null;
  limit: number;
}

export interface Page<T> {
  object: 'list';
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

export const NEWEST_FIRST: Array<{ createdAt: 'desc' } | { id: 'desc' }> = [{ createdAt: 'desc' }, { id: 'desc' }];

/** Prisma `where` fragment: the rows after `k` in newest-first order (nothing to add on the first page). */
export function after(k: Keyset | null | undefined) {
  return k ? { OR: [{ createdAt: { lt: k.createdAt } }, { createdAt: k.createdAt, id: { lt: k.id } }] } : {};
}

/** Oldest first over (created_at, id): exports read a time range in the order things happened. */
export const OLDEST_FIRST: Array<{ createdAt: 'asc' } | { id: 'asc' }> = [{ createdAt: 'asc' }, { id: 'asc' }];

/** Prisma `where` fragment: the rows after `k` in OLDEST_FIRST order (nothing to add on the first page). */
export function afterAscending(k: Keyset | null | undefined) {
  return k ? { OR: [{ createdAt: { gt: k.createdAt } }, { createdAt: k.createdAt, id: { gt: k.id } }] } : {};
}

/** The page out of `limit + 1` rows read in NEWEST_FIRST order; `cursorOf` names the last row kept. */
export function pageOf<R, T>(rows: readonly R[], limit: number, view: (r: R) => T, cursorOf: (last: R) => string): Page<T> {
  const kept = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = kept[kept.length - 1];
  return { object: 'list', data: kept.map((r) => view(r)), hasMore, nextCursor: hasMore && last !== undefined ? cursorOf(last) : null };
}

/** Opaque cursor: base64url of `[createdAt ISO, id]`. */
export function encodeCursor(k: Keyset): string {
  return Buffer.from(JSON.stringify([k.createdAt.toISOString(), k.id])).toString('base64url');
}

/** 9999-12-31T23:59:59.999Z: no row is newer, and later years are refused rather than sent to the database. */
const MAX_CURSOR_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Reads an `encodeCursor` token; `validId` rejects ids this endpoint never issues. INVALID_PARAMS otherwise. */
export function decodeCursor(cursor: string, validId: (id: string) => boolean): Keyset {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    // Only dates a row can have (1970 to 9999): JavaScript reads years the database cannot hold (a 500 there).
    const t = createdAt.getTime();
    if (typeof id !== 'string' || !validId(id) || Number.isNaN(t) || t < 0 || t > MAX_CURSOR_TIME) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new ApiError('INVALID_PARAMS', 'cursor: is not a cursor returned by this endpoint', { field: 'cursor' });
  }
}

/** Id cursor: the keyset of the row named by `cursor` (read by `find` within the caller's scope), or INVALID_PARAMS. */
export async function keysetOfId(cursor: string | undefined, find: (id: string) => Promise<Keyset | null>): Promise<Keyset | null> {
  if (!cursor) return null;
  const k = await find(cursor);
  if (!k) throw invalidParams('cursor', 'unknown cursor');
  return k;
}
