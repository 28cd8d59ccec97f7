import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { signSolanaMessage } from '../fixtures/solana-wallet.js';

/**
 * The team: owners and admins add wallets with a role, change roles and remove members, over REST with signed-in
 * sessions (real SIWE and SIWS sign-ins). An account always keeps an owner; admins never touch owners; a removed
 * member's sessions end at once.
 */
const devnet = withDevnet();
const ORIGIN = 'http://localhost:8787';

describe.each(backends)('team (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { RPC_URL_8453: devnet.rpcUrl, RATE_LIMIT_STRICT: '100000/60' } });
  });
  afterAll(() => s?.close());

  interface Member {
    wallet: LocalAccount;
    cookie: string;
    accountId: string;
  }
  const cookieOf = (r: TestResponse) => `swapgate_session=${/swapgate_session=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')![1]}`;
  const signIn = async (wallet: LocalAccount = privateKeyToAccount(generatePrivateKey())): Promise<Member> => {
    const c = await s.post('/v1/auth/challenge', { address: wallet.address, chainType: 'evm', chainId: 8453 });
    const r = await s.post('/v1/auth/sign-in', { nonce: c.body.nonce, signature: await wallet.signMessage({ message: c.body.message }) });
    expect(r.status, r.text).toBe(200);
    return { wallet, cookie: cookieOf(r), accountId: r.body.account.id };
  };
  const as = (m: Member) => ({
    list: () => s.get('/v1/dashboard/members', { cookie: m.cookie }),
    invite: (address: string, role: string) => s.post('/v1/dashboard/members', { address, role }, { cookie: m.cookie, origin: ORIGIN }),
    update: (id: string, role: string) =>
      s.request(`/v1/dashboard/members/${id}`, {
        method: 'PATCH',
        headers: { cookie: m.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ role }),
      }),
    remove: (id: string) => s.request(`/v1/dashboard/members/${id}`, { method: 'DELETE', headers: { cookie: m.cookie, origin: ORIGIN } }),
    session: () => s.get('/v1/auth/session', { cookie: m.cookie }),
    switchTo: (accountId: string) => s.post('/v1/auth/session/account', { accountId }, { cookie: m.cookie, origin: ORIGIN }),
  });
  const body = (r: TestResponse) => (r.body === undefined ? JSON.parse(r.text) : r.body);
  /** Signs `wallet` in and switches to `accountId` (an invited wallet lands in its own account first). */
  const joined = async (wallet: LocalAccount, accountId: string) => {
    const m = await signIn(wallet);
    if (m.accountId !== accountId) expect((await as(m).switchTo(accountId)).status).toBe(200);
    return { ...m, accountId };
  };

  it('an owner invites wallets (EVM and Solana); the invitee signs in to the account; roles show in the list', async () => {
    const owner = await signIn();
    const devWallet = privateKeyToAccount(generatePrivateKey());
    const sol = Keypair.generate();
    const invited = await as(owner).invite(devWallet.address.toLowerCase(), 'developer');
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body).toMatchObject({ object: 'member', address: devWallet.address, chainType: 'evm', role: 'developer', joinedAt: null, you: false });
    expect(invited.body.invitedBy).toBe(owner.wallet.address);
    expect((await as(owner).invite(sol.publicKey.toBase58(), 'viewer')).body).toMatchObject({ chainType: 'solana', role: 'viewer' });
    // Inviting the same wallet again (any case) → 409.
    expect((await as(owner).invite(devWallet.address.toUpperCase().replace('0X', '0x'), 'viewer')).status).toBe(409);

    // An invitation is accepted by switching to it, never by signing in: the invitee's first sign-in makes its own
    // account (nobody can pull a wallet into their account by inviting it first), and lists the invitation.
    const firstIn = await signIn(devWallet);
    expect(firstIn.accountId).not.toBe(owner.accountId);
    const mine = body(await as(firstIn).session());
    expect(mine).toMatchObject({ role: 'owner', account: { id: firstIn.accountId } });
    expect(mine.memberships).toContainEqual(expect.objectContaining({ accountId: owner.accountId, role: 'developer', joinedAt: null }));
    const dev = await joined(devWallet, owner.accountId);
    expect(body(await as(dev).session())).toMatchObject({ role: 'developer', account: { id: owner.accountId } });
    // The Solana member too.
    const c = await s.post('/v1/auth/challenge', { address: sol.publicKey.toBase58(), chainType: 'solana' });
    const solIn = await s.post('/v1/auth/sign-in', { nonce: c.body.nonce, signature: bs58.encode(signSolanaMessage(sol, c.body.message)) });
    expect(solIn.body).toMatchObject({ newAccount: true, role: 'owner' });
    expect(solIn.body.memberships).toContainEqual(expect.objectContaining({ accountId: owner.accountId, role: 'viewer', joinedAt: null }));

    const list = await as(dev).list();
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'developer', 'viewer']);
    expect(list.body.data.find((m: { role: string }) => m.role === 'viewer')).toMatchObject({ joinedAt: null });
    expect(list.body.data.find((m: { role: string }) => m.role === 'developer')).toMatchObject({ you: true, joinedAt: expect.any(String) });
  });

  it('any member may leave (a viewer removes itself), but not remove anyone else', async () => {
    const owner = await signIn();
    const viewerWallet = privateKeyToAccount(generatePrivateKey());
    const viewerId = (await as(owner).invite(viewerWallet.address, 'viewer')).body.id as string;
    const viewer = await joined(viewerWallet, owner.accountId);
    const ownerId = body(await as(owner).list()).data.find((m: { role: string }) => m.role === 'owner').id as string;
    expect((await as(viewer).remove(ownerId)).status).toBe(403);
    const left = await as(viewer).remove(viewerId);
    expect(left.status, left.text).toBe(200);
    // Its session in that account ended with its membership.
    expect((await as(viewer).session()).status).toBe(401);
    expect(body(await as(owner).list()).data.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });

  it('developers and viewers cannot change the team (403); nobody can from another account (404)', async () => {
    const owner = await signIn();
    const devWallet = privateKeyToAccount(generatePrivateKey());
    const viewerWallet = privateKeyToAccount(generatePrivateKey());
    const devId = (await as(owner).invite(devWallet.address, 'developer')).body.id;
    await as(owner).invite(viewerWallet.address, 'viewer');
    const dev = await joined(devWallet, owner.accountId);
    const viewer = await joined(viewerWallet, owner.accountId);
    for (const who of [dev, viewer]) {
      const r = await as(who).invite(privateKeyToAccount(generatePrivateKey()).address, 'viewer');
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
      expect((await as(who).update(devId, 'admin')).status).toBe(403);
      expect((await as(who).list()).status).toBe(200);
    }
    // An owner of another account: the member does not exist for it.
    const stranger = await signIn();
    expect((await as(stranger).update(devId, 'viewer')).status).toBe(404);
    expect((await as(stranger).remove(devId)).status).toBe(404);
    expect((await as(stranger).list()).body.data).toHaveLength(1);
  });

  it('admins manage everyone but owners', async () => {
    const owner = await signIn();
    const adminWallet = privateKeyToAccount(generatePrivateKey());
    await as(owner).invite(adminWallet.address, 'admin');
    const admin = await joined(adminWallet, owner.accountId);
    const ownerId = (await as(owner).list()).body.data.find((m: { role: string }) => m.role === 'owner').id;
    expect((await as(admin).invite(privateKeyToAccount(generatePrivateKey()).address, 'owner')).status).toBe(403);
    expect((await as(admin).update(ownerId, 'viewer')).status).toBe(403);
    expect((await as(admin).remove(ownerId)).status).toBe(403);
    const v = await as(admin).invite(privateKeyToAccount(generatePrivateKey()).address, 'viewer');
    expect(v.status).toBe(201);
    expect((await as(admin).update(v.body.id, 'developer')).body.role).toBe('developer');
    expect((await as(admin).update(v.body.id, 'owner')).status).toBe(403);
    expect((await as(admin).remove(v.body.id)).status).toBe(200);
  });

  it('an account keeps at least one owner, even when two owners demote each other at once', async () => {
    const first = await signIn();
    const secondWallet = privateKeyToAccount(generatePrivateKey());
    const secondId = (await as(first).invite(secondWallet.address, 'owner')).body.id;
    const second = await joined(secondWallet, first.accountId);
    const firstId = (await as(first).list()).body.data.find((m: { you: boolean }) => m.you).id;
    const [a, b] = await Promise.all([as(first).update(secondId, 'admin'), as(second).update(firstId, 'admin')]);
    // The loser acts with the role it has once the winner committed: an admin, who cannot change an owner.
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const owners = (await as(a.status === 200 ? first : second).list()).body.data.filter((m: { role: string }) => m.role === 'owner');
    expect(owners).toHaveLength(1);
    // The last owner can neither be demoted nor removed, not even by itself.
    const last = a.status === 200 ? first : second;
    const lastId = a.status === 200 ? firstId : secondId;
    const demote = await as(last).update(lastId, 'viewer');
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toMatch(/at least one owner/);
    expect((await as(last).remove(lastId)).status).toBe(409);
  });

  it('removing a member ends their sessions in the account at once', async () => {
    const owner = await signIn();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const id = (await as(owner).invite(wallet.address, 'developer')).body.id;
    const member = await joined(wallet, owner.accountId);
    expect((await as(member).session()).status).toBe(200);
    expect((await as(owner).remove(id)).status).toBe(200);
    expect((await as(member).session()).status).toBe(401);
    const [{ n }] = await s.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM dashboard_sessions WHERE member_id = $1 AND revoked_at IS NULL', [id]);
    expect(n).toBe(0);
  });

  it('team routes need a session: no cookie → 401, an API key → 401 (keys never manage the team), another origin → 403', async () => {
    const { key } = await s.createTestKey();
    expect((await s.get('/v1/dashboard/members')).status).toBe(401);
    expect((await s.get('/v1/dashboard/members', { 'x-api-key': key })).status).toBe(401);
    const owner = await signIn();
    const foreign = await s.post(
      '/v1/dashboard/members',
      { address: privateKeyToAccount(generatePrivateKey()).address, role: 'viewer' },
      { cookie: owner.cookie, origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const bad = await as(owner).invite('nobody', 'viewer');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^address:/);
    expect((await as(owner).invite(privateKeyToAccount(generatePrivateKey()).address, 'superuser')).body.error.message).toMatch(/^role:/);
  });
});
