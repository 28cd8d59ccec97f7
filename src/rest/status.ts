import { z } from 'zod';
import { reply, type Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema } from '../openapi/common.js';
import { createIncidentSchema, listIncidentsSchema, updateIncidentSchema } from '../status/input.js';
import { type PlatformStatusView, platformStatusViewSchema, type StatusIncidentView, statusIncidentViewSchema } from '../status/views.js';

const INCIDENT: StatusIncidentView = {
  object: 'status_incident',
  id: EX.statusIncidentId,
  kind: 'incident',
  title: 'Relay quotes failing',
  status: 'identified',
  components: [{ id: 'provider:relay', name: 'Relay', impact: 'partial_outage' }],
  scheduledStartAt: null,
  scheduledEndAt: null,
  startedAt: EX.createdAt,
  endedAt: null,
  createdAt: EX.createdAt,
  updatedAt: EX.updatedAt,
  updates: [
    {
      id: 'stu_2Lp9Xc4Vb7Nm1Qz6Kt3Wr0',
      status: 'identified',
      message: 'Relay answers 5xx to quote requests; other providers still quote these routes.',
      createdAt: EX.updatedAt,
    },
    { id: 'stu_8Wd3Nz6Qk1Hr4Yb7Vm2Tc5', status: 'investigating', message: 'We are looking into failing Relay quotes.', createdAt: EX.createdAt },
  ],
};

const STATUS: PlatformStatusView = {
  object: 'platform_status',
  status: 'partial_outage',
  updatedAt: EX.updatedAt,
  windowMinutes: 5,
  components: [
    {
      id: 'api',
      name: 'API',
      group: 'api',
      status: 'operational',
      signals: { observations: 1840, failed: 0, timeouts: 0, slow: 0, lagMs: null },
      uptime: 99.99,
      days: [
        { day: '2026-11-21', status: null, uptime: null },
        { day: '2026-11-22', status: 'operational', uptime: 100 },
      ],
    },
    {
      id: 'provider:relay',
      name: 'Relay',
      group: 'providers',
      status: 'partial_outage',
      signals: { observations: 212, failed: 64, timeouts: 3, slow: 5, lagMs: null },
      uptime: 99.2,
      days: [
        { day: '2026-11-21', status: 'operational', uptime: 100 },
        { day: '2026-11-22', status: 'degraded_performance', uptime: 98.61 },
      ],
    },
  ],
  incidents: [INCIDENT],
  maintenance: [],
};

const incidentPath = { id: EX.statusIncidentId };
const incidentParams = z.object({ id: z.string().meta({ description: 'Incident or maintenance id (`sti_…`).' }) });
const STATUS_HEADERS = ['StatusCacheControl'];

/**
 * The public platform status (src/status/) and the operator's incidents and maintenance:
 *   GET  /v1/status
 *   GET  /v1/admin/status/incidents            POST /v1/admin/status/incidents
 *   GET  /v1/admin/status/incidents/:id        POST /v1/admin/status/incidents/:id/updates
 */
export const statusRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/status',
    access: 'public',
    scope: 'public',
    handler: async ({ services }) => reply(200, await services.status.status(), { 'cache-control': `public, max-age=${services.status.maxAgeSeconds}` }),
    doc: {
      operationId: 'getPlatformStatus',
      tag: 'Meta',
      summary: 'Platform status',
      description:
        'The state of the API, each provider, each chain RPC in use and webhook delivery, judged on real signals of the last minutes (provider call errors, timeouts and latency; RPC health checks; the webhook queue lag; the API 5xx rate); 90 daily bars per component from hourly roll-ups; open and recent incidents and maintenance. Needs no key; cached a few seconds. The page at `/status` shows the same.',
      responses: { 200: json('The platform status.', platformStatusViewSchema, { status: STATUS }, STATUS_HEADERS) },
      examples: { status: { summary: 'The platform status' } },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/status/incidents',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, query }) => services.status.listIncidents(parseInput(listIncidentsSchema, queryObject(query))),
    doc: {
      operationId: 'adminListStatusIncidents',
      tag: 'Admin',
      summary: 'List incidents and maintenance',
      description: 'Every incident and maintenance posted, newest first, resolved and completed ones included.',
      query: listIncidentsSchema,
      responses: {
        200: json('A page of incidents and maintenance.', pageSchema(statusIncidentViewSchema), {
          page: { object: 'list', data: [INCIDENT], hasMore: false, nextCursor: null },
        }),
      },
      examples: { open: { summary: 'Open incidents', query: { kind: 'incident', open: 'true' } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/status/incidents',
    access: 'admin',
    scope: 'admin',
    idempotent: true,
    handler: async ({ services, body, requireAdmin }) =>
      reply(201, await services.status.createIncident(requireAdmin(), parseInput(createIncidentSchema, body))),
    doc: {
      operationId: 'adminCreateStatusIncident',
      tag: 'Admin',
      summary: 'Post an incident or a maintenance',
      description:
        'Shown at once on `/status` and in `GET /v1/status`. An incident declares how each component it lists is affected (the component shows at least that while it is open); a maintenance has a window, and the components it lists are `under_maintenance` while it is in progress or inside its window. Audited.',
      body: { schema: createIncidentSchema },
      responses: { 201: json('Posted.', statusIncidentViewSchema, { incident: { ...INCIDENT, status: 'investigating', updates: INCIDENT.updates.slice(1) } }) },
      examples: {
        incident: {
          summary: 'An incident',
          body: {
            kind: 'incident',
            title: 'Relay quotes failing',
            message: 'We are looking into failing Relay quotes.',
            components: [{ id: 'provider:relay', impact: 'partial_outage' }],
          },
        },
        maintenance: {
          summary: 'A maintenance window',
          body: {
            kind: 'maintenance',
            title: 'Base RPC provider upgrade',
            message: 'Payments on Base may be confirmed late during the window.',
            components: [{ id: 'rpc:8453' }],
            scheduledStartAt: '2026-12-01T02:00:00Z',
            scheduledEndAt: '2026-12-01T03:00:00Z',
          },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/status/incidents/:id',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, params }) => services.status.getIncident(params.id!),
    doc: {
      operationId: 'adminGetStatusIncident',
      tag: 'Admin',
      summary: 'Get an incident or a maintenance',
      params: incidentParams,
      responses: { 200: json('The incident or maintenance with every update.', statusIncidentViewSchema, { incident: INCIDENT }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'By id', params: incidentPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/status/incidents/:id/updates',
    access: 'admin',
    scope: 'admin',
    idempotent: true,
    handler: ({ services, params, body, requireAdmin }) => services.status.updateIncident(requireAdmin(), params.id!, parseInput(updateIncidentSchema, body)),
    doc: {
      operationId: 'adminUpdateStatusIncident',
      tag: 'Admin',
      summary: 'Post an update',
      description:
        'A new status and a message (the same status again for news without a change). Incidents: investigating, identified, monitoring, resolved (final; open statuses may follow each other in any order). Maintenance: scheduled → in_progress → completed (final). `components` replaces the affected components; a maintenance may move its window. A move out of a final status, or a maintenance going back, is `CONFLICT`. Audited.',
      params: incidentParams,
      body: { schema: updateIncidentSchema },
      responses: { 200: json('The incident or maintenance as updated.', statusIncidentViewSchema, { incident: INCIDENT }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        identified: {
          summary: 'The cause is known',
          params: incidentPath,
          body: { status: 'identified', message: 'Relay answers 5xx to quote requests; other providers still quote these routes.' },
        },
      },
    },
  },
];
