import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, type Hex } from 'viem';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sendBuilt } from '../helpers/send-built.js';
import { withDevnet } from '../fixtures/devnet.js';
import { DAI, USDC, eventTypes, freshAddress, settled, waitForSession } from './helpers.js';

/** A payer pays a USDC-on-Base session with DAI through the mock provider on anvil (routed payment). */
const devnet = withDevnet();

describe('checkout routed payment through the mock provider on anvil', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({
      env: {
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        ORDER_POLL_INTERVAL_MS: '100',
        CHECKOUT_CONFIRMATIONS: '8453:1',
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
      },
    });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const create = async (amount = '25000000') => {
    const recipient = freshAddress();
    const r = await s.post(
      '/v1/checkout/sessions',
      { amount, settleChain: 'base', settleToken: 'USDC', recipient, merchantName: 'Shop' },
      { 'x-api-key': key },
    );
    return { id: r.body.id as string, recipient };
  };

  it('quote → build → approve → send → report the order → paid, verified on the delivering transaction', async () => {
    const cs = await create();
    const payer = devnet.accounts[1]!;
    const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: payer.address });
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ sessionId: cs.id, amountDue: '25000000', direct: false });
    const best = q.body.best;
    expect(best.provider).toBe('mock');
    expect(best.quoteId).toMatch(/^q_/);
    expect(BigInt(best.dstAmountMin)).toBeGreaterThanOrEqual(25_000_000n);
    expect(best.fees.ourFeeBps).toBe(20);
    expect(best.overpayBps).toBeGreaterThanOrEqual(0); // no price feed offline: measured on the output overshoot
    expect(best.overpayBps).toBeLessThanOrEqual(300);
    for (const quote of q.body.quotes) expect(BigInt(quote.dstAmountMin)).toBeGreaterThanOrEqual(25_000_000n);

    const built = await s.post('/v1/orders', { quoteId: best.quoteId });
    expect(built.status).toBe(200);
    const tx = built.body.tx;
    const { hash } = await sendBuilt(devnet, payer, tx);
    const reported = await s.post(`/v1/orders/${best.quoteId}/submitted`, { txHash: hash });
    expect(reported.status).toBe(200);

    const done = await waitForSession(s, cs.id, settled, key);
    expect(done.status).toBe('paid');
    expect(done.payment).toMatchObject({
      payer: payer.address.toLowerCase(),
      srcChainId: 8453,
      srcToken: DAI.toLowerCase(),
      srcAmount: best.srcAmount,
      srcTxHash: hash,
    });
    expect(done.payment.dstTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.payment.dstTxHash).not.toBe(hash); // the maker's fill delivered
    expect(BigInt(done.amountReceived)).toBeGreaterThanOrEqual(25_000_000n);
    expect(done.payments[0]).toMatchObject({ kind: 'routed', provider: 'mock', quoteId: best.quoteId, status: 'succeeded' });
    const bal = await devnet.publicClient.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [cs.recipient] });
    expect(bal).toBe(BigInt(done.amountReceived));
    expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
    // The routed payment's order posted its service fee (20 bps of the DAI paid) in the fill's transaction.
    const fee = ((BigInt(best.srcAmount) * 20n) / 10_000n).toString();
    const ledger = (await s.services.ledger.entries({ orderId: best.quoteId, limit: 10 })).data;
    expect(ledger.map((e) => [e.account, e.amount, e.token]).sort()).toEqual([
      ['payer_volume', `-${fee}`, DAI.toLowerCase()],
      ['service_revenue', fee, DAI.toLowerCase()],
    ]);
  });

  it("routed hijack: a stranger reports the payer's routed transaction for X under a quote of Y (same recipient and amount); Y stays open, X is paid", async () => {
    const x = await create();
    const y = (
      await s.post('/v1/checkout/sessions', { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: x.recipient }, { 'x-api-key': key })
    ).body;
    const payer = devnet.accounts[4]!;
    const qx = (await s.post(`/v1/checkout/sessions/${x.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: payer.address })).body.best;
    const built = (await s.post('/v1/orders', { quoteId: qx.quoteId })).body.tx;
    const wallet = devnet.walletClient(payer);
    if (built.approval) {
      const a = await wallet.writeContract({
        address: built.approval.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [built.approval.spender, BigInt(built.approval.amount)],
      });
      await devnet.publicClient.waitForTransactionReceipt({ hash: a });
    }
    const hash = await wallet.sendTransaction({ to: built.to, data: built.data as Hex, value: BigInt(built.value) });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    // The stranger asks Y's quote with the payer's address (public once the transaction is broadcast): the mock
    // provider is deterministic, so Y's build would be byte-identical to X's and is refused; the report is not.
    const qy = (await s.post(`/v1/checkout/sessions/${y.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: payer.address })).body.best;
    const buildY = await s.post('/v1/orders', { quoteId: qy.quoteId });
    expect([buildY.status, buildY.body.error?.code]).toEqual([409, 'CONFLICT']);
    expect((await s.post(`/v1/orders/${qy.quoteId}/submitted`, { txHash: hash })).status).toBe(200);
    expect((await s.post(`/v1/orders/${qx.quoteId}/submitted`, { txHash: hash })).status).toBe(200);
    const doneX = await waitForSession(s, x.id, settled, key);
    expect(doneX).toMatchObject({ status: 'paid', payment: { srcTxHash: hash } });
    const doneY = await waitForSession(s, y.id, settled, key);
    expect(doneY).toMatchObject({ status: 'open', payment: null });
    expect(doneY.payments).toEqual([expect.objectContaining({ quoteId: qy.quoteId, status: 'rejected', reason: 'no_session_evidence' })]);
    expect(await eventTypes(s, y.id)).toEqual([]);
  });

  it('a routed report for a session that is no longer open fails whole: 409, and no order is recorded', async () => {
    const cs = await create();
    const payer = devnet.accounts[3]!;
    const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: payer.address });
    expect(q.status).toBe(200);
    const quoteId = q.body.best.quoteId as string;
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/expire`, {}, { 'x-api-key': key })).status).toBe(200);
    const hash = `0x${'ab'.repeat(32)}`;
    const reported = await s.post(`/v1/orders/${quoteId}/submitted`, { txHash: hash });
    expect(reported.status).toBe(409);
    expect(reported.body.error.code).toBe('CONFLICT');
    // The order and the payment are one transaction: neither exists.
    expect(await s.services.orders.get(quoteId)).toBeUndefined();
    const owner = await s.get(`/v1/checkout/sessions/${cs.id}`, { 'x-api-key': key });
    expect(owner.body.status).toBe('expired');
    expect(owner.body.payments).toEqual([]);
  });

  it('paying with the settlement token itself is a plain transfer of exactly the amount, no fee', async () => {
    const cs = await create('1234567');
    const payer = devnet.accounts[2]!;
    const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 8453, srcToken: 'USDC', sender: payer.address });
    expect(q.status).toBe(200);
    expect(q.body.direct).toBe(true);
    expect(q.body.best).toMatchObject({
      method: 'direct_transfer',
      quoteId: expect.stringMatching(/^q_/),
      srcAmount: '1234567',
      dstAmountMin: '1234567',
      fees: { ourFeeBps: 0 },
      tx: { vm: 'evm', chainId: 8453, to: USDC.toLowerCase(), value: '0' },
    });
    const hash = await devnet.walletClient(payer).sendTransaction({ to: q.body.best.tx.to, data: q.body.best.tx.data });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash, payer: payer.address });
    expect((await waitForSession(s, cs.id, settled, key)).status).toBe('paid');
  });

  it('quotes for a session that is not open → CONFLICT; bad input → precise codes', async () => {
    const cs = await create();
    const sender = devnet.accounts[3]!.address;
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'nowhere', srcToken: 'DAI', sender })).body.error.code).toBe('UNSUPPORTED_CHAIN');
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'base', srcToken: 'DAI' })).body.error.code).toBe('INVALID_PARAMS');
    await s.post(`/v1/checkout/sessions/${cs.id}/expire`, {}, { 'x-api-key': key });
    const r = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
  });
});
