import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex, LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ManualClock } from '../../src/clock.js';
import { backends } from '../helpers/db.js';
import { SETUP_WRITE } from '../helpers/admin.js';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { counterfactualOwnerWallet, deployOwnerWallet, deployOwnerWalletFactory } from '../fixtures/smart-wallets.js';
import { signSolanaMessage } from '../fixtures/solana-wallet.js';

/**
 * Wallet sign-in over REST with real keys: viem local accounts (SIWE), an ERC-1271 contract wallet and an ERC-6492
 * counterfactual account on the devnet (anvil posing as Base, chain 8453), and a web3.js keypair (Sign-In With
 * Solana). Then every way a signed challenge must be refused, and the session cookie's lifetime.
 */
const devnet = withDevnet();
const ORIGIN = 'http://localhost:8787';
const TTL_SECONDS = 300;

describe.each(backends)('wallet sign-in (%s)', (backend) => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  let factory: Address;

  beforeAll(async () => {
    s = await startTestServer({
      backend,
      clock,
      env: { RPC_URL_8453: devnet.rpcUrl, SIGN_IN_CHALLENGE_TTL_SECONDS: String(TTL_SECONDS), RATE_LIMIT_STRICT: '100000/60' },
    });
    factory = await deployOwnerWalletFactory(devnet);
  });
  afterAll(() => s?.close());

  const challenge = (body: Record<string, unknown>) => s.post('/v1/auth/challenge', body);
  const evmChallenge = async (address: string, chainId = 8453) => {
    const r = await challenge({ address, chainType: 'evm', chainId });
    expect(r.status, r.text).toBe(200);
    return r.body as { nonce: string; message: string; expiresAt: string };
  };
  const signIn = (nonce: string, signature: string, headers: Record<string, string> = {}) => s.post('/v1/auth/sign-in', { nonce, signature }, headers);
  const cookieOf = (r: TestResponse) => {
    const set = r.headers.get('set-cookie') ?? '';
    const m = /swapgate_session=([^;]+)/.exec(set);
    return m ? `swapgate_session=${m[1]}` : undefined;
  };
  const current = (cookie: string | undefined) => s.get('/v1/auth/session', cookie ? { cookie } : {});
  const sessionCount = async (address: string) =>
    Number((await s.db.sql.query<{ n: string }>('SELECT count(*)::int AS n FROM dashboard_sessions WHERE address = $1', [address.toLowerCase()]))[0]!.n);

  const newKey = () => privateKeyToAccount(generatePrivateKey());
  const signInWith = async (account: LocalAccount) => {
    const c = await evmChallenge(account.address);
    return signIn(c.nonce, await account.signMessage({ message: c.message }));
  };

  describe('EVM (SIWE)', () => {
    it('a first sign-in creates the account with the wallet as owner; the cookie works; the message is what the server built', async () => {
      const alice = newKey();
      const c = await evmChallenge(alice.address.toLowerCase());
      expect(c.nonce).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(c.message).toBe(
        [
          'localhost:8787 wants you to sign in with your Ethereum account:',
          alice.address,
          '',
          'Sign in to the merchant dashboard. Signing this message sends no transaction and costs nothing.',
          '',
          'URI: http://localhost:8787/dashboard',
          'Version: 1',
          'Chain ID: 8453',
          `Nonce: ${c.nonce}`,
          `Issued At: ${new Date(clock.now()).toISOString()}`,
          `Expiration Time: ${new Date(clock.now() + TTL_SECONDS * 1000).toISOString()}`,
        ].join('\n'),
      );
      const r = await signIn(c.nonce, await alice.signMessage({ message: c.message }));
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ newAccount: true, role: 'owner', session: { address: alice.address, chainType: 'evm', mode: 'test' } });
      const set = r.headers.get('set-cookie')!;
      expect(set).toMatch(/^swapgate_session=[0-9A-Za-z]{40,64}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
      const me = await current(cookieOf(r));
      expect(me.status, me.text).toBe(200);
      expect(me.body).toMatchObject({ role: 'owner', account: { id: r.body.account.id, liveEnabled: false }, session: { id: r.body.session.id } });
      expect(me.body.memberships).toEqual([{ accountId: r.body.account.id, accountName: r.body.account.name, role: 'owner', joinedAt: expect.any(String) }]);
    });

    it('signing in again: the same account, a new session and token (never the old one)', async () => {
      const bob = newKey();
      const first = await signInWith(bob);
      const second = await signInWith(bob);
      expect(second.status).toBe(200);
      expect(second.body.newAccount).toBe(false);
      expect(second.body.account.id).toBe(first.body.account.id);
      expect(second.body.session.id).not.toBe(first.body.session.id);
      expect(cookieOf(second)).not.toBe(cookieOf(first));
      // Both work until revoked: a new sign-in does not end another device's session.
      expect((await current(cookieOf(first))).status).toBe(200);
      expect(await sessionCount(bob.address)).toBe(2);
    });

    it('a wallet in several accounts signs in to the one it used last', async () => {
      const wallet = newKey();
      const own = await signInWith(wallet);
      const team = await signInWith(newKey());
      const invited = await s.post('/v1/dashboard/members', { address: wallet.address, role: 'viewer' }, { cookie: cookieOf(team)!, origin: ORIGIN });
      expect(invited.status, invited.text).toBe(201);
      // Its last session was in its own account: the next sign-in lands there, and lists both accounts.
      clock.advance(60_000);
      const again = await signInWith(wallet);
      expect(again.body.account.id).toBe(own.body.account.id);
      expect(again.body.memberships.map((m: { accountId: string }) => m.accountId).sort()).toEqual([own.body.account.id, team.body.account.id].sort());
      // It works in the team's account for a while…
      clock.advance(60_000);
      const switched = await s.post('/v1/auth/session/account', { accountId: team.body.account.id }, { cookie: cookieOf(again)!, origin: ORIGIN });
      expect(switched.status, switched.text).toBe(200);
      clock.advance(60_000);
      expect((await current(cookieOf(again))).body.account.id).toBe(team.body.account.id);
      // …so that is where it signs in next, as the viewer it was invited as.
      const next = await signInWith(wallet);
      expect(next.body).toMatchObject({ newAccount: false, role: 'viewer', account: { id: team.body.account.id } });
      // A suspended account is not chosen while the wallet has another; with only suspended ones, sign-in is 403.
      await s.services.accounts.suspend(team.body.account.id, 'Under review', SETUP_WRITE);
      clock.advance(60_000);
      expect((await signInWith(wallet)).body.account.id).toBe(own.body.account.id);
      await s.services.accounts.suspend(own.body.account.id, 'Under review', SETUP_WRITE);
      const refused = await signInWith(wallet);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/account is suspended/);
      expect(cookieOf(refused)).toBeUndefined();
      for (const id of [own.body.account.id, team.body.account.id]) await s.services.accounts.unsuspend(id, SETUP_WRITE);
    });

    it('an ERC-1271 contract wallet deployed on the chain signs in (its owner signs, the wallet says yes)', async () => {
      const owner = newKey();
      const wallet = await deployOwnerWallet(devnet, factory, owner, 'sign-in-1271');
      const c = await evmChallenge(wallet);
      const r = await signIn(c.nonce, await owner.signMessage({ message: c.message }));
      expect(r.status, r.text).toBe(200);
      expect(r.body.session.address).toBe(wallet);
      // The owner's own address is another wallet: the same signature does not sign it in as the contract.
      const other = await evmChallenge(wallet);
      const byStranger = await signIn(other.nonce, await newKey().signMessage({ message: other.message }));
      expect(byStranger.status).toBe(401);
    });

    it('an ERC-6492 counterfactual account (not deployed) signs in, and stays undeployed', async () => {
      const owner = newKey();
      const account = await counterfactualOwnerWallet(devnet, factory, owner, 'sign-in-6492');
      expect(await devnet.publicClient.getCode({ address: account.address })).toBeUndefined();
      const c = await evmChallenge(account.address);
      const r = await signIn(c.nonce, await account.signMessage(c.message));
      expect(r.status, r.text).toBe(200);
      expect(r.body.session.address).toBe(account.address);
      // Verified with eth_call: nothing was deployed.
      expect(await devnet.publicClient.getCode({ address: account.address })).toBeUndefined();
      // A wrapped signature of another key for the same factory call is refused.
      const c2 = await evmChallenge(account.address);
      const forged = await counterfactualOwnerWallet(devnet, factory, newKey(), 'sign-in-6492');
      expect((await signIn(c2.nonce, await forged.signMessage(c2.message))).status).toBe(401);
    });
  });

  describe('Solana (SIWS)', () => {
    it('a web3.js keypair signs in; the signature may be base58 or padded base64', async () => {
      const keypair = Keypair.generate();
      const address = keypair.publicKey.toBase58();
      const c1 = await challenge({ address, chainType: 'solana' });
      expect(c1.status, c1.text).toBe(200);
      expect(c1.body.message).toMatch(new RegExp(`^localhost:8787 wants you to sign in with your Solana account:\\n${address}\\n\\n`));
      expect(c1.body.message).toContain('\nChain ID: mainnet\n');
      const r1 = await signIn(c1.body.nonce, bs58.encode(signSolanaMessage(keypair, c1.body.message)));
      expect(r1.status, r1.text).toBe(200);
      expect(r1.body).toMatchObject({ newAccount: true, role: 'owner', session: { address, chainType: 'solana' } });
      const c2 = (await challenge({ address, chainType: 'solana' })).body;
      const r2 = await signIn(c2.nonce, Buffer.from(signSolanaMessage(keypair, c2.message)).toString('base64'));
      expect(r2.status, r2.text).toBe(200);
      expect(r2.body.account.id).toBe(r1.body.account.id);
    });

    it('another keypair, another text, or a malformed signature is refused', async () => {
      const keypair = Keypair.generate();
      const c = (await challenge({ address: keypair.publicKey.toBase58(), chainType: 'solana' })).body;
      expect((await signIn(c.nonce, bs58.encode(signSolanaMessage(Keypair.generate(), c.message)))).status).toBe(401);
      expect((await signIn(c.nonce, bs58.encode(signSolanaMessage(keypair, `${c.message}\n`)))).status).toBe(401);
      const malformed = await signIn(c.nonce, '0xdeadbeef');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^signature:/) });
      // None of these spent the challenge: the right signature still works.
      expect((await signIn(c.nonce, bs58.encode(signSolanaMessage(keypair, c.message)))).status).toBe(200);
    });
  });

  describe('refused challenges', () => {
    it('a chain the service does not serve → 400 INVALID_PARAMS on chainId; EVM needs one, Solana takes none', async () => {
      const who = newKey().address;
      for (const [body, field] of [
        [{ address: who, chainType: 'evm', chainId: 31337 }, 'chainId'],
        [{ address: who, chainType: 'evm', chainId: 7565164 }, 'chainId'], // Solana's id in the chain list: not an EVM chain
        [{ address: who, chainType: 'evm' }, 'chainId'],
        [{ address: Keypair.generate().publicKey.toBase58(), chainType: 'solana', chainId: 1 }, 'chainId'],
        [{ address: 'not-an-address', chainType: 'evm', chainId: 8453 }, 'address'],
        [{ address: who, chainType: 'solana' }, 'address'],
        [{ address: who, chainType: 'bitcoin', chainId: 8453 }, 'chainType'],
        [{ address: who, chainType: 'evm', chainId: 8453, domain: 'evil.example' }, 'domain'],
      ] as const) {
        const r = await challenge(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(new RegExp(`^${field}:`)) });
      }
    });
  });

  describe('refused sign-ins', () => {
    const expectRefused = (r: TestResponse, message: RegExp) => {
      expect(r.status, r.text).toBe(401);
      expect(r.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(message) });
      expect(r.headers.get('set-cookie')).toBeNull();
    };

    it('an unknown nonce → 401', async () => {
      expectRefused(await signIn('UnknownNonce12345678', `0x${'11'.repeat(65)}`), /unknown/);
    });

    it('replay: a used challenge → 401 "already used"', async () => {
      const carol = newKey();
      const c = await evmChallenge(carol.address);
      const signature = await carol.signMessage({ message: c.message });
      expect((await signIn(c.nonce, signature)).status).toBe(200);
      expectRefused(await signIn(c.nonce, signature), /already used/);
      expect(await sessionCount(carol.address)).toBe(1);
    });

    it('two concurrent sign-ins with one nonce: exactly one session', async () => {
      const dave = newKey();
      const c = await evmChallenge(dave.address);
      const signature = await dave.signMessage({ message: c.message });
      const results = await Promise.all(Array.from({ length: 4 }, () => signIn(c.nonce, signature)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
      expect(await sessionCount(dave.address)).toBe(1);
      // And one account: the losers did not create one either.
      const [{ n }] = await s.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE address = $1', [dave.address.toLowerCase()]);
      expect(n).toBe(1);
    });

    it('two first sign-ins of one wallet at once (two challenges): two sessions, one account', async () => {
      const nia = newKey();
      const challenges = await Promise.all([evmChallenge(nia.address), evmChallenge(nia.address)]);
      const results = await Promise.all(challenges.map(async (c) => signIn(c.nonce, await nia.signMessage({ message: c.message }))));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results.map((r) => r.body.newAccount).sort()).toEqual([false, true]);
      expect(results[0]!.body.account.id).toBe(results[1]!.body.account.id);
      const [{ n }] = await s.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE address = $1', [nia.address.toLowerCase()]);
      expect(n).toBe(1);
    });

    it('expired: past the challenge TTL (the injected clock) → 401 "expired"', async () => {
      const erin = newKey();
      const c = await evmChallenge(erin.address);
      const signature = await erin.signMessage({ message: c.message });
      clock.advance(TTL_SECONDS * 1000);
      expectRefused(await signIn(c.nonce, signature), /expired/);
    });

    it.each([
      ['wrong domain (a phishing site’s message)', (m: string) => m.replace('localhost:8787 wants', 'evil.example wants')],
      ['wrong URI', (m: string) => m.replace('URI: http://localhost:8787/dashboard', 'URI: https://evil.example/dashboard')],
      ['another chain id', (m: string) => m.replace('Chain ID: 8453', 'Chain ID: 1')],
      ['a later expiry', (m: string) => m.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z')],
      ['another nonce', (m: string) => m.replace(/Nonce: .*/, 'Nonce: AttackerChosenNonce1')],
      ['a tampered statement', (m: string) => m.replace('Sign in to', 'Transfer all funds from')],
    ])('a signature over another text (%s) → 401 "does not match"', async (_name, tamper) => {
      const frank = newKey();
      const c = await evmChallenge(frank.address);
      expectRefused(await signIn(c.nonce, await frank.signMessage({ message: tamper(c.message) })), /does not match/);
    });

    it('a signature by another key → 401', async () => {
      const c = await evmChallenge(newKey().address);
      expectRefused(await signIn(c.nonce, await newKey().signMessage({ message: c.message })), /does not match/);
    });

    it('the wrong address for the challenge: the signer’s own message with its address swapped in → 401', async () => {
      const victim = newKey();
      const attacker = newKey();
      const c = await evmChallenge(victim.address);
      // The attacker signs the victim's challenge text naming itself instead: what the server stored names the victim.
      expectRefused(await signIn(c.nonce, await attacker.signMessage({ message: c.message.replace(victim.address, attacker.address) })), /does not match/);
      expect(await sessionCount(attacker.address)).toBe(0);
    });

    it('a malformed EVM signature → 400 INVALID_PARAMS on signature (the challenge is not spent)', async () => {
      const gina = newKey();
      const c = await evmChallenge(gina.address);
      for (const bad of ['deadbeef', '0xabc', `0x${'zz'.repeat(65)}`, `0x${'ab'.repeat(9000)}`]) {
        const r = await signIn(c.nonce, bad);
        expect(r.status, bad.slice(0, 10)).toBe(400);
        expect(r.body.error.message).toMatch(/^signature:/);
      }
      expect((await signIn(c.nonce, await gina.signMessage({ message: c.message }))).status).toBe(200);
    });

    it('a browser request from another origin is refused (login CSRF); without Origin (a script) it is not', async () => {
      const hank = newKey();
      const c = await evmChallenge(hank.address);
      const signature = await hank.signMessage({ message: c.message });
      const foreign = await signIn(c.nonce, signature, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(foreign.body.error.code).toBe('FORBIDDEN');
      expect((await s.post('/v1/auth/challenge', { address: hank.address, chainType: 'evm', chainId: 8453 }, { origin: 'https://evil.example' })).status).toBe(
        403,
      );
      expect((await signIn(c.nonce, signature, { origin: ORIGIN })).status).toBe(200);
    });
  });

  describe('the session cookie', () => {
    it('missing → 401; unknown or malformed → 401', async () => {
      expect((await current(undefined)).status).toBe(401);
      expect((await current('swapgate_session=')).status).toBe(401);
      expect((await current(`swapgate_session=${'A'.repeat(43)}`)).status).toBe(401);
      expect((await current('swapgate_session=x;y')).status).toBe(401);
    });

    it('signed out → 401, and the cookie is cleared', async () => {
      const ivy = await signInWith(newKey());
      const cookie = cookieOf(ivy)!;
      const out = await s.post('/v1/auth/sign-out', undefined, { cookie, origin: ORIGIN });
      expect(out.status, out.text).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/^swapgate_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
      expect((await current(cookie)).status).toBe(401);
    });

    it('sessions are listed to their wallet and revocable one by one; a revoked one → 401', async () => {
      const jack = newKey();
      const laptop = await signInWith(jack);
      const phone = await signInWith(jack);
      const list = await s.get('/v1/auth/sessions', { cookie: cookieOf(laptop)! });
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((x: { id: string }) => x.id).sort()).toEqual([laptop.body.session.id, phone.body.session.id].sort());
      expect(list.body.data.find((x: { id: string }) => x.id === laptop.body.session.id).current).toBe(true);
      // Another wallet cannot see or revoke them.
      const stranger = await signInWith(newKey());
      expect(
        (await s.request(`/v1/auth/sessions/${phone.body.session.id}`, { method: 'DELETE', headers: { cookie: cookieOf(stranger)!, origin: ORIGIN } })).status,
      ).toBe(404);
      const revoked = await s.request(`/v1/auth/sessions/${phone.body.session.id}`, {
        method: 'DELETE',
        headers: { cookie: cookieOf(laptop)!, origin: ORIGIN },
      });
      expect(revoked.status, revoked.text).toBe(200);
      expect(JSON.parse(revoked.text).revokedAt).toEqual(expect.any(String));
      expect((await current(cookieOf(phone))).status).toBe(401);
      expect((await current(cookieOf(laptop))).status).toBe(200);
    });

    it('idle expiry and absolute expiry follow the injected clock', async () => {
      const idleMinutes = s.config.DASHBOARD_SESSION_IDLE_MINUTES;
      const maxHours = s.config.DASHBOARD_SESSION_MAX_HOURS;
      const kim = await signInWith(newKey());
      const cookie = cookieOf(kim)!;
      // Used just before the idle window closes: it lives on (each use moves the window).
      clock.advance(idleMinutes * 60_000 - 60_000);
      expect((await current(cookie)).status).toBe(200);
      clock.advance(idleMinutes * 60_000 - 60_000);
      expect((await current(cookie)).status).toBe(200);
      // Then unused for the whole window: idle-expired.
      clock.advance(idleMinutes * 60_000);
      const idle = await current(cookie);
      expect(idle.status).toBe(401);
      expect(idle.body.error.message).toMatch(/expired/);

      // Busy all along, it still ends at its absolute end.
      const lee = await signInWith(newKey());
      const busy = cookieOf(lee)!;
      const end = Date.parse(lee.body.session.expiresAt);
      expect(end - clock.now()).toBe(maxHours * 3_600_000);
      while (clock.now() + (idleMinutes * 60_000) / 2 < end) {
        clock.advance((idleMinutes * 60_000) / 2);
        expect((await current(busy)).status).toBe(200);
      }
      clock.set(end);
      expect((await current(busy)).status).toBe(401);
    });
  });

  it('the sign-in signature binds the whole message: the stored text is what is checked (a challenge row edited later is refused)', async () => {
    const mia = newKey();
    const c = await evmChallenge(mia.address);
    const signature: Hex = await mia.signMessage({ message: c.message });
    // Someone with write access to the row stretches its expiry in the text: the rebuilt message no longer matches.
    await s.db.sql.query('UPDATE sign_in_challenges SET message = replace(message, $1, $2) WHERE nonce = $3', [
      c.expiresAt,
      '2099-01-01T00:00:00.000Z',
      c.nonce,
    ]);
    expect((await signIn(c.nonce, signature)).status).toBe(401);
  });
});
