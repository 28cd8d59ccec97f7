import { GraphQLError } from 'graphql';
import type { Config } from '../config.js';
import { ApiError, type ErrorCode, isApiError } from '../errors.js';
import type { Logger } from '../log.js';

/**
 * The one mapping from what a request threw to what its client is told, for every transport: REST's error envelope
 * and GraphQL's `extensions.code` (HTTP, SSE and WebSocket alike). An ApiError (src/errors.ts) keeps its code,
 * message and details; a GraphQL error (parse, validation, a document limit) keeps its code, INVALID_PARAMS when it
 * has none; anything else is INTERNAL with a fixed message, and logged with the request id instead.
 */

/** REST's error envelope. */
export function errorBody(config: Pick<Config, 'DOCS_URL'>, code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, requestId, docsUrl: `${config.DOCS_URL}/errors/${code}` } };
}

const INTERNAL_MESSAGE = 'Unexpected server error. Nothing was changed unless the resource says otherwise; retry later.';
const INTERNAL_GRAPHQL_MESSAGE = 'Unexpected error.';

/** A REST answer for `err`: status, envelope, and the headers its code implies (Allow for METHOD_NOT_ALLOWED). */
export function restError(err: unknown, at: { config: Pick<Config, 'DOCS_URL'>; log: Logger; requestId: string }) {
  let e: ApiError;
  if (isApiError(err)) e = err;
  else {
    at.log.error({ err, requestId: at.requestId }, 'unhandled error');
    e = new ApiError('INTERNAL', INTERNAL_MESSAGE);
  }
  const headers: Record<string, string> = {};
  if (e.code === 'METHOD_NOT_ALLOWED' && Array.isArray(e.details?.allow)) headers.allow = (e.details.allow as string[]).join(', ');
  return { status: e.status, body: errorBody(at.config, e.code, e.message, at.requestId), headers };
}

/** What was first thrown: streams, plugins and graphql-ws wrap errors in further GraphQLErrors. */
function errorCause(err: unknown): unknown {
  let cause = err;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

export interface GraphQLErrorFields {
  message: string;
  extensions: Record<string, unknown>;
  /** api: an ApiError; graphql: GraphQL's own (parse, validation, limits); unexpected: hidden and logged. */
  kind: 'api' | 'graphql' | 'unexpected';
}

/**
 * A GraphQL error's message and extensions as the client sees them; `requestId` is added when known. `where`
 * names the place in the log line of an unexpected error ("resolver", "subscription", …).
 */
export function graphqlErrorFields(err: unknown, log: Logger, at: { requestId?: string; where: string; path?: unknown }): GraphQLErrorFields {
  const cause = errorCause(err);
  const id = at.requestId === undefined ? {} : { requestId: at.requestId };
  if (isApiError(cause)) return { kind: 'api', message: cause.message, extensions: apiErrorExtensions(cause, at.requestId) };
  if (!(cause instanceof GraphQLError)) {
    log.error({ err: cause, ...id, ...(at.path === undefined ? {} : { path: at.path }) }, `unexpected error in ${at.where}`);
    return { kind: 'unexpected', message: INTERNAL_GRAPHQL_MESSAGE, extensions: { code: 'INTERNAL', ...id } };
  }
  const outer = err instanceof GraphQLError ? err : cause;
  return { kind: 'graphql', message: outer.message, extensions: { ...outer.extensions, code: outer.extensions?.code ?? 'INVALID_PARAMS', ...id } };
}

/** `err` as a GraphQLError for a result, keeping where the original points (locations, path). */
export function toGraphQLError(err: unknown, log: Logger, at: { requestId?: string; where: string }): GraphQLError {
  const { message, extensions } = graphqlErrorFields(err, log, { ...at, path: err instanceof GraphQLError ? err.path : undefined });
  const located = err instanceof GraphQLError ? { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path } : {};
  return new GraphQLError(message, { ...located, extensions });
}

/** An ApiError's `extensions`: its details, its code, and the request id when known. */
export function apiErrorExtensions(err: ApiError, requestId?: string): Record<string, unknown> {
  return { ...(err.details ?? {}), code: err.code, ...(requestId === undefined ? {} : { requestId }) };
}

/** A whole GraphQL response body made of one error, for answers the transport gives before or instead of yoga. */
export function graphqlErrorBody(err: ApiError, requestId: string) {
  return { errors: [{ message: err.message, extensions: apiErrorExtensions(err, requestId) }] };
}
