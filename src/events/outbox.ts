import { encodeBatch, encodeNotification, type Message, PUBSUB_CHANNEL } from '../db/pubsub.js';
import type { Prisma } from '../db/generated/client.js';
import { newId } from '../ids.js';
import { queueDeliveries } from '../webhooks/outbox.js';
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
 * Writes an event inside the caller's interactive transaction (the outbox):
 *   1. takes the resource's next sequence number (an upsert that row-locks the counter),
 *   2. inserts the event row,
 *   3. queues one delivery per enabled webhook endpoint of the account and mode subscribed to the type,
 *   4. issues pg_notify for the account's event stream and for the delivery workers.
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
  const [{ seq }] = await tx.$queryRawUnsafe<Array<{ seq: number }>>(
    `INSERT INTO event_sequences (account_id, resource_id, last_sequence) VALUES ($1, $2, 1)
     ON CONFLICT (account_id, resource_id) DO UPDATE SET last_sequence = event_sequences.last_sequence + 1
     RETURNING last_sequence AS seq`,
    e.accountId,
    e.resourceId,
  );
  const sequence = Number(seq);
  const dataJson = JSON.stringify(e.data);
  await tx.$executeRawUnsafe(
    `INSERT INTO events (id, account_id, livemode, type, resource_id, sequence, data, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    id,
    e.accountId,
    e.livemode,
    e.type,
    e.resourceId,
    sequence,
    dataJson,
    createdAt,
  );
  const queued = await queueDeliveries(tx, { id, accountId: e.accountId, livemode: e.livemode, type: e.type, at: createdAt });
  const envelope: RecordedEvent = {
    id,
    type: e.type,
    livemode: e.livemode,
    createdAt: createdAt.toISOString(),
    resourceId: e.resourceId,
    sequence,
    data: JSON.parse(dataJson),
  };
  await notifyInTx(tx, accountEventsTopic(e.accountId, e.livemode ? 'live' : 'test'), { id, type: e.type } satisfies AccountEventNotice);
  if (queued > 0) await notifyInTx(tx, webhooksWakeTopic, 1);
  return envelope;
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
