import type { IncomingHttpHeaders } from 'node:http';
import { type ExecutionResult, GraphQLError } from 'graphql';
import { processRegularResult } from 'graphql-yoga';
import type { GraphQLContext } from '../graphql/context.js';
import type { createGraphQLServer } from '../graphql/yoga.js';

/**
 * The common GraphQL request — a POST whose JSON body is one operation — answered by yoga's own pipeline without its
 * Fetch API layer. Through `yoga.fetch` each such request built a WHATWG Request (headers copied, body re-read as a
 * stream), went through the server adapter and yoga's request parsing, and came back as a Response whose body was
 * read again: a third of the GraphQL layer's CPU per request in the profile (issue #27). Here the same steps run on
 * the body already read: yoga's params hooks, its execution (the envelop plugins: document limits, cost, rate
 * limits, error codes, masking), its result-process hooks and its own regular-result processor, then the
 * server adapter's response hooks. Only what yoga does before parsing is skipped, and none of it applies to a
 * POST to /graphql with a JSON object body (health check, GraphiQL's page, unknown routes, method and body-size
 * checks, batch refusal). Anything else — GET, other body types, a body that is not one JSON object with
 * well-typed GraphQL parameters — goes through `yoga.fetch`, which answers it as before.
 * test/http/graphql-direct.test.ts holds the two paths' answers to each other.
 */

type Yoga = ReturnType<typeof createGraphQLServer>;

/** GraphQL-over-HTTP parameters the direct path takes (yoga's own checks, useCheckGraphQLQueryParams, would pass them). */
export interface DirectParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The operation in a JSON body, when it is one object whose members yoga accepts as they are; otherwise undefined. */
export function directParams(text: string): DirectParams | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined; // yoga answers invalid JSON with its own BAD_REQUEST
  }
  if (!isPlainObject(body) || typeof body.query !== 'string') return undefined;
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value == null || key === 'query') continue;
    if (key === 'operationName' && typeof value === 'string') continue;
    if ((key === 'variables' || key === 'extensions') && isPlainObject(value)) continue;
    return undefined;
  }
  return body as unknown as DirectParams;
}

/** A Headers-shaped view of Node's request headers (read-only: only yoga's result processor reads `accept`). */
class RequestHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) {
      const v = this.get(name);
      if (v !== null) fn(v, name);
    }
  }
}

/** Response headers as yoga's processor and response hooks use them (a plain map, names lower-cased). */
class PlainHeaders {
  private readonly map = new Map<string, string>();
  constructor(init?: Record<string, string>) {
    if (init) for (const [k, v] of Object.entries(init)) this.map.set(k.toLowerCase(), v);
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), value);
  }
  append(name: string, value: string): void {
    const prev = this.map.get(name.toLowerCase());
    this.map.set(name.toLowerCase(), prev === undefined ? value : `${prev}, ${value}`);
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const [k, v] of this.map) fn(v, k);
  }
}

/** The Response yoga's regular-result processor builds here: its JSON text, status and headers, nothing streamed. */
export class PlainResponse {
  readonly status: number;
  readonly headers: PlainHeaders;
  constructor(
    readonly text: string | null,
    init: { status?: number; headers?: Record<string, string> } = {},
  ) {
    this.status = init.status ?? 200;
    this.headers = new PlainHeaders(init.headers);
  }
}

type ResultProcessor = (result: unknown, fetchAPI: unknown, mediaType: string) => unknown;
type ResultProcessHook = (payload: {
  request: unknown;
  acceptableMediaTypes: string[];
  result: unknown;
  setResult(result: unknown): void;
  resultProcessor?: ResultProcessor;
  setResultProcessor(processor: ResultProcessor, mediaType: string): void;
  serverContext: unknown;
}) => unknown;
type ResponseHook = (payload: { request: unknown; response: unknown; serverContext: unknown; setResponse(r: unknown): void; fetchAPI: unknown }) => unknown;

/** What of yoga's server the direct path runs (members its typings keep private; the parity test pins them). */
interface YogaInternals {
  getResultForParams(payload: { params: DirectParams; request: unknown }, context: unknown): Promise<unknown> | unknown;
  onResultProcessHooks: ResultProcessHook[];
  plugins: Array<{ onResponse?: ResponseHook } | undefined | false>;
  instrumentation?: unknown;
  maskedErrorsOpts?: { maskError(error: unknown, message: string, isDev?: boolean): unknown; errorMessage: string; isDev?: boolean } | null;
}

