import { encodeBatch, encodeMessage, encodeNotification, type Message, packWires, PUBSUB_CHANNEL } from '../db/pubsub.js';
import type { Prisma } from '../db/generated/client.js';
import { newId } from '../ids.js';
import { sqlQueueDeliveries } from '../webhooks/outbox.js';
import { accountEventsTopic, webhooksWakeTopic, type AccountEvent, type AccountEventNotice } from './topics.js';

export type TransactionClient = Prisma.TransactionClient;

export interface NewEvent {
  accountId: string;
  livemode: boolean;
  /** A type of the event catalog (src/events/catalog.ts), e.g. `checkout.session.completed`. */
  type: string;
  /** The resource the event is about (cs_…, inv_…, q_…); events of one resource are numbered 1, 2, … */
  resourceId: string;
  /** Snapshot of the resource(s) after the change, e.g. `{ session }` or `{ order }`. */
  data: Record<string, unknown>;
  /** Defaults to now; pass `new Date(app.clock.now())` when the change itself is clock-driven. */
  createdAt?: Date;
}

export interface RecordedEvent extends AccountEvent {
  resourceId: string;
  sequence: number;
}

const TYPE = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/**
 * The one statement of recordEvent, its steps as CTEs (each sees the row of the one before it):
 *   seq:       the resource's next sequence number (an upsert that row-locks the counter until the transaction ends,
 *              so numbers are gapless and in commit order per resource),
 *   event:     the event row,
 *   queued:    one delivery per enabled webhook endpoint of the account and mode subscribed to the type
 *              (src/webhooks/outbox.ts), inserted after the event it references,
 *   and one pg_notify carrying the account's event-stream notice, with the delivery workers' wake-up in the same
 *   payload when a delivery was queued ($9: the notice alone, $10: notice and wake-up, both packed by packWires).
 * One round trip and one NOTIFY per event instead of five round trips and two NOTIFYs.
 */
const RECORD_EVENT = `WITH seq AS (
    INSERT INTO event_sequences (account_id, resource_id, last_sequence) VALUES ($2::text, $5::text, 1)
    ON CONFLICT (account_id, resource_id) DO UPDATE SET last_sequence = event_sequences.last_sequence + 1
    RETURNING last_sequence
  ),
  event AS (
    INSERT INTO events (id, account_id, livemode, type, resource_id, sequence, data, created_at)
    SELECT $1::text, $2::text, $3::boolean, $4::text, $5::text, seq.last_sequence, $6::jsonb, $7::timestamptz FROM seq
    RETURNING id
  ),
  queued AS (
    ${sqlQueueDeliveries({ from: 'event', eventId: 'event.id', accountId: '$2::text', livemode: '$3::boolean', type: '$4::text', at: '$7::timestamptz', origin: 'auto' })}
  ),
  counted AS (SELECT count(*)::int AS n FROM queued)
  SELECT seq.last_sequence AS seq,
         (SELECT count(pg_notify($8::text, t))::int FROM unnest(CASE WHEN counted.n > 0 THEN $10::text[] ELSE $9::text[] END) AS t) AS notified
  FROM seq, counted`;

/**
 * Writes an event inside the caller's interactive transaction (the outbox), in one statement (RECORD_EVENT):
 *   1. takes the resource's next sequence number (an upsert that row-locks the counter),
 *   2. inserts the event row,
 *   3. queues one delivery per enabled webhook endpoint of the account and mode subscribed to the type,
 *   4. issues one pg_notify for the account's event stream and, when deliveries were queued, the delivery workers.
 *
 * Everything is in the caller's transaction. NOTIFY is transactional in Postgres (and in PGlite, which
 * is Postgres): notifications are delivered only if and when the transaction commits, so subscribers
 * never see an event that rolled back, and a committed event always has its delivery rows. Workers
 * also poll the queue, so a notification missed while a listener reconnects only delays delivery.
 */
