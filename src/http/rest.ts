import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import type { StoredResponse } from '../idempotency/service.js';
import { routeUsage } from '../ratelimit/weights.js';
import { type Method, Reply, type RestContext, type Router } from '../rest/router.js';
import { readCookie } from '../auth/cookie.js';
import { requireScope } from '../accounts/service.js';
import { sameOrigin } from '../auth/state.js';
import { adminRefusal, type AdminWrite } from '../admin/service.js';
import { parseJsonBody, readBody } from './body.js';
import { clientIp } from './client-ip.js';
import { restError } from './errors.js';
import type { HttpRateLimit } from './rate-limit.js';
import { JSON_TYPE, headerValue, jsonText, sendJson } from './respond.js';
import { idempotentRest, replayHeaders } from './rest-idempotency.js';
import { envelopeCode } from './request-log.js';
import type { HttpDeps, RequestState } from './types.js';

const keyRequired = () => new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header');
const sessionRequired = () => new ApiError('UNAUTHORIZED', 'Sign in to the dashboard first: this route needs the session cookie');
const foreignOrigin = () => new ApiError('FORBIDDEN', 'Dashboard writes must come from the dashboard itself (the Origin header must be this service)');

/** Safe methods: no Origin check (browsers omit Origin on same-origin GETs; a cross-site GET cannot read the answer). */
const SAFE = new Set(['GET', 'HEAD']);

/**
 * `/v1`: the router glue. The route is matched first, its weight taken at the gate before any body is read, then
 * the JSON body parsed, the key checked as the route's access says, and the handler run (through the
 * idempotency store for `idempotent` routes). Handlers hold the API; this holds none of it.
 */
