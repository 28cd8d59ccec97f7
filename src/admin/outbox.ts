import type { Prisma } from '../db/generated/client.js';
import { newId } from '../ids.js';
import type { AdminActor } from './tokens.js';

type Tx = Prisma.TransactionClient;

/** Who made an admin write and under which request: what every audited service method takes. */
export interface AdminWrite {
  actor: AdminActor;
  /** The request id (null from the command line). */
  requestId: string | null;
}

/** @public (used by the admin API's domains; the tag goes once they land) The command line's actor: writes from `npm run cli` are audited as `cli`. */
export const CLI_WRITE: AdminWrite = { actor: { name: 'cli' }, requestId: null };

/** @public One audit log entry, as the writing domain describes it. */
export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** JSON as stored: dates as ISO strings, bigints as integer strings, undefined dropped. */
const asJson = (v: unknown): Prisma.InputJsonValue | undefined =>
  v === null || v === undefined ? undefined : (JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))) as Prisma.InputJsonValue);

/**
 * Records an admin write in the caller's transaction (the write and its entry commit together or not at all). Every
 * domain's admin-facing method calls this with the same `tx` as its own change.
 */
export async function recordAudit(tx: Tx, who: AdminWrite, rec: AuditRecord, at: Date): Promise<void> {
  const before = asJson(rec.before);
  const after_ = asJson(rec.after);
  await tx.adminAuditEntry.create({
    data: {
      id: newId('aud'),
      actor: who.actor.name,
      action: rec.action,
      targetType: rec.targetType,
      targetId: rec.targetId,
      ...(before !== undefined ? { before } : {}),
      ...(after_ !== undefined ? { after: after_ } : {}),
      requestId: who.requestId,
      createdAt: at,
    },
  });
}
