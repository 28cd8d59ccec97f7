import type { TransactionClient } from '../events/outbox.js';

/**
 * How a delivery ends for good without reaching the endpoint: `failed` (every retry used, or the endpoint answered
 * 410 Gone) or `canceled` (the endpoint was disabled while it waited). `succeeded` is the other final status;
 * `pending` is not final (it waits for an attempt, or one is in flight).
 */
const FAILED_FOR_GOOD = ['failed', 'canceled'] as const;

/**
 * The events to send again to one endpoint, oldest first (by when the event was first queued for it, which for an
 * event fanned out at commit is the event's own time), at most `take`: those whose latest delivery to the endpoint
 * ended in FAILED_FOR_GOOD and that have no delivery to it still pending (a resend already queued, or an attempt in
 * flight), so an event is never queued twice.
 */
export async function failedEventIds(tx: TransactionClient, endpointId: string, take: number): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<Array<{ event_id: string }>>(
    `SELECT event_id FROM webhook_deliveries
      WHERE endpoint_id = $1
      GROUP BY event_id
     HAVING (array_agg(status ORDER BY created_at DESC, id DESC))[1] = ANY($2::text[])
        AND NOT bool_or(status = 'pending')
      ORDER BY min(created_at), event_id
      LIMIT $3`,
    endpointId,
    [...FAILED_FOR_GOOD],
    take,
  );
  return rows.map((r) => r.event_id);
}

/** Queues one manual delivery of each event to the endpoint, due now. Returns how many were queued. */
export function queueResends(tx: TransactionClient, endpointId: string, eventIds: string[], at: Date): Promise<number> {
  if (!eventIds.length) return Promise.resolve(0);
  return tx.$executeRawUnsafe(
    `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, origin, next_attempt_at, created_at, updated_at)
     SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), e, $2, 'manual', $3, $3, $3 FROM unnest($1::text[]) AS e`,
    eventIds,
    endpointId,
    at,
  );
}
