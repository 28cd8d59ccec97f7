import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isLeafType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ADMIN_ENV, BACKUP_ADMIN_SECRET, adminHeaders } from '../helpers/admin.js';

/**
 * Every operator route (`access: 'admin'`) and every `admin*` GraphQL field: none exists while ADMIN_TOKEN is unset
 * (404, the unknown-path answer), and each is 401 without the matching bearer token, whatever else is sent (an API
 * key, another scheme, a near miss). The tenant isolation tables leave these out and point here.
 */
const adminRoutes = restRoutes.filter((r) => r.access === 'admin');
const scopesOf = (f: GraphQLField<unknown, unknown>) =>
  (f.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } }).pothosOptions?.authScopes ?? {};
const adminFields = ([schema.getQueryType(), schema.getMutationType()].filter(Boolean) as GraphQLObjectType[]).flatMap((t) =>
  Object.values(t.getFields())
    .filter((f) => scopesOf(f).admin)
    .map((f) => ({ root: t.name === 'Query' ? 'query' : 'mutation', field: f })),
);
const pathOf = (p: string) => p.replace(/:([A-Za-z]+)/g, 'x_$1');
/** The smallest document that reaches the field's scope check: required arguments as variables of their type. */
const docOf = ({ root, field }: (typeof adminFields)[number]) => {
  const required = field.args.filter((a) => a.type.toString().endsWith('!'));
  const vars = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${root}${vars ? ` (${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
};

describe('operator access: every admin route and field', () => {
  it('has routes and fields to check', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminFields.length).toBeGreaterThan(0);
  });

  describe('without ADMIN_TOKEN: nothing exists', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
    });
    afterAll(() => s?.close());

    it('REST: 404, the same answer as a path that never existed, token or not', async () => {
      for (const r of adminRoutes) {
        for (const headers of [{}, adminHeaders()]) {
          const res = await s.request(pathOf(r.path), { method: r.method, headers });
          expect(res.status, `${r.method} ${r.path}`).toBe(404);
          expect(res.body.error.code).toBe('NOT_FOUND');
          expect(res.body.error.message).toBe(`No route for ${r.method} ${pathOf(r.path)}`);
        }
      }
    });

    it('the /admin pages: 404 like an unknown path, their assets too', async () => {
      for (const path of ['/admin', '/admin/audit-log', '/admin/assets/app.000000000000.js']) {
        const res = await s.request(path, { headers: { accept: 'text/html' } });
        expect(res.status, path).toBe(404);
      }
    });

    it('GraphQL: NOT_FOUND on every admin field', async () => {
      for (const f of adminFields) {
        const res = await s.post('/graphql', { query: docOf(f) }, adminHeaders());
        // Variables of required arguments are not sent: validation may answer first, but never data.
        const codes = (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
        expect(res.body.data?.[f.field.name] ?? null, f.field.name).toBeNull();
        if (!f.field.args.some((a) => a.type.toString().endsWith('!'))) expect(codes, f.field.name).toContain('NOT_FOUND');
      }
    });
  });

  describe.each(backends)('with ADMIN_TOKEN (%s)', (backend) => {
    let s: TestServer;
    let key: string;
    beforeAll(async () => {
      s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false', ...ADMIN_ENV } });
      ({ key } = await s.createTestKey());
    });
    afterAll(() => s?.close());

    it('REST: 401 without the matching bearer token, whatever else is sent', async () => {
      const wrong: Array<Record<string, string>> = [
        {},
        { 'x-api-key': key },
        { authorization: `Basic ${Buffer.from(`ops:${BACKUP_ADMIN_SECRET}`).toString('base64')}` },
        { authorization: `Bearer ${BACKUP_ADMIN_SECRET.slice(0, -1)}` },
        { authorization: `Bearer ${key}` },
        { authorization: 'Bearer ' },
      ];
      for (const r of adminRoutes) {
        for (const headers of wrong) {
          const res = await s.request(pathOf(r.path), { method: r.method, headers });
          expect(res.status, `${r.method} ${r.path} ${JSON.stringify(headers)}`).toBe(401);
          expect(res.body.error.code).toBe('UNAUTHORIZED');
        }
      }
    });

    it('GraphQL: UNAUTHORIZED on every admin field without the token, or with an API key only', async () => {
      for (const f of adminFields) {
        if (f.field.args.some((a) => a.type.toString().endsWith('!'))) continue;
        for (const headers of [{}, { 'x-api-key': key }] as Array<Record<string, string>>) {
          const res = await s.post('/graphql', { query: docOf(f) }, headers);
          expect(res.body.errors?.[0]?.extensions?.code, `${f.field.name}: ${res.text}`).toBe('UNAUTHORIZED');
        }
      }
    });

    it('every configured token works at once (rotation without downtime)', async () => {
      for (const secret of [undefined, BACKUP_ADMIN_SECRET]) {
        const res = await s.get('/v1/admin/audit-log', adminHeaders(secret));
        expect(res.status, res.text).toBe(200);
        expect(res.body.object).toBe('list');
      }
      const g = await s.post('/graphql', { query: '{ adminAuditLog(first: 1) { nodes { id } } }' }, adminHeaders(BACKUP_ADMIN_SECRET));
      expect(g.body.errors).toBeUndefined();
    });

    it('the audit log is append-only in the database itself', async () => {
      await s.services.admin.auditLog({ limit: 1 });
      await s.db.sql.query(
        "INSERT INTO admin_audit_log (id, actor, action, target_type, target_id) VALUES ('aud_0000000000append', 'ops', 'test.insert', 'test', 't1')",
      );
      await expect(s.db.sql.query("UPDATE admin_audit_log SET actor = 'mallory' WHERE id = 'aud_0000000000append'")).rejects.toThrow(/append-only/);
      await expect(s.db.sql.query("DELETE FROM admin_audit_log WHERE id = 'aud_0000000000append'")).rejects.toThrow(/append-only/);
      const page = await s.services.admin.auditLog({ limit: 5, targetId: 't1' });
      expect(page.data.map((e) => e.actor)).toEqual(['ops']);
    });
  });
});
