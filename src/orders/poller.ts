import type { App } from '../app.js';
import { isApiError } from '../errors.js';
import type { Job } from '../jobs/runner.js';
import type { Order as OrderRow } from '../db/generated/client.js';
import type { Provider, ProviderOrderStatus } from '../providers/types.js';
import { finalStatusFor, nextPollDelayMs } from './state.js';
import { JOB_NAME, orderView, recordOrderEvent, type OrdersService } from './service.js';
import { withProviderTimeout } from '../providers/deadline.js';

/**
 * Follows open orders until they are final. Each run claims a batch of due orders (skipping rows another
 * instance holds, and pushing their next poll out first so a crash cannot make two instances poll the same
 * order in a tight loop), asks the provider, and on a change: updates the row, writes the event in the
 * same transaction (final statuses), and publishes the new state to subscribers.
 */
const BATCH = 25;
const PARALLEL = 8;
const LEASE_MS = 60_000;

export function orderPollerJob(app: App, orders: OrdersService): Job {
  return {
    name: JOB_NAME,
    intervalMs: app.config.ORDER_POLL_INTERVAL_MS,
    run: async (signal) => {
      const claimed = await claimDue(app);
      for (let i = 0; i < claimed.length && !signal.aborted; i += PARALLEL) {
        await Promise.all(claimed.slice(i, i + PARALLEL).map((r) => pollOne(app, orders, r)));
      }
    },
  };
}

async function claimDue(app: App): Promise<OrderRow[]> {
  const now = new Date(app.clock.now());
  const ids = await app.db.sql.query<{ quote_id: string }>(
    `UPDATE orders SET next_poll_at = $2::timestamptz, poll_count = poll_count + 1
     WHERE quote_id IN (
       SELECT quote_id FROM orders WHERE status = 'submitted' AND next_poll_at <= $1::timestamptz
       ORDER BY next_poll_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING quote_id`,
    [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()],
  );
  if (!ids.length) return [];
  return app.db.prisma.order.findMany({ where: { quoteId: { in: ids.map((r) => r.quote_id) } } });
}

async function pollOne(app: App, orders: OrdersService, row: OrderRow) {
  const nowMs = app.clock.now();
  const age = nowMs - row.submittedAt.getTime();
  let provider: Provider;
  try {
    provider = app.services.providers.get(row.provider);
  } catch {
    await reschedule(app, row, nextPollDelayMs(age, app.config.ORDER_POLL_INTERVAL_MS) * 10);
    return;
  }
  let status: ProviderOrderStatus;
  try {
    status = await withProviderTimeout(provider.id, app.config.PROVIDER_TIMEOUT_MS, (signal) =>
      provider.capabilities.tracksStatus ? provider.status(row.trackingId, signal) : onChainStatus(app, row),
    );
  } catch (err) {
    const rateLimited = isApiError(err) && err.code === 'RATE_LIMITED';
    if (!(isApiError(err) && err.code === 'ORDER_NOT_FOUND')) app.log.warn({ err, quoteId: row.quoteId, provider: row.provider }, 'order status poll failed');
    await reschedule(app, row, nextPollDelayMs(age, app.config.ORDER_POLL_INTERVAL_MS, rateLimited));
    return;
  }
  await applyStatus(app, orders, row, status, nextPollDelayMs(age, app.config.ORDER_POLL_INTERVAL_MS));
}

async function reschedule(app: App, row: OrderRow, delayMs: number) {
  await app.db.prisma.order.updateMany({ where: { quoteId: row.quoteId, status: 'submitted' }, data: { nextPollAt: new Date(app.clock.now() + delayMs) } });
}

/** Records what the provider said; final states move the order (once: guarded by `status = 'submitted'`). */
export async function applyStatus(app: App, orders: OrdersService, row: OrderRow, s: ProviderOrderStatus, delayMs: number) {
  const now = new Date(app.clock.now());
  const final = finalStatusFor(s.state);
  const dstTxHash = s.dstTxHash ?? row.dstTxHash ?? null;
  const changed = final !== null || s.state !== row.providerState || dstTxHash !== row.dstTxHash;
  if (!changed) {
    await reschedule(app, row, delayMs);
    return;
  }
  const updated = await app.db.prisma.$transaction(async (tx) => {
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
    return fresh;
  });
  if (!updated) return;
  const view = orderView(updated);
  await orders.publish(view, { ...s, trackingId: row.trackingId });
  await orders.notifyChanged(view);
}

/**
 * Providers that cannot track orders (same-chain aggregators, spec 3.1 `unknown`): the swap settles in
 * the source transaction itself, so its on-chain outcome is the order's outcome.
 */
async function onChainStatus(app: App, row: OrderRow): Promise<ProviderOrderStatus> {
  if (row.srcChainId === 7565164) {
    const r = await app.services.rpc.solana().getSignatureStatus(row.srcTxHash, { searchTransactionHistory: true });
    const v = r.value;
    if (!v || (v.confirmationStatus !== 'confirmed' && v.confirmationStatus !== 'finalized')) return { state: 'pending', srcTxHash: row.srcTxHash };
    return { state: v.err ? 'failed' : 'filled', srcTxHash: row.srcTxHash, ...(v.err ? {} : { dstTxHash: row.srcTxHash }) };
  }
  const receipt = await app.services.rpc
    .evm(row.srcChainId)
    .getTransactionReceipt({ hash: row.srcTxHash as `0x${string}` })
    .catch((err: unknown) => {
      if ((err as { name?: string }).name === 'TransactionReceiptNotFoundError') return null;
      throw err;
    });
  if (!receipt) return { state: 'pending', srcTxHash: row.srcTxHash };
  return { state: receipt.status === 'success' ? 'filled' : 'failed', srcTxHash: row.srcTxHash, ...(receipt.status === 'success' ? { dstTxHash: row.srcTxHash } : {}) };
}
