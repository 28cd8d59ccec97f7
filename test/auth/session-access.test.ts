import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The dashboard session as every transport sees it: the cookie authenticates REST `session` routes, GraphQL over
 * HTTP and the WebSocket upgrade; writes with it need the dashboard's Origin; expiry and sign-out end it.
 */
describe('dashboard session access', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.parse('2026-11-27T10:00:00.000Z'));
  const ORIGIN = 'http://localhost:8787';
  const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

  const signIn = async () => {
    const account = await s.services.accounts.createAccount('Dash');
    const member = await s.services.accounts.ensureMember(account.id, 'evm', WALLET, 'owner');
    const { token, session } = await s.services.auth.createSession(member, { userAgent: 'vitest', ip: '127.0.0.1' });
    return { accountId: account.id, cookie: `${s.services.auth.cookieName}=${token}`, session };
  };
  const gql = (query: string, headers: Record<string, string>) => s.post('/graphql', { query }, { accept: 'application/graphql-response+json', ...headers });

  beforeAll(async () => {
    s = await startTestServer({ clock });
  });
  afterAll(() => s?.close());

  it('REST: the cookie reads the session; no cookie or a bad one is 401', async () => {
    const { cookie, accountId } = await signIn();
    const ok = await s.get('/v1/auth/session', { cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ object: 'dashboard_login', role: 'owner', account: { id: accountId }, session: { mode: 'test', chainType: 'evm' } });
    expect(ok.body.session.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect((await s.get('/v1/auth/session')).body.error.code).toBe('UNAUTHORIZED');
    expect((await s.get('/v1/auth/session', { cookie: `${s.services.auth.cookieName}=${'A'.repeat(43)}` })).status).toBe(401);
    // A key is not a session.
    const { key } = await s.createTestKey();
    expect((await s.get('/v1/auth/session', { 'x-api-key': key })).status).toBe(401);
  });

  it('REST writes need the dashboard Origin: none or a foreign one is 403', async () => {
    const { cookie } = await signIn();
    expect((await s.post('/v1/auth/session/mode', { mode: 'test' }, { cookie })).body.error.code).toBe('FORBIDDEN');
    expect((await s.post('/v1/auth/session/mode', { mode: 'test' }, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await s.post('/v1/auth/session/mode', { mode: 'test' }, { cookie, origin: ORIGIN })).status).toBe(200);
    // Live mode needs the account's live mode.
    expect((await s.post('/v1/auth/session/mode', { mode: 'live' }, { cookie, origin: ORIGIN })).body.error.code).toBe('FORBIDDEN');
  });

  it('sign-out revokes at once and clears the cookie', async () => {
    const { cookie } = await signIn();
    const out = await s.post('/v1/auth/sign-out', undefined, { cookie, origin: ORIGIN });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    expect((await s.get('/v1/auth/session', { cookie })).status).toBe(401);
  });

  it('idle and absolute expiry end a session', async () => {
    const { cookie } = await signIn();
    clock.advance(8 * 3_600_000 - 1000);
    expect((await s.get('/v1/auth/session', { cookie })).status).toBe(200); // used: the idle window starts again
    clock.advance(8 * 3_600_000 - 1000);
    expect((await s.get('/v1/auth/session', { cookie })).status).toBe(200);
    clock.advance(8 * 3_600_000);
    expect((await s.get('/v1/auth/session', { cookie })).body.error.message).toMatch(/expired/);
    const busy = await signIn();
    for (let h = 0; h < 168; h += 4) {
      clock.advance(4 * 3_600_000);
      const r = await s.get('/v1/auth/session', { cookie: busy.cookie });
      if (h + 4 >= 168) expect(r.status).toBe(401);
      else expect(r.status).toBe(200);
    }
  });

  it('a removed member loses the session at once', async () => {
    const { cookie, session } = await signIn();
    await s.db.prisma.member.delete({ where: { id: session.memberId } });
    expect((await s.get('/v1/auth/session', { cookie })).status).toBe(401);
  });

  it('GraphQL: the cookie authenticates; a POST from a foreign origin or none is 403', async () => {
    const { cookie, accountId } = await signIn();
    const ok = await gql('{ dashboardLogin { role accountId session { mode } } viewer { accountId mode } }', { cookie, origin: ORIGIN });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data).toEqual({ dashboardLogin: { role: 'owner', accountId, session: { mode: 'test' } }, viewer: { accountId, mode: 'test' } });
    expect((await gql('{ viewer { accountId } }', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await gql('{ viewer { accountId } }', { cookie })).status).toBe(403);
    // Without the cookie, the session field is UNAUTHORIZED; with a key it is FORBIDDEN (keys are not sessions).
    expect((await gql('{ dashboardLogin { role } }', {})).body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const { key } = await s.createTestKey();
    expect((await gql('{ dashboardLogin { role } }', { 'x-api-key': key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('GraphQL sign-out clears the cookie', async () => {
    const { cookie } = await signIn();
    const r = await gql('mutation { signOut(input: {}) { ... on SignOutPayload { session { id revokedAt: lastSeenAt } } } }', { cookie, origin: ORIGIN });
    expect(r.body.errors).toBeUndefined();
    expect(r.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await s.get('/v1/auth/session', { cookie })).status).toBe(401);
  });

  it('the one-click sign-in does not exist outside npm run dev', async () => {
    expect((await s.post('/v1/auth/dev-sign-in', undefined, { origin: ORIGIN })).body.error.code).toBe('NOT_FOUND');
    const dev = await gql('mutation { signInAsDevAccount(input: {}) { __typename ... on Error { code } } }', { origin: ORIGIN });
    expect(dev.body.data.signInAsDevAccount).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    expect(dev.headers.get('set-cookie')).toBeNull();
    expect(() => s.services.auth.enableDevSignIn({ accountId: 'acct_x', address: WALLET }, 'production')).toThrow();
  });

  it('the sweep deletes sessions 30 days past their end and challenges a day past theirs, nothing still usable', async () => {
    const live = await signIn();
    const old = await signIn();
    await s.db.prisma.dashboardSession.update({ where: { id: old.session.id }, data: { revokedAt: new Date(clock.now() - 31 * 86_400_000) } });
    const now = new Date(clock.now());
    await s.db.prisma.signInChallenge.createMany({
      data: [
        { nonce: 'sweepOld0000000001', chainType: 'evm', address: WALLET, message: 'm', issuedAt: now, expiresAt: new Date(clock.now() - 2 * 86_400_000) },
        { nonce: 'sweepNew0000000001', chainType: 'evm', address: WALLET, message: 'm', issuedAt: now, expiresAt: new Date(clock.now() + 60_000) },
      ],
    });
    const swept = await s.services.auth.deleteExpired();
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(await s.db.prisma.dashboardSession.findUnique({ where: { id: old.session.id } })).toBeNull();
    expect(await s.db.prisma.signInChallenge.findUnique({ where: { nonce: 'sweepOld0000000001' } })).toBeNull();
    expect(await s.db.prisma.signInChallenge.findUnique({ where: { nonce: 'sweepNew0000000001' } })).not.toBeNull();
    expect((await s.get('/v1/auth/session', { cookie: live.cookie })).status).toBe(200);
  });

  it('a sign-in ends the session of the cookie the browser still carried (rotation)', async () => {
    const old = await signIn();
    const dev = await s.services.accounts.createAccount('Rotation');
    s.services.auth.enableDevSignIn({ accountId: dev.id, address: WALLET }, 'development');
    try {
      const r = await s.post('/v1/auth/dev-sign-in', {}, { cookie: old.cookie, origin: ORIGIN });
      expect(r.status).toBe(200);
      const fresh = /_session=([^;]+)/.exec(r.headers.get('set-cookie')!)![1]!;
      expect(`${s.services.auth.cookieName}=${fresh}`).not.toBe(old.cookie);
      expect((await s.get('/v1/auth/session', { cookie: old.cookie })).status).toBe(401);
      expect((await s.get('/v1/auth/session', { cookie: `${s.services.auth.cookieName}=${fresh}` })).status).toBe(200);
    } finally {
      (s.services.auth as unknown as { dev: undefined }).dev = undefined;
    }
  });

  it('GraphQL takes only its own media types: a form or text/plain POST (no CORS preflight) is 415', async () => {
    const query =
      'mutation { createSignInChallenge(input: { address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", chainType: evm, chainId: 8453 }) { __typename } }';
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', `query=${encodeURIComponent(query)}`],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n${query}\r\n--x--\r\n`],
      ['text/plain', JSON.stringify({ query })],
    ] as const) {
      const r = await s.request('/graphql', { method: 'POST', headers: { 'content-type': type, origin: 'https://evil.example' }, body: payload });
      expect(r.status, type).toBe(415);
      expect(r.body.errors[0].extensions.code).toBe('INVALID_PARAMS');
    }
  });

  it('GraphQL sign-in from a browser on another origin is FORBIDDEN (login CSRF), as over REST', async () => {
    const query =
      'mutation { createSignInChallenge(input: { address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", chainType: evm, chainId: 8453 }) { __typename } }';
    const foreign = await gql(query, { origin: 'https://evil.example' });
    expect(foreign.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const signIn = await gql('mutation { signIn(input: { nonce: "q8ZcV1Lr0mBtY5wXe2Nd7K", signature: "0x00" }) { __typename } }', {
      origin: 'https://evil.example',
    });
    expect(signIn.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  const upgrade = (headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });

  it('WebSocket upgrade with the cookie: foreign origin 403, dead session 401, dashboard origin opens', async () => {
    const { cookie } = await signIn();
    expect(await upgrade({ cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade({ cookie })).toBe(403);
    expect(await upgrade({ cookie: `${s.services.auth.cookieName}=${'B'.repeat(43)}`, origin: ORIGIN })).toBe(401);
    expect(await upgrade({ cookie, origin: ORIGIN })).toBe(101);
    // No cookie: the public API as before.
    expect(await upgrade({ origin: 'https://any.example' })).toBe(101);
  });
});
