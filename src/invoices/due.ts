import { parseDateTimeInput } from '../validation.js';

/**
 * `dueAt` as the API takes it: a calendar date (`2026-12-31`, meaning the end of that day in UTC, the last
 * millisecond) or an ISO 8601 timestamp with a time zone. Returns null for anything else (including dates
 * that do not exist, such as `2026-02-30`, and instants outside 1970–9999 UTC).
 */
export function parseDueAt(s: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const t = Date.UTC(y, m - 1, d, 23, 59, 59, 999);
    const back = new Date(t);
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
    return back;
  }
  // A timestamp: the shared strict rule (no roll-over of impossible dates), within 1970-9999 UTC (a zone can carry a
  // four-digit-year timestamp out of them, `9999-12-31T23:59-14:00`, which the database refuses).
  return parseDateTimeInput(s);
}

/** Whether an open invoice is past its due date (shown to the customer; it stays payable). */
export const isOverdue = (dueAt: Date | null, status: string, now: number) => status === 'open' && !!dueAt && dueAt.getTime() < now;
