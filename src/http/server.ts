import { createServer, maxHeaderSize, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { GraphQLError } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Config } from '../config.js';
import type { PgPubSub } from '../db/pubsub.js';
import type { Logger } from '../log.js';
import type { Services } from '../services.js';
import { ApiError, ERROR_CODES, isApiError, type ErrorCode } from '../errors.js';
import { renderErrorIndex, renderErrorPage } from '../docs/error-catalog.js';
import { API_PAGE_CSP } from '../openapi/page.js';
import { apiDocs } from '../openapi/serve.js';
import { createGraphQLServer } from '../graphql/yoga.js';
import { createGraphQLContext } from '../graphql/context.js';
import { Reply, Router, type Method, type RestContext, type RouteHandler } from '../rest/router.js';
import { restRoutes } from '../rest/routes.js';
import { pageHandlers } from './pages.js';
import { parseJsonBody, readBody } from './body.js';
import { requestIdFrom } from './request-id.js';
import { RequestFraming } from './request-framing.js';
import { clientIp } from './client-ip.js';
import { applyCors, corsApplies, graphiqlCsp, securityHeaders } from './security.js';
import { keyBucket, limitReason, MessageBucket, OpenCounts, WS_LIMIT_CLOSE_CODE } from './ws-limits.js';
import { ERROR_PAGE_CSP } from '../docs/error-catalog.js';
import type { KeyAuth } from '../accounts/service.js';
import type { Decision, Usage } from '../ratelimit/policy.js';
import { routeUsage } from '../ratelimit/weights.js';
import { idempotentRest, replayHeaders } from '../rest/idempotency.js';
import { isInvoicePayPost } from '../invoices/page.js';
import type { StoredResponse } from '../idempotency/service.js';

/** What a bodiless refusal from yoga means, for the error it is given instead. */
const graphqlRefusals: Record<number, string> = {
  406: 'None of the accepted media types can be served: accept application/graphql-response+json, application/json, text/event-stream or multipart/mixed',
  415: 'Unsupported content-type: send application/json (or application/graphql)',
};

/** How long a socket over HTTP_MAX_CONNECTIONS_PER_IP may take to send the request its 429 answers. */
const OVER_CAP_GRACE_MS = 2_000;

/** Per-request facts the access log needs. */
interface RequestState {
  requestId: string;
  started: number;
  accountId?: string;
}

const headerValue = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /** Stops accepting, finishes in-flight requests (up to the grace period), closes WebSockets. */
  close(): Promise<void>;
}

/** What the HTTP layer hands to routes, resolvers and pages; nothing else of the process reaches them. */
export interface HttpDeps {
  services: Services;
  config: Config;
  log: Logger;
  /** GraphQL subscriptions listen here. */
  pubsub: PgPubSub;
}

