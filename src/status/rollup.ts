import { classify, currentStatus, emptyCounts, type IncidentImpact, type MinuteCounts, type Signals, worse } from './classify.js';
import { type AffectedComponent, activeAt, type IncidentTimes } from './state.js';

/**
 * Minutes → hours (pure). Each minute of a component gets one state: its signals classified on their own, made
 * worse by the impact of an incident active then, or maintenance while a maintenance listing it is active; a minute
 * without signals or declarations is "no data". An hour row counts its 60 minutes by state. Recomputing an hour from
 * the same minutes and incidents gives the same row, so the roll-up may run any number of times, on any instance.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export interface MinuteSample {
  component: string;
  /** The minute's start (ms since the epoch). */
  minute: number;
  signals: Signals;
}

export type Declared = IncidentTimes & { components: readonly AffectedComponent[] };

export interface HourRow {
  component: string;
  /** The hour's start (ms since the epoch). */
  hour: number;
  counts: MinuteCounts;
}

/** The start of the UTC minute, hour or day `t` falls in. */
export const minuteOf = (t: number) => t - (((t % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
export const hourOf = (t: number) => t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS);

/** What the declarations say about one component at `t`: the worst active incident impact, and maintenance. */
export function declaredAt(declared: readonly Declared[], component: string, t: number): { impact: IncidentImpact | null; maintenance: boolean } {
  let impact: IncidentImpact | null = null;
  let maintenance = false;
  for (const d of declared) {
    const c = d.components.find((x) => x.id === component);
    if (!c || !activeAt(d, t)) continue;
    if (d.kind === 'maintenance' || c.impact === 'under_maintenance') maintenance = true;
    else impact = impact ? worse(impact, c.impact) : c.impact;
  }
  return { impact, maintenance };
}

/**
 * The hour rows of `hours` (their starts) for every component with a minute sample in them or named by a
 * declaration. An hour in which a component has nothing at all (60 minutes of no data) gets no row: no row reads
 * as no data.
 */
export function rollUpHours(hours: readonly number[], minutes: readonly MinuteSample[], declared: readonly Declared[]): HourRow[] {
  const byKey = new Map<string, Signals>();
  const components = new Set<string>();
  for (const m of minutes) {
    byKey.set(`${m.component}|${m.minute}`, m.signals);
    components.add(m.component);
  }
  for (const d of declared) for (const c of d.components) components.add(c.id);
  const rows: HourRow[] = [];
  for (const component of [...components].sort()) {
    for (const hour of hours) {
      const counts = emptyCounts();
      for (let i = 0; i < 60; i++) {
        const t = hour + i * MINUTE_MS;
        const s = byKey.get(`${component}|${t}`);
        const d = declaredAt(declared, component, t);
        const state = currentStatus(s ? classify(s) : null, d.impact, d.maintenance);
        if (state === null) counts.noData++;
        else if (state === 'operational') counts.operational++;
        else if (state === 'degraded_performance') counts.degraded++;
        else if (state === 'partial_outage') counts.partial++;
        else if (state === 'major_outage') counts.major++;
        else counts.maintenance++;
      }
      if (counts.noData < 60) rows.push({ component, hour, counts });
    }
  }
  return rows;
}
