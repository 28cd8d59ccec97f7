import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/errors.js';
import { loadConfig, ConfigError } from '../../src/config.js';
import { allowedOrigin, CORS_ALLOWED_HEADERS, HSTS, inlineHashes, pageCsp } from '../../src/http/security.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** `directive → sources` of a CSP header. */
function parseCsp(header: string | null): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const part of (header ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    m.set(name!, sources);
  }
  return m;
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Whether `url` is allowed by one of `sources` (exact host/path-prefix sources, as CSP matches them). */
const allows = (sources: string[], url: string) =>
  sources.some((src) => (src.endsWith('/') ? url.startsWith(src) : url === src || url.startsWith(`${src}/`)) || (src === "'self'" && url.startsWith('/')));

/**
 * What every HTML page must hold: a CSP that starts from nothing (default-src 'none'), forbids framing, base tags
 * and form posts, runs no script it does not name (no 'unsafe-inline' or 'unsafe-eval' for scripts, no wildcard
 * hosts; form posts only where the page has a form, and then only to this origin), and allows every inline block of the page by hash and every external resource the page loads.
 */
function checkPage(path: string, res: Response, html: string) {
  expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
  expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), path).toBe('DENY');
  expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
  const csp = parseCsp(res.headers.get('content-security-policy'));
  expect(csp.get('default-src'), path).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
  expect(csp.get('base-uri'), path).toEqual(["'none'"]);
  // Forms post to this origin only (relative actions), and only pages that have one may post at all.
  const forms = [...html.matchAll(/<form\b[^>]*>/gi)].map((m) => /\baction="([^"]*)"/i.exec(m[0])?.[1] ?? '');
  expect(csp.get('form-action'), path).toEqual([forms.length ? "'self'" : "'none'"]);
  for (const action of forms) expect(action, `${path}: form action`).toMatch(/^\/(?!\/)/);
  for (const [directive, sources] of csp) {
    for (const src of sources) {
      expect(src, `${path} ${directive}`).not.toMatch(/^(\*|https?:|https?:\/\/\*|'unsafe-eval')$/);
      if (directive === 'script-src') expect(src, path).not.toBe("'unsafe-inline'");
    }
  }
  const scripts = csp.get('script-src') ?? [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) expect(scripts, `${path}: inline script`).toContain(sha(m[1]!));
  for (const m of html.matchAll(/<script[^>]*\bsrc="?([^"\s>]+)/gi)) expect(allows(scripts, m[1]!), `${path}: script ${m[1]}`).toBe(true);
  const styles = csp.get('style-src') ?? [];
  if (!styles.includes("'unsafe-inline'"))
    for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) expect(styles, `${path}: inline style`).toContain(sha(m[1]!));
  for (const m of html.matchAll(/<link[^>]*rel="?stylesheet"?[^>]*href="?([^"\s>]+)|<link[^>]*href="?([^"\s>]+)"?[^>]*rel="?stylesheet/gi)) {
    const href = (m[1] ?? m[2])!;
    expect(allows(styles, href), `${path}: stylesheet ${href}`).toBe(true);
  }
}

