import { z } from 'zod';
import type { EnvConfig } from '../env.js';
import { parseAdminTokens } from './tokens.js';

export const adminEnv = {
  /**
   * Operator bearer tokens for `/v1/admin/…`, the `admin*` GraphQL fields, `/metrics` and the pages at `/admin`:
   * one or more, comma-separated, each `name:secret` (the name is who the audit log records) or a bare secret
   * (recorded as `token-<first 8 hex of its SHA-256>`). Secrets are at least 32 characters. Unset: every admin
   * route answers 404. Several at once let an operator rotate one without downtime (docs/operations.md).
   */
  ADMIN_TOKEN: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseAdminTokens(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
};

/** Operator access settings as parsed. */
export type AdminConfig = EnvConfig<typeof adminEnv>;
