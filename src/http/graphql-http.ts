import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCookie } from '../auth/cookie.js';
import { sameOrigin } from '../auth/state.js';
import { ApiError, isApiError } from '../errors.js';
import { createGraphQLContext, type GraphQLContext } from '../graphql/context.js';
import type { createGraphQLServer } from '../graphql/yoga.js';
import { readBody } from './body.js';
import { clientIp } from './client-ip.js';
import { endingWith } from '../db/pubsub.js';
import { graphqlErrorBody } from './errors.js';
import { directExecutor, directParams, PlainResponse } from './graphql-direct.js';
import type { HttpRateLimit } from './rate-limit.js';
import { headerValue, sendJson } from './respond.js';
import { GRAPHIQL_CSP } from './security.js';
import type { HttpDeps, RequestState } from './types.js';

/** What a bodiless refusal from yoga means, for the error it is given instead. */
const graphqlRefusals: Record<number, string> = {
  406: 'None of the accepted media types can be served: accept application/graphql-response+json, application/json, text/event-stream or multipart/mixed',
  415: 'Unsupported content-type: send application/json (or application/graphql)',
};

const STREAMED = /^(text\/event-stream|multipart\/mixed)/;
/** The request bodies GraphQL over HTTP takes (none of them a CORS "simple" type). */
const GRAPHQL_MEDIA_TYPES = new Set(['application/json', 'application/graphql', 'application/graphql+json']);

/**
 * GraphQL over HTTP (`/graphql`: queries, mutations, SSE subscriptions, GraphiQL in development) through yoga. The
 * request takes one point at the gate on arrival, so one that never runs (unparsable, invalid, over the cost
 * limit, GraphiQL's page) still counts; an operation that runs takes the rest of its weight in yoga's execution
 * hooks (src/graphql/operation-hooks.ts), and a refusal there is answered 429.
 */
