import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { USDC, freshAddress, settled, transfer, waitForSession } from './helpers.js';

/**
 * A merchant suspended by the operator, on anvil with real transactions. What a payer holding the pay link can still
 * do and what it cannot: every route that would start a new payment is refused (a quote, building a quote obtained
 * before the suspension, a pay-by-transfer address, paying an invoice), while money already sent is still verified
 * and credited to the session it was made for (refusing it would leave the payer's funds unrecorded). Lifting the
 * suspension restores the routes. docs/checkout.md (threat model) lists these rows.
 */
const devnet = withDevnet();

describe('checkout for a suspended merchant on anvil', () => {
  let s: TestServer;
  let key: string;
  let accountId: string;
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    s = await startTestServer({
      env: {
        ...ADMIN_ENV,
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        CHECKOUT_CONFIRMATIONS: '8453:1',
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
      },
    });
    ({ key, accountId } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const session = async () => {
    const recipient = freshAddress();
    const r = await s.post('/v1/checkout/sessions', { amount: '5000000', settleChain: 'base', settleToken: 'USDC', recipient }, h());
    expect(r.status, r.text).toBe(201);
    return { id: r.body.id as string, recipient };
  };
  const suspend = async (on: boolean) => {
    const r = await s.post(`/v1/admin/accounts/${accountId}/${on ? 'suspend' : 'unsuspend'}`, on ? { reason: 'Fraud review' } : {}, adminHeaders());
    expect(r.status, r.text).toBe(200);
  };

  it('refuses every new payment route, yet a transfer sent before the suspension is verified and pays its session', async () => {
    const paid = await session();
    const other = await session();
    const payer = devnet.accounts[1]!.address;
    // Before the suspension: a quote the payer holds, and a tagged transfer already mined.
    const held = await s.post(`/v1/checkout/sessions/${other.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: payer });
    expect(held.status, held.text).toBe(200);
    const hash = await transfer(devnet, 1, USDC, paid.recipient, 5_000_000n, { session: paid.id });

    await suspend(true);
    const refused = [
      await s.post(`/v1/checkout/sessions/${other.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: payer }),
      await s.post('/v1/orders', { quoteId: held.body.best.quoteId }),
      await s.post(`/v1/checkout/sessions/${other.id}/deposit-address`, { srcChain: 'base', srcToken: 'USDC', refundTo: payer }),
    ];
    for (const r of refused) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/cannot take payments/) });
      // The operator's reason is never shown to payers.
      expect(r.text).not.toContain('Fraud review');
    }
    // Reading the session still works: the pay page can say why it cannot pay.
    expect((await s.get(`/v1/checkout/sessions/${other.id}`)).body.status).toBe('open');

    // Money already sent: its report is taken, the verifier credits it to its own session only.
    const reported = await s.post(`/v1/checkout/sessions/${paid.id}/submitted`, { txHash: hash, payer });
    expect(reported.status, reported.text).toBe(200);
    // (The public view: the merchant's own key is refused while suspended.)
    expect((await waitForSession(s, paid.id, settled)).status).toBe('paid');
    expect((await s.get(`/v1/checkout/sessions/${other.id}`)).body.status).toBe('open');
    expect((await s.get(`/v1/checkout/sessions/${paid.id}`, h())).status).toBe(403);

    await suspend(false);
    const again = await s.post(`/v1/checkout/sessions/${other.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: payer });
    expect(again.status, again.text).toBe(200);
    // The merchant reads what was credited while it was suspended: the payer's transfer, on its own session.
    expect((await s.get(`/v1/checkout/sessions/${paid.id}`, h())).body).toMatchObject({
      status: 'paid',
      amountReceived: '5000000',
      payment: { payer: payer.toLowerCase(), srcTxHash: hash },
    });
  });
});
