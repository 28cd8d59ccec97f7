import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, type Address, type Hex } from 'viem';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { USDC, freshAddress, settled, signedTransfer, transfer, waitForSession } from './helpers.js';
import { waitFor } from '../helpers/wait.js';

/** Refund accounting against a real chain (anvil posing as Base): what is reserved, released and re-reserved. */
const devnet = withDevnet();

describe.each(backends)('checkout refunds on anvil (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    s = await startTestServer({ backend, clock, env: { RPC_URL_8453: devnet.rpcUrl, CHECKOUT_CONFIRMATIONS: '8453:1', CHECKOUT_VERIFY_INTERVAL_MS: '100' } });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());
  afterEach(() => {
    offsetMs = 0; // a test that moved the clock must not make later sessions look newer than their payments
  });

  const paidSession = async (merchant: Address, payerIndex: number, amount = 5_000_000n) => {
    const r = await s.post('/v1/checkout/sessions', { amount: amount.toString(), settleChain: 8453, settleToken: 'USDC', recipient: merchant }, h());
    const id = r.body.id as string;
    const hash = await transfer(devnet, payerIndex, USDC, merchant, amount, { session: id });
    await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: hash, payer: devnet.accounts[payerIndex]!.address });
    expect((await waitForSession(s, id, settled, key)).status).toBe('paid');
    return id;
  };
  const refunds = (id: string) => s.get(`/v1/checkout/sessions/${id}/refunds`, h()).then((r) => r.body.data as any[]);
  const waitRefund = async (id: string, refundId: string, done: (r: any) => boolean) => {
    return waitFor(
      async () => {
        const r = (await refunds(id)).find((x) => x.id === refundId);
        return done(r) ? r : undefined;
      },
      { intervalMs: 50, what: `refund ${refundId} to settle` },
    );
  };
  const session = (id: string) => s.get(`/v1/checkout/sessions/${id}`, h()).then((r) => r.body);

  it('a refund failed as never mined, mined later and reported again, reserves its amount again (never refunded twice)', async () => {
    const merchant = devnet.accounts[5]!;
    const id = await paidSession(merchant.address, 1);
    const created = await s.post(`/v1/checkout/sessions/${id}/refunds`, {}, h());
    expect(created.body.refund).toMatchObject({ status: 'pending', amount: '5000000' });
    const refundId = created.body.refund.id as string;

    // The merchant's wallet signs the refund; it sits in no mempool we can see (not broadcast yet).
    const wallet = devnet.walletClient(merchant);
    const request = await wallet.prepareTransactionRequest({ to: created.body.tx.to as Address, data: created.body.tx.data as Hex, gas: 100_000n });
    const signed = await wallet.signTransaction(request);
    const hash = keccak256(signed);
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: hash }, h())).body.status).toBe('submitted');

    offsetMs += 31 * 60_000; // past CHECKOUT_TX_NOT_FOUND_MINUTES (30)
    expect(await waitRefund(id, refundId, (r) => r.status !== 'submitted')).toMatchObject({ status: 'failed', failure: 'tx_not_found' });
    expect((await session(id)).amountRefunded).toBe('0');

    // The released amount is promised to another refund meanwhile.
    const other = await s.post(`/v1/checkout/sessions/${id}/refunds`, { amount: '2000000' }, h());
    expect(other.body.refund.status).toBe('pending');

    // Now the first transaction is mined after all. Reported again it would exceed what was received: refused.
    const sent = await devnet.publicClient.sendRawTransaction({ serializedTransaction: signed });
    expect(sent).toBe(hash);
    expect((await devnet.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    const refused = await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: hash }, h());
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await session(id)).amountRefunded).toBe('2000000');

    // Once the other refund is canceled the mined one is recorded again, reserved under the lock, and verified.
    await s.post(`/v1/checkout/sessions/${id}/refunds/${other.body.refund.id}/cancel`, {}, h());
    const again = await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: hash }, h());
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'submitted', txHash: hash, failure: null });
    expect((await session(id)).amountRefunded).toBe('5000000');
    // Nothing more can be refunded meanwhile.
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds`, { amount: '1' }, h())).body.error.code).toBe('CONFLICT');
    expect(await waitRefund(id, refundId, (r) => r.status !== 'submitted')).toMatchObject({ status: 'succeeded', txHash: hash });
    expect(await session(id)).toMatchObject({ amountReceived: '5000000', amountRefunded: '5000000' });
    // A different hash for the failed refund is still refused (only the same transaction can come back).
    const otherHash = await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: `0x${'ab'.repeat(32)}` }, h());
    expect(otherHash.status).toBe(409);
  });
  // Two instances' verifiers: A reads the submitted refund, then B fails it as never mined and the merchant reports it
  // again (a fresh not-found window). A's verdict, reached on the old reading, must not fail it again: the merchant
  // would be told to refund once more, and the payer be paid twice if the first transfer is mined after all.
  it('a verdict reached on a refund that was failed and reported again meanwhile is not applied (another instance)', async () => {
    const merchant = devnet.accounts[7]!;
    const id = await paidSession(merchant.address, 2);
    const created = await s.post(`/v1/checkout/sessions/${id}/refunds`, {}, h());
    const refundId = created.body.refund.id as string;
    const hash = `0x${'cd'.repeat(32)}` as Hex; // never mined
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: hash }, h())).body.status).toBe('submitted');
    const notFound = { evmTx: async () => ({ kind: 'not_found' as const }), solanaTx: async () => ({ kind: 'not_found' as const }) };
    let interleaved = false;
    const instanceA = {
      ...notFound,
      evmTx: async (_chainId: number, txHash: string) => {
        if (txHash === hash && !interleaved) {
          interleaved = true;
          offsetMs += 31 * 60_000; // past CHECKOUT_TX_NOT_FOUND_MINUTES (30)
          await s.services.checkout.refunds.verifySubmitted(notFound); // instance B
          expect((await refunds(id)).find((x) => x.id === refundId)).toMatchObject({ status: 'failed', failure: 'tx_not_found' });
          const again = await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: hash }, h());
          expect(again.body).toMatchObject({ status: 'submitted', failure: null });
        }
        return { kind: 'not_found' as const };
      },
    };
    await s.services.checkout.refunds.verifySubmitted(instanceA);
    expect(interleaved).toBe(true);
    expect((await refunds(id)).find((x) => x.id === refundId)).toMatchObject({ status: 'submitted', failure: null });
    expect((await session(id)).amountRefunded).toBe('5000000');
  });

  it('an extra payment (second payer of a paid session) is refundable by `payment`, capped at what it delivered; session totals count the paying payment only', async () => {
    const merchant = devnet.accounts[6]!;
    const r = await s.post('/v1/checkout/sessions', { amount: '5000000', settleChain: 8453, settleToken: 'USDC', recipient: merchant.address }, h());
    const id = r.body.id as string;
    // Both payers' transfers are reported before either is mined. Reported after mining, the verification job
    // (woken by the first report) may pay the session before the second report arrives, and a paid session
    // refuses new reports (409): there would be no extra payment to refund.
    const t1 = await signedTransfer(devnet, 1, USDC, merchant.address, 5_000_000n, id);
    const t2 = await signedTransfer(devnet, 8, USDC, merchant.address, 5_000_000n, id);
    const reports = [
      await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: t1.hash, payer: devnet.accounts[1]!.address }),
      await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: t2.hash, payer: devnet.accounts[8]!.address }),
    ];
    expect(reports.map((x) => [x.status, x.body.status])).toEqual([
      [200, 'open'],
      [200, 'open'],
    ]); // hints until mined
    await Promise.all([t1.send(), t2.send()]);
    const done = await waitForSession(s, id, settled, key);
    expect(done.status).toBe('paid');
    // Whichever transfer the job verified first pays the session; the other is the extra one.
    const paying = done.payments.find((p: any) => p.status === 'succeeded');
    const extra = done.payments.find((p: any) => p.status === 'rejected');
    expect(extra).toMatchObject({ reason: 'session_already_paid', amountReceived: '5000000', amountRefunded: '0' });
    expect([paying.payer, extra.payer].sort()).toEqual([devnet.accounts[1]!.address, devnet.accounts[8]!.address].map((a) => a.toLowerCase()).sort());

    // Malformed, unknown payment ids.
    const bad = await s.post(`/v1/checkout/sessions/${id}/refunds`, { payment: 'nope' }, h());
    expect([bad.status, bad.body.error.code, bad.body.error.message]).toEqual([400, 'INVALID_PARAMS', expect.stringMatching(/^payment:/)]);
    const unknown = await s.post(`/v1/checkout/sessions/${id}/refunds`, { payment: 'cspay_0000' }, h());
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);

    // The extra payment: at most what it delivered, refunded to its own payer; the session's totals stay put.
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds`, { payment: extra.id, amount: '5000001' }, h())).body.error.code).toBe('AMOUNT_TOO_LARGE');
    const ex = await s.post(`/v1/checkout/sessions/${id}/refunds`, { payment: extra.id }, h());
    expect(ex.status).toBe(201);
    expect(ex.body.refund).toMatchObject({ payment: extra.id, amount: '5000000', to: extra.payer, status: 'pending' });
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds`, { payment: extra.id, amount: '1' }, h())).body.error.code).toBe('CONFLICT');
    let view = await session(id);
    expect(view).toMatchObject({ amountReceived: '5000000', amountRefunded: '0' });
    expect(view.payments.find((p: any) => p.id === extra.id).amountRefunded).toBe('5000000');

    // The paying payment keeps its own cap (the default target).
    const main = await s.post(`/v1/checkout/sessions/${id}/refunds`, { amount: '1500000' }, h());
    expect(main.body.refund).toMatchObject({ payment: paying.id, amount: '1500000', to: paying.payer });
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds`, { amount: '3500001' }, h())).body.error.code).toBe('AMOUNT_TOO_LARGE');
    view = await session(id);
    expect(view.amountRefunded).toBe('1500000');
    expect(view.payments.find((p: any) => p.id === paying.id).amountRefunded).toBe('1500000');

    // The extra refund is sent and verified; canceling the paying one releases only its own reservation.
    const wallet = devnet.walletClient(merchant);
    const hash = await wallet.sendTransaction({ to: ex.body.tx.to, data: ex.body.tx.data });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    await s.post(`/v1/checkout/sessions/${id}/refunds/${ex.body.refund.id}/submitted`, { txHash: hash }, h());
    expect(await waitRefund(id, ex.body.refund.id, (x) => x.status !== 'submitted')).toMatchObject({ status: 'succeeded', payment: extra.id });
    await s.post(`/v1/checkout/sessions/${id}/refunds/${main.body.refund.id}/cancel`, {}, h());
    view = await session(id);
    expect(view).toMatchObject({ status: 'paid', amountReceived: '5000000', amountRefunded: '0' });
    expect(Object.fromEntries(view.payments.map((p: any) => [p.id, p.amountRefunded]))).toEqual({ [paying.id]: '0', [extra.id]: '5000000' });

    // The database itself refuses refunding a payment beyond what it delivered.
    await expect(s.db.sql.query("UPDATE checkout_payments SET amount_refunded = '5000001' WHERE id = $1", [extra.id])).rejects.toThrow();
  });

  it('an underpayment under review is refundable by `payment`; a payment that delivered nothing is not', async () => {
    const merchant = devnet.accounts[7]!;
    const r = await s.post('/v1/checkout/sessions', { amount: '5000000', settleChain: 8453, settleToken: 'USDC', recipient: merchant.address }, h());
    const id = r.body.id as string;
    const hash = await transfer(devnet, 2, USDC, merchant.address, 4_000_000n, { session: id });
    await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: hash, payer: devnet.accounts[2]!.address });
    const done = await waitForSession(s, id, settled, key);
    expect(done.status).toBe('needs_review');
    const under = done.payments[0];
    // No paying payment: the default target does not exist.
    expect((await s.post(`/v1/checkout/sessions/${id}/refunds`, {}, h())).body.error.code).toBe('CONFLICT');
    const ok = await s.post(`/v1/checkout/sessions/${id}/refunds`, { payment: under.id, to: freshAddress() }, h());
    expect(ok.body.refund).toMatchObject({ payment: under.id, amount: '4000000' });

    // A transfer to someone else delivered nothing to the recipient: nothing to refund.
    const r2 = await s.post('/v1/checkout/sessions', { amount: '5000000', settleChain: 8453, settleToken: 'USDC', recipient: merchant.address }, h());
    const other = await transfer(devnet, 2, USDC, freshAddress(), 5_000_000n, { session: r2.body.id });
    await s.post(`/v1/checkout/sessions/${r2.body.id}/submitted`, { txHash: other, payer: devnet.accounts[2]!.address });
    const d2 = await waitForSession(s, r2.body.id, settled, key);
    const none = await s.post(`/v1/checkout/sessions/${r2.body.id}/refunds`, { payment: d2.payments[0].id }, h());
    expect([none.status, none.body.error.code]).toEqual([409, 'CONFLICT']);
    // Another session's payment is unknown here.
    expect((await s.post(`/v1/checkout/sessions/${r2.body.id}/refunds`, { payment: under.id }, h())).body.error.code).toBe('NOT_FOUND');
  });
});
