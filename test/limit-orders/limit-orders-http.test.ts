import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { SOL_MINT, startTriggerFixture, USDC_MINT, type TriggerFixture } from '../fixtures/jupiter-trigger-server.js';
import { mintData, SolanaRpcServer, TOKEN_2022_PROGRAM } from '../fixtures/solana-rpc-server.js';

const wallet = Keypair.generate();
const MAKER = wallet.publicKey.toBase58();
const FEE_ACCOUNT = Keypair.generate().publicKey.toBase58();
const TAXED_MINT = Keypair.generate().publicKey.toBase58();

const sign = (b64: string) => {
  const tx = VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
  tx.sign([wallet]);
  return Buffer.from(tx.serialize()).toString('base64');
};

/** A Token-2022 mint with a TransferFeeConfig extension (type 1, 108 bytes) after the account-type byte. */
function transferFeeMint(decimals: number): Buffer {
  const base = Buffer.concat([mintData(decimals), Buffer.alloc(165 - 82), Buffer.from([1])]);
  return Buffer.concat([base, Buffer.from([1, 0, 108, 0]), Buffer.alloc(108)]);
}

describe.each(backends)('limit orders over HTTP against the Trigger fixture (%s)', (backend) => {
  let s: TestServer;
  let fx: TriggerFixture;
  let rpc: SolanaRpcServer;
  let key: string;
  let accountId: string;
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    fx = await startTriggerFixture({ apiKey: 'jup-key' });
    rpc = await new SolanaRpcServer().start();
    rpc.accounts.set(TAXED_MINT, { owner: TOKEN_2022_PROGRAM, data: transferFeeMint(6) });
    s = await startTestServer({
      backend,
      env: {
        PROVIDERS: 'jupiter',
        JUPITER_API_URL: fx.url,
        JUPITER_API_KEY: 'jup-key',
        FEE_RECIPIENT_SOLANA: FEE_ACCOUNT,
        SOLANA_RPC_URL: rpc.url,
        LIMIT_ORDER_POLL_INTERVAL_MS: '100',
      },
    });
    ({ key, accountId } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await fx?.close();
    await rpc?.close();
  });
  beforeEach(() => fx.setMode('success'));

  async function openOrder(body: Record<string, unknown> = {}, headers: Record<string, string> = h()) {
    const created = await s.post(
      '/v1/limit-orders',
      { inputToken: 'USDC', outputToken: 'SOL', maker: MAKER, makingAmount: '50000000', takingAmount: '400000000', ...body },
      headers,
    );
    expect(created.status, created.text).toBe(201);
    const signed = sign(created.body.tx.serializedTx);
    const submitted = await s.post(`/v1/limit-orders/${created.body.id}/submit`, { signedTransaction: signed }, headers);
    expect(submitted.status, submitted.text).toBe(200);
    return { created: created.body, signed, opened: submitted.body };
  }

  const fills = (id: string) => s.infra.prisma.order.findMany({ where: { limitOrderId: id }, orderBy: { submittedAt: 'asc' } });
  const eventsOf = async (type: string) =>
    ((await s.get('/v1/events?limit=100', h())).body.data as Array<{ type: string; data: any }>).filter((e) => e.type === type);

  it('create (limit price) → sign with the maker key → submit: the provider gets the fields and the signed bytes unchanged', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const created = await s.post(
      '/v1/limit-orders',
      { inputToken: 'USDC', outputToken: 'SOL', maker: MAKER, makingAmount: '50000000', limitPrice: '0.008', expiresAt },
      h(),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^lo_/),
      status: 'pending_signature',
      inputMint: USDC_MINT,
      outputMint: SOL_MINT,
      makingAmount: '50000000',
      takingAmount: '400000000',
      price: { outputPerInput: '0.008', inputPerOutput: '125' },
      fees: { ourFeeBps: 20 },
      tx: { vm: 'svm', submitViaApi: true },
    });
    const req = fx.requests.find((r) => r.path === '/trigger/v1/createOrder')!;
    expect(req.headers['x-api-key']).toBe('jup-key');
    expect(req.body).toEqual({
      inputMint: USDC_MINT,
      outputMint: SOL_MINT,
      maker: MAKER,
      payer: MAKER,
      params: { makingAmount: '50000000', takingAmount: '400000000', expiredAt: String(expiresAt), feeBps: '20' },
      feeAccount: FEE_ACCOUNT,
      computeUnitPrice: 'auto',
    });

    const signed = sign(created.body.tx.serializedTx);
    const submitted = await s.post(`/v1/limit-orders/${created.body.id}/submit`, { signedTransaction: signed }, h());
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'open', openTxHash: expect.any(String) });
    expect(fx.executed.at(-1)).toBe(signed);
    expect(fx.requests.filter((r) => r.path === '/trigger/v1/execute').at(-1)!.body).toEqual({ requestId: expect.any(String), signedTransaction: signed });
    // Submitting the same bytes again: nothing waits for a signature any more.
    const again = await s.post(`/v1/limit-orders/${created.body.id}/submit`, { signedTransaction: signed }, h());
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('two partial fills then a full fill: one order record and one limit_order.filled each, the order stays open until filled', async () => {
    const { created } = await openOrder();
    const key0 = created.providerOrderId;
    const t1 = fx.fill(key0, 20_000_000n, 160_000_000n, 160_000n);
    await waitFor(async () => (await s.get(`/v1/limit-orders/${created.id}`, h())).body.filledMakingAmount === '20000000', { what: 'first fill' });
    expect((await s.get(`/v1/limit-orders/${created.id}`, h())).body).toMatchObject({
      status: 'partially_filled',
      filledTakingAmount: '160000000',
      remainingMakingAmount: '30000000',
    });
    fx.fill(key0, 10_000_000n, 80_000_000n);
    await waitFor(async () => (await s.get(`/v1/limit-orders/${created.id}`, h())).body.filledMakingAmount === '30000000', { what: 'second fill' });
    expect((await s.get(`/v1/limit-orders/${created.id}`, h())).body.status).toBe('partially_filled');
    fx.fill(key0, 20_000_000n, 160_000_000n);
    await waitFor(async () => (await s.get(`/v1/limit-orders/${created.id}`, h())).body.status === 'filled', { what: 'full fill' });

    const records = await fills(created.id);
    expect(records).toHaveLength(3);
    expect(records.map((r) => [r.amount, r.dstAmount])).toEqual(
      expect.arrayContaining([
        ['20000000', '160000000'],
        ['10000000', '80000000'],
        ['20000000', '160000000'],
      ]),
    );
    expect(records[0]).toMatchObject({
      status: 'filled',
      provider: 'jupiter',
      limitOrderId: created.id,
      srcChainId: 7565164,
      ourFeeBps: 20,
      accountId,
      livemode: false,
    });
    expect(records.map((r) => r.srcTxHash)).toContain(t1.txId);
    // The provider's per-fill fee figure is kept verbatim beside the order's rates; the fill tx delivered too.
    expect(records.find((r) => r.srcTxHash === t1.txId)).toMatchObject({ fillFeeAmount: '160000', fillFeeMint: SOL_MINT, dstTxHash: t1.txId, ourFeeBps: 20 });
    expect(records.filter((r) => r.srcTxHash !== t1.txId).map((r) => r.fillFeeAmount)).toEqual(['0', '0']);
    expect(records.every((r) => r.quoteId.startsWith('lof_'))).toBe(true);
    // Each fill keeps the order's input mint as its source token (earnings are summed per token).
    expect(records.map((r) => r.srcToken)).toEqual([USDC_MINT, USDC_MINT, USDC_MINT]);
    const events = (await eventsOf('limit_order.filled')).filter((e) => e.data.order.limitOrderId === created.id);
    expect(events).toHaveLength(3);
    expect(events.map((e) => e.data.order.quoteId).sort()).toEqual(records.map((r) => r.quoteId).sort());
    expect(events.find((e) => e.data.order.srcTxHash === t1.txId)!.data.order).toMatchObject({ fillFeeAmount: '160000', fillFeeMint: SOL_MINT, ourFeeBps: 20 });
  });

  it('cancel one → sign → submit: cancelled with limit_order.cancelled; cancel many returns a transaction per 5 orders', async () => {
    const { created } = await openOrder();
    const c = await s.post(`/v1/limit-orders/${created.id}/cancel`, {}, h());
    expect(c.status, c.text).toBe(200);
    expect(c.body).toMatchObject({ ids: [created.id], txs: [{ vm: 'svm', submitViaApi: true }] });
    expect(fx.requests.filter((r) => r.path === '/trigger/v1/cancelOrder').at(-1)!.body).toEqual({
      maker: MAKER,
      order: created.providerOrderId,
      computeUnitPrice: 'auto',
    });
    const done = await s.post(`/v1/limit-orders/${created.id}/submit`, { signedTransaction: sign(c.body.txs[0].serializedTx) }, h());
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'cancelled', closeTxHash: expect.any(String) });
    const ev = (await eventsOf('limit_order.cancelled')).filter((e) => e.data.limitOrder.id === created.id);
    expect(ev).toHaveLength(1);

    const many = [];
    for (let i = 0; i < 6; i++) many.push((await openOrder()).created.id);
    const cm = await s.post('/v1/limit-orders/cancel', { ids: many }, h());
    expect(cm.status, cm.text).toBe(200);
    expect(cm.body.txs).toHaveLength(2);
    await s.post(`/v1/limit-orders/${many[5]}/submit`, { signedTransaction: sign(cm.body.txs[1].serializedTx) }, h());
    expect((await s.get(`/v1/limit-orders/${many[5]}`, h())).body.status).toBe('cancelled');
    expect((await s.get(`/v1/limit-orders/${many[0]}`, h())).body.status).toBe('open');
    await s.post(`/v1/limit-orders/${many[0]}/submit`, { signedTransaction: sign(cm.body.txs[0].serializedTx) }, h());
    for (const id of many) expect((await s.get(`/v1/limit-orders/${id}`, h())).body.status).toBe('cancelled');
  });

  it('expiry: the poller moves the order to expired and sends limit_order.expired', async () => {
    const { created } = await openOrder({ expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    fx.expire(created.providerOrderId);
    await waitFor(async () => (await s.get(`/v1/limit-orders/${created.id}`, h())).body.status === 'expired', { what: 'expiry' });
    await waitFor(async () => (await eventsOf('limit_order.expired')).some((e) => e.data.limitOrder.id === created.id), { what: 'expired event' });
  });

  it('validation and provider errors map to precise codes', async () => {
    const post = (body: Record<string, unknown>) =>
      s.post('/v1/limit-orders', { inputToken: 'USDC', outputToken: 'SOL', maker: MAKER, makingAmount: '50000000', takingAmount: '400000000', ...body }, h());
    const small = await post({ makingAmount: '3000000' });
    expect([small.status, small.body.error.code]).toEqual([400, 'AMOUNT_TOO_SMALL']);
    expect(small.body.error.message).toMatch(/5 USD/);
    const taxed = await post({ outputToken: TAXED_MINT });
    expect([taxed.status, taxed.body.error.code]).toEqual([400, 'UNSUPPORTED_TOKEN']);
    expect((await post({ inputToken: 'NOPE' })).body.error.code).toBe('UNSUPPORTED_TOKEN');
    expect((await post({ maker: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })).body.error.code).toBe('INVALID_PARAMS');
    expect((await post({ takingAmount: undefined })).body.error.code).toBe('INVALID_PARAMS');
    expect((await post({ makingAmount: '1.5' })).body.error.code).toBe('INVALID_PARAMS');
    expect((await post({ expiresAt: 1_000_000 })).body.error.code).toBe('INVALID_PARAMS');
    // Odd input is refused before the provider is asked, never a 500: unrepresentable expiry, amounts above u64.
    const writes = () => fx.requests.filter((r) => r.path === '/trigger/v1/createOrder').length;
    const asked = writes();
    const farFuture = await post({ expiresAt: 9_999_999_999_999 });
    expect([farFuture.status, farFuture.body.error.code, farFuture.body.error.message]).toEqual([400, 'INVALID_PARAMS', expect.stringMatching(/^expiresAt/)]);
    const hugeMaking = await post({ makingAmount: `1${'0'.repeat(77)}` });
    expect([hugeMaking.status, hugeMaking.body.error.code]).toEqual([400, 'AMOUNT_TOO_LARGE']);
    const hugeTaking = await post({ takingAmount: (2n ** 64n).toString() });
    expect([hugeTaking.status, hugeTaking.body.error.code, hugeTaking.body.error.message]).toEqual([
      400,
      'AMOUNT_TOO_LARGE',
      expect.stringMatching(/^takingAmount/),
    ]);
    const hugePrice = await post({ takingAmount: undefined, limitPrice: '9'.repeat(30) });
    expect([hugePrice.status, hugePrice.body.error.code]).toEqual([400, 'AMOUNT_TOO_LARGE']);
    expect(writes()).toBe(asked);
    const badCursor = await s.get(`/v1/limit-orders?maker=${MAKER}&cursor=%E2%9C%93not-a-cursor`);
    expect([badCursor.status, badCursor.body.error.code]).toEqual([400, 'INVALID_PARAMS']);
    fx.setMode('rateLimited', 'createOrder');
    expect((await post({})).body.error.code).toBe('RATE_LIMITED');
    fx.setMode('serverError', 'createOrder');
    expect((await post({})).status).toBe(502);
    fx.setMode('malformed', 'createOrder');
    expect((await post({})).body.error.code).toBe('PROVIDER_ERROR');
    fx.setMode('transferFee', 'createOrder');
    expect((await post({})).body.error.code).toBe('UNSUPPORTED_TOKEN');
  });

  it('keyless orders: web channel fee, readable by id, listed by maker; keyed orders stay with their account and mode', async () => {
    const { created } = await openOrder({}, {});
    expect(created.fees).toEqual({ ourFeeBps: 30, integratorFeeBps: null, integrator: null });
    expect(fx.requests.find((r) => r.path === '/trigger/v1/createOrder' && (r.body as any).params.feeBps === '30') ?? null).not.toBeNull();
    expect((await s.get(`/v1/limit-orders/${created.id}`)).status).toBe(200);
    const listed = await s.get(`/v1/limit-orders?maker=${MAKER}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((o: any) => o.id)).toContain(created.id);
    expect(listed.body.data.every((o: any) => o.fees.ourFeeBps === 30)).toBe(true); // only keyless ones
    const keyed = (await s.get('/v1/limit-orders?limit=100', h())).body.data;
    expect(keyed.length).toBeGreaterThan(0);
    expect(keyed.map((o: any) => o.id)).not.toContain(created.id);
    const other = await s.createTestKey();
    expect((await s.get(`/v1/limit-orders/${keyed[0].id}`, { 'x-api-key': other.key })).status).toBe(404);
    expect((await s.get(`/v1/limit-orders/${keyed[0].id}`)).status).toBe(404);
    expect((await s.get('/v1/limit-orders')).body.error.code).toBe('INVALID_PARAMS');
  });

  it('without a fee account no fee is carried (ourFeeBps 0) — and a signature sent through another RPC is confirmed by the poller', async () => {
    const s2 = await startTestServer({
      backend,
      env: { PROVIDERS: 'jupiter', JUPITER_API_URL: fx.url, JUPITER_API_KEY: 'jup-key', SOLANA_RPC_URL: rpc.url, LIMIT_ORDER_POLL_INTERVAL_MS: '100' },
    });
    try {
      const created = await s2.post('/v1/limit-orders', {
        inputToken: 'USDC',
        outputToken: 'SOL',
        maker: MAKER,
        makingAmount: '50000000',
        takingAmount: '400000000',
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.fees).toEqual({ ourFeeBps: 0, integratorFeeBps: null, integrator: null });
      const body = fx.requests.filter((r) => r.path === '/trigger/v1/createOrder').at(-1)!.body as any;
      expect(body.params).not.toHaveProperty('feeBps');
      expect(body).not.toHaveProperty('feeAccount');
      // The maker sends the transaction elsewhere (here: straight to the provider) and reports its signature.
      const landed = await fetch(`${fx.url}/trigger/v1/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          requestId: (await s2.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: created.body.id } })).requestId,
          signedTransaction: sign(created.body.tx.serializedTx),
        }),
      }).then((r) => r.json() as Promise<{ signature: string }>);
      const reported = await s2.post(`/v1/limit-orders/${created.body.id}/submit`, { signature: landed.signature });
      expect(reported.status, reported.text).toBe(200);
      await waitFor(async () => (await s2.get(`/v1/limit-orders/${created.body.id}`)).body.status === 'open', { what: 'reported order seen open' });
    } finally {
      await s2.close();
    }
  });

  it('without jupiter among PROVIDERS: create, submit and cancel answer NO_ROUTE before any provider call, and no fill poller runs', async () => {
    const srv = await startTestServer({
      backend,
      env: { PROVIDERS: 'relay', JUPITER_API_URL: fx.url, SOLANA_RPC_URL: rpc.url, LIMIT_ORDER_POLL_INTERVAL_MS: '100' },
    });
    try {
      const writes = () => fx.requests.filter((r) => r.method === 'POST').length;
      const before = writes();
      const c = await srv.post('/v1/limit-orders', {
        inputToken: 'USDC',
        outputToken: 'SOL',
        maker: MAKER,
        makingAmount: '50000000',
        takingAmount: '400000000',
      });
      expect([c.status, c.body.error.code]).toEqual([404, 'NO_ROUTE']);
      expect(c.body.error.message).toMatch(/jupiter/);
      const gql = await srv.post('/graphql', {
        query: `mutation { createLimitOrder(input: { inputToken: "USDC", outputToken: "SOL", maker: "${MAKER}", makingAmount: "50000000", takingAmount: "400000000" }) { __typename } }`,
      });
      expect(gql.body.errors?.[0]?.extensions?.code).toBe('NO_ROUTE');
      expect((await srv.post('/v1/limit-orders/lo_x/cancel', {})).body.error.code).toBe('NO_ROUTE');
      expect((await srv.post('/v1/limit-orders/lo_x/submit', { signature: '1'.repeat(64) })).body.error.code).toBe('NO_ROUTE');
      expect(writes()).toBe(before);
      expect(srv.services.jobs.names()).not.toContain('limit-order-poller');
      expect(s.services.jobs.names()).toContain('limit-order-poller');
    } finally {
      await srv.close();
    }
  });
});