export function restTransport(deps: HttpDeps, router: Router, rate: HttpRateLimit) {
  const { services, config, log } = deps;

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
      ({ status, headers, body } = restError(err, { config, log, requestId }));
    }
    if (Buffer.isBuffer(body) || typeof body === 'string') return { status, headers, body: body.toString() };
    return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: jsonText(body) };
  };

  return async (req: IncomingMessage, res: ServerResponse, state: RequestState, url: URL) => {
    const method = (req.method ?? 'GET').toUpperCase();
    let matched: ReturnType<Router['match']>;
    try {
      matched = router.match(method, url.pathname);
    } catch (err) {
      // Probing unknown paths counts too (one point, by address).
      await rate.limit(req, res, state.rateLimit, null, { default: 1 });
      throw err;
    }
    const { route, params } = matched;
    state.route = route.path;
    // Operator routes: none exist while no ADMIN_TOKEN is configured (the unknown-path answer, counted the same way).
    const adminAccess = route.access === 'admin' ? services.admin.authenticate(headerValue(req.headers.authorization)) : null;
    if (adminAccess?.kind === 'disabled') {
      await rate.limit(req, res, state.rateLimit, null, { default: 1 });
      throw adminRefusal(adminAccess, `No route for ${method} ${url.pathname}`);
    }
    const apiKey = headerValue(req.headers['x-api-key']);
    const session = route.access === 'session';
    const sessionToken = session ? readCookie(headerValue(req.headers.cookie), services.auth.cookieName) : undefined;
    // Dashboard routes: the session cookie, never a key. A write carrying the cookie from another origin (or with
    // none) is refused before anything runs (CSRF); without a cookie the answer is 401 below.
    if (sessionToken && !SAFE.has(method) && !sameOrigin(headerValue(req.headers.origin), config.PUBLIC_URL)) throw foreignOrigin();
    // The key (or session) decides whose count this is, on every route; the limit applies before any body is read.
    const keyed = session
      ? await rate.tryAuthenticateSession(sessionToken)
      : rate.enabled || route.access !== 'public'
        ? await rate.tryAuthenticate(apiKey)
        : { auth: null };
    // A valid key or session makes this a request of its account: the request log records it, whatever it answers.
    if (keyed.auth) state.auth = keyed.auth;
    await rate.limit(req, res, state.rateLimit, keyed.auth, routeUsage(route.rateLimit, url.searchParams));
    const raw = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req, config.BODY_LIMIT_BYTES);
    const body = parseJsonBody(raw, headerValue(req.headers['content-type']));
    let auth: RestContext['auth'] = null;
    if (adminAccess && adminAccess.kind !== 'operator') throw adminRefusal(adminAccess);
    const admin: AdminWrite | null = adminAccess?.kind === 'operator' ? { actor: adminAccess.actor, requestId: state.requestId } : null;
    if (session) {
      if (!keyed.auth) throw keyed.error ?? sessionRequired();
      auth = keyed.auth;
      state.accountId = auth.accountId;
    } else if (route.access === 'key' || (route.access === 'optionalKey' && apiKey)) {
      if (!apiKey) throw keyRequired();
      if (!keyed.auth) throw keyed.error;
      auth = keyed.auth;
      state.accountId = auth.accountId;
    }
    // The one scope check of every route: what the route needs against what the key or the member's role allows
    // (an optionalKey route without a key has nothing to check; public and session-own routes need no resource).
    if (auth && typeof route.scope === 'object') requireScope(auth, route.scope);
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
        if (!auth) throw session ? sessionRequired() : keyRequired();
        return auth;
      },
      requireAdmin() {
        if (!admin) throw adminRefusal({ kind: 'refused' });
        return admin;
      },
      client: { ip: clientIp(req, config.TRUST_PROXY), userAgent: headerValue(req.headers['user-agent']) },
    };
    if (route.idempotent) {
      const outcome = await idempotentRest(services.idempotency, { headers: req.headers, route, params, body, auth, requestId: state.requestId }, () =>
        storedResponse(() => route.handler(ctx), state.requestId),
      );
      if (outcome) {
        const { status, headers, body: text } = outcome.response;
        if (status >= 400) state.errorCode = envelopeCode(text);
        res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text), ...replayHeaders(outcome) });
        return void res.end(text);
      }
    }
    const result = await route.handler(ctx);
    if (!(result instanceof Reply)) return sendJson(res, 200, result ?? {}, {}, method === 'HEAD');
    if (isStream(result.body)) return streamReply(res, result.status, result.headers, result.body, method === 'HEAD');
    if (Buffer.isBuffer(result.body) || typeof result.body === 'string') {
      res.writeHead(result.status, result.headers);
      res.end(method === 'HEAD' ? undefined : result.body);
    } else if (result.status === 304 || result.status === 204) {
      res.writeHead(result.status, result.headers);
      res.end();
    } else sendJson(res, result.status, result.body, result.headers, method === 'HEAD');
  };
}

const isStream = (body: unknown): body is AsyncIterable<string> => typeof body === 'object' && body !== null && Symbol.asyncIterator in body;

/**
 * A streamed answer (CSV exports): the first chunk is read before the status is sent, so a failure there is still
 * an ordinary error answer; then chunks are written as they come, waiting for the client to drain. A failure after
 * that can only cut the answer short (src/http/server.ts destroys the response).
 */
async function streamReply(res: ServerResponse, status: number, headers: Record<string, string>, body: AsyncIterable<string>, headOnly: boolean) {
  const it = body[Symbol.asyncIterator]();
  // The client went away: stop the source at once (a streamed quote cancels its provider calls), not at the next write.
  res.once('close', () => {
    if (!res.writableEnded) void it.return?.();
  });
  const first = await it.next();
  res.writeHead(status, headers);
  if (headOnly) {
    await it.return?.();
    return void res.end();
  }
  for (let r = first; !r.done; r = await it.next()) {
    if (!res.write(r.value))
      await new Promise((ok) => {
        res.once('drain', ok);
        res.once('close', ok);
      });
    // The client went away: stop reading pages for nobody.
    if (res.destroyed) return void (await it.return?.());
  }
  res.end();
}
