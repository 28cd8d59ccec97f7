import type { IncidentImpact } from './classify.js';

/**
 * Incidents and maintenance (pure): their statuses, which moves an operator may post, and when each one counts
 * (an incident's declared impact, a maintenance's `under_maintenance`).
 *
 *   incident:    investigating → identified → monitoring → resolved (final)
 *   maintenance: scheduled → in_progress → completed (final)
 *
 * An update may repeat the status (a new message, "still investigating"), move an open incident between its open
 * statuses in either direction (monitoring → investigating when a fix did not hold), or end it. A maintenance moves
 * forward only (scheduled → completed ends one that never started). Nothing moves out of a final status.
 */

export const INCIDENT_KINDS = ['incident', 'maintenance'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
export const STATUS_INCIDENT_STATUSES = [...INCIDENT_STATUSES, ...MAINTENANCE_STATUSES] as const;
export type StatusIncidentStatus = (typeof STATUS_INCIDENT_STATUSES)[number];

const FINAL_INCIDENT_STATUSES: readonly StatusIncidentStatus[] = ['resolved', 'completed'];
export const isFinal = (s: StatusIncidentStatus) => FINAL_INCIDENT_STATUSES.includes(s);

/** Statuses of a kind, in lifecycle order; the first is where a new one starts by default. */
export const statusesOf = (kind: IncidentKind): readonly StatusIncidentStatus[] => (kind === 'incident' ? INCIDENT_STATUSES : MAINTENANCE_STATUSES);

/** Why a move is refused (null: allowed). */
export function transitionProblem(kind: IncidentKind, from: StatusIncidentStatus, to: StatusIncidentStatus): string | null {
  const order = statusesOf(kind);
  if (!order.includes(to)) return `${to} is not a status of ${kind === 'incident' ? 'an' : 'a'} ${kind} (${order.join(', ')})`;
  if (isFinal(from)) return `this ${kind} is ${from} already`;
  if (kind === 'maintenance' && order.indexOf(to) < order.indexOf(from)) return `a maintenance that is ${from} cannot go back to ${to}`;
  return null;
}

/** The component impacts an incident or maintenance declares, as stored. */
export interface AffectedComponent {
  id: string;
  impact: IncidentImpact | 'under_maintenance';
}

/** What decides when one counts: its kind, status and times (ms since the epoch). */
export interface IncidentTimes {
  kind: IncidentKind;
  status: StatusIncidentStatus;
  scheduledStartAt: number | null;
  scheduledEndAt: number | null;
  startedAt: number | null;
  endedAt: number | null;
}

/**
 * Whether it counts at `t`. An incident: from when it was posted until resolved. A maintenance: from when its window
 * opened or it went in_progress (whichever came first) until completed; one that never went in_progress counts only
 * inside its window, so a window passing unattended ends it on the page too.
 */
export function activeAt(i: IncidentTimes, t: number): boolean {
  if (i.endedAt !== null && t >= i.endedAt) return false;
  if (i.kind === 'incident') return i.startedAt !== null && t >= i.startedAt;
  const opened = Math.min(i.startedAt ?? Number.POSITIVE_INFINITY, i.scheduledStartAt ?? Number.POSITIVE_INFINITY);
  if (t < opened) return false;
  if (i.startedAt !== null && t >= i.startedAt) return true;
  return i.scheduledEndAt !== null && t < i.scheduledEndAt;
}
