import { SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { CHECKOUT_ADDRESS_PAIRS } from '../../src/deposits/state.js';
import { sandboxTrackingId } from '../../src/deposits/sandbox.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { startRelayFixture, type RelayFixture } from '../fixtures/relay-server.js';

const MERCHANT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PAYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const FEE_RECIPIENT = '0x1111111111111111111111111111111111111111';
const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;
const txHash = () => `0x${randomBytes(32).toString('hex')}`;
/** Ten (chain, token) pairs, as the pay page offers them. */
const PAIRS = [
  ['arbitrum', 'USDC'],
  ['base', 'USDC'],
  ['optimism', 'USDC'],
  ['polygon', 'USDC'],
  ['ethereum', 'USDC'],
  ['arbitrum', 'USDT'],
  ['ethereum', 'USDT'],
  ['optimism', 'USDT'],
  ['polygon', 'USDT'],
  ['base', 'USDT'],
] as const;
const ENV = {
  ORDER_POLL_INTERVAL_MS: '100',
  DEPOSIT_POLL_INTERVAL_MS: '100',
  CHECKOUT_VERIFY_INTERVAL_MS: '100',
  CHECKOUT_EXPIRE_INTERVAL_MS: '100',
  RATE_LIMIT_STRICT: '5000/60',
};

/** A trigger that makes one statement fail for one session only (the database refuses it, as a real fault would). */
async function failWrites(s: TestServer, name: string, table: string, when: string): Promise<() => Promise<void>> {
  await s.db.sql.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test (${name})'; END $$`);
  await s.db.sql.query(`CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`);
  return async () => {
    await s.db.sql.query(`DROP TRIGGER ${name} ON ${table}`);
    await s.db.sql.query(`DROP FUNCTION ${name}()`);
  };
}

/**
 * Pay by transfer, test mode (the deposits sandbox): a session's addresses are bounded (one per source chain and
 * token, at most CHECKOUT_ADDRESS_PAIRS pairs), disabled in the transaction that closes the session, and the
 * deposit's payment is written in the deposit's own transaction.
 */
describe.each(backends)('pay by transfer: bounded addresses, closed with the session, paid with the deposit (%s)', (backend) => {
  let db: TestDatabase;
  let s: TestServer;
  let b: TestServer | undefined;
  let key: string;
  const llama = new DefiLlamaServer();
  const clock = new ManualClock(Date.now());
  const h = () => ({ 'x-api-key': key });
  const session = async (extra: Record<string, unknown> = {}) => {
    const r = await s.post('/v1/checkout/sessions', { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: MERCHANT, ...extra }, h());
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const address = (id: string, pair: readonly [string, string] = PAIRS[0], refundTo = PAYER, via: TestServer = s) =>
    via.post(`/v1/checkout/sessions/${id}/deposit-address`, { srcChain: pair[0], srcToken: pair[1], refundTo });
  const rows = (id: string) => s.db.prisma.depositAddress.findMany({ where: { checkoutSessionId: id }, orderBy: { createdAt: 'asc' } });
  const sessionRow = (id: string) => s.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id }, include: { payments: true } });

  beforeAll(async () => {
    await llama.start();
    db = await createTestDatabase(backend);
    const env = { ...ENV, DEFILLAMA_API_URL: llama.url };
    s = await startTestServer({ database: db, env, clock });
    // Postgres: a second instance on the same database, for the concurrency test.
    if (backend === 'postgres') b = await startTestServer({ database: db, env, clock });
    ({ key } = await s.createTestKey());
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await s?.close();
    await db?.drop();
    await llama.close();
  });

  it(`the flood: 20 requests with other refund addresses and tokens make ${CHECKOUT_ADDRESS_PAIRS} addresses; the rest reuse them (original refundTo) or are CONFLICT`, async () => {
    const id = await session();
    const firstRefund = new Map<string, string>();
    const answers: Array<{ status: number; body: any; pair: string; refundTo: string }> = [];
    for (let i = 0; i < 20; i++) {
      const pair = PAIRS[i % 5]!;
      const refundTo = evmAddress();
      const r = await address(id, pair, refundTo);
      answers.push({ status: r.status, body: r.body, pair: pair.join(':'), refundTo });
      if (r.status === 200 && !firstRefund.has(pair.join(':'))) firstRefund.set(pair.join(':'), refundTo);
    }
    // The first three pairs got one address each, every later request for them the same one.
    const ok = answers.filter((a) => a.status === 200);
    expect(new Set(ok.map((a) => a.pair))).toEqual(new Set(PAIRS.slice(0, CHECKOUT_ADDRESS_PAIRS).map((p) => p.join(':'))));
    expect(new Set(ok.map((a) => a.body.depositAddressId)).size).toBe(CHECKOUT_ADDRESS_PAIRS);
    for (const a of ok) {
      // Never another refund address than the one the address was made with (the provider binds it then).
      expect(a.body.refundTo).toBe(firstRefund.get(a.pair));
      expect(a.body.status).toBe('awaiting_deposit');
    }
    expect(ok.filter((a) => a.body.refundTo !== a.refundTo).length).toBe(ok.length - CHECKOUT_ADDRESS_PAIRS);
    // Every other pair: CONFLICT, saying why.
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(20 - ok.length);
    expect(refused.length).toBe(8);
    for (const a of refused) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe('CONFLICT');
      expect(a.body.error.message).toContain(`the most it can have (${CHECKOUT_ADDRESS_PAIRS})`);
    }
    const stored = await rows(id);
    expect(stored).toHaveLength(CHECKOUT_ADDRESS_PAIRS);
    expect(stored.map((r) => r.status)).toEqual(['active', 'active', 'active']);
    expect(new Set(stored.map((r) => r.refundTo))).toEqual(new Set(firstRefund.values()));
    // The merchant sees exactly these among its deposit addresses.
    const listed = (await s.get('/v1/deposit-addresses?limit=100', h())).body.data.filter((d: { label: string }) => d.label === `checkout ${id}`);
    expect(listed).toHaveLength(CHECKOUT_ADDRESS_PAIRS);
  });

  it('a used address whose deposit was refunded is replaced for its pair (the old one disabled), never added: the bound holds', async () => {
    const id = await session();
    const first = await address(id, PAIRS[0]);
    await address(id, PAIRS[1]);
    await address(id, PAIRS[2]);
    expect(first.status, first.text).toBe(200);
    // The payer sends, the provider refunds (the sandbox's refunded outcome): the payment fails, the session reopens.
    const row = (await s.services.deposits.findById(first.body.depositAddressId))!;
    const order = await s.services.deposits.recordDeposit(row, {
      providerDepositId: txHash(),
      amount: row.amount!,
      srcTxHash: txHash(),
      trackingId: sandboxTrackingId('refunded', txHash()),
    });
    expect(order).toMatchObject({ checkoutSessionId: id, status: 'submitted' });
    expect((await sessionRow(id)).status).toBe('processing');
    await waitFor(async () => (await sessionRow(id)).status === 'open', { what: 'the session open again after the refund' });
    // Its pair again: a new address, the used one disabled; the session still has 3 active addresses.
    const again = await address(id, PAIRS[0], evmAddress());
    expect(again.status, again.text).toBe(200);
    expect(again.body.depositAddressId).not.toBe(first.body.depositAddressId);
    const stored = await rows(id);
    expect(stored.filter((r) => r.status === 'active')).toHaveLength(CHECKOUT_ADDRESS_PAIRS);
    expect(stored.find((r) => r.id === first.body.depositAddressId)).toMatchObject({ status: 'disabled', depositCount: 1 });
    // A fourth pair is still refused.
    expect((await address(id, PAIRS[3])).status).toBe(409);
  });

  it('every address is disabled when the session is paid (simulated transfer); the paid session takes no new one', async () => {
    const id = await session();
    const a = await address(id, PAIRS[0]);
    const other = await address(id, PAIRS[1]);
    expect(other.status, other.text).toBe(200);
    const sim = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(sim.status, sim.text).toBe(200);
    // Processing: a second payer could still pay, so the addresses stay active.
    expect((await rows(id)).map((r) => r.status)).toEqual(['active', 'active']);
    await waitFor(async () => (await sessionRow(id)).status === 'paid', { what: 'session paid' });
    const stored = await rows(id);
    expect(stored.map((r) => r.status)).toEqual(['disabled', 'disabled']);
    expect(stored.every((r) => r.disabledAt !== null)).toBe(true);
    const view = await s.get(`/v1/deposit-addresses/${other.body.depositAddressId}`, h());
    expect(view.body.status).toBe('disabled');
    // The deposit already recorded was followed to its end all the same.
    const orders = (await s.get(`/v1/orders?checkoutSessionId=${id}`, h())).body.data;
    expect(orders).toEqual([expect.objectContaining({ status: 'filled', depositAddressId: a.body.depositAddressId })]);
    expect((await address(id, PAIRS[2])).status).toBe(409);
    expect((await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: other.body.depositAddressId })).status).toBe(409);
  });

  it('expired by the merchant: the addresses are disabled in the same transaction (a refused disable refuses the expiry)', async () => {
    const id = await session();
    await address(id, PAIRS[0]);
    await address(id, PAIRS[1]);
    const restore = await failWrites(s, 'test_refuse_disable', 'deposit_addresses', `NEW.status = 'disabled' AND NEW.checkout_session_id = '${id}'`);
    try {
      const refused = await s.post(`/v1/checkout/sessions/${id}/expire`, {}, h());
      expect(refused.status, refused.text).toBe(500);
      // Rolled back together: the session is still open, its addresses still active.
      expect((await sessionRow(id)).status).toBe('open');
      expect((await rows(id)).map((r) => r.status)).toEqual(['active', 'active']);
    } finally {
      await restore();
    }
    const r = await s.post(`/v1/checkout/sessions/${id}/expire`, {}, h());
    expect(r.status, r.text).toBe(200);
    // No waiting: the expiry's own transaction disabled them.
    expect((await rows(id)).map((x) => x.status)).toEqual(['disabled', 'disabled']);
  });

  it('expired by time (the expiry job): the addresses are disabled', async () => {
    const id = await session({ expiresInMinutes: 5 });
    await address(id, PAIRS[0]);
    await address(id, PAIRS[1]);
    clock.advance(5 * 60_000 + 1_000);
    await waitFor(async () => (await sessionRow(id)).status === 'expired', { what: 'the expiry job' });
    expect((await rows(id)).map((x) => x.status)).toEqual(['disabled', 'disabled']);
    expect((await address(id, PAIRS[2])).status).toBe(409);
  });

  it('the payment commits with the deposit order: a refused payment write rolls the deposit back, and the next try records both', async () => {
    const id = await session();
    const a = await address(id);
    const restore = await failWrites(s, 'test_refuse_payment', 'checkout_payments', `NEW.session_id = '${id}'`);
    try {
      const sim = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
      expect(sim.status, sim.text).toBe(500);
      // Nothing of the deposit was kept: no order, no deposit row, no counter, no event; the session is open.
      expect(await s.db.prisma.order.count({ where: { depositAddressId: a.body.depositAddressId } })).toBe(0);
      expect(await s.db.prisma.deposit.count({ where: { depositAddressId: a.body.depositAddressId } })).toBe(0);
      expect((await rows(id))[0]).toMatchObject({ depositCount: 0, status: 'active' });
      expect((await sessionRow(id)).status).toBe('open');
    } finally {
      await restore();
    }
    const sim = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(sim.status, sim.text).toBe(200);
    expect(sim.body.status).toBe('processing');
    // Both at once, without waiting for any listener: the order and the session's payment of it.
    const [order] = await s.db.prisma.order.findMany({ where: { depositAddressId: a.body.depositAddressId } });
    const { payments, status } = await sessionRow(id);
    expect(status).not.toBe('open');
    expect(payments).toEqual([
      expect.objectContaining({
        kind: 'routed',
        quoteId: order!.quoteId,
        srcTxHash: order!.srcTxHash,
        payer: PAYER,
        srcAmount: a.body.amount,
        provider: 'sandbox',
      }),
    ]);
  });

  it('a deposit for a session that takes no payment is recorded as an order (nothing rolled back), not as a payment', async () => {
    const id = await session();
    const a = await address(id);
    // Under review (set directly: a status change would have disabled the address, as it should).
    await s.db.prisma.checkoutSession.update({ where: { id }, data: { status: 'needs_review' } });
    const sim = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(sim.status, sim.text).toBe(200);
    const orders = await s.db.prisma.order.findMany({ where: { depositAddressId: a.body.depositAddressId } });
    expect(orders).toEqual([expect.objectContaining({ checkoutSessionId: id, status: expect.stringMatching(/^(submitted|filled)$/) })]);
    expect(await s.db.prisma.deposit.count({ where: { depositAddressId: a.body.depositAddressId } })).toBe(1);
    const { payments, status } = await sessionRow(id);
    expect(status).toBe('needs_review');
    expect(payments).toEqual([]);
  });

  it.runIf(backend === 'postgres')('concurrent requests on two instances never exceed the bound, and make one address per pair', async () => {
    const id = await session();
    // 6 pairs × 3 refund addresses at once, spread over both instances.
    const reqs = PAIRS.slice(0, 6).flatMap((p, i) =>
      [0, 1, 2].map((j) => address(id, p, evmAddress(), (i + j) % 2 ? b! : s).then((r) => ({ r, pair: p.join(':') }))),
    );
    const out = await Promise.all(reqs);
    const ok = out.filter((x) => x.r.status === 200);
    for (const x of out.filter((y) => y.r.status !== 200)) expect(x.r.body.error.code, x.r.text).toBe('CONFLICT');
    const stored = await rows(id);
    expect(stored).toHaveLength(CHECKOUT_ADDRESS_PAIRS);
    expect(new Set(stored.map((r) => `${r.chainId}:${r.token}`)).size).toBe(CHECKOUT_ADDRESS_PAIRS);
    // Every answer names one of the stored addresses, one per pair.
    const byPair = new Map<string, Set<string>>();
    for (const x of ok) byPair.set(x.pair, (byPair.get(x.pair) ?? new Set()).add(x.r.body.depositAddressId));
    expect(byPair.size).toBe(CHECKOUT_ADDRESS_PAIRS);
    for (const ids of byPair.values()) expect(ids.size).toBe(1);
    expect(new Set(ok.map((x) => x.r.body.depositAddressId))).toEqual(new Set(stored.map((r) => r.id)));

    // One pair, 10 refund addresses at once, on a fresh session: one address.
    const one = await session();
    const same = await Promise.all(Array.from({ length: 10 }, (_, i) => address(one, PAIRS[0], evmAddress(), i % 2 ? b! : s)));
    for (const r of same) expect(r.status, r.text).toBe(200);
    expect(new Set(same.map((r) => r.body.depositAddressId)).size).toBe(1);
    expect(await rows(one)).toHaveLength(1);
  });
});

