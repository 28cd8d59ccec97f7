import type { Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { pageSchema } from '../openapi/common.js';
import { auditLogQuerySchema } from '../admin/input.js';
import { type AuditEntryView, auditEntryViewSchema } from '../admin/views.js';

const ENTRY: AuditEntryView = {
  object: 'admin_audit_entry',
  id: 'aud_4Rk8Tz2Qm7Xc1Vb9Nw3Lp5',
  actor: 'alice',
  action: 'partner.update',
  targetType: 'partner',
  targetId: 'acme',
  before: { id: 'acme', feeBps: 20 },
  after: { id: 'acme', feeBps: 25 },
  requestId: '6f1c2b9e-3a5d-4e7f-8b1c-2d3e4f5a6b7c',
  createdAt: '2026-11-27T08:00:00.000Z',
};

/**
 * The operator's audit log (src/admin/): every admin write, newest first.
 *   GET /v1/admin/audit-log
 */
export const adminAuditRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/admin/audit-log',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, query }) => services.admin.auditLog(parseInput(auditLogQuerySchema, queryObject(query))),
    doc: {
      operationId: 'adminListAuditLog',
      tag: 'Admin',
      summary: 'Read the audit log',
      description:
        'Every admin write (through the API, the pages at `/admin` or `npm run cli`), newest first: who (the token name), what, the resource before and after. Append-only: entries are never changed or removed.',
      query: auditLogQuerySchema,
      responses: {
        200: json('A page of entries.', pageSchema(auditEntryViewSchema), { page: { object: 'list', data: [ENTRY], hasMore: false, nextCursor: null } }),
      },
      examples: { partner: { summary: "One partner's history", query: { targetType: 'partner', targetId: 'acme' } } },
    },
  },
];
