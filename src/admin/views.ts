import { z } from 'zod';
import type { AdminAuditEntry } from '../db/generated/client.js';

export interface AuditEntryView {
  object: 'admin_audit_entry';
  id: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: string;
}

export const auditEntryViewSchema = z.object({
  object: z.literal('admin_audit_entry'),
  id: z.string().meta({ description: 'Entry id (`aud_…`).' }),
  actor: z.string().meta({ description: "Who: the admin token's name, or `cli` for the command line." }),
  action: z.string().meta({ description: 'What: `<resource>.<verb>`, e.g. `partner.update`.' }),
  targetType: z.string().meta({ description: 'The kind of resource written.' }),
  targetId: z.string().meta({ description: 'The resource written.' }),
  before: z.unknown().meta({ description: 'The resource before the write (null when it did not exist).' }),
  after: z.unknown().meta({ description: 'The resource after the write (null when it was removed).' }),
  requestId: z.string().nullable().meta({ description: "The write's request id (null from the command line)." }),
  createdAt: z.string().meta({ description: 'When (ISO 8601 UTC).' }),
});

export const auditEntryView = (r: AdminAuditEntry): AuditEntryView => ({
  object: 'admin_audit_entry',
  id: r.id,
  actor: r.actor,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: r.before ?? null,
  after: r.after ?? null,
  requestId: r.requestId,
  createdAt: r.createdAt.toISOString(),
});