export function graphqlHttpTransport(deps: HttpDeps, yoga: ReturnType<typeof createGraphQLServer>, rate: HttpRateLimit) {
  const { config } = deps;
  const utf8 = new TextDecoder(); // drops a leading BOM, as a WHATWG body's text() does
  const direct = directExecutor(yoga);
  /** The request through yoga's Fetch API layer (every request the direct path does not take). */
  const viaFetch = (req: IncomingMessage, method: string, url: URL, text: string | undefined, signal: AbortSignal, gqlContext: GraphQLContext) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    // yoga's own fetch implementation (no conversion between it and Node's global Request/Response). The server
    // context goes in two parts (the second empty): whatwg-node then merges them into one plain object, where a
    // single part is "isolated" as Object.create(part) — a fresh prototype per request, which made every property
    // yoga and envelop then set on the context (the GraphQLContext copied in) a slow path: a third of the GraphQL
    // layer's CPU per request in the profile. Nothing reads what the isolation added (`waitUntil`).
    return yoga.fetch(new yoga.fetchAPI.Request(url.toString(), { method, headers, body: text, signal }), { gqlContext }, {});
  };

  return async (req: IncomingMessage, res: ServerResponse, state: RequestState, url: URL) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const apiKey = headerValue(req.headers['x-api-key']);
    // The dashboard's cookie counts only without a key; a POST carrying it must come from the dashboard's origin
    // (CSRF: a cross-origin page could otherwise run mutations as the signed-in member).
    const sessionToken = apiKey ? undefined : readCookie(headerValue(req.headers.cookie), deps.services.auth.cookieName);
    if (sessionToken && method !== 'GET' && method !== 'HEAD' && !sameOrigin(headerValue(req.headers.origin), config.PUBLIC_URL)) {
      const e = new ApiError('FORBIDDEN', 'Requests with the dashboard session must come from the dashboard itself (the Origin header must be this service)');
      return sendJson(res, 403, graphqlErrorBody(e, state.requestId));
    }
    // Only GraphQL's own media types: a form or text/plain POST is a "simple" request a cross-site page can send
    // without a CORS preflight, and a top-level form post would have its answer's Set-Cookie stored (login CSRF).
    const contentType = (headerValue(req.headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase();
    if (method === 'POST' && !GRAPHQL_MEDIA_TYPES.has(contentType)) {
      const e = new ApiError('INVALID_PARAMS', 'Unsupported content-type: send application/json (or application/graphql)');
      return sendJson(res, 415, graphqlErrorBody(e, state.requestId));
    }
    const origin = headerValue(req.headers.origin);
    const gqlContext = createGraphQLContext(deps, state.requestId, apiKey, clientIp(req, config.TRUST_PROXY), {
      ...(sessionToken ? { sessionToken } : {}),
      ...(origin ? { origin } : {}),
      userAgent: headerValue(req.headers['user-agent']),
      authorization: headerValue(req.headers.authorization),
    });
    gqlContext.rateLimit = state.rateLimit;
    /**
     * Marks a request of an account for the request log (src/http/server.ts records it once answered): the key was
     * read already when the operation ran or the gate counted it; otherwise (an operation that never ran) it is
     * read now.
     */
    const logged = async (op: string | null | undefined) => {
      state.route = 'graphql';
      state.operation = op ?? '';
      state.errorCode = gqlContext.outcome.errorCode;
      state.auth = (await gqlContext.auth().catch(() => null)) ?? undefined;
    };
    try {
      // A key that does not authenticate counts against the client address, so guessing keys is limited too.
      if (rate.enabled) await rate.limit(req, res, state.rateLimit, await gqlContext.auth().catch(() => null), { default: 1 });
    } catch (err) {
      if (!isApiError(err) || err.code !== 'RATE_LIMITED') throw err;
      await logged(null);
      state.errorCode = err.code;
      return sendJson(res, 429, graphqlErrorBody(err, state.requestId));
    }
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, config.BODY_LIMIT_BYTES);
    const abort = new AbortController();
    // Only a client that went away before the answer was sent cancels the operation (abort() is not free), and ends
    // what a subscription over SSE listens to (src/db/pubsub.ts endingWith says why the stream's cancel is not enough).
    res.on('close', () => void (res.writableFinished || abort.abort()));
    gqlContext.pubsub = endingWith(gqlContext.pubsub, abort.signal);
    const text = body?.length ? utf8.decode(body) : undefined;
    // A POST of one JSON operation skips yoga's Fetch API layer (./graphql-direct.ts); anything else goes through it.
    const params = method === 'POST' && contentType === 'application/json' && text !== undefined ? directParams(text) : undefined;
    const response =
      (params && (await direct(params, { url: url.toString(), headers: req.headers, signal: abort.signal, gqlContext }))) ||
      (await viaFetch(req, method, url, text, abort.signal, gqlContext));
    const decision = state.rateLimit.decision;
    rate.applyHeaders(res, decision);
    await logged(gqlContext.outcome.operation);
    state.accountId = gqlContext.accountId;
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      out[k] = v;
    });
    if (gqlContext.responseCookies.length) out['set-cookie'] = gqlContext.responseCookies;
    const type = response.headers.get('content-type') ?? '';
    if (/^text\/html/.test(type) && !(response instanceof PlainResponse)) {
      // GraphiQL (development): its page loads only its own assets from this origin (src/pages/graphiql).
      const html = await response.text();
      res.writeHead(response.status, { ...out, 'content-security-policy': GRAPHIQL_CSP });
      return void res.end(html);
    }
    const status = decision && !decision.allowed ? 429 : response.status;
    // A single result is sent in one write; only event streams (SSE subscriptions, incremental delivery) stream.
    if (!STREAMED.test(type)) {
      const bytes =
        response instanceof PlainResponse ? Buffer.from(response.text ?? '') : response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      // yoga refuses an unusable Accept (406) or content-type (415) with no body: say why, with a code and the id.
      if (response.status >= 400 && bytes.length === 0) {
        const message = graphqlRefusals[response.status] ?? `Request refused (HTTP ${response.status})`;
        const allow = response.headers.get('allow');
        state.errorCode = 'INVALID_PARAMS';
        return sendJson(res, response.status, graphqlErrorBody(new ApiError('INVALID_PARAMS', message), state.requestId), allow ? { allow } : {});
      }
      // yoga's Response carries its length; a PlainResponse is sent with it too (not chunked).
      if (response instanceof PlainResponse) out['content-length'] = String(bytes.length);
      res.writeHead(status, out);
      return void res.end(bytes);
    }
    res.writeHead(status, out);
    // (A PlainResponse is never streamed: it is a single result, or a bodiless 406.)
    if (response instanceof PlainResponse || !response.body) return void res.end();
    // Streams SSE subscriptions as they happen. A client that goes away cancels the stream (yoga then ends the
    // subscription: its listener and pings), whether the loop is waiting for the next event or for a full socket to
    // drain (a gone socket never drains).
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const gone = () => void reader.cancel().catch(() => {});
    if (abort.signal.aborted) gone();
    else abort.signal.addEventListener('abort', gone, { once: true });
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || res.destroyed) break;
        if (!res.write(value)) {
          await new Promise<void>((r) => {
            const on = () => {
              res.off('drain', on);
              res.off('close', on);
              r();
            };
            res.on('drain', on);
            res.on('close', on);
          });
        }
      }
    } catch {
      // client disconnected mid-stream
    } finally {
      abort.signal.removeEventListener('abort', gone);
    }
    state.accountId ??= gqlContext.accountId;
    res.end();
  };
}
