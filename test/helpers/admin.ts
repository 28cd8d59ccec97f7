import type { AdminWrite } from '../../src/admin/service.js';
/**
 * The operator token tests configure (ADMIN_TOKEN `ops:<secret>`, audited as `ops`) and the header that carries it.
 * A second token (`backup`) shows that several work at once.
 */
export const ADMIN_SECRET = 'test-admin-secret-0123456789abcdefghijklmnop';
export const BACKUP_ADMIN_SECRET = 'test-backup-secret-0123456789abcdefghijklmn';
export const ADMIN_ENV = { ADMIN_TOKEN: `ops:${ADMIN_SECRET},backup:${BACKUP_ADMIN_SECRET}` };
export const adminHeaders = (secret = ADMIN_SECRET) => ({ authorization: `Bearer ${secret}` });

/** Test set-up that goes through the operator's audited service methods (live mode, partners): audited as `test-setup`. */
export const SETUP_WRITE: AdminWrite = { actor: { name: 'test-setup' }, requestId: null };
