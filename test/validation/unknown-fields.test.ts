import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { dashboardHeaders } from '../helpers/dashboard-session.js';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { restRoutes } from '../../src/rest/routes.js';

/**
 * One rule for fields a body does not define, on every route that takes a JSON body: refused with 400
 * INVALID_PARAMS naming the field (`requestBody` in src/validation.ts), before anything runs. The routes are the
 * operations of the OpenAPI document that have a request body, so a new one is checked without being listed here.
 */

const doc = buildOpenApiDocument(restRoutes, { publicUrl: 'https://api.swapgate.example', docsUrl: 'https://api.swapgate.example/docs', brand: 'swapgate' });
const METHODS = ['post', 'put', 'patch'] as const;
type Op = { requestBody?: unknown; security?: Array<Record<string, unknown>> } | undefined;
const bodyRoutes = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  METHODS.filter((m) => (item as Record<string, Op>)[m]?.requestBody).map((m) => ({
    method: m.toUpperCase(),
    path,
    // Dashboard routes take the session cookie (and the dashboard's Origin on writes) instead of a key.
    session: ((item as Record<string, Op>)[m]?.security ?? []).some((x) => 'DashboardSession' in x),
    // Operator routes take the admin token.
    admin: ((item as Record<string, Op>)[m]?.security ?? []).some((x) => 'AdminToken' in x),
  })),
);
const FIELD = 'zzNotAField';

// The rule is the transport's, before any database work: one backend is enough.
const [backend] = backends;

describe(`unknown body fields are refused on every route with a body (${backend})`, () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false', RATE_LIMIT_STRICT: '1000/60', ...ADMIN_ENV } });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());
  it('covers the routes that take a body', () => {
    expect(bodyRoutes.length).toBeGreaterThan(20);
    expect(bodyRoutes).toContainEqual({ method: 'POST', path: '/v1/quote', session: false, admin: false });
    expect(bodyRoutes).toContainEqual({ method: 'PATCH', path: '/v1/webhook-endpoints/{id}', session: false, admin: false });
    expect(bodyRoutes).toContainEqual({ method: 'POST', path: '/v1/dashboard/members', session: true, admin: false });
    expect(bodyRoutes).toContainEqual({ method: 'POST', path: '/v1/admin/partners', session: false, admin: true });
  });

  it.each(bodyRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, r) => {
    // Path parameters get a well-formed placeholder: the body is refused before the path names anything.
    const path = r.path.replace(/\{[^}]+\}/g, 'x_placeholder');
    const res = await s.request(path, {
      method: r.method,
      headers: {
        'content-type': 'application/json',
        ...(r.session ? await dashboardHeaders(s, (await s.services.accounts.authenticate(key)).accountId) : r.admin ? adminHeaders() : { 'x-api-key': key }),
      },
      body: JSON.stringify({ [FIELD]: 1 }),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('INVALID_PARAMS');
    expect(res.body.error.message).toBe(`${FIELD}: is not a field of this request`);
  });
});
