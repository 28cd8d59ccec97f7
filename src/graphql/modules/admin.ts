import { builder } from '../builder.js';
import { parseGraphQLInput } from '../input.js';
import { connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { auditLogQuerySchema } from '../../admin/input.js';
import type { AuditEntryView } from '../../admin/views.js';

/**
 * The operator's part of the schema: every `admin*` root field has `authScopes: { admin: true }` (the bearer token
 * of ADMIN_TOKEN over HTTP; NOT_FOUND while none is configured, UNAUTHORIZED without the matching one). One schema,
 * not a second endpoint: the same cost limits, error mapping, codegen and checks cover it (docs/admin.md argues it).
 */

const AuditEntryRef = builder.objectRef<AuditEntryView>('AdminAuditEntry').implement({
  description: 'One admin write: who (the admin token name, or `cli`), what, and the resource before and after. Entries are never changed or removed.',
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Entry id (`aud_…`).' }),
    actor: t.exposeString('actor', { description: "The admin token's name (ADMIN_TOKEN `name:secret`), or `cli` for the command line." }),
    action: t.exposeString('action', { description: 'What was done: `<resource>.<verb>`, e.g. `partner.update`.' }),
    targetType: t.exposeString('targetType', { description: 'The kind of resource written (`partner`, `account`, …).' }),
    targetId: t.exposeString('targetId', { description: 'The resource written.' }),
    before: t.field({ type: 'JSON', nullable: true, description: 'The resource before the write (null when it did not exist).', resolve: (e) => e.before }),
    after: t.field({ type: 'JSON', nullable: true, description: 'The resource after the write (null when it was removed).', resolve: (e) => e.after }),
    requestId: t.exposeString('requestId', { nullable: true, description: "The write's request id (null from the command line)." }),
    createdAt: t.field({ type: 'DateTime', description: 'When.', resolve: (e) => new Date(e.createdAt) }),
  }),
});

const AuditEntryConnection = connectionType('AdminAuditEntry', AuditEntryRef);

const AuditLogFilter = builder.inputType('AdminAuditLogFilter', {
  description: 'Which audit entries to list; every field given must match.',
  fields: (t) => ({
    targetType: t.string({ description: 'Only entries about this kind of resource.' }),
    targetId: t.string({ description: 'Only entries about this resource.' }),
    action: t.string({ description: 'Only this action, e.g. `partner.update`.' }),
    actor: t.string({ description: "Only writes made with this admin token's name." }),
    startAt: t.field({ type: 'DateTime', description: 'Entries at or after this time.' }),
    endAt: t.field({ type: 'DateTime', description: 'Entries before this time.' }),
  }),
});

builder.queryField('adminAuditLog', (t) =>
  t.field({
    type: AuditEntryConnection,
    description: 'Operator: every admin write, newest first (the same log as `GET /v1/admin/audit-log`).',
    authScopes: { admin: true },
    args: { filter: t.arg({ type: AuditLogFilter, description: 'Which entries; all when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const f = args.filter;
      const query = parseGraphQLInput(
        auditLogQuerySchema,
        {
          targetType: f?.targetType,
          targetId: f?.targetId,
          action: f?.action,
          actor: f?.actor,
          from: f?.startAt?.toISOString(),
          to: f?.endAt?.toISOString(),
          limit: pageSize(args.first, 100),
          cursor: args.after,
        },
        { fieldNames: { from: 'startAt', to: 'endAt' } },
      );
      const page = await readAfter(ctx.services.admin.auditLog(query));
      return keysetConnection(page, (v) => ctx.services.admin.auditCursor(v), args);
    },
  }),
);
