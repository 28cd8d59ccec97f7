import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import type { Chain, Token } from '../../src/assets/types.js';
import { CheckoutService } from '../../src/checkout/service.js';
import type { QuoteParamsInput } from '../../src/quotes/input.js';
import type { QuoteResponse } from '../../src/quotes/service.js';
import type { QuoteRecord } from '../../src/quotes/record.js';
import { memoryDb, silentLog, testConfig } from '../helpers/memory-db.js';
import { parseInput } from '../../src/validation.js';
import { createSessionSchema } from '../../src/checkout/input.js';
import { internalAuth } from '../../src/accounts/service.js';

/**
 * CheckoutService built alone: assets, the quote service and RPC are fakes, and the verifier wake-up is a
 * plain callback (src/services.ts wires it to the job runner).
 */
const AUTH = internalAuth('acct_unit', 'test', 'key_unit');
const MERCHANT = `0x${'5'.repeat(40)}`;
const PAYER = `0x${'6'.repeat(40)}`;
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';

const chain = (id: number, slug: string): Chain => ({
  id,
  slug,
  name: slug,
  vm: 'evm',
  nativeSymbol: 'ETH',
  nativeDecimals: 18,
  explorerTx: '',
  explorerAddress: '',
  providers: [],
  popular: true,
});
const token = (chainId: number, address: string): Token => ({
  chainId,
  address,
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  verified: true,
  popular: true,
  priceUsd: 1,
});

describe('CheckoutService (fake assets, quotes and RPC; injected wake-up)', () => {
  let db: Db;
  let checkout: CheckoutService;
  let wakes = 0;
  let issued = 0;
  const clock = new ManualClock(Date.parse('2030-01-01T00:00:00Z'));
  const quoteCalls: QuoteParamsInput[] = [];
  beforeAll(async () => {
    db = await memoryDb();
    // Events of the session are recorded under its account.
    await db.prisma.account.create({ data: { id: AUTH.accountId, name: 'Unit' } });
    checkout = new CheckoutService({
      config: testConfig(),
      log: silentLog,
      clock,
      prisma: db.prisma,
      assets: {
        resolveChain: (ref) => (String(ref) === '42161' || ref === 'arbitrum' ? chain(42161, 'arbitrum') : chain(8453, 'base')),
        resolveToken: async (chainId) => token(Number(chainId), Number(chainId) === 42161 ? ARB_USDC : BASE_USDC),
        prices: async (ids) => Object.fromEntries(ids.map((id) => [id, 1])),
      },
      quotes: {
        // One route that delivers exactly what is asked (exact output) or what is sent (exact input).
        quote: async (params): Promise<QuoteResponse> => {
          quoteCalls.push(params);
          const amount = String(params.dstAmount ?? params.amount);
          const q = {
            quoteId: `q_unit${String(quoteCalls.length).padStart(10, '0')}`,
            provider: 'relay',
            srcAmount: amount,
            dstAmount: amount,
            dstAmountMin: amount,
            estimatedSeconds: 20,
            fees: { ourFeeBps: 20 },
            expiresAt: 2_000_000_000,
          };
          return { best: q, quotes: [q], errors: [] };
        },
        issue: async () => `q_direct${String(++issued).padStart(10, '0')}`,
      },
      rpc: { solana: () => Promise.reject(new Error('no Solana in this test')) as never },
      wakeVerifier: () => void wakes++,
    });
  });
  afterAll(() => db?.close());

  const createSession = () =>
    checkout.create(
      AUTH,
      parseInput(createSessionSchema, { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: MERCHANT, merchantName: 'Unit Shop' }),
    );

  it('a direct payment report calls the injected wake-up once; the same report again does not', async () => {
    const cs = await createSession();
    const txHash = `0x${'12'.repeat(32)}`;
    const before = wakes;
    const view = await checkout.reportDirect(cs.id, { txHash, payer: PAYER });
    // A report is a hint: the session stays open (payable) until the transaction is seen on chain.
    expect(view.status).toBe('open');
    expect(wakes).toBe(before + 1);
    await checkout.reportDirect(cs.id, { txHash, payer: PAYER });
    expect(wakes).toBe(before + 1);
  });

  it('payer quotes come from the injected quote service, and checkout records which session each one pays', async () => {
    const cs = await createSession();
    const r = await checkout.payerQuote(cs.id, { srcChain: 'arbitrum', srcToken: 'USDC', sender: PAYER });
    expect(r.direct).toBe(false);
    expect(quoteCalls.length).toBeGreaterThan(0);
    for (const p of quoteCalls) {
      expect(p).toMatchObject({ dstChain: '8453', dstToken: BASE_USDC, recipient: MERCHANT, channel: 'api' });
      expect(p).not.toHaveProperty('checkoutSessionId');
    }
    const quoteId = r.best.quoteId!;
    const record = { quoteId } as QuoteRecord;
    expect(await checkout.sessionForQuote(record)).toBe(cs.id);
    // A quote set stored before checkout kept its own links still names its session.
    expect(await checkout.sessionForQuote({ quoteId: 'q_legacy000001', legacyCheckoutSessionId: cs.id } as QuoteRecord)).toBe(cs.id);
    expect(await checkout.sessionForQuote({ quoteId: 'q_other0000001' } as QuoteRecord)).toBeUndefined();
  });

  it("keeps a link past its quote's retention, then the sweep drops it", async () => {
    const cs = await createSession();
    const now = clock.now() / 1000;
    await checkout.quoteLinks.link(cs.id, [
      { quoteId: 'q_old000000001', expiresAt: now - 2 * 3600 },
      { quoteId: 'q_new000000001', expiresAt: now - 60 },
    ]);
    expect(await checkout.quoteLinks.sweep()).toBe(1);
    expect(await checkout.sessionForQuote({ quoteId: 'q_old000000001' } as QuoteRecord)).toBeUndefined();
    expect(await checkout.sessionForQuote({ quoteId: 'q_new000000001' } as QuoteRecord)).toBe(cs.id);
  });
});
