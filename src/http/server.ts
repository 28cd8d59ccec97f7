import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ApiError, isApiError } from '../errors.js';
import { createGraphQLServer } from '../graphql/yoga.js';
import { pageHandlers, pageRoute, pageUsage } from '../pages/index.js';
import { activeTracer } from '../trace.js';
import { renderGraphiQL } from '../pages/graphiql/page.js';
import { newTicket } from '../ratelimit/service.js';
import { type RouteHandler, Router } from '../rest/router.js';
import { restRoutes } from '../rest/routes.js';
import { errorBody, restError } from './errors.js';
import { graphqlHttpTransport } from './graphql-http.js';
import { graphqlWsTransport } from './graphql-ws.js';
import { metricsTransport } from './metrics-route.js';
import { httpRateLimit } from './rate-limit.js';
import { graphqlRoute, recordRequest } from './request-log.js';
import { requestIdFrom } from './request-id.js';
import { sendJson } from './respond.js';
import { restTransport } from './rest.js';
import { applyCors, corsApplies, securityHeaders } from './security.js';
import { createNodeServer } from './sockets.js';
import type { HttpDeps, RequestState } from './types.js';

export type { HttpDeps } from './types.js';

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /** Stops accepting, finishes in-flight requests (up to the grace period), closes WebSockets. */
  close(): Promise<void>;
}

/**
 * The HTTP front door: one Node server (./sockets.ts) whose requests get an id, the security headers and CORS,
 * then go to a transport by path: GraphQL over HTTP (./graphql-http.ts) and WebSocket (./graphql-ws.ts) on
 * /graphql, REST (./rest.ts) under /v1, the pages (src/pages) for everything else. Every transport passes the
 * one rate-limit gate (./rate-limit.ts) and answers errors through the one mapper (./errors.ts).
 */
export function createHttpServer(deps: HttpDeps, opts: { extraRoutes?: RouteHandler[] } = {}) {
  const { services, config, log } = deps;
  const rate = httpRateLimit(services, config);
  const yoga = createGraphQLServer({ config, log, renderGraphiQL });
  const rest = restTransport(deps, new Router().add(...restRoutes, ...(opts.extraRoutes ?? [])), rate);
  const graphql = graphqlHttpTransport(deps, yoga, rate);
  const pages = pageHandlers(services, config, restRoutes);
  let shuttingDown = false;

  const metricsRoute = metricsTransport(deps, rate);
  const observers = deps.requests;

  const handle = async (req: IncomingMessage, res: ServerResponse, span: Span | undefined) => {
    const state: RequestState = {
      requestId: requestIdFrom(req.headers['x-request-id']),
      started: performance.now(),
      rateLimit: newTicket(),
      method: req.method ?? 'GET',
      status: 0,
      ms: 0,
    };
    res.setHeader('x-request-id', state.requestId);
    span?.setAttribute('request.id', state.requestId);
    securityHeaders(req, res, config);
    if (node.overCap(req.socket)) {
      res.setHeader('connection', 'close');
      const e = new ApiError(
        'RATE_LIMITED',
        `HTTP_MAX_CONNECTIONS_PER_IP: ${config.HTTP_MAX_CONNECTIONS_PER_IP} connections from this address are open; close some or retry later`,
      );
      return void sendJson(res, e.status, errorBody(config, e.code, e.message, state.requestId));
    }
    res.on('finish', () => {
      const ms = Math.round((performance.now() - state.started) * 10) / 10;
      const path = (req.url ?? '/').split('?')[0];
      log.info({ requestId: state.requestId, method: req.method, path, status: res.statusCode, ms, accountId: state.accountId }, 'request');
      if (state.auth)
        recordRequest(services.requestLogs, config.TRUST_PROXY, req, {
          auth: state.auth,
          route: state.route === 'graphql' ? graphqlRoute(state.operation || undefined) : (state.route ?? path),
          status: res.statusCode,
          latencyMs: ms,
          requestId: state.requestId,
          errorCode: state.errorCode,
        });
      state.status = res.statusCode;
      state.ms = ms;
      if (observers?.active) observers.emit(state);
    });
    if (span)
      res.once('close', () => {
        if (state.route) span.updateName(`${state.method} ${state.route}`);
        if (state.route) span.setAttribute('http.route', state.route);
        if (state.operation) span.setAttribute('graphql.operation.name', state.operation);
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500 || !res.writableFinished)
          span.setStatus({ code: SpanStatusCode.ERROR, message: res.writableFinished ? undefined : 'answer cut short' });
        span.end();
      });
    try {
      if (shuttingDown) res.setHeader('connection', 'close');
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (corsApplies(url.pathname) && applyCors(req, res, config)) {
        state.route = 'preflight';
        return;
      }
      if (url.pathname === '/graphql') {
        state.route = 'graphql';
        return await graphql(req, res, state, url);
      }
      if (url.pathname === '/v1' || url.pathname.startsWith('/v1/')) return await rest(req, res, state, url);
      if (url.pathname === '/metrics') {
        state.route = '/metrics';
        return await metricsRoute(req, res, state);
      }
      // Labelled before the page answers (observers run when the answer is sent, maybe before the page returns).
      state.route = pageRoute(url.pathname);
      await rate.limit(req, res, state.rateLimit, null, pageUsage(req.method, url.pathname));
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
      const r = restError(err, { config, log, requestId: state.requestId });
      state.errorCode = r.body.error.code;
      sendJson(res, r.status, r.body, r.headers);
    }
  };

  // With tracing on, each request runs inside its span (a caller's traceparent continues its trace): what it does
  // (provider calls, transactions, queries, GraphQL execution) nests in it. Off, nothing is made.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const tracer = activeTracer();
    if (!tracer) return handle(req, res, undefined);
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(`${req.method} request`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, parent);
    return context.with(trace.setSpan(parent, span), () => handle(req, res, span));
  };

  const node = createNodeServer(config, handler);
  const { server, sockets } = node;
  const wss = graphqlWsTransport(deps, yoga, server, { overCap: node.overCap, shuttingDown: () => shuttingDown });

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
          // A keep-alive connection whose last request was still in flight turns idle when it is answered: close it
          // then, not when its keep-alive timeout ends (seconds of a shutdown spent waiting on an idle socket).
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          const grace = new Promise<void>((r) => setTimeout(r, config.SHUTDOWN_GRACE_MS).unref());
          await Promise.race([closed, grace]);
          clearInterval(sweep);
          for (const s of sockets) s.destroy();
          for (const client of wss.clients) client.terminate();
        },
      };
    },
  };
}
