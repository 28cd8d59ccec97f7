import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../../helpers/db.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { DebridgeFixture, DLN_SOURCE } from '../../fixtures/debridge-server.js';
import { LIFI_DIAMOND, LifiFixture } from '../../fixtures/lifi-server.js';

const SENDER = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const SOL_USER = new PublicKey(Buffer.alloc(32, 7)).toBase58();
const FEE_EVM = '0x1111111111111111111111111111111111111111';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** GET /v1/quote, POST /v1/orders and GET /v1/orders/{provider}/{id} through the real engine with only the deBridge and LI.FI adapters, both on their fixtures. */
describe.each(backends)('GET /v1/quote with deBridge + LI.FI (%s)', (backend) => {
  let server: TestServer;
  let dln: DebridgeFixture;
  let lifi: LifiFixture;
  const path = `/v1/quote?srcChain=42161&srcToken=${ARB_USDC}&amount=50000000&dstChain=7565164&dstToken=${SOL_USDC}&sender=${SENDER}&recipient=${SOL_USER}&channel=web`;

  beforeAll(async () => {
    [dln, lifi] = await Promise.all([DebridgeFixture.start(), LifiFixture.start()]);
    server = await startTestServer({
      backend,
      env: {
        PROVIDERS: 'debridge,lifi',
        DEBRIDGE_API_URL: dln.url,
        DEBRIDGE_STATS_API_URL: dln.url,
        DEBRIDGE_REFERRAL_CODE: '4242',
        LIFI_API_URL: lifi.url,
        FEE_RECIPIENT_EVM: FEE_EVM,
        FEE_BPS_WEB: '30',
        DEFILLAMA_API_URL: 'http://127.0.0.1:9',
        JOBS_ENABLED: '0',
        // No chain to read allowances from: the engine then includes the approval (tested below).
        RPC_URL_42161: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([dln?.close(), lifi?.close()]);
  });
  beforeEach(() => {
    dln.reset();
    lifi.reset();
  });

  it('asks both with their own ids and fee parameters, and ranks the larger output first', async () => {
    const res = await server.get(path);
    expect(res.status, res.text).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.quotes.map((q: { provider: string }) => q.provider)).toEqual(['debridge', 'lifi']);
    expect(res.body.best).toEqual(res.body.quotes[0]);

    const dlnSent = dln.lastSent('/v1.0/dln/order/create-tx').query;
    expect(dlnSent).toMatchObject({ srcChainId: '42161', dstChainId: '7565164', affiliateFeePercent: '0.3', affiliateFeeRecipient: FEE_EVM });
    const lifiSent = lifi.lastSent('/v1/quote').query;
    expect(lifiSent).toMatchObject({ fromChain: '42161', toChain: '1151111081099710', fee: '0.003', integrator: 'swapgate' });

    const [d, l] = res.body.quotes;
    // deBridge: 50 USDC − 0.3 % affiliate − 4 bps protocol − 4 bps margin − $0.05 expenses
    expect(d).toMatchObject({ provider: 'debridge', srcAmount: '50000000', dstAmount: '49760128', estimatedSeconds: 9, fees: { ourFeeBps: 30 } });
    // LI.FI: 50 USDC − 25 bps LI.FI − 0.3 % ours − $0.10 bridge
    expect(l).toMatchObject({ provider: 'lifi', srcAmount: '50000000', dstAmount: '49625000', estimatedSeconds: 25, fees: { ourFeeBps: 30, gasUsd: 0.01 } });
    for (const q of res.body.quotes) expect(q.quoteId).toMatch(/^q_/);
  });

  it('builds each quote: deBridge re-creates the order, LI.FI hands back its stored transaction; approvals for their spenders', async () => {
    const res = await server.get(path);
    const [d, l] = res.body.quotes;
    const dBuilt = await server.post('/v1/orders', { quoteId: d.quoteId });
    expect(dBuilt.status, dBuilt.text).toBe(200);
    expect(dBuilt.body).toMatchObject({
      quoteId: d.quoteId,
      provider: 'debridge',
      tx: { vm: 'evm', chainId: 42161, to: DLN_SOURCE, value: '1000000000000000', approval: { token: ARB_USDC, spender: DLN_SOURCE, amount: '50000000' } },
    });
    expect(dln.sent('/v1.0/dln/order/create-tx')).toHaveLength(2);
    const lBuilt = await server.post('/v1/orders', { quoteId: l.quoteId });
    expect(lBuilt.status, lBuilt.text).toBe(200);
    expect(lBuilt.body.tx).toMatchObject({
      vm: 'evm',
      chainId: 42161,
      to: LIFI_DIAMOND,
      value: '0',
      approval: { token: ARB_USDC, spender: LIFI_DIAMOND, amount: '50000000' },
    });
    expect(lifi.sent('/v1/quote')).toHaveLength(1);
  });

  it('order status per provider: deBridge by source tx, LI.FI unknown hash → 404 ORDER_NOT_FOUND', async () => {
    const tx = `0x${'3b'.repeat(32)}`;
    const order = `0x${'9c'.repeat(32)}`;
    dln.txOrders.set(tx, [order]);
    dln.orders.set(order, { status: 'ClaimedOrderCancel' });
    const d = await server.get(`/v1/orders/debridge/${tx}`);
    expect(d.status, d.text).toBe(200);
    expect(d.body).toMatchObject({ provider: 'debridge', id: tx, state: 'refunded', srcTxHash: tx });
    const l = await server.get(`/v1/orders/lifi/${tx}`);
    expect(l.status).toBe(404);
    expect(l.body.error.code).toBe('ORDER_NOT_FOUND');
    lifi.mode = 'rateLimited';
    const limited = await server.get(`/v1/orders/lifi/${tx}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('a provider without a route shows up in errors; the other still answers', async () => {
    dln.mode = 'noRoute';
    const res = await server.get(path);
    expect(res.status, res.text).toBe(200);
    expect(res.body.quotes.map((q: { provider: string }) => q.provider)).toEqual(['lifi']);
    expect(res.body.errors).toEqual([{ provider: 'debridge', code: 'NO_ROUTE', message: expect.stringContaining('IMPOSSIBLE_ROUTE') }]);
  });

  it('both rate-limited → 404 NO_ROUTE', async () => {
    dln.mode = 'rateLimited';
    lifi.mode = 'rateLimited';
    const res = await server.get(path);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NO_ROUTE');
  });
});
