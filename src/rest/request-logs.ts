import type { Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema } from '../openapi/common.js';
import { listRequestLogsSchema, requestLogIdParamSchema, usageQuerySchema } from '../request-logs/input.js';
import { type RequestLogView, requestLogViewSchema, type UsageView, usageViewSchema } from '../request-logs/views.js';
import { z } from 'zod';

const ENTRY: RequestLogView = {
  id: EX.requestLogId,
  object: 'request_log',
  livemode: false,
  createdAt: EX.updatedAt,
  method: 'GET',
  route: '/v1/invoices/:id',
  status: 404,
  latencyMs: 3.4,
  requestId: '6f1c2b9e-3a5d-4e7f-8b1c-2d3e4f5a6b7c',
  keyId: 'key_7Tq2Lm9Zr4Xb1Vc8Nk3Pw',
  clientIp: '203.0.113.7',
  userAgent: 'acme-backend/2.3 (node 24)',
  errorCode: 'NOT_FOUND',
  docsUrl: 'http://localhost:8787/docs/errors/NOT_FOUND',
};
const USAGE: UsageView = { day: '2026-11-22', route: '/v1/invoices/:id', status: 200, count: 1204, errorCount: 0, latencyAvgMs: 4.2, latencyMaxMs: 61.5 };

const usagePageSchema = z.object({
  object: z.literal('list'),
  from: z.string().meta({ description: 'The first day covered (UTC).' }),
  to: z.string().meta({ description: 'The last day covered (UTC).' }),
  data: z.array(usageViewSchema),
  hasMore: z.boolean().meta({ description: 'True when the range held more rows than one answer (10,000): ask for a shorter range.' }),
});

/**
 * The dashboard's request log and usage (src/request-logs/): the account's API requests in the credential's mode.
 *   GET /v1/dashboard/request-logs        search, newest first
 *   GET /v1/dashboard/request-logs/:id    one entry
 *   GET /v1/dashboard/usage               requests per day, route and status
 */
export const requestLogRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/dashboard/request-logs',
    access: 'session',
    scope: { resource: 'request_logs', level: 'read' },
    handler: ({ services, auth, query }) => services.requestLogs.list(auth!, parseInput(listRequestLogsSchema, queryObject(query))),
    doc: {
      operationId: 'listRequestLogs',
      tag: 'Dashboard',
      summary: 'Search the request log',
      description:
        'API requests of the account in this mode, newest first: by request id, status (`404`) or class (`4xx`), route template, key and time range. Entries are written in batches a fraction of a second after the answer, and kept `REQUEST_LOG_RETENTION_DAYS` (30 by default).',
      query: listRequestLogsSchema,
      responses: {
        200: json('A page of entries.', pageSchema(requestLogViewSchema), { page: { object: 'list', data: [ENTRY], hasMore: false, nextCursor: null } }),
      },
      examples: {
        errors: { summary: 'Client errors of the last day', query: { status: '4xx', limit: '20' } },
        route: { summary: 'One route', query: { route: '/v1/invoices/:id' } },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/dashboard/request-logs/:id',
    access: 'session',
    scope: { resource: 'request_logs', level: 'read' },
    handler: ({ services, auth, params }) => services.requestLogs.get(auth!, params.id),
    doc: {
      operationId: 'getRequestLog',
      tag: 'Dashboard',
      summary: 'Read a request log entry',
      params: requestLogIdParamSchema,
      responses: { 200: json('The entry.', requestLogViewSchema, { entry: ENTRY }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'An entry by id', params: { id: EX.requestLogId } } },
    },
  },
  {
    method: 'GET',
    path: '/v1/dashboard/usage',
    access: 'session',
    scope: { resource: 'request_logs', level: 'read' },
    handler: ({ services, auth, query }) => services.requestLogs.usage(auth!, parseInput(usageQuerySchema, queryObject(query))),
    doc: {
      operationId: 'getUsage',
      tag: 'Dashboard',
      summary: 'Usage per day, route and status',
      description:
        'Requests of the account in this mode per UTC day, route and status, newest day first, over at most 400 days (default: the last 30). Kept `USAGE_RETENTION_DAYS` (400 by default).',
      query: usageQuerySchema,
      responses: {
        200: json('The usage rows.', usagePageSchema, { month: { object: 'list', from: '2026-11-01', to: '2026-11-30', data: [USAGE], hasMore: false } }),
      },
      examples: { month: { summary: 'November', query: { from: '2026-11-01', to: '2026-11-30' } }, recent: { summary: 'The last 30 days', query: {} } },
    },
  },
];
