import type { RawSql } from '../db/client.js';
import type { Order as OrderRow } from '../db/generated/client.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { Handles } from '../handles.js';
import type { OrdersConfig } from './config.js';
import { isApiError } from '../errors.js';
import type { Job } from '../jobs/runner.js';
import { CallCanceled, withProviderTimeout } from '../providers/deadline.js';
import type { OnChainSettlement } from '../providers/onchain-settlement.js';
import type { ProviderRegistry } from '../providers/registry.js';
import type { Provider, ProviderOrderStatus } from '../providers/types.js';
import { finalStatusFor, nextPollDelayMs } from './state.js';
import { orderView } from './views.js';
import { recordOrderEvent, type OrdersService } from './service.js';

export const ORDER_POLL_JOB = 'order-poller';

/**
 * Follows open orders until they are final. Each run claims a batch of due orders (skipping rows another
 * instance holds, and pushing their next poll out first so a crash cannot make two instances poll the same
 * order in a tight loop), asks the provider, and on a change: updates the row, writes the event in the
 * same transaction (final statuses), and publishes the new state to subscribers.
 */
const BATCH = 25;
const PARALLEL = 8;
const LEASE_MS = 60_000;

export interface OrderPollerDeps extends Pick<Handles, 'log' | 'clock' | 'prisma'> {
  config: OrdersConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS'>;
  /** The claim is one raw UPDATE … FOR UPDATE SKIP LOCKED. */
  sql: RawSql;
  orders: Pick<OrdersService, 'publish' | 'notifyChanged' | 'fills'>;
  providers: Pick<ProviderRegistry, 'get'>;
  /** For providers that cannot track orders: the source transaction's own outcome. */
  settlement: OnChainSettlement;
}

export function orderPollerJob(d: OrderPollerDeps): Job {
  return {
    name: ORDER_POLL_JOB,
    intervalMs: d.config.ORDER_POLL_INTERVAL_MS,
    run: async (signal) => {
      const claimed = await claimDue(d);
      let i = 0;
      for (; i < claimed.length && !signal.aborted; i += PARALLEL) {
        await Promise.all(claimed.slice(i, i + PARALLEL).map((r) => pollOne(d, r, signal)));
      }
      // Stopping: the orders claimed and not asked about are due again now, for another instance, not after the lease.
      for (const row of claimed.slice(i)) await release(d, row);
    },
  };
}

async function claimDue(d: OrderPollerDeps): Promise<OrderRow[]> {
  const now = new Date(d.clock.now());
  const ids = await d.sql.query<{ quote_id: string }>(
    `UPDATE orders SET next_poll_at = $2::timestamptz, poll_count = poll_count + 1
     WHERE quote_id IN (
       SELECT quote_id FROM orders WHERE status = 'submitted' AND next_poll_at <= $1::timestamptz
       ORDER BY next_poll_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING quote_id`,
    [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()],
  );
  if (!ids.length) return [];
  return d.prisma.order.findMany({ where: { quoteId: { in: ids.map((r) => r.quote_id) } } });
}

async function pollOne(d: OrderPollerDeps, row: OrderRow, stop: AbortSignal) {
  const base = d.config.ORDER_POLL_INTERVAL_MS;
  const age = d.clock.now() - row.submittedAt.getTime();
  let provider: Provider;
  try {
    provider = d.providers.get(row.provider);
  } catch {
    await reschedule(d, row, nextPollDelayMs(age, base) * 10);
    return;
  }
  let status: ProviderOrderStatus;
  try {
    status = await withProviderTimeout(
      provider.id,
      d.config.PROVIDER_TIMEOUT_MS,
      (signal) => (provider.capabilities.tracksStatus ? provider.status(row.trackingId, signal) : d.settlement(row)),
      stop,
    );
  } catch (err) {
    // The instance is stopping: the call is dropped and the order is due again now, for another instance.
    if (err instanceof CallCanceled) return release(d, row);
    const rateLimited = isApiError(err) && err.code === 'RATE_LIMITED';
    if (!(isApiError(err) && err.code === 'ORDER_NOT_FOUND')) d.log.warn({ err, quoteId: row.quoteId, provider: row.provider }, 'order status poll failed');
    await reschedule(d, row, nextPollDelayMs(age, base, rateLimited));
    return;
  }
  await applyStatus(d, row, status, nextPollDelayMs(age, base));
}

/** A claimed order due again now, while the claim is still this run's (a lease that ran out may be another instance's). */
async function release(d: Pick<OrderPollerDeps, 'prisma' | 'clock'>, row: OrderRow) {
  await d.prisma.order.updateMany({
    where: { quoteId: row.quoteId, status: 'submitted', nextPollAt: row.nextPollAt },
    data: { nextPollAt: new Date(d.clock.now()) },
  });
}

async function reschedule(d: Pick<OrderPollerDeps, 'prisma' | 'clock'>, row: OrderRow, delayMs: number) {
  await d.prisma.order.updateMany({ where: { quoteId: row.quoteId, status: 'submitted' }, data: { nextPollAt: new Date(d.clock.now() + delayMs) } });
}

/**
 * Records what the provider said; final states move the order (once: guarded by `status = 'submitted'`). A fill
 * runs the fill listeners (the fee ledger) in the same transaction, with what they read before it opened.
 */
async function applyStatus(d: Pick<OrderPollerDeps, 'prisma' | 'clock' | 'orders'>, row: OrderRow, s: ProviderOrderStatus, delayMs: number) {
  const now = new Date(d.clock.now());
  const final = finalStatusFor(s.state);
  const dstTxHash = s.dstTxHash ?? row.dstTxHash ?? null;
  const changed = final !== null || s.state !== row.providerState || dstTxHash !== row.dstTxHash;
  if (!changed) {
    await reschedule(d, row, delayMs);
    return;
  }
  const prepared = final === 'filled' ? await d.orders.fills.prepare([row]) : undefined;
  const updated = await d.prisma.$transaction(async (tx) => {
    const r = await tx.order.updateMany({
      where: { quoteId: row.quoteId, status: 'submitted' },
      data: {
        providerState: s.state,
        dstTxHash,
        updatedAt: now,
        nextPollAt: new Date(now.getTime() + delayMs),
        ...(final ? { status: final, finalizedAt: now } : {}),
      },
    });
    if (r.count !== 1) return null; // finalized meanwhile by another instance
    const fresh = await tx.order.findUniqueOrThrow({ where: { quoteId: row.quoteId } });
    if (final) await recordOrderEvent(tx, fresh, final, now);
    if (prepared) await d.orders.fills.record(tx, fresh, prepared);
    return fresh;
  });
  if (!updated) return;
  const view = orderView(updated);
  await d.orders.publish(view, { ...s, trackingId: row.trackingId });
  await d.orders.notifyChanged(view);
}
