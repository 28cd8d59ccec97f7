import { builder, describedValues, payloadDescription } from '../builder.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { parseGraphQLInput } from '../input.js';
import { connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import type { ComponentStatus } from '../../status/classify.js';
import type { ComponentGroup } from '../../status/components.js';
import { createIncidentSchema, listIncidentsSchema, updateIncidentSchema } from '../../status/input.js';
import type { IncidentKind, StatusIncidentStatus } from '../../status/state.js';
import type {
  PlatformStatusView,
  StatusAffectedComponentView,
  StatusComponentView,
  StatusDayView,
  StatusIncidentUpdateView,
  StatusIncidentView,
  StatusSignalsView,
} from '../../status/views.js';

/**
 * The public platform status (`platformStatus`, the same answer as `GET /v1/status`) and the operator's incidents
 * and maintenance (`adminStatusIncidents`, `adminCreateStatusIncident`, `adminUpdateStatusIncident`). Every rule
 * lives in StatusService.
 */

const ComponentStatusEnum = builder.enumType('StatusComponentStatus', {
  description: 'The state of a component or of the whole platform (the vocabulary status pages share).',
  values: describedValues<ComponentStatus>({
    operational: 'Working as it should.',
    degraded_performance: 'Working, but slow or failing a little (at least 2 % of calls failed, or a quarter were slow).',
    partial_outage: 'Failing often (at least 10 % of calls), or declared so by an incident.',
    major_outage: 'Mostly failing (at least half of the calls), or declared so by an incident.',
    under_maintenance: 'In a maintenance window announced in advance.',
  }),
});

const ImpactEnum = builder.enumType('StatusImpact', {
  description: 'How an incident or a maintenance affects a component while it is active.',
  values: describedValues<Exclude<ComponentStatus, 'operational'>>({
    degraded_performance: 'Slow or failing a little.',
    partial_outage: 'Failing often.',
    major_outage: 'Mostly failing.',
    under_maintenance: 'Under maintenance (every component of a maintenance).',
  }),
});

const GroupEnum = builder.enumType('StatusComponentGroup', {
  description: 'What kind of component.',
  values: describedValues<ComponentGroup>({
    api: 'This API itself (its 5xx rate).',
    providers: 'A liquidity provider (errors, timeouts and latency of quote calls).',
    rpc: 'A chain RPC (health checks).',
    webhooks: 'Webhook delivery (the lag of the queue).',
  }),
});

const KindEnum = builder.enumType('StatusIncidentKind', {
  description: 'Incident or maintenance.',
  values: describedValues<IncidentKind>({
    incident: 'Something is wrong: investigating → identified → monitoring → resolved.',
    maintenance: 'Planned work in a window: scheduled → in_progress → completed.',
  }),
});

const IncidentStatusEnum = builder.enumType('StatusIncidentStatus', {
  description: 'Where an incident or a maintenance stands.',
  values: describedValues<StatusIncidentStatus>({
    investigating: 'Incident: the cause is being looked for.',
    identified: 'Incident: the cause is known; a fix is under way.',
    monitoring: 'Incident: a fix is in place and being watched.',
    resolved: 'Incident: over (final).',
    scheduled: 'Maintenance: announced, its window not begun (it counts inside its window).',
    in_progress: 'Maintenance: under way.',
    completed: 'Maintenance: over (final).',
  }),
});

const DayRef = builder.objectRef<StatusDayView>('StatusDay').implement({
  description: "One UTC day of a component's 90-day history.",
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The UTC day, `YYYY-MM-DD`.' }),
    status: t.field({
      type: ComponentStatusEnum,
      nullable: true,
      description: 'The day from its minutes; null: no data that day (not known to be up).',
      resolve: (d) => d.status,
    }),
    uptime: t.exposeFloat('uptime', { nullable: true, description: 'Percent of its observed minutes that were up; null without data.' }),
  }),
});

const SignalsRef = builder.objectRef<StatusSignalsView>('StatusSignals').implement({
  description: "What a component's current state was judged on: its counts over the last minutes.",
  fields: (t) => ({
    observations: t.exposeInt('observations', { description: 'Observations (calls, responses, checks).' }),
    failed: t.exposeInt('failed', { description: 'Of which failed.' }),
    timeouts: t.exposeInt('timeouts', { description: 'Of which timed out.' }),
    slow: t.exposeInt('slow', { description: 'Of which answered slower than the slow threshold.' }),
    lagMs: t.exposeInt('lagMs', { nullable: true, description: "Webhook delivery: the queue's oldest due delivery, in ms (null elsewhere)." }),
  }),
});

