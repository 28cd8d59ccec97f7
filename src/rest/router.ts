import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { Services } from '../services.js';
import type { KeyAuth } from '../accounts/service.js';
import type { AdminWrite } from '../admin/service.js';
import type { Need } from '../accounts/state.js';
import { ApiError } from '../errors.js';
import type { RouteRateLimit } from '../ratelimit/weights.js';
import type { RouteDoc } from '../openapi/route-doc.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/**
 * public: no key; optionalKey: a key is used when sent (and must be valid); key: required; session: a signed-in
 * dashboard session (the cookie; writes only from the dashboard's origin); admin: an operator bearer token
 * (ADMIN_TOKEN: 404 when none is configured, 401 without a matching one).
 */
export type Access = 'public' | 'optionalKey' | 'key' | 'session' | 'admin';

/**
 * What a route needs of the credential (src/accounts/state.ts), checked in one place (src/http/rest.ts) after
 * authentication: `{ resource, level }` (a restricted key or a member's role without it → 403 FORBIDDEN; on an
 * `optionalKey` route only when a key was sent); `public` for routes that take no credential; `session` for the
 * dashboard session's own state (sign-out, mode, account switch), which every signed-in member may change;
 * `admin` for operator routes (the token is all-or-nothing: an operator may do everything an admin route does).
 */
type RouteScope = Need | 'public' | 'session' | 'admin';

export interface RestContext {
  services: Services;
  config: Config;
  log: Logger;
  requestId: string;
  method: Method;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Set for `key` and `session` routes, and for `optionalKey` routes when a key was sent. */
  auth: KeyAuth | null;
  requireAuth(): KeyAuth;
  /** `admin` routes: the operator the bearer token names and this request's id, for the audit log. */
  requireAdmin(): AdminWrite;
  /** The client's address (src/http/client-ip.ts) and user agent, for what records where a session came from. */
  client: { ip: string; userAgent?: string };
}

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
/** A non-default status, extra headers, or a raw (non-JSON) body: pass a Buffer or string as body. */
export const reply = (status: number, body: unknown, headers?: Record<string, string>) => new Reply(status, body, headers);

/** What the router needs to serve a route. */
export interface RouteHandler {
  method: Method;
  path: string; // e.g. /v1/orders/:provider/:id
  access: Access;
  /** The resource and level the route needs (test/accounts/scope-coverage.test.ts checks every route has one). */
  scope: RouteScope;
  /** Weight in the default bucket (default 1) and `bucket: 'strict'` for costly writes (src/ratelimit/weights.ts). */
  rateLimit?: RouteRateLimit;
  handler: (ctx: RestContext) => Promise<unknown> | unknown;
  /**
   * POST routes that create or move something: an `Idempotency-Key` header makes a retry replay the first
   * response instead of running again (src/idempotency/, applied by src/http/rest.ts). The handler needs
   * nothing else; it must answer JSON. List the route in docs/idempotency.md.
   */
  idempotent?: boolean;
}

/** A public /v1 route: it cannot exist without its documentation, from which /v1/openapi.json is generated. */
export interface Route extends RouteHandler {
  doc: RouteDoc;
}

interface Compiled extends RouteHandler {
  regex: RegExp;
  names: string[];
}

export class Router {
  private routes: Compiled[] = [];

  add(...routes: RouteHandler[]) {
    for (const r of routes) {
      const names: string[] = [];
      const pattern = r.path
        .split('/')
        .map((seg) => {
          if (seg.startsWith(':')) {
            names.push(seg.slice(1));
            return '([^/]+)';
          }
          return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      this.routes.push({ ...r, regex: new RegExp(`^${pattern}/?$`), names });
    }
    return this;
  }

  /** Finds the route; a known path with another method → 405, an unknown path → 404. */
  match(method: string, path: string): { route: Compiled; params: Record<string, string> } {
    let pathKnown = false;
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.regex.exec(path);
      if (!m) continue;
      pathKnown = true;
      allowed.push(r.method);
      if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        try {
          params[n] = decodeURIComponent(m[i + 1]);
        } catch {
          throw new ApiError('INVALID_PARAMS', `Malformed percent-encoding in path parameter ${n}`);
        }
      });
      return { route: r, params };
    }
    if (pathKnown)
      throw new ApiError('METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${[...new Set(allowed)].join(', ')}`, { allow: [...new Set(allowed)] });
    throw new ApiError('NOT_FOUND', `No route for ${method} ${path}`);
  }
}
