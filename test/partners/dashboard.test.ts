import { SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/accounts/state.js';
import { newId } from '../../src/ids.js';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const IN_RANGE = '2026-05-10T12:00:00Z';
const RANGE = { startAt: '2026-05-01T00:00:00Z', endAt: '2026-06-01T00:00:00Z' };
const qs = (q: Record<string, string>) => `?${new URLSearchParams(q)}`;

/** The partner fee of one order as the service counts it: floor(amount × bps / 10000). */
const feeOf = (amount: string, bps: number) => (BigInt(amount) * BigInt(bps)) / 10_000n;

/**
 * The dashboard's partner profile over REST and GraphQL: an account sees and changes only its own partner, within
 * the operator's bounds (maxFeeBps, the kind); earnings are summed exactly per source chain and token from the
 * filled orders attributed to the partner in the session's mode; developers and viewers read but never write.
 */
describe.each(backends)('partner profile in the dashboard (%s)', (backend) => {
  let s: TestServer;
  let accountA: string;
  let accountB: string;
  let keyIdA: string;
  const hex = (n: number) => `0x${randomBytes(n).toString('hex')}`;

  /** Headers of a signed-in member of `accountId` with `role`, in `mode`. */
  const member = async (accountId: string, role: Role, mode: 'test' | 'live' = 'test') => {
    const m = await s.services.accounts.ensureMember(accountId, 'evm', hex(20), role);
    const { token } = await s.services.auth.createSession(m, {});
    if (mode === 'live') await s.services.auth.setMode((await s.services.auth.authenticateSession(token))!, 'live');
    return { cookie: `${s.services.auth.cookieName}=${token}`, origin: s.config.PUBLIC_URL };
  };
  const patch = (body: unknown, headers: Record<string, string>) =>
    s.request('/v1/dashboard/partner', { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const graphqlOver = (query: string, variables: Record<string, unknown>, headers: Record<string, string>) => s.post('/graphql', { query, variables }, headers);

  /** Orders in the range for partner `acme` (test mode unless said), as the orders domain records them. */
  const orders: Array<{
    amount: string;
    bps: number;
    chainId: number;
    token: string | null;
    accountId?: string;
    status?: string;
    live?: boolean;
    at?: string;
    partnerId?: string | null;
  }> = [];
  const order = async (o: (typeof orders)[number]) => {
    orders.push(o);
    await s.db.prisma.order.create({
      data: {
        quoteId: newId('q'),
        provider: 'sandbox',
        status: o.status ?? 'filled',
        accountId: o.accountId ?? accountA,
        livemode: !!o.live,
        srcChainId: o.chainId,
        dstChainId: 42161,
        amount: o.amount,
        dstAmount: '1',
        srcTxHash: hex(32),
        trackingId: hex(32),
        ourFeeBps: 20,
        partnerFeeBps: o.bps,
        partnerId: o.partnerId === undefined ? 'acme' : o.partnerId,
        srcToken: o.token,
        finalizedAt: new Date(o.at ?? IN_RANGE),
        updatedAt: new Date(o.at ?? IN_RANGE),
      },
    });
  };

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false' } });
    const a = await s.createTestKey();
    accountA = a.accountId;
    keyIdA = (await s.services.accounts.authenticate(a.key)).keyId!;
    await s.services.accounts.setLiveEnabled(accountA, true, SETUP_WRITE);
    accountB = (await s.createTestKey()).accountId;
    // The operator makes A a fee partner (25 bps, at most 60) and links A's key; B owns a label-only partner.
    await s.services.partners.create({ id: 'acme', label: 'Acme Wallet', kind: 'fee', feeBps: 25, maxFeeBps: 60 }, SETUP_WRITE);
    await s.services.partners.linkKey('acme', keyIdA, SETUP_WRITE);
    await s.services.partners.create({ id: 'bee', label: 'Bee', kind: 'label', accountId: accountB }, SETUP_WRITE);

    // Counted (test mode, filled, in range): two on Base USDC (their sum and fees beyond 2^64), one on Arbitrum
    // USDC made by another account naming the partner, one recorded before the token was kept.
    await order({ amount: '18446744073709551615', bps: 25, chainId: 8453, token: BASE_USDC });
    await order({ amount: '18446744073709551615', bps: 30, chainId: 8453, token: BASE_USDC });
    await order({ amount: '1999', bps: 25, chainId: 42161, token: ARB_USDC, accountId: accountB });
    await order({ amount: '777', bps: 60, chainId: 8453, token: null });
    // Not counted: not filled, outside the range, the live mode, another partner, no partner.
    await order({ amount: '5000', bps: 25, chainId: 8453, token: BASE_USDC, status: 'submitted' });
    await order({ amount: '5000', bps: 25, chainId: 8453, token: BASE_USDC, status: 'failed' });
    await order({ amount: '5000', bps: 25, chainId: 8453, token: BASE_USDC, at: '2026-04-30T23:59:59.999Z' });
    await order({ amount: '4242', bps: 25, chainId: 8453, token: BASE_USDC, live: true });
    await order({ amount: '5000', bps: 0, chainId: 8453, token: BASE_USDC, partnerId: 'bee', accountId: accountB });
    await order({ amount: '5000', bps: 0, chainId: 8453, token: BASE_USDC, partnerId: null });
  }, 60_000);
  afterAll(() => s?.close());

  it("GET answers the account's partner with its earnings per chain and token, summed exactly in the session's mode", async () => {
    const r = await s.get(`/v1/dashboard/partner${qs(RANGE)}`, await member(accountA, 'owner'));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      object: 'partner_profile',
      id: 'acme',
      label: 'Acme Wallet',
      kind: 'fee',
      feeBps: 25,
      maxFeeBps: 60,
      active: true,
      apiKeyIds: [keyIdA],
      mode: 'test',
      earnings: { startAt: '2026-05-01T00:00:00.000Z', endAt: '2026-06-01T00:00:00.000Z' },
    });
    const big = '18446744073709551615';
    expect(r.body.earnings.data).toEqual([
      {
        chainId: 8453,
        chain: 'base',
        token: BASE_USDC,
        symbol: 'USDC',
        decimals: 6,
        orders: 2,
        volume: (2n * BigInt(big)).toString(),
        fees: (feeOf(big, 25) + feeOf(big, 30)).toString(),
      },
      { chainId: 8453, chain: 'base', token: null, symbol: null, decimals: null, orders: 1, volume: '777', fees: feeOf('777', 60).toString() },
      { chainId: 42161, chain: 'arbitrum', token: ARB_USDC, symbol: 'USDC', decimals: 6, orders: 1, volume: '1999', fees: '4' },
    ]);
    // The exact figures, spelled out: floor per order, then summed (no float anywhere).
    expect(r.body.earnings.data[0].fees).toBe('101457092405402533');
  });

  it('the live mode counts only live orders; a range without orders has no lines; a reversed range is INVALID_PARAMS', async () => {
    const live = await s.get(`/v1/dashboard/partner${qs(RANGE)}`, await member(accountA, 'viewer', 'live'));
    expect(live.status, live.text).toBe(200);
    expect(live.body.mode).toBe('live');
    expect(live.body.earnings.data).toEqual([
      { chainId: 8453, chain: 'base', token: BASE_USDC, symbol: 'USDC', decimals: 6, orders: 1, volume: '4242', fees: feeOf('4242', 25).toString() },
    ]);
    const june = await s.get(`/v1/dashboard/partner${qs({ startAt: '2026-06-01T00:00:00Z', endAt: '2026-06-30T00:00:00Z' })}`, await member(accountA, 'owner'));
    expect(june.body.earnings.data).toEqual([]);
    const reversed = await s.get(`/v1/dashboard/partner${qs({ startAt: RANGE.endAt, endAt: RANGE.startAt })}`, await member(accountA, 'owner'));
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^endAt: /) });
    const tooLong = await s.get(`/v1/dashboard/partner${qs({ startAt: '2025-01-01T00:00:00Z', endAt: RANGE.endAt })}`, await member(accountA, 'owner'));
    expect(tooLong.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^startAt: .*400 days/) });
    // Without a range: the 30 days before now.
    const recent = await s.get('/v1/dashboard/partner', await member(accountA, 'owner'));
    expect(Date.parse(recent.body.earnings.endAt) - Date.parse(recent.body.earnings.startAt)).toBe(30 * 86_400_000);
  });

  it('PATCH changes the fee within maxFeeBps and the recipients per chain type; the bounds are refused naming the field', async () => {
    const owner = await member(accountA, 'owner');
    const over = await patch({ feeBps: 61 }, owner);
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^feeBps: must be at most 60/) });
    for (const [body, field] of [
      [{ maxFeeBps: 100 }, 'maxFeeBps'],
      [{ feeBps: 2.5 }, 'feeBps'],
      [{ feeBps: -1 }, 'feeBps'],
      [{ feeRecipientEvm: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }, 'feeRecipientEvm'],
      [{ feeRecipientSvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }, 'feeRecipientSvm'],
    ] as const) {
      const r = await patch(body, owner);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAMS');
      expect(r.body.error.message).toContain(field);
    }
    expect((await s.services.partners.get('acme')).feeBps).toBe(25);

    const ok = await patch(
      { feeBps: 60, feeRecipientEvm: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', feeRecipientSvm: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
      owner,
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({
      feeBps: 60,
      maxFeeBps: 60,
      feeRecipientEvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      feeRecipientSvm: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    });
    // Quotes made with the partner's key follow the new fee on this instance at once.
    expect((await s.services.partners.forApiKey(keyIdA))?.feeBps).toBe(60);
    // Only the fields given change; null clears a recipient.
    const cleared = await patch({ feeRecipientSvm: null }, owner);
    expect(cleared.body).toMatchObject({ feeBps: 60, feeRecipientEvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', feeRecipientSvm: null });
    // The operator lowers the bound: the account's next change must fit it.
    await s.services.partners.update('acme', { feeBps: 20, maxFeeBps: 20 }, SETUP_WRITE);
    expect((await patch({ feeBps: 25 }, owner)).body.error.message).toMatch(/^feeBps: must be at most 20/);
    expect((await patch({ feeBps: 20 }, owner)).status).toBe(200);
  });

  it('developers and viewers read but cannot write; admins write; an API key cannot use the dashboard route', async () => {
    for (const role of ['developer', 'viewer'] as const) {
      const h = await member(accountA, role);
      expect((await s.get('/v1/dashboard/partner', h)).status).toBe(200);
      const r = await patch({ feeBps: 10 }, h);
      expect(r.status, role).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'FORBIDDEN', message: `Your role (${role}) may not write partner` });
      const g = await graphqlOver('mutation { updatePartnerProfile(input: { feeBps: 10 }) { __typename } }', {}, h);
      expect(g.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect((await s.services.partners.get('acme')).feeBps).toBe(20);
    expect((await patch({ feeBps: 15 }, await member(accountA, 'admin'))).body.feeBps).toBe(15);
    const { key } = await s.services.accounts.createKey(accountA, 'test');
    expect((await s.get('/v1/dashboard/partner', { 'x-api-key': key })).status).toBe(401);
  });

  it('another account never sees nor changes the partner: no partner is NOT_FOUND / null, saying the operator enables it', async () => {
    const stranger = await s.createTestKey();
    const h = await member(stranger.accountId, 'owner');
    const r = await s.get('/v1/dashboard/partner', h);
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/operator enables partner fees/) });
    const before = await s.services.partners.get('acme');
    const w = await patch({ feeBps: 0 }, h);
    expect(w.status).toBe(404);
    const g = await graphqlOver('{ partnerProfile { id } }', {}, h);
    expect(g.body).toEqual({ data: { partnerProfile: null } });
    const m = await graphqlOver('mutation { updatePartnerProfile(input: { feeBps: 0 }) { __typename ... on Error { code message } } }', {}, h);
    expect(m.body.data.updatePartnerProfile).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    expect(await s.services.partners.get('acme')).toEqual(before);
    // B's own partner is label-only: it sees its own, never A's, and may not take a fee.
    const hb = await member(accountB, 'owner');
    expect((await s.get('/v1/dashboard/partner', hb)).body).toMatchObject({ id: 'bee', kind: 'label', apiKeyIds: [] });
    const labelFee = await patch({ feeBps: 1 }, hb);
    expect(labelFee.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^feeBps: this partner is attribution only/) });
  });

  it('GraphQL: partnerProfile and updatePartnerProfile answer what REST does', async () => {
    const h = await member(accountA, 'owner');
    const fields =
      'id label kind feeBps maxFeeBps feeRecipientEvm feeRecipientSvm active apiKeyIds mode earnings { startAt endAt lines { chain token symbol decimals orders volume fees } }';
    const q = await graphqlOver(
      `query($a: DateTime, $b: DateTime) { partnerProfile(startAt: $a, endAt: $b) { ${fields} } }`,
      { a: RANGE.startAt, b: RANGE.endAt },
      h,
    );
    expect(q.body.errors, JSON.stringify(q.body.errors)).toBeUndefined();
    const rest = (await s.get(`/v1/dashboard/partner${qs(RANGE)}`, h)).body;
    const p = q.body.data.partnerProfile;
    expect(p).toMatchObject({ id: 'acme', kind: 'fee', feeBps: rest.feeBps, maxFeeBps: rest.maxFeeBps, apiKeyIds: [keyIdA], mode: 'test' });
    expect(p.earnings.startAt).toBe(rest.earnings.startAt);
    expect(p.earnings.lines).toEqual(rest.earnings.data.map(({ chainId: _c, ...l }: { chainId: number }) => l));

    const update = `mutation($input: UpdatePartnerProfileInput!) { updatePartnerProfile(input: $input) {
      __typename ... on Error { code message } ... on UpdatePartnerProfilePayload { partnerProfile { feeBps feeRecipientEvm } } } }`;
    const over = await graphqlOver(update, { input: { feeBps: 21 } }, h);
    expect(over.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^feeBps: must be at most 20/), extensions: { code: 'INVALID_PARAMS' } });
    const ok = await graphqlOver(update, { input: { feeBps: 5, feeRecipientEvm: null } }, h);
    expect(ok.body.data.updatePartnerProfile).toEqual({ __typename: 'UpdatePartnerProfilePayload', partnerProfile: { feeBps: 5, feeRecipientEvm: null } });
    // A field left null is "not given" (except the recipients, where null clears).
    const kept = await graphqlOver(update, { input: { feeBps: null } }, h);
    expect(kept.body.data.updatePartnerProfile.partnerProfile.feeBps).toBe(5);
  });
});