const ComponentRef = builder.objectRef<StatusComponentView>('StatusComponent').implement({
  description: 'One part of the platform: the API, a provider, a chain RPC or webhook delivery.',
  fields: (t) => ({
    id: t.exposeString('id', { description: '`api`, `provider:<id>`, `rpc:<chainId>` or `webhooks`.' }),
    name: t.exposeString('name', { description: 'For people.' }),
    group: t.field({ type: GroupEnum, description: 'What kind of component.', resolve: (c) => c.group }),
    status: t.field({
      type: ComponentStatusEnum,
      nullable: true,
      description: 'Its state now; null when nothing was observed lately and nothing is declared.',
      resolve: (c) => c.status,
    }),
    signals: t.field({ type: SignalsRef, description: 'What the state was judged on.', resolve: (c) => c.signals }),
    uptime: t.exposeFloat('uptime', { nullable: true, description: 'Percent of the observed minutes of the 90 days that were up; null without data.' }),
    days: t.field({ type: [DayRef], description: 'The last 90 UTC days, oldest first (today last).', resolve: (c) => c.days }),
  }),
});

const AffectedRef = builder.objectRef<StatusAffectedComponentView>('StatusAffectedComponent').implement({
  description: 'A component an incident or a maintenance affects, and how.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The component id.' }),
    name: t.exposeString('name', { description: 'The component name (its id when it is no longer shown).' }),
    impact: t.field({ type: ImpactEnum, description: 'How it is affected while this is active.', resolve: (c) => c.impact }),
  }),
});

const UpdateRef = builder.objectRef<StatusIncidentUpdateView>('StatusIncidentUpdate').implement({
  description: 'One posted update: the status it moved to and the message.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Update id (`stu_…`).' }),
    status: t.field({ type: IncidentStatusEnum, description: 'The status this update moved it to.', resolve: (u) => u.status }),
    message: t.exposeString('message', { description: "The operator's message." }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was posted.', resolve: (u) => new Date(u.createdAt) }),
  }),
});

const dateOrNull = (s: string | null) => (s ? new Date(s) : null);

const IncidentRef = builder.objectRef<StatusIncidentView>('StatusIncident').implement({
  description: 'An incident or a maintenance posted by the operator, public on the status page.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id (`sti_…`).' }),
    kind: t.field({ type: KindEnum, description: 'Incident or maintenance.', resolve: (i) => i.kind }),
    title: t.exposeString('title', { description: 'The headline.' }),
    status: t.field({ type: IncidentStatusEnum, description: 'Where it stands.', resolve: (i) => i.status }),
    components: t.field({ type: [AffectedRef], description: 'The components affected.', resolve: (i) => i.components }),
    scheduledStartAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Maintenance: when the window opens.',
      resolve: (i) => dateOrNull(i.scheduledStartAt),
    }),
    scheduledEndAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Maintenance: when the window closes.',
      resolve: (i) => dateOrNull(i.scheduledEndAt),
    }),
    startedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Incident: when posted; maintenance: when it went in_progress.',
      resolve: (i) => dateOrNull(i.startedAt),
    }),
    endedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was resolved or completed.', resolve: (i) => dateOrNull(i.endedAt) }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was posted.', resolve: (i) => new Date(i.createdAt) }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (i) => new Date(i.updatedAt) }),
    updates: t.field({ type: [UpdateRef], description: 'Every update, newest first.', resolve: (i) => i.updates }),
  }),
});

const PlatformStatusRef = builder.objectRef<PlatformStatusView>('PlatformStatus').implement({
  description: 'The state of the platform and of each of its components, their 90-day history, and incidents and maintenance.',
  fields: (t) => ({
    status: t.field({
      type: ComponentStatusEnum,
      description: 'The whole platform: the worst component state (maintenance only when nothing is worse).',
      resolve: (s) => s.status,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      description: 'When this answer was computed (answers are cached a few seconds).',
      resolve: (s) => new Date(s.updatedAt),
    }),
    windowMinutes: t.exposeInt('windowMinutes', { description: 'Current states are judged on this many last minutes of signals.' }),
    components: t.field({ type: [ComponentRef], description: 'API, providers, chain RPCs, webhook delivery.', resolve: (s) => s.components }),
    incidents: t.field({
      type: [IncidentRef],
      description: 'Open incidents and those resolved in the last 7 days, newest first.',
      resolve: (s) => s.incidents,
    }),
    maintenance: t.field({
      type: [IncidentRef],
      description: 'Scheduled and in-progress maintenance, and that completed in the last 7 days, newest first.',
      resolve: (s) => s.maintenance,
    }),
  }),
});

builder.queryField('platformStatus', (t) =>
  t.field({
    type: PlatformStatusRef,
    description:
      'The platform status, as `GET /v1/status` and the page at `/status` show it: judged on real signals of the last minutes, with 90 days of daily bars. Needs no key; cached a few seconds.',
    authScopes: { public: true },
    resolve: (_r, _a, ctx) => ctx.services.status.status(),
  }),
);

// ---- operator ------------------------------------------------------------------------------------------------

const IncidentConnection = connectionType('StatusIncident', IncidentRef);

const IncidentsFilter = builder.inputType('AdminStatusIncidentsFilter', {
  description: 'Which incidents and maintenance to list; every field given must match.',
  fields: (t) => ({
    kind: t.field({ type: KindEnum, description: 'Only incidents or only maintenance.' }),
    open: t.boolean({ description: 'true: only those not resolved or completed; false: only those that are.' }),
  }),
});

