import { z } from 'zod';
import type { Route } from './router.js';
import { reply } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import type { SuccessResponse } from '../openapi/route-doc.js';
import { EXPORT_KINDS, EXPORT_RESOURCE, type ExportKind, exportQuerySchema } from '../exports/input.js';
import { EXPORT_WEIGHT } from '../ratelimit/weights.js';

const LABEL: Record<ExportKind, string> = {
  orders: 'order records (swaps, deposit orders, limit-order fills)',
  checkout_sessions: 'checkout sessions',
  invoices: 'invoices',
  deposits: 'deposits at deposit addresses',
};

const csvResponse = (kind: ExportKind): SuccessResponse => ({
  description: `The CSV (RFC 4180, UTF-8, CRLF): a header record, then one record per item (${LABEL[kind]}), oldest first.`,
  mediaType: 'text/csv',
  headers: ['ContentDisposition'],
  schema: z.string().meta({ description: 'CSV text; columns per `version` in docs/exports.md.' }),
});

/**
 * CSV exports for accounting (src/exports/): `GET /v1/dashboard/exports/<kind>.csv?from&to&version` for orders,
 * checkout sessions, invoices and deposits of the key's account and mode. Streamed page by page; columns are
 * stable per `version` (docs/exports.md).
 */
export const exportRoutes: Route[] = EXPORT_KINDS.map(
  (kind): Route => ({
    method: 'GET',
    path: `/v1/dashboard/exports/${kind}.csv`,
    access: 'session',
    scope: { resource: EXPORT_RESOURCE[kind], level: 'read' },
    // Reads every row of the range, page by page: as much as ten list pages.
    rateLimit: { weight: EXPORT_WEIGHT },
    handler: ({ services, auth, query }) => {
      const range = services.exports.range(parseInput(exportQuerySchema, queryObject(query)));
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return reply(200, services.exports.csv(auth!, kind, range), {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${kind}-${day(range.from)}-${day(range.to)}-v${range.version}.csv"`,
        'cache-control': 'no-store',
      });
    },
    doc: {
      operationId: `export${kind.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}Csv`,
      tag: 'Dashboard',
      summary: `Export ${LABEL[kind]} as CSV`,
      description: `The ${LABEL[kind]} of the key's account and mode created in [\`from\`, \`to\`) (default: the last 30 days), oldest first, with the columns of \`version\` (docs/exports.md): amounts as integer strings of base units beside their decimals, timestamps in ISO 8601 UTC, text fields starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or CR prefixed with \`'\` so spreadsheets do not run them as formulas.`,
      query: exportQuerySchema,
      responses: { 200: csvResponse(kind) },
      examples: {
        month: { summary: 'November, current columns', query: { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' } },
        versioned: { summary: 'The last 30 days, columns of version 1', query: { version: '1' } },
      },
    },
  }),
);