/**
 * Runs `params` as yoga would and returns its answer: a PlainResponse for a single result (the JSON yoga would send,
 * with its status and headers), or yoga's own Response when its processor streams (a subscription asked for as an
 * event stream) — undefined when the direct path cannot stand in for yoga here (a plugin instrumenting yoga's steps),
 * so the caller uses `yoga.fetch`.
 */
export function directExecutor(yoga: Yoga) {
  const internals = yoga as unknown as YogaInternals;
  if (typeof internals.getResultForParams !== 'function' || !Array.isArray(internals.onResultProcessHooks) || !Array.isArray(internals.plugins)) {
    throw new Error('graphql-yoga no longer exposes the members the direct GraphQL path runs (src/http/graphql-direct.ts)');
  }
  const responseHooks = internals.plugins.flatMap((p) => (p && typeof p.onResponse === 'function' ? [p.onResponse] : []));
  const plainFetchAPI = { Response: PlainResponse };

  /** yoga's result-process hooks and processor for one result (yoga's processResult, with PlainResponse for JSON). */
  const processed = async (result: unknown, request: unknown, serverContext: unknown): Promise<PlainResponse | Response> => {
    let processor: ResultProcessor | undefined;
    let mediaType = '*/*';
    const acceptable: string[] = [];
    for (const hook of internals.onResultProcessHooks) {
      await hook({
        request,
        acceptableMediaTypes: acceptable,
        result,
        setResult: (r) => {
          result = r;
        },
        resultProcessor: processor,
        setResultProcessor: (p, type) => {
          processor = p;
          mediaType = type;
        },
        serverContext,
      });
    }
    if (!processor) return new PlainResponse(null, { status: 406, headers: { accept: acceptable.join('; charset=utf-8, ') } });
    if (processor === (processRegularResult as unknown as ResultProcessor))
      return processor(result as ExecutionResult, plainFetchAPI, mediaType) as PlainResponse;
    return (await processor(result, yoga.fetchAPI, mediaType)) as Response;
  };
  /** What yoga.handle answers for an error thrown on its way (its handleError): the error masked, as a result of its own. */
  const thrown = (err: unknown): ExecutionResult => {
    const opts = internals.maskedErrorsOpts;
    const errors = (err && typeof err === 'object' && 'errors' in err && Array.isArray(err.errors) ? err.errors : [err]).map((e: unknown) => {
      const masked = opts ? opts.maskError(e, opts.errorMessage, opts.isDev) : e;
      return masked instanceof GraphQLError
        ? masked
        : new GraphQLError(masked instanceof Error ? masked.message : String(masked), { originalError: masked as Error });
    });
    return { errors };
  };

  return async (
    params: DirectParams,
    init: { url: string; headers: IncomingHttpHeaders; signal: AbortSignal; gqlContext: GraphQLContext },
  ): Promise<PlainResponse | Response | undefined> => {
    // A plugin that instruments yoga's own steps (none does here: @envelop/opentelemetry traces execution, which both
    // paths run) would be skipped by this path: such a request takes yoga's whole path.
    if (internals.instrumentation) return undefined;
    const request = { method: 'POST', url: init.url, headers: new RequestHeaders(init.headers), signal: init.signal };
    const serverContext = { gqlContext: init.gqlContext };
    let response: PlainResponse | Response;
    try {
      response = await processed(await internals.getResultForParams({ params, request }, serverContext), request, serverContext);
    } catch (err) {
      // As yoga.handle does: an error thrown anywhere on the way (a params hook, a result that cannot be serialised)
      // is masked (and logged, src/graphql/operation-hooks.ts maskError) and answered as a GraphQL error.
      response = await processed(thrown(err), request, serverContext);
    }
    for (const hook of responseHooks) {
      await hook({
        request,
        response,
        serverContext,
        setResponse: (r) => {
          response = r as PlainResponse | Response;
        },
        fetchAPI: yoga.fetchAPI,
      });
    }
    return response;
  };
}
