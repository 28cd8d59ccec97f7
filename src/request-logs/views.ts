import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import type { RequestLog as Row, UsageDaily as UsageRow } from '../db/generated/client.js';
import { ERROR_CODES } from '../errors.js';

const DOCUMENTED = new Set<string>(ERROR_CODES);

/** One API request as the dashboard shows it. `docsUrl` links the error code's page (src/docs/) when it failed with one of the API's codes. */
export interface RequestLogView {
  id: string;
  object: 'request_log';
  livemode: boolean;
  createdAt: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  requestId: string;
  keyId: string | null;
  clientIp: string | null;
  userAgent: string | null;
  errorCode: string | null;
  docsUrl: string | null;
}

export function requestLogView(r: Row, docsUrl: string): RequestLogView {
  return {
    id: r.id,
    object: 'request_log',
    livemode: r.livemode,
    createdAt: r.createdAt.toISOString(),
    method: r.method,
    route: r.route,
    status: r.status,
    latencyMs: r.latencyMs,
    requestId: r.requestId,
    keyId: r.credentialId,
    clientIp: r.clientIp,
    userAgent: r.userAgent,
    errorCode: r.errorCode,
    // GraphQL's own codes (GRAPHQL_PARSE_FAILED, …) have no page of the error catalog.
    docsUrl: r.errorCode && DOCUMENTED.has(r.errorCode) ? `${docsUrl}/errors/${r.errorCode}` : null,
  };
}

/** Requests of one UTC day, route and status. */
export interface UsageView {
  day: string;
  route: string;
  status: number;
  count: number;
  errorCount: number;
  latencyAvgMs: number;
  latencyMaxMs: number;
}

export function usageView(r: UsageRow): UsageView {
  const count = Number(r.count);
  return {
    day: r.day.toISOString().slice(0, 10),
    route: r.route,
    status: r.status,
    count,
    errorCount: Number(r.errorCount),
    latencyAvgMs: count ? Math.round((r.latencySumMs / count) * 10) / 10 : 0,
    latencyMaxMs: r.latencyMaxMs,
  };
}

export const requestLogViewSchema = z
  .object({
    id: z.string(),
    object: z.literal('request_log'),
    livemode: z.boolean(),
    createdAt: isoTimestamp.meta({ description: 'When the request arrived.' }),
    method: z.string().meta({ description: 'GET, POST, …; `WS` for an operation over a GraphQL WebSocket.' }),
    route: z.string().meta({ description: 'The REST route template (`/v1/invoices/:id`), or `graphql:<OperationName>` (`graphql` when unnamed).' }),
    status: z.number().int().meta({ description: 'The HTTP status answered (WebSocket operations: 200, or the status of their error code).' }),
    latencyMs: z.number().meta({ description: 'Milliseconds from arrival to the last byte of the answer.' }),
    requestId: z.string().meta({ description: 'The `x-request-id` the request was answered with.' }),
    keyId: z.string().nullable().meta({ description: 'The API key (or dashboard session) that made it.' }),
    clientIp: z.string().nullable().meta({ description: 'The client address (behind TRUST_PROXY proxies, the address they saw).' }),
    userAgent: z.string().nullable().meta({ description: 'The User-Agent header, at most 256 characters.' }),
    errorCode: z.string().nullable().meta({ description: 'The error code answered, if any.' }),
    docsUrl: z
      .string()
      .nullable()
      .meta({ description: "The error code's documentation page; null without an error code, or for GraphQL's own codes (`GRAPHQL_PARSE_FAILED`, …)." }),
  })
  .meta({ id: 'RequestLog' });

export const usageViewSchema = z
  .object({
    day: z.string().meta({ description: 'UTC day, YYYY-MM-DD.', example: '2026-11-27' }),
    route: z.string(),
    status: z.number().int(),
    count: z.number().int(),
    errorCount: z.number().int().meta({ description: 'Requests that answered an error code (status 400 and above, or a GraphQL error).' }),
    latencyAvgMs: z.number(),
    latencyMaxMs: z.number(),
  })
  .meta({ id: 'UsageDay' });

sameShape<z.output<typeof requestLogViewSchema>, RequestLogView>(true);
sameShape<z.output<typeof usageViewSchema>, UsageView>(true);
