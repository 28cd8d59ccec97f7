import { z } from 'zod';
import { isoDateTimeString } from '../validation.js';
import { CURRENT_EXPORT_VERSION, EXPORT_VERSIONS, type ExportVersion } from './columns.js';

export { EXPORT_KINDS, type ExportKind } from './columns.js';
import type { ExportKind } from './columns.js';
import type { Resource } from '../accounts/state.js';

/** The scope resource an export reads (what its rows are): a restricted key or role needs its read. */
export const EXPORT_RESOURCE: Record<ExportKind, Resource> = {
  orders: 'orders',
  checkout_sessions: 'checkout_sessions',
  invoices: 'invoices',
  deposits: 'deposit_addresses',
};

/** GET /v1/dashboard/exports/<kind>.csv and GraphQL `csvExport`: a time range and the column version. */
export const exportQuerySchema = z
  .object({
    from: isoDateTimeString
      .optional()
      .meta({ description: 'Rows created at or after this time; default 30 days before `to`.', example: '2026-11-01T00:00:00Z' }),
    to: isoDateTimeString.optional().meta({ description: 'Rows created before this time; default now.', example: '2026-12-01T00:00:00Z' }),
    version: z
      .preprocess(
        (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
        z.number().refine((n): n is ExportVersion => (EXPORT_VERSIONS as readonly number[]).includes(n), `must be one of ${EXPORT_VERSIONS.join(', ')}`),
      )
      .default(CURRENT_EXPORT_VERSION)
      .meta({ description: `The column version (docs/exports.md); default ${CURRENT_EXPORT_VERSION}, the current one.`, example: 1 }),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'must be before `to`', path: ['from'] });
export type ExportQuery = z.output<typeof exportQuerySchema>;
