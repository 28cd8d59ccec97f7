import { z } from 'zod';
import { isoDateTimeString } from '../validation.js';

/** Request log ids as the service makes them; anything else is NOT_FOUND before the database sees it. */
export const REQUEST_LOG_ID = /^rl_[0-9A-Za-z]{1,64}$/;

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);
/** Free text compared with stored text: no NUL (Postgres text cannot hold one), bounded. */
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL');

/** `404` (that status) or `4xx` (the class: 400 to 499). */
const statusFilterSchema = z
  .string()
  .regex(/^([1-5][0-9]{2}|[1-5]xx)$/, 'must be a status (e.g. 404) or a class (e.g. 4xx)')
  .meta({ description: 'A status (`404`) or a class of statuses (`4xx`).', example: '4xx' });

/** GET /v1/dashboard/request-logs and GraphQL `requestLogs`: filters, newest first, keyset pages. */
export const listRequestLogsSchema = z
  .object({
    requestId: text(200).optional().meta({ description: 'Only the request with this id (the `x-request-id` it was answered with).' }),
    status: statusFilterSchema.optional(),
    route: text(200)
      .optional()
      .meta({ description: 'Only this route: a REST route template (`/v1/invoices/:id`) or a GraphQL operation (`graphql:CreateInvoice`, `graphql`).' }),
    keyId: text(100).optional().meta({ description: 'Only requests made with this API key (or dashboard session) id.' }),
    from: isoDateTimeString.optional().meta({ description: 'Only requests that arrived at or after this time.' }),
    to: isoDateTimeString.optional().meta({ description: 'Only requests that arrived before this time.' }),
    limit: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(100)).default(20),
    cursor: z.string().min(1).max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'must not be after `to`', path: ['from'] });
export type ListRequestLogs = z.output<typeof listRequestLogsSchema>;

/** The `:id` of GET /v1/dashboard/request-logs/:id. */
export const requestLogIdParamSchema = z.object({
  id: z.string().max(100).meta({ description: 'Request log entry id.', example: 'rl_5Hc8Tq2Zm7Lp1Xb4Vn9Kd3' }),
});

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day `YYYY-MM-DD` (2027-02-30 is refused). */
const daySchema = z.string().refine((s) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}, 'must be a day, YYYY-MM-DD (UTC)');

/** The longest range one usage query may span. */
export const MAX_USAGE_DAYS = 400;

/** GET /v1/dashboard/usage and GraphQL `usage`: UTC days, both included; by default the last 30 days. */
export const usageQuerySchema = z
  .object({
    from: daySchema.optional().meta({ description: 'First day (UTC), included; default 29 days before `to`.', example: '2026-11-01' }),
    to: daySchema.optional().meta({ description: 'Last day (UTC), included; default today.', example: '2026-11-30' }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after `to`', path: ['from'] });
export type UsageQuery = z.output<typeof usageQuerySchema>;
