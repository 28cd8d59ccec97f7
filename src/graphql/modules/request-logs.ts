import { builder, describedValues } from '../builder.js';
import { orNull } from '../errors.js';
import { keyOf } from '../loaders.js';
import { parseGraphQLInput } from '../input.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { invalidParams } from '../../errors.js';
import { listRequestLogsSchema, usageQuerySchema } from '../../request-logs/input.js';
import type { RequestLogView, UsageView } from '../../request-logs/views.js';

/** The request log and usage over GraphQL; every rule lives in RequestLogsService (same as REST). */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'WS', 'OTHER'] as const;
type LogMethod = (typeof METHODS)[number];
const Method = builder.enumType('RequestLogMethod', {
  description: 'The HTTP method of a logged request; `WS` for an operation over a GraphQL WebSocket.',
  values: describedValues<LogMethod>({
    GET: 'HTTP GET.',
    HEAD: 'HTTP HEAD.',
    POST: 'HTTP POST.',
    PUT: 'HTTP PUT.',
    PATCH: 'HTTP PATCH.',
    DELETE: 'HTTP DELETE.',
    OPTIONS: 'HTTP OPTIONS.',
    WS: 'An operation over a GraphQL WebSocket.',
    OTHER: 'Another HTTP method.',
  }),
});

const RequestLogRef = builder.objectRef<RequestLogView>('RequestLog').implement({
  description:
    "One API request of the key's account and mode: what was asked and how it ended (never its body, query string or headers). Written a fraction of a second after the answer; kept `REQUEST_LOG_RETENTION_DAYS`.",
  authScopes: { read: 'request_logs' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The entry id (`rl_…`).' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for a request made in live mode.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the request arrived.', resolve: (r) => new Date(r.createdAt) }),
    method: t.field({
      type: Method,
      description: 'The HTTP method (`WS` for a WebSocket operation).',
      resolve: (r) => ((METHODS as readonly string[]).includes(r.method) ? (r.method as LogMethod) : 'OTHER'),
    }),
    route: t.exposeString('route', {
      description: 'The REST route template (`/v1/invoices/:id`), or `graphql:<OperationName>` for a GraphQL operation (`graphql` when unnamed).',
    }),
    status: t.exposeInt('status', { description: 'The HTTP status answered (a WebSocket operation: 200, or the status of its error code).' }),
    latencyMs: t.exposeFloat('latencyMs', { description: 'Milliseconds from arrival to the end of the answer.' }),
    requestId: t.exposeString('requestId', { description: 'The `x-request-id` (GraphQL: `extensions.requestId`) the request was answered with.' }),
    keyId: t.exposeID('keyId', { nullable: true, description: 'The API key (or dashboard session) that made the request.' }),
    clientIp: t.exposeString('clientIp', { nullable: true, description: 'The client address (behind TRUST_PROXY proxies, the address they saw).' }),
    userAgent: t.exposeString('userAgent', { nullable: true, description: 'The User-Agent header, at most 256 characters.' }),
    errorCode: t.exposeString('errorCode', {
      nullable: true,
      description: "The error code answered (the first error's `extensions.code` for GraphQL), or null.",
    }),
    docsUrl: t.exposeString('docsUrl', {
      nullable: true,
      description: "The error code's documentation page; null without an error, or for GraphQL's own codes (`GRAPHQL_PARSE_FAILED`, …).",
    }),
  }),
});

const RequestLogConnection = connectionType('RequestLog', RequestLogRef);

const RequestLogFilter = builder.inputType('RequestLogFilter', {
  description: 'Which entries to list; every field given must match.',
  fields: (t) => ({
    requestId: t.string({ description: 'The request with this id.' }),
    status: t.int({ description: 'Only this HTTP status (e.g. 404).' }),
    statusClass: t.int({ description: 'Only this class of statuses: 4 for 400-499, 5 for 500-599 (1 to 5).' }),
    route: t.string({ description: 'Only this route: a REST route template (`/v1/invoices/:id`) or `graphql:<OperationName>`.' }),
    keyId: t.id({ description: 'Only requests made with this API key (or dashboard session).' }),
    startAt: t.field({ type: 'DateTime', description: 'Only requests that arrived at or after this time.' }),
    endAt: t.field({ type: 'DateTime', description: 'Only requests that arrived before this time.' }),
  }),
});

