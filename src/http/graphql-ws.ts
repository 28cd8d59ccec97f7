import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { GraphQLError, getOperationAST } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { readCookie } from '../auth/cookie.js';
import { sameOrigin } from '../auth/state.js';
import { createGraphQLContext, type GraphQLContext } from '../graphql/context.js';
import { endingWith, type IterateOptions } from '../db/pubsub.js';
import type { createGraphQLServer } from '../graphql/yoga.js';
import { newTicket } from '../ratelimit/service.js';
import { isApiError } from '../errors.js';
import { clientIp } from './client-ip.js';
import { apiErrorExtensions, graphqlErrorFields } from './errors.js';
import { graphqlRoute, recordRequest, wsStatus } from './request-log.js';
import { requestIdFrom } from './request-id.js';
import { headerValue } from './respond.js';
import type { HttpDeps } from './types.js';
import { keyBucket, limitReason, OpenCounts, WS_LIMIT_CLOSE_CODE, WS_SLOW_CONSUMER_CLOSE_CODE } from './ws-limits.js';
import { TokenBucket } from '../ratelimit/token-bucket.js';

type Ws = { close(code: number, reason: string): void };
type Enveloped = Pick<ReturnType<ReturnType<typeof createGraphQLServer>['getEnveloped']>, 'execute' | 'subscribe'>;

/**
 * GraphQL over WebSocket (graphql-ws, the graphql-transport-ws protocol) on `/graphql`, with the WebSocket limits
 * (src/http/ws-limits.ts). Each operation has its own request id and its own take at the rate-limit gate: one that
 * runs takes its weight in yoga's execution hooks; one that fails to parse or validate takes one point here, and
 * over the limit gets RATE_LIMITED instead of its own error.
 */
