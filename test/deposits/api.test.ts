import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const REFUND = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const SOL_WALLET = 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE';
const BODY = { srcChain: 'base', srcToken: 'USDC', dstChain: '42161', dstToken: 'USDC', recipient: RECIPIENT, refundTo: REFUND };

/**
 * Deposit addresses in test mode, end to end through REST: the sandbox provider, simulated deposits driven by the
 * order poller to their final status, their events, and the rules of 4.6 (one-time amounts, disabled addresses).
 */
describe.each(backends)('deposit addresses API, sandbox (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  const llama = new DefiLlamaServer();
  const h = () => ({ 'x-api-key': key });
  const create = (extra: Record<string, unknown> = {}) => s.post('/v1/deposit-addresses', { ...BODY, ...extra }, h());
  const events = async (resourceId: string) =>
    (await s.db.sql.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE resource_id = $1 ORDER BY sequence', [resourceId])).map((e) => e);

  beforeAll(async () => {
    await llama.start();
    s = await startTestServer({ backend, env: { DEFILLAMA_API_URL: llama.url, ORDER_POLL_INTERVAL_MS: '100', DEPOSIT_POLL_INTERVAL_MS: '100' } });
    ({ key } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await llama.close();
  });

  it('creates a reusable sandbox address (201): a fake address in the source chain format, fees fixed, an estimate for about 100 USD', async () => {
    const r = await create({ label: 'user-1', metadata: { userId: '1' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      object: 'deposit_address',
      livemode: false,
      status: 'active',
      provider: 'sandbox',
      chainId: 8453,
      token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      dstChainId: 42161,
      dstToken: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      recipient: RECIPIENT,
      refundTo: REFUND,
      reusable: true,
      amount: null,
      fees: { ourFeeBps: 20, integratorFeeBps: 0, integrator: null },
      label: 'user-1',
      metadata: { userId: '1' },
      depositCount: 0,
      lastDepositAt: null,
    });
    expect(r.body.id).toMatch(/^da_test_[0-9A-Za-z]{22,}$/);
    expect(r.body.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(BigInt(r.body.estimate.amount)).toBeGreaterThan(90_000_000n);
    expect(BigInt(r.body.estimate.dstAmount)).toBeLessThan(BigInt(r.body.estimate.amount));
    // A Solana source gets a base58 address.
    const sol = await create({ srcChain: 'solana', srcToken: 'USDC', refundTo: SOL_WALLET });
    expect(sol.status, sol.text).toBe(201);
    expect(sol.body.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it.each([
    ['one-time without amount', { reusable: false }, 400, 'INVALID_PARAMS'],
    ['refundTo on another chain', { refundTo: SOL_WALLET }, 400, 'INVALID_PARAMS'],
    ['recipient in the wrong format', { recipient: 'not-an-address' }, 400, 'INVALID_PARAMS'],
    ['no refundTo', { refundTo: undefined }, 400, 'INVALID_PARAMS'],
    ['worth under 1 USD', { reusable: false, amount: '990000' }, 400, 'AMOUNT_TOO_SMALL'],
    ['unknown chain', { dstChain: 'nochain' }, 400, 'UNSUPPORTED_CHAIN'],
    ['a chain the provider does not serve', { srcChain: 'mantle', srcToken: 'MNT' }, 400, 'UNSUPPORTED_CHAIN'],
    ['label over 64 characters', { label: 'x'.repeat(65) }, 400, 'INVALID_PARAMS'],
    ['more than 20 metadata pairs', { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 400, 'INVALID_PARAMS'],
  ])('refuses %s', async (_name, extra, status, code) => {
    const r = await create(extra);
    expect(r.status, r.text).toBe(status);
    expect(r.body.error.code).toBe(code);
  });

  it('simulate: a submitted dep_ order, driven to filled / refunded (…4001) / failed (…4002) with order.* events; counters kept', async () => {
    const a = (await create()).body;
    const outcomes: Array<[string, string]> = [
      ['25000000', 'filled'],
      ['25004001', 'refunded'],
      ['25004002', 'failed'],
    ];
    for (const [amount, final] of outcomes) {
      const r = await s.post(`/v1/deposit-addresses/${a.id}/simulate`, { amount }, h());
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({
        status: 'submitted',
        provider: 'sandbox',
        amount,
        depositAddressId: a.id,
        srcChainId: 8453,
        dstChainId: 42161,
        ourFeeBps: 20,
        partnerFeeBps: 0,
      });
      expect(r.body.quoteId).toMatch(/^dep_/);
      const order = await waitFor(
        async () => {
          const o = (await s.get(`/v1/orders?depositAddressId=${a.id}`, h())).body.data.find((x: { quoteId: string }) => x.quoteId === r.body.quoteId);
          return o?.status === final ? o : undefined;
        },
        { what: `order ${amount} ${final}` },
      );
      if (final === 'failed') expect(order.dstTxHash).toBeNull();
      else expect(order.dstTxHash).toMatch(/^0x[0-9a-f]{64}$/);
      const types = (await events(r.body.quoteId)).map((e) => e.type);
      expect(types).toEqual(['order.submitted', `order.${final}`]);
      expect((await events(r.body.quoteId))[1]!.data.order).toMatchObject({ quoteId: r.body.quoteId, depositAddressId: a.id, status: final });
      // Only the fill posts its fee to the ledger (20 bps of the deposit), in test mode, through the sandbox.
      const ledger = (await s.services.ledger.entries({ orderId: r.body.quoteId, limit: 10 })).data;
      expect(ledger.map((e) => [e.account, e.amount, e.livemode, e.provider]).sort()).toEqual(
        final === 'filled'
          ? [
              ['payer_volume', '-50000', false, 'sandbox'],
              ['service_revenue', '50000', false, 'sandbox'],
            ]
          : [],
      );
    }
    const got = await s.get(`/v1/deposit-addresses/${a.id}`, h());
    expect(got.body.depositCount).toBe(3);
    expect(got.body.lastDepositAt).not.toBeNull();
    expect(got.body.deposits.map((d: { status: string }) => d.status)).toEqual(['failed', 'refunded', 'filled']);
    expect(got.body.deposits[2]).toMatchObject({ amount: '25000000', status: 'filled' });
  });

  it('a one-time address takes one deposit of exactly its amount: another amount INVALID_PARAMS, a second CONFLICT', async () => {
    const a = (await create({ reusable: false, amount: '25000000' })).body;
    expect(a).toMatchObject({ reusable: false, amount: '25000000' });
    expect(a.estimate.amount).toBe('25000000');
    const wrong = await s.post(`/v1/deposit-addresses/${a.id}/simulate`, { amount: '24000000' }, h());
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_PARAMS');
    expect((await s.post(`/v1/deposit-addresses/${a.id}/simulate`, { amount: '25000000' }, h())).status).toBe(200);
    const again = await s.post(`/v1/deposit-addresses/${a.id}/simulate`, { amount: '25000000' }, h());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
  });

  it('disable: tracking stops; refresh and simulate are CONFLICT; disabling again answers the same address', async () => {
    const a = (await create()).body;
    const d = await s.post(`/v1/deposit-addresses/${a.id}/disable`, {}, h());
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ status: 'disabled' });
    expect(d.body.disabledAt).not.toBeNull();
    expect((await s.post(`/v1/deposit-addresses/${a.id}/refresh`, {}, h())).status).toBe(409);
    expect((await s.post(`/v1/deposit-addresses/${a.id}/simulate`, { amount: '25000000' }, h())).status).toBe(409);
    expect((await s.post(`/v1/deposit-addresses/${a.id}/disable`, {}, h())).body.status).toBe('disabled');
    expect((await s.get(`/v1/orders?depositAddressId=${a.id}`, h())).body.data).toEqual([]);
  });

  it('refresh answers 202 with the address', async () => {
    const a = (await create()).body;
    const r = await s.post(`/v1/deposit-addresses/${a.id}/refresh`, {}, h());
    expect(r.status).toBe(202);
    expect(r.body.id).toBe(a.id);
  });

  it('lists newest first, filtered by status and label, paged by cursor', async () => {
    const { key: own } = await s.createTestKey();
    const mk = async (label: string) => (await s.post('/v1/deposit-addresses', { ...BODY, label }, { 'x-api-key': own })).body.id as string;
    const ids = [await mk('a'), await mk('b'), await mk('a')];
    await s.post(`/v1/deposit-addresses/${ids[1]}/disable`, {}, { 'x-api-key': own });
    const all = await s.get('/v1/deposit-addresses?limit=2', { 'x-api-key': own });
    expect(all.body.data.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.hasMore).toBe(true);
    const next = await s.get(`/v1/deposit-addresses?limit=2&cursor=${all.body.nextCursor}`, { 'x-api-key': own });
    expect(next.body.data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect((await s.get('/v1/deposit-addresses?label=a', { 'x-api-key': own })).body.data.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[0]]);
    expect((await s.get('/v1/deposit-addresses?status=disabled', { 'x-api-key': own })).body.data.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
  });

  it('simulating a live address is FORBIDDEN', async () => {
    const { accountId } = await s.createTestKey();
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const live = await s.services.accounts.createKey(accountId, 'live');
    const at = new Date();
    const id = 'da_4Rv8Kq2Lm7Zp1Tb9Xc5WnLive';
    await s.db.prisma.depositAddress.create({
      data: {
        id,
        accountId,
        livemode: true,
        provider: 'relay',
        address: RECIPIENT,
        chainId: 8453,
        token: BODY.recipient,
        tokenSymbol: 'USDC',
        tokenDecimals: 6,
        dstChainId: 42161,
        dstToken: BODY.recipient,
        dstSymbol: 'USDC',
        dstDecimals: 6,
        recipient: RECIPIENT,
        refundTo: REFUND,
        reusable: true,
        ourFeeBps: 20,
        integratorFeeBps: 0,
        estimate: { amount: '1', dstAmount: '1', dstAmountMin: '1', estimatedSeconds: 1 },
        nextCheckAt: new Date(at.getTime() + 3_600_000),
        createdAt: at,
        updatedAt: at,
      },
    });
    const r = await s.post(`/v1/deposit-addresses/${id}/simulate`, { amount: '25000000' }, { 'x-api-key': live.key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
  });
});
