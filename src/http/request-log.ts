import type { IncomingMessage } from 'node:http';
import type { KeyAuth } from '../accounts/service.js';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import type { RequestLogsService } from '../request-logs/service.js';
import { clientIp } from './client-ip.js';
import { headerValue } from './respond.js';

/** GraphQL operations are logged as `graphql:<OperationName>`, or `graphql` when the operation has no name. */
export const graphqlRoute = (operation: string | undefined): string => (operation ? `graphql:${operation}` : 'graphql');

/** A WebSocket operation has no HTTP status: 200 when it answered no error, else the status of its error code. */
export const wsStatus = (errorCode: string | undefined): number =>
  errorCode ? (Object.hasOwn(ERROR_STATUS, errorCode) ? ERROR_STATUS[errorCode as ErrorCode] : 400) : 200;

/** The code of a stored REST error envelope (idempotent replays), or undefined. */
export function envelopeCode(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hands one answered request of an account to the request log (synchronous: the log only buffers it). Only the
 * facts below are taken from the request: its method, the client address and the User-Agent; never a body, a
 * query string or another header.
 */
export function recordRequest(
  requestLogs: Pick<RequestLogsService, 'record'>,
  trustProxy: number,
  req: IncomingMessage,
  o: { auth: KeyAuth; route: string; status: number; latencyMs: number; requestId: string; errorCode?: string; method?: string },
): void {
  requestLogs.record({
    accountId: o.auth.accountId,
    mode: o.auth.mode,
    credentialId: o.auth.keyId,
    method: o.method ?? req.method ?? 'GET',
    route: o.route,
    status: o.status,
    latencyMs: o.latencyMs,
    requestId: o.requestId,
    clientIp: clientIp(req, trustProxy),
    userAgent: headerValue(req.headers['user-agent']),
    errorCode: o.errorCode,
  });
}