export function graphqlWsTransport(
  deps: HttpDeps,
  yoga: ReturnType<typeof createGraphQLServer>,
  server: Server,
  opts: { overCap: (s: Socket) => boolean; shuttingDown: () => boolean },
) {
  const { config, log, services, requests } = deps;
  const { ratelimit } = services;
  const wss = new WebSocketServer({
    server,
    path: '/graphql',
    maxPayload: config.BODY_LIMIT_BYTES,
    // A socket over HTTP_MAX_CONNECTIONS_PER_IP is refused its upgrade as any request of it is (429). An upgrade
    // carrying the dashboard's session cookie must come from the dashboard's origin (cross-site WebSocket hijacking:
    // browsers send cookies on WebSocket upgrades whatever the page) and hold a working session.
    verifyClient: (info, done) => {
      if (opts.overCap(info.req.socket as Socket)) return done(false, 429, 'Too Many Requests');
      const token = sessionTokenOf(info.req);
      if (!token) return done(true);
      if (!sameOrigin(headerValue(info.req.headers.origin), config.PUBLIC_URL)) return done(false, 403, 'Forbidden');
      services.auth.authenticateSession(token).then(
        () => done(true),
        // A session of a suspended account is refused as REST refuses it (403); any other failure is 401.
        (err: unknown) => (isApiError(err) && err.code === 'FORBIDDEN' ? done(false, 403, 'Forbidden') : done(false, 401, 'Unauthorized')),
      );
    },
  });
  // Registered before graphql-ws's own handlers, so a refused connection is closed before it is served and an
  // over-limit message closes the socket as it arrives.
  const wsPerIp = new OpenCounts();
  const wsPerKey = new OpenCounts();
  const wsKeyOf = new WeakMap<object, string>();
  const closeForLimit = (ws: Ws, reason: string) => ws.close(WS_LIMIT_CLOSE_CODE, reason);
  /**
   * A subscription's changes pile up while the socket does not drain (the send of the previous one waits): each
   * subscription's pubsub iterator holds at most WS_MAX_QUEUED_MESSAGES of them, and one more closes the connection
   * with 4413. The close frame waits behind what is already buffered; a client that never reads again is cut off
   * after ws's close timeout. Meanwhile the overflowing iterator has stopped holding anything.
   */
  const boundedPubsub = (socket: Ws & { readyState: number; OPEN: number }, ended: AbortSignal): GraphQLContext['pubsub'] => {
    const max = config.WS_MAX_QUEUED_MESSAGES;
    const onOverflow = () => {
      if (socket.readyState !== socket.OPEN) return;
      log.warn({ max }, 'slow WebSocket consumer closed');
      socket.close(WS_SLOW_CONSUMER_CLOSE_CODE, limitReason.slowConsumer(max));
    };
    const bounded =
      max > 0
        ? { iterate: <T>(topic: string, opts: IterateOptions = {}) => deps.pubsub.iterate<T>(topic, { ...opts, maxQueued: max, onOverflow }) }
        : deps.pubsub;
    return endingWith(bounded, ended);
  };
  /**
   * graphql-ws completes an operation (the client's `complete`, or the socket closing) by calling `return()` on its
   * stream, which waits behind the generator's pending `await` for the next message (src/db/pubsub.ts endingWith):
   * the operation's signal is aborted first, so the listener ends and the `return()` goes through at once.
   */
  const endsFirst =
    <A>(subscribe: (args: A) => unknown, ended: AbortController) =>
    async (args: A) => {
      const result = await subscribe(args);
      if (!result || typeof result !== 'object' || !(Symbol.asyncIterator in result)) return result;
      const it = result as AsyncGenerator<unknown>;
      return {
        next: (...a: [] | [unknown]) => it.next(...a),
        return: (v?: unknown) => {
          ended.abort();
          return it.return ? it.return(v) : Promise.resolve({ done: true as const, value: v });
        },
        throw: (e?: unknown) => {
          ended.abort();
          return it.throw ? it.throw(e) : Promise.reject(e);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    };
  wss.on('connection', (ws, req) => {
    const ip = clientIp(req, config.TRUST_PROXY);
    if (!wsPerIp.take(ip, config.WS_MAX_CONNECTIONS_PER_IP)) return closeForLimit(ws, limitReason.ip(config.WS_MAX_CONNECTIONS_PER_IP));
    const bucket = new TokenBucket(config.WS_MAX_MESSAGES_PER_SECOND, performance.now());
    ws.on('message', () => {
      if (!bucket.take(performance.now()) && ws.readyState === ws.OPEN) closeForLimit(ws, limitReason.messages(config.WS_MAX_MESSAGES_PER_SECOND));
    });
    ws.once('close', () => {
      // graphql-ws returns the streams it holds (endsFirst aborts each); an operation whose stream was not there yet
      // (still being set up as the socket closed) is ended here, so it never starts listening.
      for (const op of wsRequestIds.get(ws)?.values() ?? []) op.ended.abort();
      wsPerIp.release(ip);
      const key = wsKeyOf.get(ws);
      if (key) wsPerKey.release(key);
    });
  });

  // Per operation, per socket (collected with the socket, so nothing outlives a connection): its request id, and
  // what the request log keeps of it (start, context, first error code).
  interface Op {
    requestId: string;
    started: number;
    ctx?: GraphQLContext;
    errorCode?: string;
    /** Aborted when its stream is returned (the client's `complete`, the socket closing) or its socket closes. */
    ended: AbortController;
  }
  const wsRequestIds = new WeakMap<object, Map<string, Op>>();
  const opRequestIds = (socket: object) => {
    let m = wsRequestIds.get(socket);
    if (!m) {
      m = new Map();
      wsRequestIds.set(socket, m);
    }
    return m;
  };
  /** The session cookie counts only when no key was sent (in connectionParams or the upgrade's header). */
  const sessionTokenOf = (req: IncomingMessage) => readCookie(headerValue(req.headers.cookie), services.auth.cookieName);
  const wsApiKey = (ctx: { connectionParams?: Readonly<Record<string, unknown>>; extra: { request: IncomingMessage } }) => {
    const conn = (ctx.connectionParams ?? {}) as Record<string, unknown>;
    return (
      (typeof conn['x-api-key'] === 'string' ? conn['x-api-key'] : undefined) ??
      (typeof conn.apiKey === 'string' ? conn.apiKey : undefined) ??
      headerValue(ctx.extra.request.headers['x-api-key'])
    );
  };

  /** An operation that ended (completed, or refused with errors) goes to its account's request log, if it has one. */
  const logOperation = (req: IncomingMessage, op: Op | undefined) => {
    if (!op?.ctx) return;
    const { ctx, started, requestId, errorCode } = op;
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    if (requests?.active)
      requests.emit({ method: 'WS', route: 'graphql', operation: ctx.outcome.operation ?? '', status: wsStatus(errorCode), errorCode, ms: latencyMs });
    void ctx
      .auth()
      .then((auth) => {
        if (!auth) return;
        const route = graphqlRoute(ctx.outcome.operation);
        recordRequest(services.requestLogs, config.TRUST_PROXY, req, {
          auth,
          route,
          method: 'WS',
          status: wsStatus(errorCode),
          latencyMs,
          requestId,
          errorCode,
        });
      })
      .catch(() => {});
  };

  // Connections past connection_init, with the operations each runs (graphql-ws keeps ctx.subscriptions), for the
  // metrics gauges read at scrape.
  const live = new Set<{ subscriptions: Record<string, unknown> }>();
  deps.metrics?.addCollector({
    name: 'swapgate_websocket_connections',
    help: 'Open GraphQL WebSocket connections of this instance (past connection_init).',
    collect: (set) => set(live.size),
  });
  deps.metrics?.addCollector({
    name: 'swapgate_websocket_active_subscriptions',
    help: 'GraphQL operations running on WebSockets of this instance (subscriptions; queries and mutations while they run).',
    collect: (set) => {
      let n = 0;
      for (const c of live) n += Object.keys(c.subscriptions).length;
      set(n);
    },
  });

  useServer(
    {
      connectionInitWaitTimeout: config.WS_CONNECTION_INIT_TIMEOUT_MS,
      // yoga's enveloped execute and subscribe, handed over by onSubscribe below as the root value.
      execute: (args) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args),
      onConnect: (ctx) => {
        if (opts.shuttingDown()) return false;
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
        live.add(ctx);
        socket.once('close', () => live.delete(ctx));
        return true;
      },
      // Errors a subscription raises while streaming (e.g. UNAUTHORIZED on its first step) reach this, not the
      // execution plugins: the same mapping (src/http/errors.ts), with the operation's request id.
      onError: (ctx, id, _payload, errors) => {
        const ids = opRequestIds(ctx.extra.socket);
        const op = ids.get(id);
        const requestId = op?.requestId ?? requestIdFrom(undefined);
        ids.delete(id);
        const mapped = errors.map((e) => {
          const { kind, message, extensions } = graphqlErrorFields(e, log, { requestId, where: 'subscription' });
          return kind === 'graphql' ? { ...e.toJSON(), extensions } : { message, path: e.path, extensions };
        });
        if (op) op.errorCode ??= String(mapped[0]?.extensions?.code ?? 'INVALID_PARAMS');
        logOperation(ctx.extra.request, op);
        return mapped;
      },
      onNext: (ctx, id, _payload, _args, result) => {
        const op = opRequestIds(ctx.extra.socket).get(id);
        const code = (result as { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> }).errors?.[0]?.extensions?.code;
        if (op && code !== undefined) op.errorCode ??= String(code);
      },
      onComplete: (ctx, id) => {
        const ids = opRequestIds(ctx.extra.socket);
        logOperation(ctx.extra.request, ids.get(id));
        ids.delete(id);
      },
      onSubscribe: async (ctx, id, params) => {
        const req = ctx.extra.request;
        const socket = ctx.extra.socket;
        const limit = config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION;
        // ctx.subscriptions already holds this operation.
        if (limit > 0 && Object.keys(ctx.subscriptions).length > limit && socket.readyState === socket.OPEN)
          closeForLimit(socket, limitReason.subscriptions(limit));
        // Closed for a limit (this operation's, or the message rate's): nothing more runs on it.
        if (socket.readyState !== socket.OPEN) return [new GraphQLError('The connection is closing', { extensions: { code: 'RATE_LIMITED' } })];
        const requestId = requestIdFrom(undefined);
        const op: Op = { requestId, started: performance.now(), ended: new AbortController() };
        opRequestIds(socket).set(id, op);
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...ctx, req, socket, params });
        const apiKey = wsApiKey(ctx);
        const sessionToken = apiKey ? undefined : sessionTokenOf(req);
        const gqlContext = createGraphQLContext(deps, requestId, apiKey, clientIp(req, config.TRUST_PROXY), {
          ...(sessionToken ? { sessionToken } : {}),
          userAgent: headerValue(req.headers['user-agent']),
        });
        gqlContext.rateLimit = newTicket();
        gqlContext.pubsub = boundedPubsub(socket, op.ended.signal);
        op.ctx = gqlContext;
        let document: ReturnType<typeof parse> | undefined;
        let parseError: unknown;
        try {
          document = parse(params.query);
          gqlContext.outcome.operation = getOperationAST(document, params.operationName)?.name?.value;
        } catch (e) {
          parseError = e;
        }
        // Every operation takes one point on arrival, as an HTTP request does, so one that never runs (unparsable,
        // invalid, over the cost limit) still counts; over the limit, RATE_LIMITED is its only error. The rest of its
        // weight is taken before it runs (src/graphql/operation-hooks.ts).
        if (ratelimit.enabled) {
          const auth = await gqlContext.auth().catch(() => null);
          const decision = await ratelimit.take(gqlContext.rateLimit, ratelimit.identity(auth, gqlContext.clientIp), { default: 1 });
          if (decision && !decision.allowed) {
            const e = ratelimit.error(decision);
            return [new GraphQLError(e.message, { extensions: apiErrorExtensions(e, requestId) })];
          }
        }
        if (!document) return [parseError as GraphQLError];
        const errors = validate(schema, document);
        if (errors.length) return errors;
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: gqlContext,
          rootValue: { execute, subscribe: endsFirst(subscribe, op.ended) },
        };
      },
    },
    wss,
  );
  return wss;
}
