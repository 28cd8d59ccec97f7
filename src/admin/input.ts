import { z } from 'zod';
import { isoDateTimeString, safeText } from '../validation.js';

/** Audit log ids: `aud_` and base62. */
export const AUDIT_ENTRY_ID = /^aud_[0-9A-Za-z]{10,40}$/;

/** GET /v1/admin/audit-log and GraphQL `adminAuditLog`: newest first, optionally one target or action, a time range. */
export const auditLogQuerySchema = z.object({
  targetType: safeText(64).optional().meta({ description: 'Only entries about this kind of resource (`partner`, `account`, …).' }),
  targetId: safeText(128).optional().meta({ description: 'Only entries about this resource.' }),
  action: safeText(64).optional().meta({ description: 'Only this action, e.g. `partner.update`.' }),
  actor: safeText(64).optional().meta({ description: "Only writes made with this admin token's name." }),
  from: isoDateTimeString.optional().meta({ description: 'Entries at or after this time.' }),
  to: isoDateTimeString.optional().meta({ description: 'Entries before this time.' }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'Entries per page, 1 to 100 (default 25).' }),
  cursor: safeText(200).optional().meta({ description: "The previous page's `nextCursor`." }),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
