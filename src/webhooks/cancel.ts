import type { TransactionClient } from '../events/outbox.js';

/**
 * Cancels the queued deliveries of an endpoint that is being disabled, in the caller's transaction.
 * A delivery in flight at that moment still finishes its attempt (logged), but is not retried.
 *
 * Lock order: a worker recording an attempt locks the delivery row, then the endpoint row (DeliveryWorker). A caller
 * that also writes the endpoint row calls this first, so both take the rows in that order and cannot deadlock.
 * `skipLocked` (the worker's own disable, which already holds its endpoint row): deliveries another worker is
 * recording are left alone rather than waited for; each is canceled when it is next claimed, since its endpoint
 * is disabled by then.
 */
export async function cancelPending(tx: TransactionClient, endpointId: string, now: Date, opts: { skipLocked?: boolean } = {}): Promise<number> {
  if (!opts.skipLocked) {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { endpointId, status: 'pending' },
      data: { status: 'canceled', lastError: 'endpoint disabled', completedAt: now, updatedAt: now },
    });
    return count;
  }
  return tx.$executeRawUnsafe(
    `UPDATE webhook_deliveries SET status = 'canceled', last_error = 'endpoint disabled', completed_at = $2, updated_at = $2
     WHERE id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED)`,
    endpointId,
    now,
  );
}
