import { z } from 'zod';
import type { StatusIncident, StatusIncidentUpdate } from '../db/generated/client.js';
import { sameShape } from '../openapi/same-shape.js';
import { COMPONENT_STATUSES, type ComponentStatus } from './classify.js';
import { COMPONENT_GROUPS, type ComponentGroup } from './components.js';
import { type AffectedComponent, INCIDENT_KINDS, type IncidentKind, STATUS_INCIDENT_STATUSES, type StatusIncidentStatus } from './state.js';

/** One day bar: a UTC day, its state from its hourly roll-ups, and the share of its observed minutes that were up. */
export interface StatusDayView {
  day: string;
  status: ComponentStatus | null;
  uptime: number | null;
}

/** What a component's current state was judged on: its counters over the last STATUS_WINDOW_MINUTES. */
export interface StatusSignalsView {
  observations: number;
  failed: number;
  timeouts: number;
  slow: number;
  lagMs: number | null;
}

export interface StatusComponentView {
  id: string;
  name: string;
  group: ComponentGroup;
  status: ComponentStatus | null;
  signals: StatusSignalsView;
  uptime: number | null;
  days: StatusDayView[];
}

export interface StatusIncidentUpdateView {
  id: string;
  status: StatusIncidentStatus;
  message: string;
  createdAt: string;
}

export interface StatusAffectedComponentView {
  id: string;
  name: string;
  impact: AffectedComponent['impact'];
}

export interface StatusIncidentView {
  object: 'status_incident';
  id: string;
  kind: IncidentKind;
  title: string;
  status: StatusIncidentStatus;
  components: StatusAffectedComponentView[];
  scheduledStartAt: string | null;
  scheduledEndAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Newest first. */
  updates: StatusIncidentUpdateView[];
}

export interface PlatformStatusView {
  object: 'platform_status';
  status: ComponentStatus;
  updatedAt: string;
  windowMinutes: number;
  components: StatusComponentView[];
  incidents: StatusIncidentView[];
  maintenance: StatusIncidentView[];
}

const statusEnum = z.enum(COMPONENT_STATUSES);
const iso = (description: string) => z.string().meta({ description });
const isoOrNull = (description: string) => z.string().nullable().meta({ description });

export const statusIncidentViewSchema = z.object({
  object: z.literal('status_incident'),
  id: z.string().meta({ description: 'Id (`sti_…`).' }),
  kind: z.enum(INCIDENT_KINDS).meta({ description: '`incident` or `maintenance`.' }),
  title: z.string().meta({ description: 'The headline.' }),
  status: z.enum(STATUS_INCIDENT_STATUSES).meta({
    description: 'incident: investigating → identified → monitoring → resolved; maintenance: scheduled → in_progress → completed.',
  }),
  components: z
    .array(
      z.object({
        id: z.string().meta({ description: 'Component id.' }),
        name: z.string().meta({ description: 'Component name (the id when the component is no longer shown).' }),
        impact: z.enum([...COMPONENT_STATUSES.filter((s) => s !== 'operational')] as [Exclude<ComponentStatus, 'operational'>]).meta({
          description: 'How it is affected while this is active.',
        }),
      }),
    )
    .meta({ description: 'The components affected.' }),
  scheduledStartAt: isoOrNull('Maintenance: when the window opens.'),
  scheduledEndAt: isoOrNull('Maintenance: when the window closes.'),
  startedAt: isoOrNull('Incident: when posted; maintenance: when it went in_progress.'),
  endedAt: isoOrNull('When it was resolved or completed.'),
  createdAt: iso('When it was posted.'),
  updatedAt: iso('When it last changed.'),
  updates: z
    .array(
      z.object({
        id: z.string().meta({ description: 'Update id (`stu_…`).' }),
        status: z.enum(STATUS_INCIDENT_STATUSES).meta({ description: 'The status this update moved it to.' }),
        message: z.string().meta({ description: "The operator's message." }),
        createdAt: iso('When it was posted.'),
      }),
    )
    .meta({ description: 'Every update, newest first.' }),
});

export const platformStatusViewSchema = z.object({
  object: z.literal('platform_status'),
  status: statusEnum.meta({ description: 'The whole platform: the worst component state (maintenance only when nothing is worse).' }),
  updatedAt: iso('When this answer was computed (answers are cached a few seconds).'),
  windowMinutes: z.number().int().meta({ description: 'Current states are judged on this many last minutes of signals.' }),
  components: z
    .array(
      z.object({
        id: z.string().meta({ description: '`api`, `provider:<id>`, `rpc:<chainId>` or `webhooks`.' }),
        name: z.string().meta({ description: 'For people.' }),
        group: z.enum(COMPONENT_GROUPS).meta({ description: 'api, providers, rpc or webhooks.' }),
        status: statusEnum.nullable().meta({ description: 'Its state now; null when nothing was observed in the window and nothing is declared.' }),
        signals: z
          .object({
            observations: z.number().int().meta({ description: 'Observations in the window (calls, responses, checks).' }),
            failed: z.number().int().meta({ description: 'Of which failed.' }),
            timeouts: z.number().int().meta({ description: 'Of which timed out.' }),
            slow: z.number().int().meta({ description: 'Of which answered slower than the slow threshold.' }),
            lagMs: z.number().int().nullable().meta({ description: "Webhook delivery: the queue's oldest due delivery, in ms (null elsewhere)." }),
          })
          .meta({ description: 'What the state was judged on.' }),
        uptime: z.number().nullable().meta({ description: 'Percent of the observed minutes of the 90 days that were up; null without data.' }),
        days: z
          .array(
            z.object({
              day: z.string().meta({ description: 'UTC day, `YYYY-MM-DD`.' }),
              status: statusEnum.nullable().meta({ description: 'The day from its minutes; null: no data (not known to be up).' }),
              uptime: z.number().nullable().meta({ description: 'Percent of its observed minutes that were up; null without data.' }),
            }),
          )
          .meta({ description: 'The last 90 UTC days, oldest first (today last).' }),
      }),
    )
    .meta({ description: 'API, providers, chain RPCs, webhook delivery.' }),
  incidents: z.array(statusIncidentViewSchema).meta({ description: 'Open incidents and those resolved in the last 7 days, newest first.' }),
  maintenance: z
    .array(statusIncidentViewSchema)
    .meta({ description: 'Scheduled and in-progress maintenance, and that completed in the last 7 days, newest first.' }),
});

sameShape<z.output<typeof platformStatusViewSchema>, PlatformStatusView>(true);
sameShape<z.output<typeof statusIncidentViewSchema>, StatusIncidentView>(true);

const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

/** A row and its updates → the wire shape; `nameOf` names components (the id when no longer in the catalog). */
export function statusIncidentView(
  r: StatusIncident & { updates: StatusIncidentUpdate[] },
  nameOf: (component: string) => string | undefined,
): StatusIncidentView {
  return {
    object: 'status_incident',
    id: r.id,
    kind: r.kind as IncidentKind,
    title: r.title,
    status: r.status as StatusIncidentStatus,
    components: (r.components as unknown as AffectedComponent[]).map((c) => ({ id: c.id, name: nameOf(c.id) ?? c.id, impact: c.impact })),
    scheduledStartAt: isoOf(r.scheduledStartAt),
    scheduledEndAt: isoOf(r.scheduledEndAt),
    startedAt: isoOf(r.startedAt),
    endedAt: isoOf(r.endedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updates: [...r.updates]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1))
      .map((u) => ({ id: u.id, status: u.status as StatusIncidentStatus, message: u.message, createdAt: u.createdAt.toISOString() })),
  };
}
