import { addCounts, emptyCounts, type MinuteCounts, periodStatus } from './classify.js';
import type { StatusDayView } from './views.js';

/** The day bars (pure): the last 90 UTC days of a component from its daily minute counts, oldest first. */

const HISTORY_DAYS = 90;
export const DAY_MS = 86_400_000;

/** The UTC day of `t`, `YYYY-MM-DD`. */
const dayKey = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The start of the first of the 90 days ending with the day of `now`. */
export const historyStart = (now: number) => Date.parse(`${dayKey(now)}T00:00:00.000Z`) - (HISTORY_DAYS - 1) * DAY_MS;

/** 90 bars (a day without counts has no status: missing, not up) and the uptime over all of them. */
export function dayBars(byDay: ReadonlyMap<string, MinuteCounts> | undefined, now: number): { days: StatusDayView[]; uptime: number | null } {
  const start = historyStart(now);
  const total = emptyCounts();
  const days: StatusDayView[] = [];
  for (let i = 0; i < HISTORY_DAYS; i++) {
    const day = dayKey(start + i * DAY_MS);
    const counts = byDay?.get(day);
    if (counts) addCounts(total, counts);
    days.push({ day, ...(counts ? periodStatus(counts) : { status: null, uptime: null }) });
  }
  return { days, uptime: periodStatus(total).uptime };
}
