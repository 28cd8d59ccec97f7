import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { startRelayFixture, type RelayFixture } from '../fixtures/relay-server.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const REFUND = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const FEE_RECIPIENT = '0x1111111111111111111111111111111111111111';
const BODY = { srcChain: 'base', srcToken: 'USDC', dstChain: '42161', dstToken: 'USDC', recipient: RECIPIENT, refundTo: REFUND };

/**
 * Live deposit addresses through Relay's deposit-address flow (the Relay fixture imitates `POST /quote/v2` with
 * `useDepositAddress`, `GET /requests/v3?depositAddress=` and `/intents/status/v3`): creation, detection by the
 * poller, the order followed to final with its events, disabled addresses, and exactly once across two instances.
 */
describe.each(backends)('deposit addresses, live through Relay (%s)', (backend) => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer | undefined;
  let relay: RelayFixture;
  let liveKey: string;
  const llama = new DefiLlamaServer();
  const clock = new ManualClock(Date.now());
  const h = () => ({ 'x-api-key': liveKey });
  const events = async (s: TestServer, resourceId: string) =>
    await s.db.sql.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE resource_id = $1 ORDER BY sequence', [resourceId]);
  /**
   * Waits for `probe`, moving the clock on by `stepMs` at every look that fails: a poller whose run ended after an
   * earlier move scheduled its next look from that later time, so one move can come too early; moving on at
   * every look makes the wait depend on the condition only, never on the timing of one move.
   */
  const advanceUntil = <T>(stepMs: number, probe: () => T | Promise<T>, what: string) =>
    waitFor(
      async () => {
        const v = await probe();
        if (!v) clock.advance(stepMs);
        return v;
      },
      { what, intervalMs: 50 },
    );
  const ordersOf = async (id: string) =>
    (await a.get(`/v1/orders?depositAddressId=${id}`, h())).body.data as Array<{
      quoteId: string;
      status: string;
      amount: string;
      dstAmount: string;
      srcTxHash: string;
      ourFeeBps: number;
      partnerFeeBps: number;
    }>;

  beforeAll(async () => {
    relay = await startRelayFixture();
    await llama.start();
    db = await createTestDatabase(backend);
    const env = {
      PROVIDERS: 'relay',
      RELAY_API_URL: relay.url,
      RELAY_API_KEY: 'relay-test-key',
      DEFILLAMA_API_URL: llama.url,
      FEE_RECIPIENT_EVM: FEE_RECIPIENT,
      ORDER_POLL_INTERVAL_MS: '100',
      DEPOSIT_POLL_INTERVAL_MS: '100',
    };
    a = await startTestServer({ database: db, env, clock });
    // A second instance on the same database: both run the detection poller.
    if (backend === 'postgres') b = await startTestServer({ database: db, env, clock });
    const { accountId } = await a.createTestKey();
    await a.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    liveKey = (await a.services.accounts.createKey(accountId, 'live')).key;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
    await relay?.close();
    await llama.close();
  });

  it("creates through a Relay deposit-address quote: useDepositAddress, refundTo, app fees; the estimate is Relay's", async () => {
    const r = await a.post('/v1/deposit-addresses', { ...BODY, label: 'live-1' }, h());
    expect(r.status, r.text).toBe(201);
    const sent = relay.quoteBodies.at(-1)!;
    expect(sent).toMatchObject({
      useDepositAddress: true,
      refundTo: REFUND,
      recipient: RECIPIENT,
      originChainId: 8453,
      destinationChainId: 42161,
      tradeType: 'EXACT_INPUT',
      appFees: [{ recipient: FEE_RECIPIENT, fee: '20' }],
    });
    expect(sent.strict).toBeUndefined();
    const rec = relay.depositAddresses.get(r.body.address)!;
    expect(rec.type).toBe('open');
    expect(r.body).toMatchObject({ livemode: true, provider: 'relay', reusable: true, fees: { ourFeeBps: 20, integratorFeeBps: 0 } });
    expect(r.body.id).toMatch(/^da_[0-9A-Za-z]{22,}$/);
    expect(r.body.estimate).toEqual({
      amount: rec.quotedIn.toString(),
      dstAmount: rec.quotedOut.toString(),
      dstAmountMin: expect.stringMatching(/^[0-9]+$/),
      estimatedSeconds: 4,
    });
  });

  it('a one-time address is strict with refundTo', async () => {
    const r = await a.post('/v1/deposit-addresses', { ...BODY, reusable: false, amount: '25000000' }, h());
    expect(r.status, r.text).toBe(201);
    expect(relay.quoteBodies.at(-1)).toMatchObject({ useDepositAddress: true, strict: true, refundTo: REFUND, amount: '25000000' });
    expect(relay.depositAddresses.get(r.body.address)!.type).toBe('strict');
  });

  it('a route Relay turns down is UNSUPPORTED_CHAIN; simulate on a live address is FORBIDDEN', async () => {
    relay.scripted.push({ status: 400, body: { message: 'Route not supported', errorCode: 'UNSUPPORTED_ROUTE' } });
    const r = await a.post('/v1/deposit-addresses', BODY, h());
    expect(r.status, r.text).toBe(400);
    expect(r.body.error.code).toBe('UNSUPPORTED_CHAIN');
    const ok = (await a.post('/v1/deposit-addresses', BODY, h())).body;
    const sim = await a.post(`/v1/deposit-addresses/${ok.id}/simulate`, { amount: '25000000' }, h());
    expect(sim.status).toBe(403);
    expect(sim.body.error.code).toBe('FORBIDDEN');
  });

  it('detection: each deposit becomes a dep_ order with the address fees, order.submitted then order.filled / order.refunded; counters kept', async () => {
    const addr = (await a.post('/v1/deposit-addresses', BODY, h())).body;
    const first = relay.deposit(addr.address, 50_000_000n);
    // The poller checks a fresh address about 15 s after creation.
    const [o1] = await advanceUntil(16_000, async () => ((await ordersOf(addr.id)).length === 1 ? ordersOf(addr.id) : undefined), 'the first deposit order');
    expect(o1).toMatchObject({ status: 'submitted', amount: '50000000', srcTxHash: relay.requests.get(first)!.inTxHashes[0], ourFeeBps: 20, partnerFeeBps: 0 });
    expect(o1!.quoteId).toMatch(/^dep_/);
    expect(o1!.dstAmount).toBe(relay.requests.get(first)!.amountOut);
    relay.setStatus(first, 'success', { outTx: `0x${'ab'.repeat(32)}` });
    // The order poller's next look at it comes due.
    await advanceUntil(60_000, async () => (await ordersOf(addr.id))[0]?.status === 'filled', 'the first order filled');
    expect((await events(a, o1!.quoteId)).map((e) => e.type)).toEqual(['order.submitted', 'order.filled']);

    const second = relay.deposit(addr.address, 30_000_000n);
    expect((await a.post(`/v1/deposit-addresses/${addr.id}/refresh`, {}, h())).status).toBe(202);
    await waitFor(async () => (await ordersOf(addr.id)).length === 2, { what: 'the second deposit order' });
    relay.setStatus(second, 'refund', { inTx: relay.requests.get(second)!.inTxHashes[0] });
    await advanceUntil(60_000, async () => (await ordersOf(addr.id))[0]?.status === 'refunded', 'the second order refunded');
    const got = (await a.get(`/v1/deposit-addresses/${addr.id}`, h())).body;
    expect(got.depositCount).toBe(2);
    expect(got.deposits.map((d: { status: string; amount: string }) => [d.status, d.amount])).toEqual([
      ['refunded', '30000000'],
      ['filled', '50000000'],
    ]);
    expect((await events(a, got.deposits[0].quoteId)).map((e) => e.type)).toEqual(['order.submitted', 'order.refunded']);
  });

  it('a disabled address is no longer tracked: a later deposit makes no order and no event', async () => {
    const addr = (await a.post('/v1/deposit-addresses', BODY, h())).body;
    expect((await a.post(`/v1/deposit-addresses/${addr.id}/disable`, {}, h())).status).toBe(200);
    const hitsBefore = relay.hits['GET /requests/v3'] ?? 0;
    relay.deposit(addr.address, 20_000_000n);
    // Proof the poller ran after the deposit: another address's deposit is recorded meanwhile.
    const other = (await a.post('/v1/deposit-addresses', BODY, h())).body;
    relay.deposit(other.address, 20_000_000n);
    await a.post(`/v1/deposit-addresses/${other.id}/refresh`, {}, h());
    await waitFor(async () => (await ordersOf(other.id)).length === 1, { what: 'the other address deposit' });
    await advanceUntil(16 * 60_000, () => (relay.hits['GET /requests/v3'] ?? 0) > hitsBefore + 1, 'more detection runs');
    expect(await ordersOf(addr.id)).toEqual([]);
    expect((await a.get(`/v1/deposit-addresses/${addr.id}`, h())).body.depositCount).toBe(0);
  });

  it('exactly once: the same deposit seen by two instances at once is recorded once (one deposit row, one order, one event)', async () => {
    const addr = (await a.post('/v1/deposit-addresses', BODY, h())).body;
    const requestId = relay.deposit(addr.address, 40_000_000n);
    const row = await a.db.prisma.depositAddress.findUniqueOrThrow({ where: { id: addr.id } });
    const seen = { providerDepositId: requestId, amount: '40000000', srcTxHash: relay.requests.get(requestId)!.inTxHashes[0]!, trackingId: requestId };
    const both = await Promise.all([
      a.services.deposits.recordDeposit(row, seen),
      (b ?? a).services.deposits.recordDeposit(row, seen),
      a.services.deposits.recordDeposit(row, seen),
    ]);
    expect(both.filter((o) => o !== null)).toHaveLength(1);
    // The pollers of both instances see it too, and add nothing.
    const hits = relay.hits['GET /requests/v3'] ?? 0;
    await advanceUntil(16 * 60_000, () => (relay.hits['GET /requests/v3'] ?? 0) > hits + 2, 'detection runs');
    const orders = await ordersOf(addr.id);
    expect(orders).toHaveLength(1);
    expect(await a.db.prisma.deposit.count({ where: { depositAddressId: addr.id } })).toBe(1);
    expect((await events(a, orders[0]!.quoteId)).map((e) => e.type)).toEqual(['order.submitted']);
    expect((await a.get(`/v1/deposit-addresses/${addr.id}`, h())).body.depositCount).toBe(1);
  });

  it.runIf(backend === 'postgres')('two instances polling the same addresses record every deposit once', async () => {
    const addrs = await Promise.all([1, 2, 3].map(async () => (await a.post('/v1/deposit-addresses', BODY, h())).body));
    for (const x of addrs) for (let i = 0; i < 3; i++) relay.deposit(x.address, BigInt(10_000_000 + i));
    for (const x of addrs) await advanceUntil(16 * 60_000, async () => (await ordersOf(x.id)).length === 3, `3 orders of ${x.id}`);
    const hits = relay.hits['GET /requests/v3'] ?? 0;
    await advanceUntil(16 * 60_000, () => (relay.hits['GET /requests/v3'] ?? 0) > hits + 3, 'detection runs');
    for (const x of addrs) {
      expect(await ordersOf(x.id)).toHaveLength(3);
      expect((await a.get(`/v1/deposit-addresses/${x.id}`, h())).body.depositCount).toBe(3);
    }
  });
});
