import type { TransactionClient } from '../events/outbox.js';

/**
 * Cancels the queued deliveries of an endpoint that is being disabled, in the caller's transaction.
 * A delivery in flight at that moment still finishes its attempt (logged), but is not retried.
 */
export function cancelPending(tx: TransactionClient, endpointId: string, now: Date) {
  return tx.webhookDelivery.updateMany({
    where: { endpointId, status: 'pending' },
    data: { status: 'canceled', lastError: 'endpoint disabled', completedAt: now, updatedAt: now },
  });
}
