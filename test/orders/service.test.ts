import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { OrdersService } from '../../src/orders/service.js';
import type { OrderView } from '../../src/orders/views.js';
import type { QuoteRecord } from '../../src/quotes/record.js';
import { capabilities, type Provider } from '../../src/providers/types.js';
import { memoryDb, silentLog, testConfig } from '../helpers/memory-db.js';

/**
 * OrdersService built alone: the quote store, the provider registry, RPC and pubsub are fakes; the hooks
 * other domains register (src/services.ts wires checkout's) are plain functions here.
 */
const SENDER = `0x${'1'.repeat(40)}`;
const quote: QuoteRecord = {
  quoteId: 'q_unit_0000000001',
  provider: 'relay',
  request: {
    src: { chainId: 8453, address: `0x${'2'.repeat(40)}`, symbol: 'AAA', decimals: 6 },
    dst: { chainId: 42161, address: `0x${'3'.repeat(40)}`, symbol: 'BBB', decimals: 6 },
    srcVm: 'evm',
    dstVm: 'evm',
    tradeType: 'EXACT_INPUT',
    amount: 1_000_000n,
    sender: SENDER,
    recipient: SENDER,
    slippageBps: 50,
    fees: { ourFeeBps: 20, partnerFeeBps: 0, recipients: {} },
  },
  quote: {
    srcAmount: 1_000_000n,
    dstAmount: 990_000n,
    dstAmountMin: 985_000n,
    estimatedSeconds: 30,
    ourFeeBps: 20,
    partnerFeeBps: 0,
    expiresAt: 2_000_000_000,
    context: {},
  },
  createdAt: Date.parse('2030-01-01T00:00:00Z'),
};
const provider: Provider = {
  id: 'relay',
  capabilities: capabilities({ tracksStatus: true }),
  supportsRoute: () => true,
  quote: async () => quote.quote,
  build: async () => ({ vm: 'evm', chainId: 8453, to: SENDER, data: '0x', value: '0' }),
  status: async () => ({ state: 'pending' }),
  trackingId: (_q, hash) => `req-${hash.slice(2, 10)}`,
};

describe('OrdersService (fake quotes, providers and pubsub; injected hooks)', () => {
  let db: Db;
  let orders: OrdersService;
  const published: string[] = [];
  let pollerWakes = 0;
  beforeAll(async () => {
    db = await memoryDb();
    orders = new OrdersService({
      config: testConfig(),
      log: silentLog,
      clock: new ManualClock(Date.parse('2030-01-01T00:01:00Z')),
      prisma: db.prisma,
      pubsub: { publish: async (topic: string) => void published.push(topic) },
      quotes: { get: async (id) => (id === quote.quoteId ? quote : Promise.reject(new Error('unknown quote'))) },
      providers: { get: () => provider },
      rpc: { evm: () => Promise.reject(new Error('no RPC in this test')) as never },
      wakePoller: () => void pollerWakes++,
    });
  });
  afterAll(() => db?.close());

  it('a report asks the injected lookup for the checkout session, runs onReported inside its transaction, then onChange, and wakes the poller', async () => {
    const calls: string[] = [];
    orders.setCheckoutSessionLookup(async (q, tx) => {
      calls.push(`lookup ${q.quoteId}`);
      expect(tx).toBeDefined();
      return { id: 'cs_test_unit', livemode: true };
    });
    let seenInTx: { order: OrderView; rows: number } | undefined;
    orders.onReported(async (order, q, tx) => {
      calls.push(`reported ${q.quoteId}`);
      // The order row is visible inside the report's transaction, before it commits.
      seenInTx = { order, rows: await tx.order.count({ where: { quoteId: order.quoteId } }) };
    });
    orders.onChange(async (order) => void calls.push(`changed ${order.status}`));

    const hash = `0x${'cd'.repeat(32)}`;
    const view = await orders.reportSubmitted(quote.quoteId, hash);
    expect(view).toMatchObject({ quoteId: quote.quoteId, status: 'submitted', srcTxHash: hash, checkoutSessionId: 'cs_test_unit', amount: '1000000' });
    expect(calls).toEqual([`lookup ${quote.quoteId}`, `reported ${quote.quoteId}`, 'changed submitted']);
    expect(seenInTx).toEqual({ order: view, rows: 1 });
    expect(pollerWakes).toBe(1);
    expect(published).toEqual([`order:${quote.quoteId}`]);
    const row = await db.prisma.order.findUniqueOrThrow({ where: { quoteId: quote.quoteId } });
    expect(row.trackingId).toBe(`req-${hash.slice(2, 10)}`);
    // The source token is kept: earnings are summed per token.
    expect(row.srcToken).toBe(quote.request.src.address);
    // A payer's quote (no key) of a live session: recorded in live mode, the session's.
    expect(row.livemode).toBe(true);

    // The same report again answers the same order and runs no hook.
    expect(await orders.reportSubmitted(quote.quoteId, hash)).toEqual(view);
    expect(calls).toHaveLength(3);
  });

  it('a hook that refuses fails the report and leaves no order', async () => {
    const refusing = new OrdersService({
      config: testConfig(),
      log: silentLog,
      clock: new ManualClock(),
      prisma: db.prisma,
      pubsub: { publish: async () => {} },
      quotes: { get: async () => ({ ...quote, quoteId: 'q_unit_0000000002' }) },
      providers: { get: () => provider },
      rpc: { evm: () => Promise.reject(new Error('no RPC in this test')) as never },
      wakePoller: () => {},
    });
    refusing.onReported(async () => {
      throw new Error('the session is no longer open');
    });
    await expect(refusing.reportSubmitted('q_unit_0000000002', `0x${'ef'.repeat(32)}`)).rejects.toThrow('no longer open');
    expect(await refusing.get('q_unit_0000000002')).toBeUndefined();
  });
});