/** The filter in the words of the REST query (`status=404` or `status=4xx`, `from`, `to`). */
function restQuery(f: (typeof RequestLogFilter)['$inferInput'] | null | undefined) {
  if (f?.status != null && f.statusClass != null) throw invalidParams('filter.statusClass', 'give `status` or `statusClass`, not both');
  if (f?.statusClass != null && !(Number.isInteger(f.statusClass) && f.statusClass >= 1 && f.statusClass <= 5))
    throw invalidParams('filter.statusClass', 'must be 1 to 5');
  const status = f?.status != null ? String(f.status) : f?.statusClass != null ? `${f.statusClass}xx` : undefined;
  return { requestId: f?.requestId, status, route: f?.route, keyId: f?.keyId, from: f?.startAt, to: f?.endAt };
}

builder.queryField('requestLogs', (t) =>
  t.field({
    type: RequestLogConnection,
    description: "The request log of the API key's account and mode, newest first, filtered by `filter`.",
    authScopes: { read: 'request_logs' },
    args: { filter: t.arg({ type: RequestLogFilter, description: 'Which entries; all when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.requestLogs;
      const query = parseGraphQLInput(
        listRequestLogsSchema,
        { ...restQuery(args.filter), limit: pageSize(args.first, 100), cursor: args.after },
        // The filter's names, not the REST query's, in an error (`startAt: must not be after endAt`).
        { fieldNames: { from: 'startAt', to: 'endAt' } },
      );
      const page = await readAfter(svc.list(await keyOf(ctx), query));
      return keysetConnection(page, (v) => svc.listCursor(v), args);
    },
  }),
);

builder.queryField('requestLog', (t) =>
  t.field({
    type: RequestLogRef,
    nullable: true,
    description: "An entry of the key's request log (its account and mode); null for any other id.",
    authScopes: { read: 'request_logs' },
    args: { id: t.arg.id({ required: true, description: 'The entry id (`rl_…`).' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.requestLogs.get(await keyOf(ctx), id)),
  }),
);

const UsageDayRef = builder.objectRef<UsageView>('UsageDay').implement({
  description: "Requests of the key's account and mode on one UTC day to one route that answered one status.",
  authScopes: { read: 'request_logs' },
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The UTC day, `YYYY-MM-DD`.' }),
    route: t.exposeString('route', { description: 'The REST route template or `graphql:<OperationName>`.' }),
    status: t.exposeInt('status', { description: 'The HTTP status answered.' }),
    count: t.exposeInt('count', { description: 'How many requests.' }),
    errorCount: t.exposeInt('errorCount', { description: 'How many answered an error code (status 400 and above, or a GraphQL error).' }),
    latencyAvgMs: t.exposeFloat('latencyAvgMs', { description: 'Mean milliseconds per request.' }),
    latencyMaxMs: t.exposeFloat('latencyMaxMs', { description: 'The slowest request, in milliseconds.' }),
  }),
});

const UsageDayConnection = connectionType('UsageDay', UsageDayRef, { totalCount: true });

builder.queryField('usage', (t) =>
  t.field({
    type: UsageDayConnection,
    description:
      "Requests of the API key's account and mode per UTC day, route and status, newest day first, over at most 400 days (default the last 30); kept `USAGE_RETENTION_DAYS`. At most 10,000 rows per range.",
    authScopes: { read: 'request_logs' },
    args: {
      from: t.arg.string({ description: 'The first day (UTC, `YYYY-MM-DD`), included; default 29 days before `to`.' }),
      to: t.arg.string({ description: 'The last day (UTC, `YYYY-MM-DD`), included; default today.' }),
      ...pageArgs(t, 400, 100),
    },
    resolve: async (_r, args, ctx) => {
      const usage = await ctx.services.requestLogs.usage(await keyOf(ctx), parseGraphQLInput(usageQuerySchema, { from: args.from, to: args.to }));
      return arrayConnection(usage.data, args, 400, 100);
    },
  }),
);