describe('security headers and CSP', () => {
  let s: TestServer;
  let sessionId: string;
  let invoiceId: string;
  let mailId: string;
  beforeAll(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1', JOBS_ENABLED: 'false', DEV_MAIL_PAGE: 'true', ...ADMIN_ENV } });
    const { key } = await s.createTestKey();
    sessionId = (
      await s.post('/v1/checkout/sessions', { amount: '1000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT }, { 'x-api-key': key })
    ).body.id;
    const invoice = {
      customerEmail: 'ap@example.com',
      lineItems: [{ description: 'Hosting', quantity: 1, unitAmount: '1000000' }],
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: RECIPIENT,
      send: true,
    };
    invoiceId = (await s.post('/v1/invoices', invoice, { 'x-api-key': key })).body.id;
    mailId = (await s.db.sql.query<{ id: string }>('SELECT id FROM email_messages LIMIT 1'))[0].id;
  });
  afterAll(() => s?.close());

  it('every HTML page (error catalog, API reference, pay and invoice pages found and not found, the status page, the dashboard and the operator pages, the dev outbox, GraphiQL in development) has a strict CSP that allows what it loads', async () => {
    const pages = [
      '/docs/errors',
      '/docs/errors/',
      ...ERROR_CODES.map((c) => `/docs/errors/${c}`),
      '/docs/api',
      `/pay/${sessionId}`,
      '/pay/cs_test_doesnotexist0000000000',
      `/invoice/${invoiceId}`,
      '/invoice/inv_test_doesnotexist00000000000',
      '/status',
      '/dev/mail',
      `/dev/mail/${mailId}`,
      '/graphql',
      '/dashboard',
      '/admin',
      '/admin/audit-log',
    ];
    for (const path of pages) {
      const res = await fetch(s.url + path, { headers: { accept: 'text/html' } });
      checkPage(path, res, await res.text());
    }
  });

  it('GraphiQL loads only its own assets from this origin (no CDN), each served from the installed package', async () => {
    const res = await fetch(`${s.url}/graphql`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    const csp = parseCsp(res.headers.get('content-security-policy'));
    for (const directive of ['script-src', 'connect-src', 'worker-src']) expect(csp.get(directive), directive).toEqual(["'self'"]);
    expect(html).not.toMatch(/https?:\/\//);
    expect(inlineHashes(html, 'script')).toEqual([]);
    const assets = [...html.matchAll(/(?:src|href)="(\/graphiql\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(['/graphiql/favicon.ico', '/graphiql/graphiql.css', '/graphiql/boot.js', '/graphiql/graphiql.js']);
    for (const path of [...assets, '/graphiql/editor.worker.js', '/graphiql/json.worker.js', '/graphiql/graphql.worker.js']) {
      const asset = await fetch(s.url + path);
      const body = Buffer.from(await asset.arrayBuffer());
      expect(asset.status, path).toBe(200);
      expect(body.length, path).toBeGreaterThan(path.endsWith('boot.js') ? 100 : 10_000);
      expect(asset.headers.get('content-type'), path).toMatch(path.endsWith('.css') ? /^text\/css/ : path.endsWith('.ico') ? /^image\// : /^text\/javascript/);
    }
    expect((await fetch(`${s.url}/graphiql/constructor`)).status).toBe(404);
  });

  it('GraphiQL is not served in production (nothing to allow there)', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production', JOBS_ENABLED: 'false' } });
    try {
      const res = await fetch(`${prod.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-type') ?? '').not.toMatch(/^text\/html/);
      expect((await fetch(`${prod.url}/graphiql/graphiql.js`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('every response carries nosniff and the default CSP that loads nothing: JSON, errors, preflights, assets, GraphQL', async () => {
    const cases: Array<[string, RequestInit?]> = [
      ['/v1/health'],
      ['/v1/nope'],
      ['/v1/health', { method: 'DELETE' }],
      ['/v1/test/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' }],
      ['/v1/account'],
      ['/nothing-here'],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health { ok } }"}' }],
      ['/graphql', { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' } }],
      ['/pay/assets/app.css'],
    ];
    for (const [path, init] of cases) {
      const res = await fetch(s.url + path, init);
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      if (!/^text\/html/.test(res.headers.get('content-type') ?? '')) expect(res.headers.get('content-security-policy'), path).toBe(pageCsp());
    }
  });

  it('HSTS (a year or more, subdomains) only when the request came over TLS: never on plain http', async () => {
    const viaTls = await fetch(`${s.url}/v1/health`, { headers: { 'x-forwarded-proto': 'https' } });
    const hsts = viaTls.headers.get('strict-transport-security');
    expect(hsts).toBe(HSTS);
    expect(Number(/max-age=(\d+)/.exec(hsts!)![1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(hsts).toMatch(/includeSubDomains/);
    const page = await fetch(`${s.url}/docs/errors`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toBe(HSTS);
    expect((await fetch(`${s.url}/v1/health`)).headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${s.url}/v1/health`, { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it("an untrusted client's X-Forwarded-Proto does not turn HSTS on (TRUST_PROXY=0)", async () => {
    const direct = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
    try {
      const res = await fetch(`${direct.url}/v1/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await direct.close();
    }
  });
});

describe('CORS', () => {
  const preflight = (url: string, path: string, origin: string, method = 'POST') =>
    fetch(url + path, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, x-api-key' },
    });

  describe('default (CORS_ORIGINS=*)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
    });
    afterAll(() => s?.close());

    it.each(['/v1/quote', '/v1/checkout/sessions', '/v1/webhook-endpoints/we_x', '/graphql'])(
      'answers the preflight of %s: 204, methods, headers, max-age, never credentials',
      async (path) => {
        const res = await preflight(s.url, path, 'https://shop.example', 'PATCH');
        expect(res.status).toBe(204);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH, DELETE');
        const allowed = res.headers
          .get('access-control-allow-headers')!
          .split(',')
          .map((h) => h.trim());
        expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-api-key', 'idempotency-key', 'x-request-id']));
        expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        expect(res.headers.get('vary')).toMatch(/Origin/);
      },
    );

    it('an answer (also an error) exposes the request id and the rate-limit and idempotency headers', async () => {
      for (const path of ['/v1/health', '/v1/account']) {
        const res = await fetch(s.url + path, { headers: { origin: 'https://shop.example' } });
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        const exposed = res.headers
          .get('access-control-expose-headers')!
          .split(',')
          .map((h) => h.trim().toLowerCase());
        expect(exposed).toEqual(['x-request-id', 'ratelimit', 'ratelimit-policy', 'retry-after', 'idempotent-replayed', 'original-request']);
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        expect(res.headers.get('vary')).toMatch(/Origin/);
      }
      const gql = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { origin: 'https://shop.example', 'content-type': 'application/json' },
        body: '{"query":"{ health { ok } }"}',
      });
      expect(gql.headers.get('access-control-allow-origin')).toBe('*');
      expect(gql.headers.get('access-control-allow-credentials')).toBeNull();
      expect(gql.headers.get('vary')).toMatch(/Origin/);
      expect(gql.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
    });

    it('pages get no CORS headers (same-origin only)', async () => {
      const res = await fetch(`${s.url}/docs/errors`, { headers: { origin: 'https://shop.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('a list of origins', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ env: { JOBS_ENABLED: 'false', CORS_ORIGINS: 'https://shop.example, http://localhost:3000' } });
    });
    afterAll(() => s?.close());

    it('echoes an allowed origin, with Vary: Origin', async () => {
      const res = await preflight(s.url, '/v1/checkout/sessions', 'https://shop.example');
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      expect(res.headers.get('vary')).toMatch(/Origin/);
      const get = await fetch(`${s.url}/v1/health`, { headers: { origin: 'http://localhost:3000' } });
      expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    });

    it('gives a disallowed origin no CORS headers at all, on the preflight and on the request', async () => {
      for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'null']) {
        const pre = await preflight(s.url, '/graphql', origin);
        expect(pre.status).toBe(204);
        const get = await fetch(`${s.url}/v1/health`, { headers: { origin } });
        for (const res of [pre, get]) {
          expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
          expect(res.headers.get('vary')).toMatch(/Origin/);
        }
      }
    });
  });

  it.each([
    [{ origin: undefined, allowed: '*' as const }, null],
    [{ origin: 'https://a.example', allowed: '*' as const }, '*'],
    [{ origin: 'https://a.example', allowed: ['https://a.example'] }, 'https://a.example'],
    [{ origin: 'HTTPS://A.EXAMPLE', allowed: ['https://a.example'] }, 'HTTPS://A.EXAMPLE'],
    [{ origin: 'https://a.example:8443', allowed: ['https://a.example'] }, null],
    [{ origin: 'http://a.example', allowed: ['https://a.example'] }, null],
  ])('allowedOrigin(%o) = %s', ({ origin, allowed }, expected) => {
    expect(allowedOrigin(origin, allowed)).toBe(expected);
  });

  it('CORS_ORIGINS accepts * or origins, and names the variable on anything else', () => {
    expect(loadConfig({}).CORS_ORIGINS).toBe('*');
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/, http://127.0.0.1:3000' }).CORS_ORIGINS).toEqual(['https://a.example', 'http://127.0.0.1:3000']);
    for (const bad of ['https://a.example/path', 'a.example', '*, https://a.example', 'ftp://a.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
    expect(CORS_ALLOWED_HEADERS).toContain('idempotency-key');
  });
});
