/**
 * How signals become states (pure; the thresholds are documented in docs/status.md, table-tested in
 * test/status/classify.test.ts). The vocabulary is Statuspage's: a component and the platform are `operational`,
 * `degraded_performance`, `partial_outage`, `major_outage` or `under_maintenance`.
 */

export const COMPONENT_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** What signals alone can say (maintenance is declared, never measured). */
export type SignalStatus = Exclude<ComponentStatus, 'under_maintenance'>;

/** What an incident may declare for a component it affects. */
export const INCIDENT_IMPACTS = ['degraded_performance', 'partial_outage', 'major_outage'] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

/**
 * Counters of one component over some minutes. All are sums (instances add theirs), except `lagMs`, the worst lag
 * seen (the webhook queue's oldest due delivery).
 */
export interface Signals {
  total: number;
  failed: number;
  timeouts: number;
  slow: number;
  lagMs: number;
}

export const NO_SIGNALS: Readonly<Signals> = { total: 0, failed: 0, timeouts: 0, slow: 0, lagMs: 0 };

/**
 * The thresholds. `bad` is the share of observations that failed or timed out; `slow` the share answered slower than
 * STATUS_SLOW_MS; `lagMs` the webhook queue's oldest due delivery. Each level is reached at or above its value.
 */
export const THRESHOLDS = {
  bad: { degraded_performance: 0.02, partial_outage: 0.1, major_outage: 0.5 },
  slow: { degraded_performance: 0.25 },
  lagMs: { degraded_performance: 60_000, partial_outage: 300_000, major_outage: 900_000 },
} as const;

/** Severity order of the states (maintenance ranks below any problem: a problem elsewhere is worth showing first). */
const RANK: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 1,
  degraded_performance: 2,
  partial_outage: 3,
  major_outage: 4,
};

/** The more severe of two states. */
export const worse = <S extends ComponentStatus>(a: S, b: S): S => (RANK[b] > RANK[a] ? b : a);

/** The state of a component over some minutes from its counters alone; null when nothing was observed. */
export function classify(s: Signals): SignalStatus | null {
  if (s.total <= 0) return null;
  const bad = (s.failed + s.timeouts) / s.total;
  const answered = s.total - s.failed - s.timeouts;
  const slow = answered > 0 ? s.slow / answered : 0;
  const levels = ['major_outage', 'partial_outage', 'degraded_performance'] as const;
  for (const level of levels) {
    const byBad = bad >= THRESHOLDS.bad[level];
    const byLag = s.lagMs >= THRESHOLDS.lagMs[level];
    const bySlow = level === 'degraded_performance' && slow >= THRESHOLDS.slow.degraded_performance;
    if (byBad || byLag || bySlow) return level;
  }
  return 'operational';
}

/**
 * A component's state now: under maintenance while a maintenance that lists it is active; otherwise the worse of
 * what its signals say and what open incidents declare; null when there is neither a signal nor a declaration.
 */
export function currentStatus(signal: SignalStatus | null, declared: IncidentImpact | null, maintenance: boolean): ComponentStatus | null {
  if (maintenance) return 'under_maintenance';
  if (signal && declared) return worse<ComponentStatus>(signal, declared);
  return signal ?? declared;
}

/**
 * The platform's state: the worst component state. Maintenance shows only when nothing is worse; components with
 * no data count for nothing (operational when no component has any: the API answering is itself the signal).
 */
export function overallStatus(states: ReadonlyArray<ComponentStatus | null>): ComponentStatus {
  let overall: ComponentStatus = 'operational';
  for (const s of states) if (s) overall = worse(overall, s);
  return overall;
}

/** Minutes of one component in some period, by state. */
export interface MinuteCounts {
  operational: number;
  degraded: number;
  partial: number;
  major: number;
  maintenance: number;
  noData: number;
}

export const emptyCounts = (): MinuteCounts => ({ operational: 0, degraded: 0, partial: 0, major: 0, maintenance: 0, noData: 0 });

/** The day-bar thresholds: shares of the day's observed minutes outside maintenance. */
export const DAY_THRESHOLDS = {
  /** Operational minutes at least this share → operational. */
  operational: 0.998,
  /** Otherwise up minutes (operational or degraded) at least this share → degraded_performance. */
  degraded_performance: 0.95,
  /** Otherwise up minutes above this share → partial_outage; else major_outage. */
  partial_outage: 0.5,
} as const;

/**
 * A day bar (or any period) from its minutes. Uptime is the share of observed minutes outside maintenance that were
 * up (operational or degraded), in percent with two decimals; null without any. A period with nothing observed and
 * no maintenance has no status (shown as missing, never as up); one whose minutes were all maintenance, or all up
 * with some maintenance, is `under_maintenance`.
 */
export function periodStatus(c: MinuteCounts): { status: ComponentStatus | null; uptime: number | null } {
  const observed = c.operational + c.degraded + c.partial + c.major;
  if (observed === 0) return { status: c.maintenance > 0 ? 'under_maintenance' : null, uptime: null };
  const ok = c.operational / observed;
  const up = (c.operational + c.degraded) / observed;
  const uptime = Math.floor(up * 10_000) / 100;
  if (ok >= DAY_THRESHOLDS.operational) return { status: c.maintenance > 0 ? 'under_maintenance' : 'operational', uptime };
  if (up >= DAY_THRESHOLDS.degraded_performance) return { status: 'degraded_performance', uptime };
  if (up > DAY_THRESHOLDS.partial_outage) return { status: 'partial_outage', uptime };
  return { status: 'major_outage', uptime };
}

/** Adds `b` into `a`. */
export function addCounts(a: MinuteCounts, b: MinuteCounts): MinuteCounts {
  a.operational += b.operational;
  a.degraded += b.degraded;
  a.partial += b.partial;
  a.major += b.major;
  a.maintenance += b.maintenance;
  a.noData += b.noData;
  return a;
}
