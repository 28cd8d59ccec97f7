import { readCookie } from '../auth/cookie.js';
import { headerValue } from '../http/respond.js';
import { reply, type Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { parseInput } from '../validation.js';
import { pageSchema } from '../openapi/common.js';
import {
  challengeViewSchema,
  currentSessionSchema,
  listedSessionSchema,
  sessionViewSchema,
  signInResultSchema,
  toChallengeWire,
  toCurrentWire,
  toSessionWire,
  type CurrentSessionWire,
  type SessionWire,
} from '../auth/views.js';
import { challengeSchema, devSignInSchema, sessionIdParamSchema, setModeSchema, signInSchema, signOutSchema, switchAccountSchema } from '../auth/input.js';
import { sameOrigin } from '../auth/state.js';
import { ApiError } from '../errors.js';
import type { Config } from '../config.js';
import type { Services } from '../services.js';
import type { KeyAuth } from '../accounts/service.js';
import type { IncomingHttpHeaders } from 'node:http';

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
  account: { id: SESSION.accountId, name: 'Wallet 0xf39F…2266', liveEnabled: false },
  memberships: [{ accountId: SESSION.accountId, accountName: 'Wallet 0xf39F…2266', role: 'owner', joinedAt: '2026-11-20T10:00:00.000Z' }],
};
const CHALLENGE_MESSAGE = [
  'localhost:8787 wants you to sign in with your Ethereum account:',
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '',
  'Sign in to the merchant dashboard. Signing this message sends no transaction and costs nothing.',
  '',
  'URI: http://localhost:8787/dashboard',
  'Version: 1',
  'Chain ID: 8453',
  'Nonce: q8ZcV1Lr0mBtY5wXe2Nd7K',
  'Issued At: 2026-11-27T09:12:44.120Z',
  'Expiration Time: 2026-11-27T09:17:44.120Z',
].join('\n');

const currentWire = async (services: Services, auth: KeyAuth): Promise<CurrentSessionWire> => toCurrentWire(await services.auth.current(auth));

/**
 * Browsers send `Origin` on every POST: a sign-in from another site is refused (login CSRF: a page signing a visitor
 * in to the attacker's account). Scripts (curl, SDKs) send none and are not browsers.
 */
function refuseForeignBrowser(headers: IncomingHttpHeaders, config: Config) {
  const origin = headers.origin;
  if (origin !== undefined && !sameOrigin(origin, config.PUBLIC_URL)) {
    throw new ApiError('FORBIDDEN', 'Sign-in must come from the dashboard itself (the Origin header must be this service)');
  }
}