/**
 * Live mode through the Relay fixture: the refund address is bound at the provider, detection of a session's
 * addresses stops when the session closes, and a detected deposit's payment is written with its order.
 */
describe.each(backends)('pay by transfer, live through Relay (%s)', (backend) => {
  let db: TestDatabase;
  let s: TestServer;
  let relay: RelayFixture;
  let liveKey: string;
  const llama = new DefiLlamaServer();
  const clock = new ManualClock(Date.now());
  const h = () => ({ 'x-api-key': liveKey });
  const session = async () => {
    const r = await s.post('/v1/checkout/sessions', { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: MERCHANT }, h());
    expect(r.status, r.text).toBe(201);
    expect(r.body.livemode).toBe(true);
    return r.body.id as string;
  };
  const address = (id: string, pair: readonly [string, string] = PAIRS[0], refundTo = PAYER) =>
    s.post(`/v1/checkout/sessions/${id}/deposit-address`, { srcChain: pair[0], srcToken: pair[1], refundTo });
  const rows = (id: string) => s.db.prisma.depositAddress.findMany({ where: { checkoutSessionId: id }, orderBy: { createdAt: 'asc' } });
  const queries = (address: string) => relay.depositAddressQueries.get(address) ?? 0;

  beforeAll(async () => {
    relay = await startRelayFixture();
    await llama.start();
    db = await createTestDatabase(backend);
    s = await startTestServer({
      database: db,
      clock,
      env: {
        ...ENV,
        PROVIDERS: 'relay',
        RELAY_API_URL: relay.url,
        RELAY_API_KEY: 'relay-test-key',
        DEFILLAMA_API_URL: llama.url,
        FEE_RECIPIENT_EVM: FEE_RECIPIENT,
      },
    });
    const { accountId } = await s.createTestKey();
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    liveKey = (await s.services.accounts.createKey(accountId, 'live')).key;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await db?.drop();
    await relay?.close();
    await llama.close();
  });

  it('refundTo is bound at Relay when the address is made: another refundTo gets the same address and its original refundTo, with no new quote', async () => {
    const id = await session();
    const r = await address(id);
    expect(r.status, r.text).toBe(200);
    expect(relay.quoteBodies.at(-1)).toMatchObject({ useDepositAddress: true, strict: true, refundTo: PAYER, tradeType: 'EXACT_OUTPUT', amount: '25000000' });
    expect(relay.depositAddresses.get(r.body.address)).toMatchObject({ type: 'strict', refundTo: PAYER });
    const quotes = relay.hits['POST /quote/v2'];
    const again = await address(id, PAIRS[0], evmAddress());
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ depositAddressId: r.body.depositAddressId, address: r.body.address, refundTo: PAYER });
    expect(relay.hits['POST /quote/v2']).toBe(quotes);
  });

  it('a detected deposit: its order and the session payment commit together; a refused payment write leaves nothing and the next detection records both', async () => {
    const id = await session();
    const a = (await address(id)).body;
    const restore = await failWrites(s, 'test_refuse_live_payment', 'checkout_payments', `NEW.session_id = '${id}'`);
    let requestId: string;
    try {
      requestId = relay.deposit(a.address, BigInt(a.amount));
      const before = queries(a.address);
      clock.advance(16_000);
      // The poller saw the deposit (it asked Relay about the address) and could not record it; the check is over
      // once it has stamped the address as checked.
      await waitFor(async () => queries(a.address) > before && (await rows(id))[0]!.lastCheckedAt !== null, {
        what: 'a finished detection check of the address',
      });
      expect(await s.db.prisma.order.count({ where: { depositAddressId: a.depositAddressId } })).toBe(0);
      expect(await s.db.prisma.deposit.count({ where: { depositAddressId: a.depositAddressId } })).toBe(0);
      expect((await s.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id } })).status).toBe('open');
    } finally {
      await restore();
    }
    clock.advance(16 * 60_000);
    const order = await waitFor(async () => s.db.prisma.order.findFirst({ where: { depositAddressId: a.depositAddressId } }), {
      what: 'the deposit order on the next detection',
    });
    expect(order).toMatchObject({ checkoutSessionId: id, srcTxHash: relay.requests.get(requestId!)!.inTxHashes[0] });
    const row = await s.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id }, include: { payments: true } });
    expect(row.status).toBe('processing');
    expect(row.payments).toEqual([expect.objectContaining({ kind: 'routed', quoteId: order.quoteId, provider: 'relay', payer: PAYER })]);
  });

  it('expired: the addresses are disabled and the detection poller no longer asks Relay about them', async () => {
    const id = await session();
    const a = (await address(id, PAIRS[0])).body;
    const c = (await address(id, PAIRS[1])).body;
    // A plain live address, to see the poller keep running.
    const plain = await s.post(
      '/v1/deposit-addresses',
      { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', recipient: MERCHANT, refundTo: PAYER },
      h(),
    );
    expect(plain.status, plain.text).toBe(201);
    // A check is over once it has stamped the address (`lastCheckedAt`, the clock's time then): the clock only
    // moves between checks, or a check finishing after the move would schedule its next one from the new time.
    const checkedAt = async (daId: string) => (await s.db.prisma.depositAddress.findUniqueOrThrow({ where: { id: daId } })).lastCheckedAt?.getTime() ?? 0;
    const nextRun = async (what: string) => {
      const last = await checkedAt(plain.body.id);
      clock.advance(16 * 60_000);
      await waitFor(async () => (await checkedAt(plain.body.id)) > last, { what });
    };
    clock.advance(16_000);
    await waitFor(async () => (await checkedAt(a.depositAddressId)) > 0 && (await checkedAt(c.depositAddressId)) > 0 && (await checkedAt(plain.body.id)) > 0, {
      what: 'the first checks of the addresses',
    });
    expect(queries(a.address) > 0 && queries(c.address) > 0).toBe(true);
    expect((await s.post(`/v1/checkout/sessions/${id}/expire`, {}, h())).status).toBe(200);
    expect((await rows(id)).map((r) => r.status)).toEqual(['disabled', 'disabled']);
    const [qa, qc, qp] = [queries(a.address), queries(c.address), queries(plain.body.address)];
    for (let i = 1; i <= 3; i++) await nextRun(`detection run ${i}`);
    expect(queries(plain.body.address)).toBeGreaterThanOrEqual(qp + 3);
    expect([queries(a.address), queries(c.address)]).toEqual([qa, qc]);
    // A deposit that comes now is not tracked.
    relay.deposit(a.address, BigInt(a.amount));
    await nextRun('another detection run');
    expect(await s.db.prisma.order.count({ where: { depositAddressId: a.depositAddressId } })).toBe(0);
  });
});