builder.queryField('adminStatusIncidents', (t) =>
  t.field({
    type: IncidentConnection,
    description: 'Operator: every incident and maintenance posted, newest first (as `GET /v1/admin/status/incidents`).',
    authScopes: { admin: true },
    args: { filter: t.arg({ type: IncidentsFilter, description: 'Which ones; all when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const f = args.filter;
      const query = parseGraphQLInput(listIncidentsSchema, {
        kind: f?.kind,
        open: f?.open === null || f?.open === undefined ? undefined : String(f.open),
        limit: pageSize(args.first, 100),
        cursor: args.after,
      });
      const page = await readAfter(ctx.services.status.listIncidents(query));
      return keysetConnection(page, (v) => ctx.services.status.incidentCursor(v), args);
    },
  }),
);

builder.queryField('adminStatusIncident', (t) =>
  t.field({
    type: IncidentRef,
    nullable: true,
    description: 'Operator: one incident or maintenance with every update; null when there is none with this id.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: 'Its id (`sti_…`).' }) },
    resolve: (_r, { id }, ctx) => orNull(() => ctx.services.status.getIncident(id)),
  }),
);

const AffectedInput = builder.inputType('StatusAffectedComponentInput', {
  description: 'A component an incident or a maintenance affects.',
  fields: (t) => ({
    id: t.string({ required: true, description: 'A component id of `platformStatus` (`api`, `provider:lifi`, `rpc:8453`, `webhooks`).' }),
    impact: t.field({
      type: ImpactEnum,
      description: 'Incidents: degraded_performance, partial_outage or major_outage (required). Maintenance: under_maintenance (the default and only value).',
    }),
  }),
});

const CreateInput = builder.inputType('AdminCreateStatusIncidentInput', {
  description: 'What `adminCreateStatusIncident` takes.',
  fields: (t) => ({
    kind: t.field({ type: KindEnum, required: true, description: 'Incident or maintenance.' }),
    title: t.string({ required: true, description: 'A short headline for the status page (1 to 200 characters).' }),
    message: t.string({ required: true, description: 'What is known and what is being done, for the public (1 to 5000 characters).' }),
    status: t.field({
      type: IncidentStatusEnum,
      description:
        'Where it starts: an incident investigating (default), identified, monitoring or resolved; a maintenance scheduled (default) or in_progress.',
    }),
    components: t.field({ type: [AffectedInput], description: 'The components affected, each once (at most 50).' }),
    scheduledStartAt: t.field({ type: 'DateTime', description: 'Maintenance only (required): when the window opens.' }),
    scheduledEndAt: t.field({ type: 'DateTime', description: 'Maintenance only (required): when the window closes; after its start.' }),
    ...idempotencyKeyField(t),
  }),
});

const UpdateInput = builder.inputType('AdminUpdateStatusIncidentInput', {
  description: 'What `adminUpdateStatusIncident` takes.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The incident or maintenance to update.' }),
    status: t.field({
      type: IncidentStatusEnum,
      required: true,
      description: 'The status it moves to (the same one again for news without a change). Nothing moves out of resolved or completed.',
    }),
    message: t.string({ required: true, description: 'The update for the public (1 to 5000 characters).' }),
    components: t.field({ type: [AffectedInput], description: 'The components affected from now on, replacing the list (unchanged when absent).' }),
    scheduledStartAt: t.field({ type: 'DateTime', description: 'Maintenance only: a new start of the window.' }),
    scheduledEndAt: t.field({ type: 'DateTime', description: 'Maintenance only: a new end of the window.' }),
    ...idempotencyKeyField(t),
  }),
});

type IncidentPayload = { statusIncident: StatusIncidentView };
const incidentPayload = (name: string) =>
  builder.objectRef<IncidentPayload>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({
      statusIncident: t.field({ type: IncidentRef, description: 'The incident or maintenance as the mutation left it.', resolve: (p) => p.statusIncident }),
    }),
  });

builder.mutationField('adminCreateStatusIncident', (t) =>
  t.field({
    type: incidentPayload('AdminCreateStatusIncidentPayload'),
    description:
      'Operator: posts an incident (components declared degraded or down while it is open) or a maintenance (components under_maintenance in its window or while in progress). Public at once; audited.',
    authScopes: { admin: true },
    args: {
      input: t.arg({ type: CreateInput, required: true, description: 'What `adminCreateStatusIncident` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      statusIncident: await ctx.services.status.createIncident(ctx.requireAdmin(), parseGraphQLInput(createIncidentSchema, input)),
    })),
  }),
);

builder.mutationField('adminUpdateStatusIncident', (t) =>
  t.field({
    type: incidentPayload('AdminUpdateStatusIncidentPayload'),
    description:
      'Operator: posts an update (a status and a message; optionally new components or a new window). A ConflictError out of a final status, or for a maintenance going back. Audited.',
    authScopes: { admin: true },
    args: {
      input: t.arg({ type: UpdateInput, required: true, description: 'What `adminUpdateStatusIncident` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => {
      const { id, ...rest } = input;
      return { statusIncident: await ctx.services.status.updateIncident(ctx.requireAdmin(), id, parseGraphQLInput(updateIncidentSchema, rest)) };
    }),
  }),
);
