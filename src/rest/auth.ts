import { reply, type Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { parseInput } from '../validation.js';
import { currentSessionSchema, sessionViewSchema, toSessionWire, type CurrentSessionWire, type SessionWire } from '../auth/views.js';
import { devSignInSchema, setModeSchema, signOutSchema, switchAccountSchema } from '../auth/input.js';
import type { Services } from '../services.js';
import type { KeyAuth } from '../accounts/service.js';

const SESSION: SessionWire = {
  id: 'dsess_4f8Kq2Lm9Xw3Rt7Vb1Nc5Z',
  object: 'dashboard_session',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainType: 'evm',
  accountId: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5',
  memberId: 'mem_2Wq8Rt4Lm6Xk1Vb9Nc3Zp7',
  mode: 'test',
  createdAt: '2026-11-27T09:12:44.120Z',
  lastSeenAt: '2026-11-27T09:40:02.511Z',
  idleExpiresAt: '2026-11-27T17:40:02.511Z',
  expiresAt: '2026-12-04T09:12:44.120Z',
  revokedAt: null,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ipAddress: '203.0.113.7',
};
const LOGIN: CurrentSessionWire = {
  object: 'dashboard_login',
  session: SESSION,
  role: 'owner',
  account: { id: SESSION.accountId, name: '0xf39F…2266', liveEnabled: false },
};

const currentWire = async (services: Services, auth: KeyAuth): Promise<CurrentSessionWire> => {
  const c = await services.auth.current(auth);
  return { object: 'dashboard_login', session: toSessionWire(c.session), role: c.role, account: c.account };
};

/**
 * The dashboard session: who is signed in, sign-out, mode and account switches, and the development-only
 * one-click sign-in. Wallet sign-in (challenge and signature) is beside these.
 */
export const authSessionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/auth/session',
    access: 'session',
    handler: ({ services, auth }) => currentWire(services, auth!),
    doc: {
      operationId: 'getDashboardSession',
      tag: 'Dashboard',
      summary: 'The signed-in session, role and account',
      description: 'What the dashboard reads first. Without a working session cookie → 401 `UNAUTHORIZED`.',
      responses: { 200: json('The current session.', currentSessionSchema, { current: LOGIN }) },
      examples: { current: { summary: 'Read the current session' } },
    },
  },
  {
    method: 'POST',
    path: '/v1/auth/sign-out',
    access: 'session',
    handler: async ({ services, auth, body }) => {
      const session = await services.auth.signOut(auth!, parseInput(signOutSchema, body ?? {}));
      return reply(200, toSessionWire(session), { 'set-cookie': services.auth.clearedCookie() });
    },
    doc: {
      operationId: 'signOut',
      tag: 'Dashboard',
      summary: 'Sign out',
      description: 'Revokes the current session at once (every instance) and clears the cookie; with `everywhere`, every session of the wallet.',
      body: { schema: signOutSchema },
      responses: { 200: json('The session, revoked.', sessionViewSchema, { signedOut: { ...SESSION, revokedAt: '2026-11-27T09:41:00.000Z' } }) },
      examples: { signedOut: { summary: 'Sign out' } },
    },
  },
  {
    method: 'POST',
    path: '/v1/auth/session/mode',
    access: 'session',
    handler: async ({ services, auth, body }) => {
      const { mode } = parseInput(setModeSchema, body ?? {});
      await services.auth.setMode(auth!, mode);
      return currentWire(services, { ...auth!, mode });
    },
    doc: {
      operationId: 'setDashboardMode',
      tag: 'Dashboard',
      summary: 'Switch the dashboard between test and live mode',
      description: 'Everything the session reads and creates from then on belongs to this mode. Live needs the account’s live mode (else 403 `FORBIDDEN`).',
      body: { schema: setModeSchema },
      errors: ['FORBIDDEN'],
      responses: { 200: json('The current session in its new mode.', currentSessionSchema, { test: LOGIN }) },
      examples: { test: { summary: 'Back to test mode', body: { mode: 'test' } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/auth/session/account',
    access: 'session',
    handler: async ({ services, auth, body }) => {
      const { accountId } = parseInput(switchAccountSchema, body ?? {});
      const s = await services.auth.switchAccount(auth!, accountId);
      const next = await services.auth.authenticateSessionById(s.id);
      return currentWire(services, next);
    },
    doc: {
      operationId: 'switchDashboardAccount',
      tag: 'Dashboard',
      summary: 'Act for another account of the wallet',
      description: 'The wallet must be a member of the account (else 404 `NOT_FOUND`); the session starts over in test mode.',
      body: { schema: switchAccountSchema },
      errors: ['NOT_FOUND'],
      responses: { 200: json('The current session for the other account.', currentSessionSchema, { other: LOGIN }) },
      examples: {
        notAMember: { summary: 'An account the wallet is not a member of is NOT_FOUND', body: { accountId: 'acct_0000000000000000000000' }, status: 404 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/auth/dev-sign-in',
    access: 'public',
    rateLimit: { bucket: 'strict' },
    handler: async ({ services, client, body }) => {
      const { token, session } = await services.auth.devSignIn(client, parseInput(devSignInSchema, body ?? {}).accountId);
      return reply(200, toSessionWire(session), { 'set-cookie': services.auth.cookieFor(token) });
    },
    doc: {
      operationId: 'devSignIn',
      tag: 'Dashboard',
      summary: 'Development only: sign in as the dev account',
      description:
        'Exists only under `npm run dev` (404 `NOT_FOUND` anywhere else): a session for the printed dev account, as its devnet test wallet, without a wallet extension.',
      body: { schema: devSignInSchema },
      errors: ['NOT_FOUND'],
      responses: { 200: json('The new session (the cookie is set).', sessionViewSchema, { dev: SESSION }) },
      // Outside `npm run dev` (where this document is tested) the route answers 404.
      examples: { dev: { summary: 'One-click sign-in (404 outside npm run dev)', status: 404 } },
    },
  },
];