export function createHttpServer(deps: HttpDeps, opts: { extraRoutes?: RouteHandler[] } = {}) {
  const { services, config, log } = deps;
  const yoga = createGraphQLServer({ config, log });
  const router = new Router().add(...restRoutes, ...(opts.extraRoutes ?? []));
  const pages = pageHandlers(services, { devMailPage: config.DEV_MAIL_PAGE && config.NODE_ENV !== 'production' });
  // Built now, once: a route whose documentation does not generate stops the start instead of a request.
  const api = apiDocs(config);
  let shuttingDown = false;

  /**
   * Takes `usage` from the caller's rate-limit count and puts the RateLimit headers on the response (whatever its
   * status turns out to be); a refusal throws RATE_LIMITED, answered 429 with Retry-After.
   */
  const { ratelimit } = services;
  const limitRequest = async (req: IncomingMessage, res: ServerResponse, auth: KeyAuth | null, usage: Usage) => {
    if (!ratelimit.enabled) return;
    const decision = await ratelimit.consume(ratelimit.identity(auth, clientIp(req, config.TRUST_PROXY)), usage);
    applyRateLimitHeaders(res, decision);
    if (decision && !decision.allowed) throw ratelimit.error(decision);
  };
  const applyRateLimitHeaders = (res: ServerResponse, decision: Decision | null | undefined) => {
    if (res.headersSent) return;
    for (const [k, v] of Object.entries(ratelimit.headers(decision ?? null))) res.setHeader(k, v);
    if (decision && !decision.allowed) res.setHeader('retry-after', String(decision.retryAfterSec));
  };
  /** Authenticates a sent key for the limiter; a key that fails counts against the client address (the route reports why). */
  const tryAuthenticate = async (apiKey: string | undefined): Promise<{ auth: KeyAuth | null; error?: unknown }> => {
    if (!apiKey) return { auth: null };
    try {
      return { auth: await services.accounts.authenticate(apiKey) };
    } catch (error) {
      return { auth: null, error };
    }
  };

  /** The error envelope for `err` (an unexpected error is logged and answered INTERNAL). */
  const errorResponse = (err: unknown, requestId: string) => {
    let e: ApiError;
    if (isApiError(err)) e = err;
    else {
      log.error({ err, requestId }, 'unhandled error');
      e = new ApiError('INTERNAL', 'Unexpected server error. Nothing was changed unless the resource says otherwise; retry later.');
    }
    const headers: Record<string, string> = {};
    if (e.code === 'METHOD_NOT_ALLOWED' && Array.isArray(e.details?.allow)) headers.allow = (e.details!.allow as string[]).join(', ');
    return { status: e.status, body: errorBody(config, e.code, e.message, requestId), headers };
  };
  const sendError = (res: ServerResponse, state: RequestState, err: unknown) => {
    const r = errorResponse(err, state.requestId);
    sendJson(res, r.status, r.body, r.headers);
  };

  /** A route's answer or error as an idempotency key stores it (idempotent routes answer JSON). */
  const storedResponse = async (run: () => Promise<unknown> | unknown, requestId: string): Promise<StoredResponse> => {
    let status = 200;
    let headers: Record<string, string> = {};
    let body: unknown;
    try {
      const result = await run();
      if (result instanceof Reply) ({ status, headers, body } = result);
      else body = result ?? {};
    } catch (err) {
      ({ status, headers, body } = errorResponse(err, requestId));
    }
    if (Buffer.isBuffer(body) || typeof body === 'string') return { status, headers, body: body.toString() };
    return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: jsonText(body) };
  };

  const handleRest = async (req: IncomingMessage, res: ServerResponse, state: RequestState, url: URL) => {
    const method = (req.method ?? 'GET').toUpperCase();
    let matched: ReturnType<Router['match']>;
    try {
      matched = router.match(method, url.pathname);
    } catch (err) {
      // Probing unknown paths counts too (one point, by address).
      await limitRequest(req, res, null, { default: 1 });
      throw err;
    }
    const { route, params } = matched;
    const apiKey = headerValue(req.headers['x-api-key']);
    // The key (when sent) decides whose count this is, on every route; the limit applies before any body is read.
    const keyed = ratelimit.enabled || route.access !== 'public' ? await tryAuthenticate(apiKey) : { auth: null };
    await limitRequest(req, res, keyed.auth, routeUsage(route.rateLimit, url.searchParams));
    const raw = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req, config.BODY_LIMIT_BYTES);
    const body = parseJsonBody(raw, headerValue(req.headers['content-type']));
    let auth: RestContext['auth'] = null;
    if (route.access === 'key' || (route.access === 'optionalKey' && apiKey)) {
      if (!apiKey) throw new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header');
      if (!keyed.auth) throw keyed.error;
      auth = keyed.auth;
      state.accountId = auth.accountId;
    }
    const ctx: RestContext = {
      services,
      config,
      log,
      requestId: state.requestId,
      method: route.method as Method,
      path: url.pathname,
      params,
      query: url.searchParams,
      body,
      headers: req.headers,
      auth,
      requireAuth() {
        if (!auth) throw new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header');
        return auth;
      },
    };
    if (route.idempotent) {
      const outcome = await idempotentRest(services.idempotency, { headers: req.headers, route, params, body, auth, requestId: state.requestId }, () =>
        storedResponse(() => route.handler(ctx), state.requestId),
      );
      if (outcome) {
        const { status, headers, body: text } = outcome.response;
        res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text), ...replayHeaders(outcome) });
        return void res.end(text);
      }
    }
    const result = await route.handler(ctx);
    if (result instanceof Reply) {
      if (Buffer.isBuffer(result.body) || typeof result.body === 'string') {
        res.writeHead(result.status, result.headers);
        res.end(method === 'HEAD' ? undefined : result.body);
      } else if (result.status === 304 || result.status === 204) {
        res.writeHead(result.status, result.headers);
        res.end();
      } else sendJson(res, result.status, result.body, result.headers, method === 'HEAD');
    } else sendJson(res, 200, result ?? {}, {}, method === 'HEAD');
  };

  const utf8 = new TextDecoder(); // drops a leading BOM, as a WHATWG body's text() does
  const handleGraphQL = async (req: IncomingMessage, res: ServerResponse, state: RequestState, url: URL) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, config.BODY_LIMIT_BYTES);
    const abort = new AbortController();
    // Only a client that went away before the answer was sent cancels the operation (abort() is not free).
    res.on('close', () => void (res.writableFinished || abort.abort()));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const gqlContext = createGraphQLContext(deps, state.requestId, headerValue(req.headers['x-api-key']), clientIp(req, config.TRUST_PROXY));
    // yoga's own fetch implementation (no conversion between it and Node's global Request/Response).
    const response = await yoga.fetch(
      new yoga.fetchAPI.Request(url.toString(), { method, headers, body: body?.length ? utf8.decode(body) : undefined, signal: abort.signal }),
      { gqlContext },
    );
    // An operation is limited before it runs (src/graphql/yoga.ts, with its weight). A request that never reached
    // execution (unparsable, invalid, over the cost limit, GraphiQL's page) still counts one point.
    const decision = gqlContext.rateLimit.decision;
    if (decision === undefined && ratelimit.enabled) {
      try {
        await limitRequest(req, res, await gqlContext.auth().catch(() => null), { default: 1 });
      } catch (err) {
        if (!isApiError(err) || err.code !== 'RATE_LIMITED') throw err;
        await response.body?.cancel().catch(() => {});
        return sendJson(res, 429, { errors: [{ message: err.message, extensions: { ...err.details, code: err.code, requestId: state.requestId } }] });
      }
    } else applyRateLimitHeaders(res, decision);
    state.accountId = gqlContext.accountId;
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    if (/^text\/html/.test(response.headers.get('content-type') ?? '')) {
      // GraphiQL (development): its page needs the CDN it loads from, allowed exactly (src/http/security.ts).
      const html = await response.text();
      res.writeHead(response.status, { ...out, 'content-security-policy': graphiqlCsp(html) });
      return void res.end(html);
    }
    const status = decision && !decision.allowed ? 429 : response.status;
    // A single result is sent in one write; only event streams (SSE subscriptions, incremental delivery) stream.
    if (!/^(text\/event-stream|multipart\/mixed)/.test(response.headers.get('content-type') ?? '')) {
      const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      // yoga refuses an unusable Accept (406) or content-type (415) with no body: say why, with a code and the id.
      if (response.status >= 400 && bytes.length === 0) {
        const message = graphqlRefusals[response.status] ?? `Request refused (HTTP ${response.status})`;
        return sendJson(
          res,
          response.status,
          { errors: [{ message, extensions: { code: 'INVALID_PARAMS', requestId: state.requestId } }] },
          response.headers.has('allow') ? { allow: response.headers.get('allow')! } : {},
        );
      }
      res.writeHead(status, out);
      return void res.end(bytes);
    }
    res.writeHead(status, out);
    if (!response.body) return void res.end();
    // Streams SSE subscriptions as they happen; stops when the client goes away.
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      }
    } catch {
      // client disconnected mid-stream
    }
    state.accountId ??= gqlContext.accountId;
    res.end();
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const state: RequestState = { requestId: requestIdFrom(req.headers['x-request-id']), started: performance.now() };
    res.setHeader('x-request-id', state.requestId);
    securityHeaders(req, res, config);
    if (overCap.has(req.socket)) {
      res.setHeader('connection', 'close');
      const e = new ApiError(
        'RATE_LIMITED',
        `HTTP_MAX_CONNECTIONS_PER_IP: ${config.HTTP_MAX_CONNECTIONS_PER_IP} connections from this address are open; close some or retry later`,
      );
      return void sendJson(res, e.status, errorBody(config, e.code, e.message, state.requestId));
    }
    res.on('finish', () => {
      log.info(
        {
          requestId: state.requestId,
          method: req.method,
          path: (req.url ?? '/').split('?')[0],
          status: res.statusCode,
          ms: Math.round((performance.now() - state.started) * 10) / 10,
          accountId: state.accountId,
        },
        'request',
      );
    });
    try {
      if (shuttingDown) res.setHeader('connection', 'close');
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (corsApplies(url.pathname) && applyCors(req, res, config)) return;
      if (url.pathname === '/graphql') return await handleGraphQL(req, res, state, url);
      if (url.pathname === '/v1' || url.pathname.startsWith('/v1/')) return await handleRest(req, res, state, url);
      // Pages, their assets, the error docs and unknown paths: one point each, by address (the invoice page's pay
      // form is the public pay route by another path, so it takes from strict as that route does).
      await limitRequest(req, res, null, isInvoicePayPost(req.method, url.pathname) ? { default: 1, strict: 1 } : { default: 1 });
      if (url.pathname === '/docs/errors' || url.pathname === '/docs/errors/')
        return sendHtml(res, 200, renderErrorIndex(), { 'content-security-policy': ERROR_PAGE_CSP });
      if (url.pathname === '/docs/api')
        return sendHtml(res, 200, api.html, { 'content-security-policy': API_PAGE_CSP, 'cache-control': 'public, max-age=300' });
      const doc = /^\/docs\/errors\/([A-Z_]+)$/.exec(url.pathname);
      if (doc && (ERROR_CODES as string[]).includes(doc[1]))
        return sendHtml(res, 200, renderErrorPage(doc[1] as ErrorCode), { 'content-security-policy': ERROR_PAGE_CSP });
      for (const page of pages) if (await page(req, res, url, state.requestId)) return;
      throw new ApiError('NOT_FOUND', `No route for ${req.method} ${url.pathname}`);
    } catch (err) {
      if (res.headersSent) {
        log.error({ err, requestId: state.requestId }, 'error after response started');
        res.destroy();
        return;
      }
      // Drain what is left of an over-limit body so the client reads our 413 instead of a reset.
      if (isApiError(err) && err.code === 'PAYLOAD_TOO_LARGE') res.setHeader('connection', 'close');
      sendError(res, state, err);
    }
  };

  // Slow clients (slowloris): headers and the whole request must arrive in time; Node checks both every
  // connectionsCheckingInterval, so that runs at a fraction of the smaller limit. Upgraded sockets (WebSockets)
  // and responses being streamed (SSE) are not subject to either.
  const server = createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: Math.max(config.HTTP_REQUEST_TIMEOUT_MS, config.HTTP_HEADERS_TIMEOUT_MS),
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS) / 4))),
    },
    (req, res) => void handler(req, res),
  );
  const sockets = new Set<Socket>();
  // Open sockets per peer address. Behind a proxy every socket comes from the proxy, so the cap is off there.
  const socketsPerIp = new OpenCounts();
  const overCap = new WeakSet<Socket>();
  const capSockets = config.TRUST_PROXY === 0 && config.HTTP_MAX_CONNECTIONS_PER_IP > 0;
  // The request framing of each connection, followed over the bytes as they arrive (src/http/request-framing.ts),
  // so a request too malformed to parse (below) is known to be a HEAD, whose answer has no body. It sees each read
  // before Node's parser does (which may reject it and emit clientError at once); dropped once a WebSocket.
  const framings = new WeakMap<Socket, RequestFraming>();
  const watchers = new WeakMap<Socket, (d: Buffer) => void>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    const framing = new RequestFraming();
    const watch = (d: Buffer) => framing.push(d);
    framings.set(s, framing);
    watchers.set(s, watch);
    s.prependListener('data', watch);
    if (!capSockets) return;
    const peer = clientIp({ headers: {}, socket: s }, 0);
    if (!socketsPerIp.take(peer, config.HTTP_MAX_CONNECTIONS_PER_IP)) {
      // Answered from the handler once its request is read (a HEAD's answer then has no body, as HTTP requires),
      // and closed; a socket that sends nothing is closed within the grace below rather than the headers timeout.
      overCap.add(s);
      setTimeout(() => s.destroy(), Math.min(OVER_CAP_GRACE_MS, config.HTTP_HEADERS_TIMEOUT_MS)).unref();
      return;
    }
    s.once('close', () => socketsPerIp.release(peer));
  });
  // A request Node could not parse (headers over the limit, bad framing, an unknown method) never reaches the
  // handler: answer it with the same envelope and a request id, then close the connection.
  server.on('upgrade', (_req, socket: Socket) => {
    const watch = watchers.get(socket);
    if (watch) socket.off('data', watch);
    framings.delete(socket);
  });
  // Connections whose rejected request is answered (or waits to be): later reads of it raise clientError again.
  const rejected = new WeakSet<Socket>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (rejected.has(socket) && socket.writable) return;
    if (!socket.writable) return void socket.destroy();
    // Headers or body slower than the server's timeouts: 408 (no code has that status), and the socket goes.
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      return void socket.end('HTTP/1.1 408 Request Timeout\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n');
    const requestId = requestIdFrom(undefined);
    const message =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? `The request line and headers exceed ${maxHeaderSize} bytes`
        : `Malformed HTTP request (${err.code ?? 'parse error'})`;
    const body = JSON.stringify(errorBody(config, 'INVALID_PARAMS', message, requestId));
    // The answer to a HEAD has no body, even this one (a client reads no body after a HEAD's headers: the bytes
    // would be taken as a next response, or, after connection: close, as a protocol error).
    const head = framings.get(socket)?.method === 'HEAD';
    rejected.add(socket);
    afterResponses(socket, () => {
      if (!socket.writable) return void socket.destroy();
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${head ? '' : body}`,
      );
    });
  });
  /**
   * Runs `then` once the answers to earlier requests on `socket` are written: a request rejected by the parser may
   * follow others sent without waiting (pipelining) whose handlers are still at work, and answers go in order.
   * Node's server keeps the response being written as `socket._httpMessage` (its own clientError default reads it
   * too) and assigns the next queued one before our 'finish' listener runs.
   */
  const afterResponses = (socket: Socket, then: () => void) => {
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!inFlight || inFlight.writableFinished) return then();
    const next = () => {
      inFlight.off('finish', next).off('close', next);
      afterResponses(socket, then);
    };
    inFlight.once('finish', next).once('close', next);
  };

  // Errors a subscription raises while streaming (e.g. UNAUTHORIZED on its first step) reach graphql-ws's
  // onError, not the execution plugins: give them the same extensions.code and requestId there.
  // Request id per operation, per socket (collected with the socket, so nothing outlives a connection).
  const wsRequestIds = new WeakMap<object, Map<string, string>>();
  const opRequestIds = (socket: object) => {
    let m = wsRequestIds.get(socket);
    if (!m) wsRequestIds.set(socket, (m = new Map()));
    return m;
  };
  const formatWsErrors = (errors: readonly GraphQLError[], requestId: string) =>
    errors.map((e) => {
      // graphql-ws wraps what the stream threw in a GraphQLError, itself wrapping ours: unwrap to the cause.
      let original: Error = e;
      while (original instanceof GraphQLError && original.originalError) original = original.originalError;
      if (isApiError(original)) return { message: original.message, path: e.path, extensions: { ...(original.details ?? {}), code: original.code, requestId } };
      if (!(original instanceof GraphQLError)) {
        log.error({ err: original, requestId }, 'unexpected error in subscription');
        return { message: 'Unexpected error.', path: e.path, extensions: { code: 'INTERNAL', requestId } };
      }
      return { ...e.toJSON(), extensions: { ...(e.extensions ?? {}), code: e.extensions?.code ?? 'INVALID_PARAMS', requestId } };
    });

  // graphql-ws (graphql-transport-ws protocol) on the same path as HTTP GraphQL.
  const wss = new WebSocketServer({
    server,
    path: '/graphql',
    maxPayload: config.BODY_LIMIT_BYTES,
    // A socket over HTTP_MAX_CONNECTIONS_PER_IP is refused its upgrade as any request of it is (429).
    verifyClient: (info, done) => (overCap.has(info.req.socket as Socket) ? done(false, 429, 'Too Many Requests') : done(true)),
  });
  // WebSocket limits (src/http/ws-limits.ts): registered before graphql-ws's own handlers, so a refused
  // connection is closed before it is served and an over-limit message closes the socket as it arrives.
  const wsPerIp = new OpenCounts();
  const wsPerKey = new OpenCounts();
  const wsKeyOf = new WeakMap<object, string>();
  const closeForLimit = (ws: { close(code: number, reason: string): void }, reason: string) => ws.close(WS_LIMIT_CLOSE_CODE, reason);
  wss.on('connection', (ws, req) => {
    const ip = clientIp(req, config.TRUST_PROXY);
    if (!wsPerIp.take(ip, config.WS_MAX_CONNECTIONS_PER_IP)) return closeForLimit(ws, limitReason.ip(config.WS_MAX_CONNECTIONS_PER_IP));
    const bucket = new MessageBucket(config.WS_MAX_MESSAGES_PER_SECOND, performance.now());
    ws.on('message', () => {
      if (!bucket.take(performance.now()) && ws.readyState === ws.OPEN) closeForLimit(ws, limitReason.messages(config.WS_MAX_MESSAGES_PER_SECOND));
    });
    ws.once('close', () => {
      wsPerIp.release(ip);
      const key = wsKeyOf.get(ws);
      if (key) wsPerKey.release(key);
    });
  });
  const wsApiKey = (ctx: { connectionParams?: Readonly<Record<string, unknown>>; extra: { request: IncomingMessage } }) => {
    const conn = (ctx.connectionParams ?? {}) as Record<string, unknown>;
    return (
      (typeof conn['x-api-key'] === 'string' ? conn['x-api-key'] : undefined) ??
      (typeof conn.apiKey === 'string' ? conn.apiKey : undefined) ??
      headerValue(ctx.extra.request.headers['x-api-key'])
    );
  };
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onConnect: (ctx) => {
        if (shuttingDown) return false;
        const socket = ctx.extra.socket;
        if (socket.readyState !== socket.OPEN) return false;
        const apiKey = wsApiKey(ctx);
        if (apiKey) {
          const bucket = keyBucket(apiKey);
          if (!wsPerKey.take(bucket, config.WS_MAX_CONNECTIONS_PER_KEY)) {
            closeForLimit(socket, limitReason.key(config.WS_MAX_CONNECTIONS_PER_KEY));
            return false;
          }
          wsKeyOf.set(socket, bucket);
        }
        return true;
      },
      onError: (ctx, id, _payload, errors) => {
        const ids = opRequestIds(ctx.extra.socket);
        const requestId = ids.get(id) ?? requestIdFrom(undefined);
        ids.delete(id);
        return formatWsErrors(errors, requestId);
      },
      onComplete: (ctx, id) => void opRequestIds(ctx.extra.socket).delete(id),
      onSubscribe: async (ctx, id, params) => {
        const req = ctx.extra.request;
        const socket = ctx.extra.socket;
        const limit = config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION;
        // ctx.subscriptions already holds this operation.
        if (limit > 0 && Object.keys(ctx.subscriptions).length > limit && socket.readyState === socket.OPEN)
          closeForLimit(socket, limitReason.subscriptions(limit));
        // Closed for a limit (this operation's, or the message rate's): nothing more runs on it.
        if (socket.readyState !== socket.OPEN) return [new GraphQLError('The connection is closing', { extensions: { code: 'RATE_LIMITED' } })];
        const apiKey = wsApiKey(ctx);
        const requestId = requestIdFrom(undefined);
        opRequestIds(ctx.extra.socket).set(id, requestId);
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...ctx, req, socket: ctx.extra.socket, params });
        const gqlContext = createGraphQLContext(deps, requestId, apiKey, clientIp(req, config.TRUST_PROXY));
        // Operations that run are limited before execution (src/graphql/yoga.ts); one that fails to parse or
        // validate still counts one point, and over the limit gets RATE_LIMITED instead of its own error.
        const countRefused = async (): Promise<GraphQLError[] | null> => {
          if (!ratelimit.enabled) return null;
          const auth = await gqlContext.auth().catch(() => null);
          const decision = await ratelimit.consume(ratelimit.identity(auth, gqlContext.clientIp), { default: 1 });
          if (!decision || decision.allowed) return null;
          const e = ratelimit.error(decision);
          return [new GraphQLError(e.message, { extensions: { ...e.details, code: e.code } })];
        };
        let document;
        try {
          document = parse(params.query);
        } catch (e) {
          return (await countRefused()) ?? [e as never];
        }
        const errors = validate(schema, document);
        if (errors.length) return (await countRefused()) ?? errors;
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: gqlContext,
          rootValue: { execute, subscribe },
        };
      },
    },
    wss,
  );

  return {
    server,
    async listen(port: number, host: string): Promise<RunningServer> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const addr = server.address();
      const actualPort = typeof addr === 'object' && addr ? addr.port : port;
      const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${actualPort}`;
      return {
        server,
        url,
        port: actualPort,
        async close() {
          shuttingDown = true;
          const closed = new Promise<void>((r) => server.close(() => r()));
          for (const client of wss.clients) client.close(1001, 'server shutting down');
          wss.close();
          server.closeIdleConnections();
          const grace = new Promise<void>((r) => setTimeout(r, config.SHUTDOWN_GRACE_MS).unref());
          await Promise.race([closed, grace]);
          for (const s of sockets) s.destroy();
          for (const client of wss.clients) client.terminate();
        },
      };
    },
  };
}

export function errorBody(config: Pick<Config, 'DOCS_URL'>, code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, requestId, docsUrl: `${config.DOCS_URL}/errors/${code}` } };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const jsonText = (body: unknown) => JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, headOnly = false) {
  const text = jsonText(body);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(headOnly ? undefined : text);
}

/** An HTML page; the security headers (and the default CSP, which nothing loads under) are already set: pass the page's own CSP. */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    ...headers,
  });
  res.end(html);
}
