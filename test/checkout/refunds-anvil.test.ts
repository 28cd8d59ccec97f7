import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, type Address, type Hex } from 'viem';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { USDC, settled, transfer, waitForSession } from './helpers.js';

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

  const paidSession = async (merchant: Address, payerIndex: number, amount = 5_000_000n) => {
    const r = await s.post('/v1/checkout/sessions', { amount: amount.toString(), settleChain: 8453, settleToken: 'USDC', recipient: merchant }, h());
    const id = r.body.id as string;
    const hash = await transfer(devnet, payerIndex, USDC, merchant, amount);
    await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: hash, payer: devnet.accounts[payerIndex]!.address });
    expect((await waitForSession(s, id, settled, key)).status).toBe('paid');
    return id;
  };
  const refunds = (id: string) => s.get(`/v1/checkout/sessions/${id}/refunds`, h()).then((r) => r.body.data as any[]);
  const waitRefund = async (id: string, refundId: string, done: (r: any) => boolean) => {
    const until = Date.now() + 10_000;
    let r: any;
    while (Date.now() < until) {
      r = (await refunds(id)).find((x) => x.id === refundId);
      if (done(r)) return r;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`refund ${refundId} stuck: ${JSON.stringify(r)}`);
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
    const otherHash = await s.post(`/v1/checkout/sessions/${id}/refunds/${refundId}/submitted`, { txHash: '0x' + 'ab'.repeat(32) }, h());
    expect(otherHash.status).toBe(409);
  });
});
