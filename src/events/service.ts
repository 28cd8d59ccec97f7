import { readByIds } from '../db/by-ids.js';
import type { KeyAuth } from '../accounts/service.js';
import type { Prisma } from '../db/client.js';
import { after, keysetOfId, NEWEST_FIRST, pageOf, type Page } from '../db/keyset.js';
import type { Handles } from '../handles.js';
import { ApiError, notFound } from '../errors.js';
import { type ListEvents, plausibleId, type Redeliver } from './input.js';
import { eventEnvelope } from './views.js';
import { notifyInTx, type RecordedEvent } from './outbox.js';
import { eventTypeFilter } from './patterns.js';
import { webhooksWakeTopic } from './topics.js';
import { queueRedelivery } from '../webhooks/outbox.js';
import type { ListAttempts } from '../webhooks/input.js';
import type { AttemptView, DeliveryView } from '../webhooks/views.js';

export interface EventsDeps extends Pick<Handles, 'prisma' | 'clock'> {
  /** An event's delivery attempts are webhook attempts, paged by the webhooks domain. */
  webhooks: EventDeliveries;
}

/** Event rows by id, any account (the webhook worker reads the events it delivers). */
/**
 * What the events API asks of the webhooks domain (WebhooksService answers it). A port rather than an import of that
 * service, which imports this file (its delivery worker reads events by id).
 */
interface EventDeliveries {
  attemptPage(where: { eventId: string }, q: ListAttempts): Promise<Page<AttemptView>>;
  deliveriesWhere(where: { eventId: string } | { ids: string[] }): Promise<DeliveryView[]>;
}

/** Events API (Stripe-like): list newest first with a cursor, get one, its delivery log, redeliver. */
export class EventsService {
  private readonly prisma: Prisma;

  constructor(private readonly deps: EventsDeps) {
    this.prisma = deps.prisma;
  }
  private scope(auth: KeyAuth) {
    return { accountId: auth.accountId, livemode: auth.mode === 'live' };
  }

  /** `type` filters exactly, or by prefix with `checkout.session.*`; `cursor` is the last id of the previous page. */
  async list(auth: KeyAuth, q: ListEvents): Promise<Page<RecordedEvent>> {
    const type = q.type ? eventTypeFilter(q.type) : undefined;
    const from = await keysetOfId(q.cursor, (id) => this.prisma.event.findFirst({ where: { ...this.scope(auth), id }, select: { createdAt: true, id: true } }));
    const rows = await this.prisma.event.findMany({
      where: { ...this.scope(auth), ...(type !== undefined ? { type } : {}), ...after(from) },
      orderBy: NEWEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, eventEnvelope, (last) => last.id);
  }

  private async own(auth: KeyAuth, id: string) {
    if (!plausibleId(id)) throw notFound('Event');
    const e = await this.prisma.event.findFirst({ where: { id, ...this.scope(auth) } });
    if (!e) throw notFound('Event');
    return e;
  }

  async get(auth: KeyAuth, id: string): Promise<RecordedEvent> {
    return eventEnvelope(await this.own(auth, id));
  }

  async deliveries(auth: KeyAuth, id: string): Promise<DeliveryView[]> {
    const e = await this.own(auth, id);
    return this.deps.webhooks.deliveriesWhere({ eventId: e.id });
  }

  async attempts(auth: KeyAuth, id: string, query: ListAttempts): Promise<Page<AttemptView>> {
    const e = await this.own(auth, id);
    return this.deps.webhooks.attemptPage({ eventId: e.id }, query);
  }

  /**
   * Sends the event again: to one endpoint of the same account and mode (`endpointId`), or to every
   * enabled endpoint subscribed to its type. Each re-send is a new delivery with the usual retries.
   */
  async redeliver(auth: KeyAuth, id: string, { endpointId }: Redeliver): Promise<{ object: 'list'; data: DeliveryView[] }> {
    const e = await this.own(auth, id);
    const now = new Date(this.deps.clock.now());
    const ids = await this.prisma.$transaction(async (tx) => {
      // Holds the event against the retention sweep (which skips locked events) until the deliveries exist;
      // if the sweep got it first, it is gone: NOT_FOUND rather than a foreign-key failure.
      const held = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM events WHERE id = ${e.id} FOR KEY SHARE`;
      if (!held.length) throw notFound('Event');
      if (endpointId && !plausibleId(endpointId)) throw notFound('Webhook endpoint');
      const ids = await queueRedelivery(tx, { id: e.id, accountId: e.accountId, livemode: e.livemode, type: e.type, at: now }, endpointId);
      if (ids === null) throw notFound('Webhook endpoint');
      if (ids === 'disabled') throw new ApiError('CONFLICT', 'The webhook endpoint is disabled; enable it first');
      if (ids.length) await notifyInTx(tx, webhooksWakeTopic, 1);
      return ids;
    });
    return { object: 'list', data: await this.deps.webhooks.deliveriesWhere({ ids }) };
  }

  /** Events by id of the key's account and mode (GraphQL references, one query per batch); null for any other id. */
  async getMany(auth: KeyAuth, ids: readonly string[]): Promise<(RecordedEvent | null)[]> {
    return readByIds(
      ids,
      plausibleId,
      (valid) => this.prisma.event.findMany({ where: { id: { in: valid }, ...this.scope(auth) } }),
      (r) => r.id,
      eventEnvelope,
    );
  }
}
