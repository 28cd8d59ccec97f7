import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.js';
import { isHttps } from './client-ip.js';

/**
 * Headers every response carries, the Content-Security-Policy of every HTML page, and CORS for the API paths.
 * The server applies `securityHeaders` before routing, so error answers and pages written by any module get them;
 * a page only ever widens the default CSP through `pageCsp`, in one place.
 */

/** Two years, subdomains included (no `preload`: that is a commitment an operator makes, not a default). */
export const HSTS = 'max-age=63072000; includeSubDomains';

export type CspSources = Partial<Record<'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'worker-src', string[]>>;

/**
 * A page CSP: nothing loads unless listed, no base tag, no form posts (a page with a form posts to this origin
 * only: `formsToSelf`), no framing. Inline code is allowed only by hash (`inlineHashes`), never by
 * 'unsafe-inline' for scripts.
 */
export function pageCsp(sources: CspSources = {}, opts: { formsToSelf?: boolean } = {}): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ...(Object.entries(sources) as Array<[string, string[]]>).filter(([, v]) => v.length),
    ['base-uri', ["'none'"]],
    ['form-action', [opts.formsToSelf ? "'self'" : "'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}

/** The CSP of every response that does not set its own: an API answer (or a page that forgot) runs and loads nothing. */
const DEFAULT_CSP = pageCsp();

/** CSP source expressions for each inline `<script>` or `<style>` block of `html` (sha256, as browsers compute them). */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const re = tag === 'script' ? /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi : /<style[^>]*>([\s\S]*?)<\/style>/gi;
  return [...html.matchAll(re)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
}

/**
 * GraphiQL (development only, src/pages/graphiql): its bundle, stylesheet, editor workers and icon come from this
 * origin and nothing from anywhere else; its options are JSON in a data attribute. The editor (Monaco)
 * injects style elements and React sets style attributes, which needs 'unsafe-inline' for styles only; its icon
 * font is inlined in the stylesheet (data:). It talks to /graphql on the same origin ('self' covers ws:/wss: of the
 * same host).
 */
export const GRAPHIQL_CSP = pageCsp({
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
});

/** On every response: no MIME sniffing, no referrer, no framing, the default CSP, and HSTS when the request came over TLS. */
export function securityHeaders(req: IncomingMessage, res: ServerResponse, config: Pick<Config, 'TRUST_PROXY'>) {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('content-security-policy', DEFAULT_CSP);
  // Never over plain http: a browser ignores it there anyway, and a proxy's word is taken only when trusted.
  if (isHttps(req, config.TRUST_PROXY)) res.setHeader('strict-transport-security', HSTS);
}

const CORS_METHODS = 'GET, POST, PATCH, DELETE';
export const CORS_ALLOWED_HEADERS = 'content-type, x-api-key, idempotency-key, x-request-id';
const CORS_EXPOSED_HEADERS = 'x-request-id, RateLimit, RateLimit-Policy, Retry-After, Idempotent-Replayed, Original-Request';
/** How long a browser may cache a preflight (Chromium caps it at 2 hours). */
const CORS_MAX_AGE_SECONDS = 7200;

/** Whether a path gets CORS: the API (`/v1…`, `/graphql`); pages are same-origin only. */
export const corsApplies = (pathname: string) => pathname === '/graphql' || pathname === '/v1' || pathname.startsWith('/v1/');

/** The Access-Control-Allow-Origin value for this request's Origin, or null (no CORS headers at all). */
export function allowedOrigin(origin: string | undefined, allowed: Config['CORS_ORIGINS']): string | null {
  if (!origin) return null;
  if (allowed === '*') return '*';
  return allowed.includes(origin.toLowerCase()) ? origin : null;
}

/**
 * CORS for an API request. Sets `Vary: Origin` always (the answer depends on it when a list is configured), and the
 * allow/expose headers only for an allowed origin. Answers a preflight (OPTIONS with Access-Control-Request-Method)
 * itself with 204 and returns true; a preflight from a disallowed origin gets a 204 without CORS headers, which the
 * browser treats as a refusal.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, config: Pick<Config, 'CORS_ORIGINS'>): boolean {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  res.setHeader('vary', 'Origin');
  const allow = allowedOrigin(origin, config.CORS_ORIGINS);
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (allow) {
    res.setHeader('access-control-allow-origin', allow);
    if (!preflight) res.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS);
  }
  if (!preflight) return false;
  if (allow) {
    res.setHeader('access-control-allow-methods', CORS_METHODS);
    res.setHeader('access-control-allow-headers', CORS_ALLOWED_HEADERS);
    res.setHeader('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
  }
  res.writeHead(204, { 'content-length': '0' });
  res.end();
  return true;
}
