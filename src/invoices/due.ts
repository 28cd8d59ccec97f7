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
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) return null;
  const t = Date.parse(s);
  // The zone can carry a timestamp out of the four-digit years (`0000-01-01T00:00Z`, `9999-12-31T23:59-14:00`),
  // which the database refuses: such a date is a client's mistake, not a 500.
  return Number.isNaN(t) || t < MIN_DUE || t > MAX_DUE ? null : new Date(t);
}

const MIN_DUE = Date.parse('1970-01-01T00:00:00.000Z');
const MAX_DUE = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether an open invoice is past its due date (shown to the customer; it stays payable). */
export const isOverdue = (dueAt: Date | null, status: string, now: number) => status === 'open' && !!dueAt && dueAt.getTime() < now;
