import { ApiError } from '../../src/errors.js';
import { newId } from '../../src/ids.js';
import { orderPollerJob } from '../../src/orders/jobs.js';
import type { Provider } from '../../src/providers/types.js';
import type { TestServer } from './server.js';

/** An order to fill: its input amount and token, the rates its provider carried, its partner. */
export interface FillSeed {
  amount: string;
  ourFeeBps: number;
  partnerFeeBps?: number;
  partnerId?: string | null;
  srcChainId?: number;
  srcToken?: string | null;
  dstChainId?: number;
  provider?: string;
  livemode?: boolean;
  /** Default: one of its own. */
  srcTxHash?: string;
}

const TRACKING = 'ledger-test:';

/** Orders recorded `submitted` and due for a poll now, as a report leaves them; returns their quote ids. */
export async function seedSubmittedOrders(s: Pick<TestServer, 'infra'>, seeds: readonly FillSeed[]): Promise<string[]> {
  const due = new Date(s.infra.clock.now() - 1_000);
  const ids: string[] = [];
  for (const seed of seeds) {
    const quoteId = newId('q');
    ids.push(quoteId);
    await s.infra.prisma.order.create({
      data: {
        quoteId,
        provider: seed.provider ?? 'relay',
        status: 'submitted',
        livemode: seed.livemode ?? true,
        srcChainId: seed.srcChainId ?? 8453,
        dstChainId: seed.dstChainId ?? 42161,
        amount: seed.amount,
        dstAmount: '1',
        srcTxHash: seed.srcTxHash ?? `0x${Buffer.from(quoteId).toString('hex').padEnd(64, '0').slice(0, 64)}`,
        trackingId: `${TRACKING}${quoteId}`,
        ourFeeBps: seed.ourFeeBps,
        partnerFeeBps: seed.partnerFeeBps ?? 0,
        partnerId: seed.partnerId ?? null,
        srcToken: seed.srcToken === undefined ? '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' : seed.srcToken,
        nextPollAt: due,
        submittedAt: due,
        updatedAt: due,
      },
    });
  }
  return ids;
}

/** The real order poller job over this server's database, asking `provider` about every order. */
export const orderPollerWith = (s: Pick<TestServer, 'config' | 'infra' | 'db' | 'services'>, provider: Provider) =>
  orderPollerJob({
    config: s.config,
    log: s.infra.log,
    clock: s.infra.clock,
    prisma: s.infra.prisma,
    sql: s.db.sql,
    orders: s.services.orders,
    providers: { get: () => provider },
    settlement: async () => ({ state: 'pending' }),
  });

/**
 * Fills orders the way production does: each is recorded `submitted`, then one run of the real order poller asks a
 * stub provider, which answers `filled` for these orders only (others are left to their own provider), so the fill
 * and its ledger entries are written by the poller's own transaction. Returns the orders' quote ids.
 */
export async function fillOrders(s: Pick<TestServer, 'config' | 'infra' | 'db' | 'services'>, seeds: readonly FillSeed[]): Promise<string[]> {
  const ids = await seedSubmittedOrders(s, seeds);
  const stub = {
    id: 'relay',
    capabilities: { tracksStatus: true },
    status: async (trackingId: string) => {
      if (trackingId.startsWith(TRACKING)) return { state: 'filled' as const };
      throw new ApiError('ORDER_NOT_FOUND', 'not a ledger test order');
    },
  } as unknown as Provider;
  const job = orderPollerWith(s, stub);
  // A run claims a batch of due orders: run again while any of these is still open.
  for (let run = 0; run < 10; run++) {
    await job.run(new AbortController().signal);
    if (!(await s.infra.prisma.order.count({ where: { quoteId: { in: ids }, status: 'submitted' } }))) return ids;
  }
  throw new Error('the poller left orders unfilled');
}
