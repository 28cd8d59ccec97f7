import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { signSolanaMessage } from '../fixtures/solana-wallet.js';

/**
 * Wallet sign-in and the team over GraphQL on a listening server (the session cookie is an HTTP header, so this
 * suite goes through the HTTP transport): `createSignInChallenge` → `signIn` sets the cookie, which then carries
 * `dashboardLogin`, `dashboardSessions`, `revokeDashboardSession` and the team fields.
 */
const devnet = withDevnet();
const ORIGIN = 'http://localhost:8787';

describe('wallet sign-in over GraphQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { RPC_URL_8453: devnet.rpcUrl, RATE_LIMIT_STRICT: '100000/60' } });
  });
  afterAll(() => s?.close());

  const gql = (query: string, variables: Record<string, unknown> = {}, cookie?: string) =>
    s.post('/graphql', { query, variables }, { accept: 'application/graphql-response+json', origin: ORIGIN, ...(cookie ? { cookie } : {}) });
  const cookieOf = (r: TestResponse) => {
    const m = /swapgate_session=([^;]+)/.exec(r.headers.get('set-cookie') ?? '');
    return m ? `swapgate_session=${m[1]}` : undefined;
  };
  const CHALLENGE = `mutation($input: CreateSignInChallengeInput!) {
    createSignInChallenge(input: $input) { __typename ... on CreateSignInChallengePayload { challenge { nonce message expiresAt } } }
  }`;
  const SIGN_IN = `mutation($input: SignInInput!) {
    signIn(input: $input) { __typename ... on SignInPayload { newAccount login { role accountId session { id address current } memberships { nodes { accountId role } } } } }
  }`;
  const signIn = async (wallet: LocalAccount = privateKeyToAccount(generatePrivateKey())) => {
    const c = await gql(CHALLENGE, { input: { address: wallet.address, chainType: 'evm', chainId: 8453 } });
    const { nonce, message } = c.body.data.createSignInChallenge.challenge;
    const r = await gql(SIGN_IN, { input: { nonce, signature: await wallet.signMessage({ message }) } });
    expect(r.body.errors, r.text).toBeUndefined();
    return { wallet, cookie: cookieOf(r)!, login: r.body.data.signIn.login, newAccount: r.body.data.signIn.newAccount as boolean };
  };

  it('challenge, signature, cookie: the login and the session list follow', async () => {
    const first = await signIn();
    expect(first.newAccount).toBe(true);
    expect(first.login).toMatchObject({ role: 'owner', session: { address: first.wallet.address, current: true } });
    expect(first.login.memberships.nodes).toEqual([{ accountId: first.login.accountId, role: 'owner' }]);
    const me = await gql('{ dashboardLogin { accountId role session { id } } }', {}, first.cookie);
    expect(me.body.data.dashboardLogin).toEqual({ accountId: first.login.accountId, role: 'owner', session: { id: first.login.session.id } });

    const second = await signIn(first.wallet);
    expect(second.newAccount).toBe(false);
    const list = await gql('{ dashboardSessions { totalCount nodes { id current } } }', {}, first.cookie);
    expect(list.body.data.dashboardSessions.totalCount).toBe(2);
    expect(list.body.data.dashboardSessions.nodes).toContainEqual({ id: first.login.session.id, current: true });
    expect(list.body.data.dashboardSessions.nodes).toContainEqual({ id: second.login.session.id, current: false });

    const REVOKE = `mutation($id: ID!) { revokeDashboardSession(input: { id: $id }) { __typename ... on RevokeDashboardSessionPayload { session { id } } ... on Error { code } } }`;
    // Another wallet's session is NotFoundError, as a nonexistent one is.
    const stranger = await signIn();
    expect((await gql(REVOKE, { id: second.login.session.id }, stranger.cookie)).body.data.revokeDashboardSession).toEqual({
      __typename: 'NotFoundError',
      code: 'NOT_FOUND',
    });
    expect((await gql(REVOKE, { id: 'dsess_0000000000000000000000' }, stranger.cookie)).body.data.revokeDashboardSession.code).toBe('NOT_FOUND');
    expect((await gql(REVOKE, { id: second.login.session.id }, first.cookie)).body.data.revokeDashboardSession.__typename).toBe(
      'RevokeDashboardSessionPayload',
    );
    const dead = await gql('{ dashboardLogin { role } }', {}, second.cookie);
    expect(dead.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('a Solana keypair signs in through GraphQL too', async () => {
    const keypair = Keypair.generate();
    const c = await gql(CHALLENGE, { input: { address: keypair.publicKey.toBase58(), chainType: 'solana' } });
    const { nonce, message } = c.body.data.createSignInChallenge.challenge;
    const r = await gql(SIGN_IN, { input: { nonce, signature: bs58.encode(signSolanaMessage(keypair, message)) } });
    expect(r.body.data.signIn.login.session.address).toBe(keypair.publicKey.toBase58());
    expect(cookieOf(r)).toBeDefined();
  });

  it('refusals are top-level errors with their code; no cookie is set', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const unserved = await gql(CHALLENGE, { input: { address: wallet.address, chainType: 'evm', chainId: 31337 } });
    expect(unserved.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS' });
    expect(unserved.body.errors[0].message).toMatch(/^chainId:/);
    const c = (await gql(CHALLENGE, { input: { address: wallet.address, chainType: 'evm', chainId: 8453 } })).body.data.createSignInChallenge.challenge;
    const forged = await gql(SIGN_IN, {
      input: { nonce: c.nonce, signature: await privateKeyToAccount(generatePrivateKey()).signMessage({ message: c.message }) },
    });
    expect(forged.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    expect(forged.body.errors[0].message).toMatch(/does not match/);
    expect(forged.headers.get('set-cookie')).toBeNull();
    const signature = await wallet.signMessage({ message: c.message });
    expect((await gql(SIGN_IN, { input: { nonce: c.nonce, signature } })).body.errors).toBeUndefined();
    expect((await gql(SIGN_IN, { input: { nonce: c.nonce, signature } })).body.errors[0].message).toMatch(/already used/);
  });

  it('the team: invite, change a role, remove; another account gets NotFoundError; keys and anonymous callers get nothing', async () => {
    const owner = await signIn();
    const devWallet = privateKeyToAccount(generatePrivateKey());
    const invited = await gql(
      `mutation($a: String!) { inviteMember(input: { address: $a, role: developer }) { __typename ... on InviteMemberPayload { member { id address role joinedAt you } } ... on Error { code } } }`,
      { a: devWallet.address },
      owner.cookie,
    );
    const member = invited.body.data.inviteMember.member;
    expect(member).toMatchObject({ address: devWallet.address, role: 'developer', joinedAt: null, you: false });
    const again = await gql(
      `mutation($a: String!) { inviteMember(input: { address: $a, role: viewer }) { __typename ... on Error { code } } }`,
      { a: devWallet.address.toLowerCase() },
      owner.cookie,
    );
    expect(again.body.data.inviteMember).toEqual({ __typename: 'ConflictError', code: 'CONFLICT' });

    const UPDATE = `mutation($id: ID!) { updateMember(input: { id: $id, role: viewer }) { __typename ... on UpdateMemberPayload { member { role } } ... on Error { code } } }`;
    const REMOVE = `mutation($id: ID!) { removeMember(input: { id: $id }) { __typename ... on Error { code } } }`;
    const stranger = await signIn();
    expect((await gql(UPDATE, { id: member.id }, stranger.cookie)).body.data.updateMember.code).toBe('NOT_FOUND');
    expect((await gql(REMOVE, { id: member.id }, stranger.cookie)).body.data.removeMember.code).toBe('NOT_FOUND');
    expect((await gql('{ members { totalCount } }', {}, stranger.cookie)).body.data.members.totalCount).toBe(1);

    expect((await gql(UPDATE, { id: member.id }, owner.cookie)).body.data.updateMember.member.role).toBe('viewer');
    const list = await gql('{ members { nodes { address role you } } }', {}, owner.cookie);
    expect(list.body.data.members.nodes).toEqual([
      { address: owner.wallet.address, role: 'owner', you: true },
      { address: devWallet.address, role: 'viewer', you: false },
    ]);
    // The last owner stays.
    const ownerId = (await gql('{ members { nodes { id you } } }', {}, owner.cookie)).body.data.members.nodes.find((n: { you: boolean }) => n.you).id;
    expect((await gql(REMOVE, { id: ownerId }, owner.cookie)).body.data.removeMember).toEqual({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect((await gql(REMOVE, { id: member.id }, owner.cookie)).body.data.removeMember.__typename).toBe('RemoveMemberPayload');

    const anonymous = await gql('{ members { totalCount } }');
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const { key } = await s.createTestKey();
    const withKey = await s.post('/graphql', { query: '{ members { totalCount } }' }, { accept: 'application/graphql-response+json', 'x-api-key': key });
    expect(withKey.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
