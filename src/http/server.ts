import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
import { createGraphQLServer } from '../graphql/yoga.js';
import { createGraphQLContext } from '../graphql/context.js';
import { Reply, Router, type Method, type RestContext, type Route } from '../rest/router.js';
import { restRoutes } from '../rest/routes.js';
import { pageHandlers } from './pages.js';
import { parseJsonBody, readBody } from './body.js';
import { requestIdFrom } from './request-id.js';

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

export function createHttpServer(deps: HttpDeps, opts: { extraRoutes?: Route[] } = {}) {
  const { services, config, log } = deps;
  const yoga = createGraphQLServer({ config, log });
  const router = new Router().add(...restRoutes, ...(opts.extraRoutes ?? []));
  const pages = pageHandlers(services, { production: config.NODE_ENV === 'production' });
  let shuttingDown = false;

  const sendError = (res: ServerResponse, state: RequestState, err: unknown) => {
    let e: ApiError;
    if (isApiError(err)) e = err;
    else {
      log.error({ err, requestId: state.requestId }, 'unhandled error');
      e = new ApiError('INTERNAL', 'Unexpected server error. Nothing was changed unless the resource says otherwise; retry later.');
    }
    const headers: Record<string, string> = {};
    if (e.code === 'METHOD_NOT_ALLOWED' && Array.isArray(e.details?.allow)) headers.allow = (e.details!.allow as string[]).join(', ');
    sendJson(res, e.status, errorBody(config, e.code, e.message, state.requestId), headers);
  };

  const handleRest = async (req: IncomingMessage, res: ServerResponse, state: RequestState, url: URL) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const { route, params } = router.match(method, url.pathname);
    const raw = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req, config.BODY_LIMIT_BYTES);
    const body = parseJsonBody(raw, headerValue(req.headers['content-type']));
    const apiKey = headerValue(req.headers['x-api-key']);
    let auth: RestContext['auth'] = null;
    if (route.access === 'key' || (route.access === 'optionalKey' && apiKey)) {
      auth = await services.accounts.authenticate(apiKey);
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
    const gqlContext = createGraphQLContext(deps, state.requestId, headerValue(req.headers['x-api-key']));
    // yoga's own fetch implementation (no conversion between it and Node's global Request/Response).
    const response = await yoga.fetch(
      new yoga.fetchAPI.Request(url.toString(), { method, headers, body: body && body.length ? utf8.decode(body) : undefined, signal: abort.signal }),
      { gqlContext },
    );
    state.accountId = gqlContext.accountId;
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    res.writeHead(response.status, out);
    if (!response.body) return void res.end();
    // A single result is sent in one write; only event streams (SSE subscriptions, incremental delivery) stream.
    if (!/^(text\/event-stream|multipart\/mixed)/.test(response.headers.get('content-type') ?? '')) {
      return void res.end(Buffer.from(await response.arrayBuffer()));
    }
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
      if (url.pathname === '/graphql') return await handleGraphQL(req, res, state, url);
      if (url.pathname === '/v1' || url.pathname.startsWith('/v1/')) return await handleRest(req, res, state, url);
      if (url.pathname === '/docs/errors' || url.pathname === '/docs/errors/') return sendHtml(res, 200, renderErrorIndex());
      const doc = /^\/docs\/errors\/([A-Z_]+)$/.exec(url.pathname);
      if (doc && (ERROR_CODES as string[]).includes(doc[1])) return sendHtml(res, 200, renderErrorPage(doc[1] as ErrorCode));
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

  const server = createServer({ requestTimeout: 60_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, (req, res) => void handler(req, res));
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });

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
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: config.BODY_LIMIT_BYTES });
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onConnect: () => !shuttingDown,
      onError: (ctx, id, _payload, errors) => {
        const ids = opRequestIds(ctx.extra.socket);
        const requestId = ids.get(id) ?? requestIdFrom(undefined);
        ids.delete(id);
        return formatWsErrors(errors, requestId);
      },
      onComplete: (ctx, id) => void opRequestIds(ctx.extra.socket).delete(id),
      onSubscribe: async (ctx, id, params) => {
        const req = ctx.extra.request;
        const conn = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const apiKey = (typeof conn['x-api-key'] === 'string' ? conn['x-api-key'] : undefined) ??
          (typeof conn.apiKey === 'string' ? conn.apiKey : undefined) ?? headerValue(req.headers['x-api-key']);
        const requestId = requestIdFrom(undefined);
        opRequestIds(ctx.extra.socket).set(id, requestId);
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...ctx, req, socket: ctx.extra.socket, params });
        const gqlContext = createGraphQLContext(deps, requestId, apiKey);
        let document;
        try {
          document = parse(params.query);
        } catch (e) {
          return [e as never];
        }
        const errors = validate(schema, document);
        if (errors.length) return errors;
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

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, headOnly = false) {
  const text = JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(headOnly ? undefined : text);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(html);
}