export async function recordEvent(tx: TransactionClient, e: NewEvent): Promise<RecordedEvent> {
  if (!TYPE.test(e.type)) throw new Error(`recordEvent: malformed event type ${JSON.stringify(e.type)}`);
  if (!e.resourceId) throw new Error('recordEvent: resourceId is required');
  const id = newId('evt');
  const createdAt = e.createdAt ?? new Date();
  const dataJson = JSON.stringify(e.data);
  const store = storeIn(tx);
  const notice = await encodeMessage(
    { topic: accountEventsTopic(e.accountId, e.livemode ? 'live' : 'test'), payload: { id, type: e.type } satisfies AccountEventNotice },
    store,
  );
  const wake = await encodeMessage({ topic: webhooksWakeTopic, payload: 1 }, store);
  const [row] = await tx.$queryRawUnsafe<Array<{ seq: number; notified: number }>>(
    RECORD_EVENT,
    id,
    e.accountId,
    e.livemode,
    e.type,
    e.resourceId,
    dataJson,
    createdAt,
    PUBSUB_CHANNEL,
    packWires([notice]),
    packWires([notice, wake]),
  );
  if (!row || !(Number(row.notified) > 0)) throw new Error('recordEvent: the event statement returned no notification');
  return {
    id,
    type: e.type,
    livemode: e.livemode,
    createdAt: createdAt.toISOString(),
    resourceId: e.resourceId,
    sequence: Number(row.seq),
    data: JSON.parse(dataJson),
  };
}

/**
 * Publishes on a pubsub topic from inside a transaction, in the wire format PgPubSub reads
 * (`{t, p}` inline, or `{t, ref}` pointing at a pubsub_messages row written in the same transaction).
 */
export async function notifyInTx(tx: TransactionClient, topic: string, payload: unknown): Promise<void> {
  const { channel, text } = await encodeNotification(topic, payload, storeIn(tx));
  await tx.$executeRawUnsafe('SELECT pg_notify($1, $2)', channel, text);
}

/**
 * Publishes many messages from inside a transaction in as few NOTIFYs as fit (src/db/pubsub.ts encodeBatch): for
 * a write that changes many rows at once, so it does not send one NOTIFY per row.
 */
export async function notifyManyInTx(tx: TransactionClient, messages: readonly Message[]): Promise<void> {
  if (!messages.length) return;
  const texts = await encodeBatch(messages, storeIn(tx));
  await tx.$executeRawUnsafe('SELECT pg_notify($1, t) FROM unnest($2::text[]) AS t', PUBSUB_CHANNEL, texts);
}

const storeIn = (tx: TransactionClient) => async (sql: string, params: unknown[]) => (await tx.$queryRawUnsafe<Array<{ id: string }>>(sql, ...params))[0].id;

/**
 * The events as a row source for a statement of another domain that reads events by id along with its own rows (the
 * webhook delivery worker's claim, src/webhooks/worker.ts): `alias`(id, type, livemode, created_at, resource_id,
 * sequence, data), the columns an event's envelope is made of.
 */
export const sqlEventsAs = (alias: string) => `(SELECT id, type, livemode, created_at, resource_id, sequence, data FROM events) AS ${alias}`;

/**
 * Holds events of one account and mode against the retention sweep until the caller's transaction ends (the sweep
 * skips locked events), for work that will reference them, such as queuing redeliveries. Returns the ids held, in
 * the order given; an id of another account or mode, or of an event the sweep already deleted, is left out.
 */
export async function holdEvents(tx: TransactionClient, ids: string[], scope: { accountId: string; livemode: boolean }): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT id FROM events WHERE id = ANY($1::text[]) AND account_id = $2 AND livemode = $3 FOR KEY SHARE`,
    ids,
    scope.accountId,
    scope.livemode,
  );
  const held = new Set(rows.map((r) => r.id));
  return ids.filter((id) => held.has(id));
}
