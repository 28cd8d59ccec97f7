import type { Prisma } from '../db/generated/client.js';
import { sqlAnyEventPatternMatches } from '../events/input.js';

type Tx = Prisma.TransactionClient;

/**
 * Delivery rows are the webhooks domain's: the events outbox and the events API queue them through these
 * functions, inside their own transaction, so an event and its deliveries commit together.
 */

/** SQL condition: does endpoint alias `w` subscribe to the event type in parameter `$n`? */
const endpointMatchesType = (param: string) => sqlAnyEventPatternMatches('w.enabled_events', param);

/** SQL condition on an event alias: does it still have a delivery waiting (the retention sweep keeps such events)? */
export const sqlHasPendingDelivery = (eventId: string) => `EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = ${eventId} AND d.status = 'pending')`;

export interface QueuedEvent {
  id: string;
  accountId: string;
  livemode: boolean;
  type: string;
  at: Date;
}

/**
 * The statement that queues an event's deliveries, one per enabled endpoint of its account and mode subscribed to
 * its type: run by the events outbox inside the statement that records the event (src/events/outbox.ts), so an event
 * and its deliveries are one round trip and commit together, and by a manual re-send to every endpoint
 * (queueRedelivery). Fan-out at commit time: endpoints created later do not receive earlier events (as with Stripe).
 * Each argument is a SQL expression (a typed parameter, or a column of `from`, a row source the statement reads the
 * event from); it returns the id of each delivery queued.
 */
export const sqlQueueDeliveries = (ev: {
  from?: string;
  eventId: string;
  accountId: string;
  livemode: string;
  type: string;
  at: string;
  origin: 'auto' | 'manual';
}) =>
  `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, origin, next_attempt_at, created_at, updated_at)
   SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), ${ev.eventId}, w.id, '${ev.origin}', ${ev.at}, ${ev.at}, ${ev.at}
   FROM ${ev.from ? `${ev.from}, ` : ''}webhook_endpoints w
   WHERE w.account_id = ${ev.accountId} AND w.livemode = ${ev.livemode} AND NOT w.disabled AND ${endpointMatchesType(ev.type)}
   RETURNING id`;

/**
 * A manual re-send: to one endpoint of the event's account and mode, or (no `endpointId`) to every enabled
 * endpoint subscribed to its type. Returns the new delivery ids; `null` when `endpointId` names no endpoint of
 * that account and mode; CONFLICT handling of a disabled endpoint is the caller's (`'disabled'`).
 */
export async function queueRedelivery(tx: Tx, ev: QueuedEvent, endpointId: string | undefined): Promise<string[] | null | 'disabled'> {
  let rows: Array<{ id: string }>;
  if (endpointId) {
    const ep = await tx.webhookEndpoint.findFirst({ where: { id: endpointId, accountId: ev.accountId, livemode: ev.livemode } });
    if (!ep) return null;
    if (ep.disabled) return 'disabled';
    rows = await tx.$queryRawUnsafe(
      `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, origin, next_attempt_at, created_at, updated_at)
       VALUES ('whd_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, 'manual', $3, $3, $3) RETURNING id`,
      ev.id,
      ep.id,
      ev.at,
    );
  } else {
    rows = await tx.$queryRawUnsafe(
      sqlQueueDeliveries({ eventId: '$1::text', accountId: '$2::text', livemode: '$3::boolean', at: '$4::timestamptz', type: '$5::text', origin: 'manual' }),
      ev.id,
      ev.accountId,
      ev.livemode,
      ev.at,
      ev.type,
    );
  }
  return rows.map((r) => r.id);
}
