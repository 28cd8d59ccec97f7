import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { minimumUsdOf, triggerError } from '../../../src/providers/jupiter/errors.js';
import { JupiterTrigger } from '../../../src/providers/jupiter/trigger.js';
import { isApiError } from '../../../src/errors.js';
import { SOL_MINT, startTriggerFixture, USDC_MINT, type TriggerFixture } from '../../fixtures/jupiter-trigger-server.js';

const wallet = Keypair.generate();
const MAKER = wallet.publicKey.toBase58();
const FEE_ACCOUNT = Keypair.generate().publicKey.toBase58();
const signal = () => AbortSignal.timeout(5_000);
const sign = (b64: string, kp: Keypair = wallet) => {
  const tx = VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
  tx.sign([kp]);
  return Buffer.from(tx.serialize()).toString('base64');
};
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (isApiError(err)) return { code: err.code, details: err.details, message: err.message };
    throw err;
  }
  throw new Error('expected a failure');
};

describe('Jupiter Trigger v1 adapter against the Trigger fixture', () => {
  let fx: TriggerFixture;
  let trigger: JupiterTrigger;
  beforeAll(async () => {
    fx = await startTriggerFixture({ apiKey: 'jup-test-key' });
    trigger = new JupiterTrigger({ baseUrl: fx.url, apiKey: 'jup-test-key' });
  });
  afterAll(() => fx.close());
  beforeEach(() => fx.reset());

  it('createOrder sends mints, maker, payer, raw integer amounts, expiry in seconds, feeBps with feeAccount and the API key', async () => {
    const r = await trigger.createOrder(
      {
        inputMint: USDC_MINT,
        outputMint: SOL_MINT,
        maker: MAKER,
        payer: MAKER,
        makingAmount: 50_000_000n,
        takingAmount: 400_000_000n,
        expiredAt: 1_767_225_600,
        feeBps: 20,
        feeAccount: FEE_ACCOUNT,
      },
      signal(),
    );
    const req = fx.requests.at(-1)!;
    expect(req.path).toBe('/trigger/v1/createOrder');
    expect(req.headers['x-api-key']).toBe('jup-test-key');
    expect(req.body).toEqual({
      inputMint: USDC_MINT,
      outputMint: SOL_MINT,
      maker: MAKER,
      payer: MAKER,
      params: { makingAmount: '50000000', takingAmount: '400000000', expiredAt: '1767225600', feeBps: '20' },
      feeAccount: FEE_ACCOUNT,
      computeUnitPrice: 'auto',
    });
    expect(r.order).toBe([...fx.orders.keys()][0]);
    expect(VersionedTransaction.deserialize(Buffer.from(r.transaction, 'base64')).message.staticAccountKeys[0].toBase58()).toBe(MAKER);
  });

  it('sends no fee without a fee account, and no expiry when none is given', async () => {
    await trigger.createOrder(
      { inputMint: USDC_MINT, outputMint: SOL_MINT, maker: MAKER, payer: MAKER, makingAmount: 50_000_000n, takingAmount: 400_000_000n, feeBps: 20 },
      signal(),
    );
    const body = fx.requests.at(-1)!.body as Record<string, unknown>;
    expect(body.params).toEqual({ makingAmount: '50000000', takingAmount: '400000000' });
    expect(body).not.toHaveProperty('feeAccount');
  });

  it('execute forwards the signed bytes unchanged and returns the signature; the order opens', async () => {
    const r = await trigger.createOrder(
      { inputMint: USDC_MINT, outputMint: SOL_MINT, maker: MAKER, payer: MAKER, makingAmount: 50_000_000n, takingAmount: 400_000_000n },
      signal(),
    );
    const signed = sign(r.transaction);
    const { signature } = await trigger.execute(r.requestId, signed, signal());
    expect(fx.executed).toEqual([signed]);
    expect(fx.requests.at(-1)!.body).toEqual({ requestId: r.requestId, signedTransaction: signed });
    expect(fx.orders.get(r.order)!.openTx).toBe(signature);
    const found = await trigger.findOrder(MAKER, r.order, signal());
    expect(found).toMatchObject({ active: true, order: { orderKey: r.order, status: 'Open', rawRemainingMakingAmount: '50000000' } });
    expect(fx.requests.at(-1)!.query).toMatchObject({ user: MAKER, orderStatus: 'active', page: '1' });
  });

  it('a transaction with a wrong signature is refused as PROVIDER_ERROR', async () => {
    const r = await trigger.createOrder(
      { inputMint: USDC_MINT, outputMint: SOL_MINT, maker: MAKER, payer: MAKER, makingAmount: 50_000_000n, takingAmount: 400_000_000n },
      signal(),
    );
    const tx = VersionedTransaction.deserialize(Buffer.from(r.transaction, 'base64'));
    tx.signatures[0] = Keypair.generate().secretKey.slice(0, 64);
    expect((await codeOf(trigger.execute(r.requestId, Buffer.from(tx.serialize()).toString('base64'), signal()))).code).toBe('PROVIDER_ERROR');
  });

  it('cancelOrder and cancelOrders return transactions (5 orders per transaction)', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await trigger.createOrder(
        { inputMint: USDC_MINT, outputMint: SOL_MINT, maker: MAKER, payer: MAKER, makingAmount: 50_000_000n, takingAmount: 400_000_000n },
        signal(),
      );
      await trigger.execute(r.requestId, sign(r.transaction), signal());
      keys.push(r.order);
    }
    const one = await trigger.cancelOrder(MAKER, keys[0], signal());
    expect(one.transactions).toHaveLength(1);
    expect(fx.requests.at(-1)!.body).toEqual({ maker: MAKER, order: keys[0], computeUnitPrice: 'auto' });
    const many = await trigger.cancelOrders(MAKER, keys, signal());
    expect(many.transactions).toHaveLength(2);
    expect((fx.requests.at(-1)!.body as { orders: string[] }).orders).toEqual(keys);
    for (const tx of many.transactions) await trigger.execute(many.requestId, sign(tx), signal());
    expect([...fx.orders.values()].every((o) => o.status === 'Cancelled')).toBe(true);
    expect((await codeOf(trigger.cancelOrder(MAKER, keys[0], signal()))).code).toBe('ORDER_NOT_FOUND');
  });

  it('uses a configured base path', async () => {
    const moved = new JupiterTrigger({ baseUrl: fx.url, basePath: '/elsewhere/v1' });
    expect((await codeOf(moved.cancelOrder(MAKER, MAKER, signal()))).code).toBe('PROVIDER_ERROR');
    expect(fx.requests.at(-1)!.path).toBe('/elsewhere/v1/cancelOrder');
    expect(fx.requests.at(-1)!.headers['x-api-key']).toBeUndefined();
  });

  describe('provider errors', () => {
    const create = () =>
      trigger.createOrder(
        { inputMint: USDC_MINT, outputMint: SOL_MINT, maker: MAKER, payer: MAKER, makingAmount: 3_000_000n, takingAmount: 400_000_000n },
        signal(),
      );
    it('400 with the minimum in `cause` → AMOUNT_TOO_SMALL with the minimum', async () => {
      const e = await codeOf(create());
      expect(e.code).toBe('AMOUNT_TOO_SMALL');
      expect(e.details).toMatchObject({ minimumUsd: 5, field: 'makingAmount' });
    });
    it('400 transfer-fee token → UNSUPPORTED_TOKEN', async () => {
      fx.setMode('transferFee', 'createOrder');
      expect((await codeOf(create())).code).toBe('UNSUPPORTED_TOKEN');
    });
    it.each([
      ['rateLimited', 'RATE_LIMITED'],
      ['serverError', 'PROVIDER_ERROR'],
      ['malformed', 'PROVIDER_ERROR'],
    ] as const)('%s → %s', async (mode, code) => {
      fx.setMode(mode);
      const e = await codeOf(
        trigger.createOrder({ inputMint: USDC_MINT, outputMint: SOL_MINT, maker: MAKER, payer: MAKER, makingAmount: 50_000_000n, takingAmount: 1n }, signal()),
      );
      expect(e.code).toBe(code);
      expect((await codeOf(trigger.getOrders(MAKER, 'active', 1, signal()))).code).toBe(code);
    });
    it('a wrong API key → PROVIDER_ERROR naming the key', async () => {
      const wrong = new JupiterTrigger({ baseUrl: fx.url, apiKey: 'nope' });
      const e = await codeOf(wrong.getOrders(MAKER, 'active', 1, signal()));
      expect(e).toMatchObject({ code: 'PROVIDER_ERROR' });
      expect(e.message).toMatch(/API key/);
    });
    it.each([
      [400, { error: 'invalid create order request', cause: 'input mint making amount must be at least 5 USD, received: 3', code: 400 }, 'AMOUNT_TOO_SMALL'],
      [400, { error: 'invalid maker pubkey', code: 400 }, 'INVALID_PARAMS'],
      [400, { error: 'no matching orders found', code: 400 }, 'ORDER_NOT_FOUND'],
      [400, { error: 'invalid create order request', cause: 'invalid mint' }, 'UNSUPPORTED_TOKEN'],
      [403, { message: 'API key does not have access to this endpoint' }, 'PROVIDER_ERROR'],
      [404, 'not json at all', 'PROVIDER_ERROR'],
    ] as const)('table: %s %j → %s', (status, body, code) => expect(triggerError(status, body).code).toBe(code));
    it('reads the minimum from the cause', () => {
      expect(minimumUsdOf('input mint making amount must be at least 5 USD, received: 3')).toBe(5);
      expect(minimumUsdOf('must be at least 2.5 USD')).toBe(2.5);
      expect(minimumUsdOf('something else')).toBeUndefined();
    });
  });
});
