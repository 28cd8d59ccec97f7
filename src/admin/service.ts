import type { Prisma as PrismaClient } from '../db/client.js';
import { after, decodeCursor, encodeCursor, NEWEST_FIRST, type Page, pageOf } from '../db/keyset.js';
import { ApiError } from '../errors.js';
import type { Handles } from '../handles.js';
import type { AdminConfig } from './config.js';
import { AUDIT_ENTRY_ID, type AuditLogQuery } from './input.js';
import { type AdminActor, type AdminToken, bearerToken, matchAdminToken, parseAdminTokens } from './tokens.js';
import { type AuditEntryView, auditEntryView } from './views.js';

/** @public */
export type { AdminActor };
export type { AdminWrite } from './outbox.js';

/** What `authenticate` found: admin access switched off (no ADMIN_TOKEN), no or a wrong token, or the operator. */
export type AdminAccess = { kind: 'disabled' } | { kind: 'refused' } | { kind: 'operator'; actor: AdminActor };

/**
 * Operator access (ADMIN_TOKEN bearer tokens, compared in constant time: src/admin/tokens.ts) and the append-only
 * audit log of admin writes. Transports call `authenticate` with the Authorization header: `disabled` answers 404
 * on every admin route (as if none existed), `refused` 401.
 */
export class AdminService {
  private readonly tokens: AdminToken[];
  private readonly prisma: PrismaClient;

  constructor(deps: Pick<Handles, 'prisma'> & { config: AdminConfig }) {
    this.prisma = deps.prisma;
    this.tokens = deps.config.ADMIN_TOKEN ? parseAdminTokens(deps.config.ADMIN_TOKEN) : [];
  }

  get enabled(): boolean {
    return this.tokens.length > 0;
  }

  authenticate(authorization: string | undefined): AdminAccess {
    if (!this.enabled) return { kind: 'disabled' };
    const actor = matchAdminToken(this.tokens, bearerToken(authorization));
    return actor ? { kind: 'operator', actor } : { kind: 'refused' };
  }

  /** An entry's cursor (GraphQL edges). */
  auditCursor(v: AuditEntryView): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** The audit log, newest first. */
  async auditLog(q: AuditLogQuery): Promise<Page<AuditEntryView>> {
    const cursor = q.cursor ? decodeCursor(q.cursor, (id) => AUDIT_ENTRY_ID.test(id)) : null;
    const range = q.from || q.to ? { createdAt: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lt: new Date(q.to) } : {}) } } : {};
    const rows = await this.prisma.adminAuditEntry.findMany({
      where: {
        AND: [
          range,
          after(cursor),
          {
            ...(q.targetType ? { targetType: q.targetType } : {}),
            ...(q.targetId ? { targetId: q.targetId } : {}),
            ...(q.action ? { action: q.action } : {}),
            ...(q.actor ? { actor: q.actor } : {}),
          },
        ],
      },
      orderBy: NEWEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, auditEntryView, (r) => encodeCursor(r));
  }
}

/** 404 when admin access is off, 401 without the matching token: the one answer of every transport. */
export function adminRefusal(access: Exclude<AdminAccess, { kind: 'operator' }>, notFoundMessage = 'Not found'): ApiError {
  return access.kind === 'disabled'
    ? new ApiError('NOT_FOUND', notFoundMessage)
    : new ApiError('UNAUTHORIZED', 'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>');
}
