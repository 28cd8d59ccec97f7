import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client.js';
import type { Order } from '../../src/db/generated/client.js';
import { LedgerService } from '../../src/ledger/service.js';
import { createLogger } from '../../src/log.js';
import { systemClock } from '../../src/clock.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Two instances posting the same fill at the same moment, on Postgres (PGlite has one connection, nothing runs at
 * once): the second transaction's insert waits on the first's unique index entry and, once the first commits,
 * writes nothing. Both the replay of one order and a second order reporting the same source transaction.
 */
describe.runIf(backends.includes('postgres'))('fee ledger: concurrent fills of one source transaction (postgres)', () => {
  let t: TestDatabase;
  let db: Db;
  let ledger: LedgerService;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
    ledger = new LedgerService({ log: createLogger('silent'), clock: systemClock, prisma: db.prisma, assets: { valuations: async () => new Map() } });
  });
  afterAll(async () => {
    await db?.close();
    await t?.drop();
  });

  const order = (quoteId: string, srcTxHash: string): Order => ({
    quoteId,
    provider: 'relay',
    status: 'filled',
    accountId: null,
    livemode: true,
    srcChainId: 8453,
    dstChainId: 42161,
    amount: '25000000',
    dstAmount: '1',
    srcTxHash,
    dstTxHash: null,
    trackingId: srcTxHash,
    providerState: 'filled',
    ourFeeBps: 20,
    partnerFeeBps: 10,
    partnerId: 'acme',
    srcToken: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    checkoutSessionId: null,
    depositAddressId: null,
    limitOrderId: null,
    fillFeeAmount: null,
    fillFeeMint: null,
    pollCount: 1,
    nextPollAt: new Date(),
    submittedAt: new Date(),
    updatedAt: new Date(),
    finalizedAt: new Date(),
  });

  /** Runs `first` and `second` in two transactions, the second starting its writes while the first is still open. */
  async function race(first: Order, second: Order) {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let posted!: () => void;
    const firstPosted = new Promise<void>((r) => {
      posted = r;
    });
    const a = db.prisma.$transaction(async (tx) => {
      await ledger.fillListener.record(tx, first, new Map());
      posted();
      await held;
    });
    await firstPosted;
    const b = db.prisma.$transaction((tx) => ledger.fillListener.record(tx, second, new Map()));
    // The second waits on a lock held by the first (a row of the unique index), then the first commits.
    await waitFor(
      async () => (await db.sql.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).length > 0,
      {
        what: 'the second transaction to wait on the first',
      },
    );
    release();
    await Promise.all([a, b]);
  }

  it('the same order posted twice at once: one transaction per leg', async () => {
    await race(order('q_concurrent_same', '0xaaa'), order('q_concurrent_same', '0xaaa'));
    const entries = await db.prisma.ledgerEntry.findMany({ where: { orderId: 'q_concurrent_same' } });
    expect(entries.map((e) => `${e.account} ${e.amount.toFixed(0)}`).sort()).toEqual([
      'partner_payable:acme 25000',
      'payer_volume -25000',
      'payer_volume -50000',
      'service_revenue 50000',
    ]);
  });

  it('two orders of one source transaction at once: the first posts, the second writes nothing', async () => {
    await race(order('q_concurrent_first', '0xbbb'), order('q_concurrent_second', '0xbbb'));
    expect(await db.prisma.ledgerTransaction.count({ where: { orderId: 'q_concurrent_first' } })).toBe(2);
    expect(await db.prisma.ledgerTransaction.count({ where: { orderId: 'q_concurrent_second' } })).toBe(0);
  });
});
