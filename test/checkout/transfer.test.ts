import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { decimalString, transferUri } from '../../src/checkout/transfer.js';
import { exactOutputInput } from '../../src/deposits/service.js';

const MERCHANT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PAYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const SOL_WALLET = 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';

describe('pay-by-transfer URIs and amounts (pure)', () => {
  it('EIP-681 for an ERC-20 and for the native coin, Solana Pay for an SPL token and native SOL', () => {
    expect(transferUri('evm', { address: '0xabc', chainId: 42161, token: ARB_USDC, amount: 25_050_101n, decimals: 6 })).toBe(
      `ethereum:${ARB_USDC}@42161/transfer?address=0xabc&uint256=25050101`,
    );
    expect(transferUri('evm', { address: '0xabc', chainId: 8453, token: '0x0000000000000000000000000000000000000000', amount: 10n ** 16n, decimals: 18 })).toBe(
      'ethereum:0xabc@8453?value=10000000000000000',
    );
    expect(
      transferUri('svm', { address: 'Dep1', chainId: 7565164, token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', amount: 1_500_000n, decimals: 6 }),
    ).toBe('solana:Dep1?amount=1.5&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expect(
      transferUri('svm', { address: 'Dep1', chainId: 7565164, token: 'So11111111111111111111111111111111111111112', amount: 2_000_000_000n, decimals: 9 }),
    ).toBe('solana:Dep1?amount=2');
    expect(decimalString(5n, 6)).toBe('0.000005');
    expect(decimalString(25_000_000n, 6)).toBe('25');
  });

  it('the exact-output input covers the fees (rounded up), across decimals and prices', () => {
    const usdc = (chainId: number, decimals = 6) => ({ chainId, address: '0x1', symbol: 'USDC', decimals });
    const fees = { ourFeeBps: 20, partnerFeeBps: 0, recipients: {} };
    // 25 USDC after 0.2%: 25 / 0.998 = 25.050100.2… → 25050101.
    expect(exactOutputInput(25_000_000n, { src: usdc(42161), dst: usdc(8453), fees }, [1, 1])).toBe(25_050_101n);
    // An 18-decimal source (BNB Chain USDC) scales up.
    expect(exactOutputInput(25_000_000n, { src: usdc(56, 18), dst: usdc(8453), fees }, [undefined, undefined])).toBe(25_050_101n * 10n ** 12n);
    // ETH at 2500 USD for 25 USDC: 25.050101 USD of ETH = 0.0100200404 ETH.
    const eth = { chainId: 8453, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 };
    const x = exactOutputInput(25_000_000n, { src: eth, dst: usdc(8453), fees }, [2500, 1]);
    expect(x).toBe(10_020_040_400_000_000n);
  });
});

/**
 * Checkout "pay by transfer" in test mode, through REST: the session's one-time deposit address (the sandbox),
 * reuse, the refusals, and the simulated transfer that pays the session through the deposit's order.
 */
describe.each(backends)('checkout pay by transfer (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  const llama = new DefiLlamaServer();
  const h = () => ({ 'x-api-key': key });
  const session = async (extra: Record<string, unknown> = {}) => {
    const r = await s.post('/v1/checkout/sessions', { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: MERCHANT, ...extra }, h());
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const address = (id: string, body: Record<string, unknown> = {}) =>
    s.post(`/v1/checkout/sessions/${id}/deposit-address`, { srcChain: 'arbitrum', srcToken: 'USDC', refundTo: PAYER, ...body });

  beforeAll(async () => {
    await llama.start();
    s = await startTestServer({
      backend,
      env: { DEFILLAMA_API_URL: llama.url, ORDER_POLL_INTERVAL_MS: '100', DEPOSIT_POLL_INTERVAL_MS: '100', CHECKOUT_VERIFY_INTERVAL_MS: '100' },
    });
    ({ key } = await s.createTestKey());
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await llama.close();
  });

  it('makes a one-time sandbox address for the session amount plus the fees, delivering to the merchant, and reuses it', async () => {
    const id = await session();
    const r = await address(id);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      sessionId: id,
      chainId: 42161,
      token: ARB_USDC,
      tokenSymbol: 'USDC',
      amountDue: '25000000',
      livemode: false,
      status: 'awaiting_deposit',
      refundTo: PAYER,
    });
    const fee = r.body.fees.ourFeeBps + r.body.fees.integratorFeeBps;
    expect(fee).toBeGreaterThan(0);
    // The amount delivers exactly 25 USDC after the fees (rounded up: never short).
    const amount = BigInt(r.body.amount);
    expect((amount * BigInt(10_000 - fee)) / 10_000n).toBeGreaterThanOrEqual(25_000_000n);
    expect(((amount - 1n) * BigInt(10_000 - fee)) / 10_000n).toBeLessThan(25_000_000n);
    expect(r.body.uri).toBe(`ethereum:${ARB_USDC}@42161/transfer?address=${r.body.address}&uint256=${r.body.amount}`);
    // Stored as a one-time deposit address of the session's account, for the merchant's recipient on Base.
    const da = await s.services.deposits.findById(r.body.depositAddressId);
    expect(da).toMatchObject({
      reusable: false,
      amount: r.body.amount,
      recipient: MERCHANT,
      dstChainId: 8453,
      checkoutSessionId: id,
      livemode: false,
      provider: 'sandbox',
    });
    const owner = await s.get(`/v1/deposit-addresses/${r.body.depositAddressId}`, h());
    expect(owner.status, owner.text).toBe(200);
    // The same chain, token and refund address again: the same address; another token: another one.
    const again = await address(id);
    expect(again.body.depositAddressId).toBe(r.body.depositAddressId);
    const sol = await address(id, { srcChain: 'solana', srcToken: 'USDC', refundTo: SOL_WALLET });
    expect(sol.status, sol.text).toBe(200);
    expect(sol.body.depositAddressId).not.toBe(r.body.depositAddressId);
    expect(sol.body.uri).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32,44}\?amount=25\.0501\d*&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v$/);
  });

  it('refuses bad input (400), unknown sessions (404) and sessions that take no payment (409)', async () => {
    const id = await session();
    expect((await address(id, { refundTo: SOL_WALLET })).body.error.code).toBe('INVALID_PARAMS');
    expect((await address(id, { srcChain: 'nochain' })).body.error.code).toBe('UNSUPPORTED_CHAIN');
    expect((await address(id, { extra: 1 })).status).toBe(400);
    expect((await address('cs_test_doesnotexist0000000')).status).toBe(404);
    const expired = await session();
    expect((await s.post(`/v1/checkout/sessions/${expired}/expire`, {}, h())).status).toBe(200);
    const r = await address(expired);
    expect(r.status, r.text).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
  });

  it('a simulated transfer pays the session: deposit order with the session id, routed payment, paid, checkout.session.completed', async () => {
    const id = await session();
    const a = await address(id);
    expect(a.status, a.text).toBe(200);
    const sim = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(sim.status, sim.text).toBe(200);
    const paid = await waitFor(
      async () => {
        const r = await s.get(`/v1/checkout/sessions/${id}`, h());
        return r.body.status === 'paid' ? r.body : undefined;
      },
      { what: 'session paid' },
    );
    expect(paid.amountReceived).toBe('25000000');
    const orders = await s.get(`/v1/orders?checkoutSessionId=${id}`, h());
    expect(orders.body.data).toHaveLength(1);
    expect(orders.body.data[0]).toMatchObject({ status: 'filled', depositAddressId: a.body.depositAddressId, checkoutSessionId: id, amount: a.body.amount });
    const payments = paid.payments as Array<Record<string, unknown>>;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ kind: 'routed', status: 'succeeded', quoteId: orders.body.data[0].quoteId });
    const types = (await s.db.sql.query<{ type: string }>('SELECT type FROM events WHERE resource_id = $1 ORDER BY sequence', [id])).map((e) => e.type);
    expect(types).toContain('checkout.session.completed');
    // Paid: no new address, and the address takes no second deposit.
    expect((await address(id, { srcToken: 'USDT' })).status).toBe(409);
    const second = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(second.status, second.text).toBe(409);
    // Its refund address came from whoever asked for the deposit address: never a default refund destination.
    const noDefault = await s.post(`/v1/checkout/sessions/${id}/refunds`, {}, h());
    expect([noDefault.status, noDefault.body.error?.code]).toEqual([400, 'INVALID_PARAMS']);
    expect(noDefault.body.error.message).toMatch(/^to: required for a payment made by transfer/);
    const named = await s.post(`/v1/checkout/sessions/${id}/refunds`, { to: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' }, h());
    expect(named.status, named.text).toBe(201);
  });

  it('simulating needs the session own test address; a live session is FORBIDDEN', async () => {
    const id = await session();
    const other = await session();
    const a = await address(other);
    const r = await s.post(`/v1/checkout/sessions/${id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(r.status, r.text).toBe(404);
    // A live session (live mode needs access the test account lacks: the row is flipped directly).
    const live = { body: { id: await session() } };
    await s.db.prisma.checkoutSession.update({ where: { id: live.body.id }, data: { livemode: true } });
    const f = await s.post(`/v1/checkout/sessions/${live.body.id}/deposit-address/simulate`, { depositAddressId: a.body.depositAddressId });
    expect(f.status, f.text).toBe(403);
    expect(f.body.error.code).toBe('FORBIDDEN');
  });
});