/** Wallet sign-in: the challenge to sign, then the signature, which opens a session (the cookie). */
export const authSignInRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/auth/challenge',
    access: 'public',
    scope: 'public',
    rateLimit: { bucket: 'strict' },
    handler: async ({ services, config, headers, body }) => {
      refuseForeignBrowser(headers, config);
      return toChallengeWire(await services.signIn.challenge(parseInput(challengeSchema, body ?? {})));
    },
    doc: {
      operationId: 'createSignInChallenge',
      tag: 'Dashboard',
      summary: 'A message for a wallet to sign in with',
      description:
        'Builds the whole EIP-4361 message (Sign-In With Solana for `chainType: solana`) from this service’s own PUBLIC_URL, clock and a fresh nonce, and keeps it: the signature is checked against this stored text only. Valid for `SIGN_IN_CHALLENGE_TTL_SECONDS`. A `chainId` that is not an EVM chain of /v1/chains → 400 `INVALID_PARAMS`. From a browser, only from the dashboard’s origin (else 403 `FORBIDDEN`).',
      body: { schema: challengeSchema },
      responses: {
        200: json('The challenge.', challengeViewSchema, {
          evm: { object: 'sign_in_challenge', nonce: 'q8ZcV1Lr0mBtY5wXe2Nd7K', message: CHALLENGE_MESSAGE, expiresAt: '2026-11-27T09:17:44.120Z' },
        }),
      },
      examples: {
        evm: { summary: 'An EVM wallet on Base', body: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainType: 'evm', chainId: 8453 } },
        solana: { summary: 'A Solana wallet', body: { address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', chainType: 'solana' } },
        unservedChain: {
          summary: 'A chain this service does not serve is refused',
          body: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainType: 'evm', chainId: 31337 },
          status: 400,
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/auth/sign-in',
    access: 'public',
    scope: 'public',
    rateLimit: { bucket: 'strict' },
    handler: async ({ services, config, headers, body, client }) => {
      refuseForeignBrowser(headers, config);
      const { token, session, newAccount } = await services.signIn.signIn(parseInput(signInSchema, body ?? {}), client);
      await services.auth.revokeToken(readCookie(headerValue(headers.cookie), services.auth.cookieName));
      const auth = await services.auth.authenticateSessionById(session.id);
      return reply(200, { ...(await currentWire(services, auth)), newAccount }, { 'set-cookie': services.auth.cookieFor(token) });
    },
    doc: {
      operationId: 'signIn',
      tag: 'Dashboard',
      summary: 'Sign in with a signed challenge',
      description:
        'Checks the wallet’s signature of the challenge’s stored message (EVM: EOA, EIP-1271 contract wallets and EIP-6492 undeployed smart accounts, on the message’s chain; Solana: ed25519), spends the challenge and opens a session: the `Set-Cookie` header carries its token. A first sign-in creates the wallet’s account. An unknown, used or expired challenge, or a signature that does not match → 401 `UNAUTHORIZED`; a chain that cannot be reached to check a contract wallet → 503 `SERVICE_UNAVAILABLE`. Rules: docs/accounts.md, "Verification rules".',
      body: { schema: signInSchema },
      errors: ['UNAUTHORIZED', 'FORBIDDEN', 'SERVICE_UNAVAILABLE'],
      responses: { 200: json('The new session (the cookie is set), its account and role.', signInResultSchema, { signedIn: { ...LOGIN, newAccount: true } }) },
      examples: {
        unknownNonce: {
          summary: 'A nonce no challenge has is refused',
          body: { nonce: 'q8ZcV1Lr0mBtY5wXe2Nd7K', signature: `0x${'4f'.repeat(65)}` },
          status: 401,
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/auth/sessions',
    access: 'session',
    scope: 'session',
    handler: async ({ services, auth }) => {
      const data = (await services.auth.listSessions(auth!)).map((x) => ({ ...toSessionWire(x), current: x.id === auth!.keyId }));
      return { object: 'list' as const, data, hasMore: false, nextCursor: null };
    },
    doc: {
      operationId: 'listDashboardSessions',
      tag: 'Dashboard',
      summary: 'The wallet’s sessions',
      description: 'Every session of the signed-in wallet that still works (every account it acts for), newest first; `current` marks the one asking.',
      responses: {
        200: json('The sessions (one page).', pageSchema(listedSessionSchema), {
          two: {
            object: 'list',
            data: [
              { ...SESSION, current: true },
              { ...SESSION, id: 'dsess_7Rt2Lm9Xw3Vb1Nc5Z4f8Kq', userAgent: 'Mozilla/5.0 (iPhone)', current: false },
            ],
            hasMore: false,
            nextCursor: null,
          },
        }),
      },
      examples: { mine: { summary: 'List my sessions' } },
    },
  },
  {
    method: 'DELETE',
    path: '/v1/auth/sessions/:id',
    access: 'session',
    scope: 'session',
    handler: async ({ services, auth, params }) => toSessionWire(await services.auth.revokeSession(auth!, params.id)),
    doc: {
      operationId: 'revokeDashboardSession',
      tag: 'Dashboard',
      summary: 'End one of the wallet’s sessions',
      description: 'Revoked at once on every instance (a lost laptop). Another wallet’s session → 404 `NOT_FOUND`; revoking twice changes nothing.',
      params: sessionIdParamSchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The session, revoked.', sessionViewSchema, { revoked: { ...SESSION, revokedAt: '2026-11-27T09:41:00.000Z' } }) },
      examples: { unknown: { summary: 'A session that is not the wallet’s', params: { id: 'dsess_0000000000000000000000' }, status: 404 } },
    },
  },
];

/**
 * The dashboard session: who is signed in, sign-out, mode and account switches, and the development-only
 * one-click sign-in. Wallet sign-in (challenge and signature) is beside these.
 */
export const authSessionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/auth/session',
    access: 'session',
    scope: 'session',
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
    scope: 'session',
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
    scope: 'session',
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
    scope: 'session',
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
    scope: 'public',
    rateLimit: { bucket: 'strict' },
    handler: async ({ services, client, body, headers }) => {
      const { token, session } = await services.auth.devSignIn(client, parseInput(devSignInSchema, body ?? {}).accountId);
      await services.auth.revokeToken(readCookie(headerValue(headers.cookie), services.auth.cookieName));
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
