import { readByIds } from '../db/by-ids.js';
import { testEndpointsMayBePrivate } from './config.js';
import { lockAccountForKeyChanges, type KeyAuth } from '../accounts/service.js';
import type { Prisma } from '../db/client.js';
import type { WebhookEndpoint as WebhookEndpointRow } from '../db/generated/client.js';
import { type LockedRow, withLockedRow } from '../db/locked-row.js';
import { after, keysetOfId, NEWEST_FIRST, pageOf, type Page } from '../db/keyset.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import type { WebhooksConfig } from './config.js';
import { ApiError, invalidParams, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { plausibleId, EVENT_TYPE_NAMES } from '../events/input.js';
import { eventTypeInfo } from '../events/views.js';
import { MAX_FAILED_REDELIVERIES, type CreateEndpoint, type ListAttempts, type RedeliverFailed, type TriggerEvent, type UpdateEndpoint } from './input.js';
import { holdEvents, notifyInTx, recordEvent, type RecordedEvent } from '../events/outbox.js';
import { webhooksWakeTopic } from '../events/topics.js';
import { failedEventIds, queueResends } from './redeliver-failed.js';
import { cancelPending } from './cancel.js';
import { blockedReason } from './address-policy.js';
import { liveUrlProblem, systemResolver, testUrlProblem, type Resolver } from './sender.js';
import { generateSecret } from './signing.js';
import { attemptView, deliveryView, endpointView, type AttemptView, type DeliveryView, type EndpointView, type FailedRedeliveryView } from './views.js';
import { type DeliveryOutcome, DeliveryWorker } from './worker.js';

export type { DeliveryOutcome };

/** During a rotation the old secret keeps signing alongside the new one for this long. */
const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
const MAX_ENDPOINTS = 16;

const livemodeOf = (auth: KeyAuth) => auth.mode === 'live';
/**
 * An endpoint's row, locked for a change read and written in one transaction; deleted meanwhile, it is NOT_FOUND.
 * NO KEY: deliveries referencing it can still be inserted meanwhile (their foreign key's KEY SHARE lock does not wait).
 */
const lockedEndpoint = (id: string): LockedRow<WebhookEndpointRow> => ({
  table: 'webhook_endpoints',
  id,
  mode: 'NO KEY UPDATE',
  read: (tx) => tx.webhookEndpoint.findUnique({ where: { id } }),
  missing: () => notFound('Webhook endpoint'),
});

/** Webhook endpoints (per account and mode), their attempt log, test triggers, and the delivery worker. */
export interface WebhooksDeps extends Pick<Handles, 'log' | 'clock' | 'prisma'> {
  config: WebhooksConfig & Pick<CoreConfig, 'PUBLIC_URL' | 'NODE_ENV' | 'BRAND'>;
  /** DNS resolution for endpoint URLs, at create/update and at every delivery (default: the system's). */
  resolver?: Resolver;
  /** Kicks the delivery job (src/services.ts wires the job runner); unset, the worker waits for its poll. */
  wakeWorker?(): void;
}

export class WebhooksService {
  readonly worker: DeliveryWorker;
  private readonly prisma: Prisma;
  private resolverRef: { current: Resolver };

  constructor(private readonly deps: WebhooksDeps) {
    const c = deps.config;
    this.prisma = deps.prisma;
    this.resolverRef = { current: deps.resolver ?? systemResolver };
    this.worker = new DeliveryWorker(
      deps.prisma,
      () => deps.wakeWorker?.(),
      deps.clock,
      deps.log,
      {
        timeoutMs: c.WEBHOOK_TIMEOUT_MS,
        concurrency: c.WEBHOOK_CONCURRENCY,
        pollMs: c.WEBHOOK_POLL_MS,
        retryBaseMs: c.WEBHOOK_RETRY_BASE_MS,
        disableAfterMs: c.WEBHOOK_DISABLE_AFTER_MS,
        userAgent: `${c.BRAND}-webhooks/1`,
        testPrivateHosts: testEndpointsMayBePrivate(c),
      },
      this.resolverRef.current,
    );
  }

  /** DNS resolution used at create/update and at every delivery (tests swap it to simulate rebinding). */
  set resolver(r: Resolver) {
    this.resolverRef.current = r;
    this.worker.resolver = r;
  }
  get resolver(): Resolver {
    return this.resolverRef.current;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** Every finished delivery attempt's outcome (metrics: wired in src/services.ts). Observers must not throw. */
  observeDeliveries(observer: (outcome: DeliveryOutcome) => void) {
    this.worker.observe(observer);
  }

  /** The delivery queue's size and how long its oldest due delivery has waited (read at each metrics scrape). */
  queueStats(): Promise<{ pending: number; oldestDueSeconds: number }> {
    return this.worker.queueStats();
  }

  /**
   * Live mode: https only, and the host must resolve only to public addresses (address-policy.ts;
   * checked again at every delivery, on the addresses actually connected to).
   * Test mode: http or https. With WEBHOOK_TEST_PRIVATE_HOSTS on (the default outside production) the
   * local-development rules: an address literal must be public, loopback or RFC 1918 private, and a
   * host name is checked at each delivery (metadata names are refused here); with it off, the public
   * rules of live mode (resolved here too).
   */
  async checkUrl(raw: string, livemode: boolean): Promise<string> {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw invalidParams('url', 'must be an absolute http(s) URL');
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw invalidParams('url', 'must be an http(s) URL');
    if (u.username || u.password) throw invalidParams('url', 'must not carry credentials');
    if (!livemode && testEndpointsMayBePrivate(this.deps.config)) {
      const problem = testUrlProblem(u);
      if (problem) throw invalidParams('url', problem);
      return u.toString();
    }
    // Live mode, and test mode in production: public addresses only (test mode may still use http).
    const problem = liveUrlProblem(u, { requireHttps: livemode });
    if (problem) throw invalidParams('url', problem);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    let addrs: Array<{ address: string }>;
    try {
      addrs = await this.resolver(host);
    } catch {
      throw invalidParams('url', `${host} does not resolve`);
    }
    if (!addrs.length) throw invalidParams('url', `${host} does not resolve`);
    for (const a of addrs) {
      const r = blockedReason(a.address);
      if (r) throw invalidParams('url', `${host} resolves to ${a.address}, which is not a public address (${r})`);
    }
    return u.toString();
  }

  async create(auth: KeyAuth, p: CreateEndpoint): Promise<EndpointView> {
    const livemode = livemodeOf(auth);
    const checked = await this.checkUrl(p.url, livemode);
    const now = new Date(this.now());
    // Count and insert under a lock on the account row, so concurrent creates cannot pass the limit together.
    // NO KEY UPDATE: it serialises these creates without blocking the foreign-key (KEY SHARE) locks that
    // the account's other writes (events, sessions) take on the same row.
    const ep = await this.prisma.$transaction(async (tx) => {
      await lockAccountForKeyChanges(tx, auth.accountId);
      const count = await tx.webhookEndpoint.count({ where: { accountId: auth.accountId, livemode } });
      if (count >= MAX_ENDPOINTS) throw new ApiError('CONFLICT', `At most ${MAX_ENDPOINTS} webhook endpoints per account and mode; delete one first`);
      return tx.webhookEndpoint.create({
        data: {
          id: newId('we'),
          accountId: auth.accountId,
          livemode,
          url: checked,
          description: p.description ?? null,
          enabledEvents: [...new Set(p.enabledEvents)],
          disabled: p.disabled ?? false,
          secret: generateSecret(),
          createdAt: now,
          updatedAt: now,
        },
      });
    });
    return endpointView(ep, this.now(), { withSecret: true });
  }

  private async own(auth: KeyAuth, id: string) {
    if (!plausibleId(id)) throw notFound('Webhook endpoint');
    const ep = await this.prisma.webhookEndpoint.findFirst({ where: { id, accountId: auth.accountId, livemode: livemodeOf(auth) } });
    if (!ep) throw notFound('Webhook endpoint');
    return ep;
  }

  async get(auth: KeyAuth, id: string): Promise<EndpointView> {
    return endpointView(await this.own(auth, id), this.now());
  }

  async list(auth: KeyAuth): Promise<Page<EndpointView>> {
    const rows = await this.prisma.webhookEndpoint.findMany({
      where: { accountId: auth.accountId, livemode: livemodeOf(auth) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    return { object: 'list', data: rows.map((r) => endpointView(r, this.now())), hasMore: false, nextCursor: null };
  }

  async update(auth: KeyAuth, id: string, p: UpdateEndpoint): Promise<EndpointView> {
    const ep = await this.own(auth, id);
    const data: Record<string, unknown> = { updatedAt: new Date(this.now()) };
    if (p.url !== undefined) data.url = await this.checkUrl(p.url, ep.livemode);
    if (p.enabledEvents !== undefined) data.enabledEvents = [...new Set(p.enabledEvents)];
    if (p.description !== undefined) data.description = p.description;
    const updated = await this.prisma.$transaction(async (tx) => {
      // Disabling cancels what is queued, so re-enabling later does not resume a stale backlog
      // (the contract in docs/webhooks.md: re-enable, then redeliver what you missed). The deliveries first, then the
      // endpoint: the order a worker recording an attempt locks them in (src/webhooks/cancel.ts), or the two deadlock.
      if (p.disabled === true && !ep.disabled) await cancelPending(tx, ep.id, new Date(this.now()));
      return withLockedRow(
        this.prisma,
        lockedEndpoint(ep.id),
        async (tx, fresh) => {
          if (p.disabled !== undefined && fresh.disabled !== p.disabled) {
            // Changed the other way since this request read it (the delivery job disabled it: a 410, days of failures;
            // or another request): a change written against the old state must not silently undo that.
            if (fresh.disabled !== ep.disabled)
              throw new ApiError('CONFLICT', `Webhook endpoint ${ep.id} was ${fresh.disabled ? 'disabled' : 'enabled'} while this request ran; read it again`, {
                id: ep.id,
              });
            // Re-enabling starts with a clean slate; a manual disable needs no reason. Asking for the state it is
            // already in changes nothing: the job's reason and the failure clock stay.
            Object.assign(data, { disabled: p.disabled, disabledReason: null }, p.disabled ? {} : { failingSince: null });
          }
          return tx.webhookEndpoint.update({ where: { id: ep.id }, data });
        },
        { outerTx: tx },
      );
    });
    return endpointView(updated, this.now());
  }

  async remove(auth: KeyAuth, id: string) {
    const ep = await this.own(auth, id);
    // Its deliveries go with it (as the foreign key's cascade would take them), first: the lock order of a worker
    // recording an attempt (delivery, then endpoint), so the two cannot deadlock (src/webhooks/cancel.ts).
    await this.prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.deleteMany({ where: { endpointId: ep.id } });
      await tx.webhookEndpoint.delete({ where: { id: ep.id } });
    });
    return { id: ep.id, object: 'webhook_endpoint' as const, deleted: true };
  }

  /** New secret, shown once; the previous one keeps signing too for 24 h so receivers can switch over. */
  async rotateSecret(auth: KeyAuth, id: string): Promise<EndpointView> {
    const ep = await this.own(auth, id);
    const now = this.now();
    // Under the row's lock: two rotations at once each keep the secret the other replaced, one after the other.
    const updated = await withLockedRow(this.prisma, lockedEndpoint(ep.id), (tx, fresh) =>
      tx.webhookEndpoint.update({
        where: { id: ep.id },
        data: {
          secret: generateSecret(),
          previousSecret: fresh.secret,
          previousSecretExpiresAt: new Date(now + ROTATION_OVERLAP_MS),
          updatedAt: new Date(now),
        },
      }),
    );
    return endpointView(updated, now, { withSecret: true });
  }

  async attempts(auth: KeyAuth, endpointId: string, query: ListAttempts): Promise<Page<AttemptView>> {
    const ep = await this.own(auth, endpointId);
    return this.attemptPage({ endpointId: ep.id }, query);
  }

  /**
   * Resend all failed: queues a new delivery to the endpoint for every event whose latest delivery to it failed for
   * good (retries used up or 410 Gone: `failed`; the endpoint disabled while it waited: `canceled`) and that has
   * none pending, oldest first, at most `limit` (default and maximum 1,000); `hasMore` says more remain, which the
   * next call queues (the ones queued now are pending, so they are skipped). The same event id as before goes out,
   * so receivers that dedupe on `webhook-id` stay correct. A disabled endpoint is CONFLICT (enable it first).
   */
  async redeliverFailed(auth: KeyAuth, id: string, { limit = MAX_FAILED_REDELIVERIES }: RedeliverFailed): Promise<FailedRedeliveryView> {
    const ep = await this.own(auth, id);
    const now = new Date(this.now());
    // One resend-all per endpoint at a time: a second one waits on the lock, then (its next statement reading what the
    // first committed) finds the first's deliveries pending and skips them.
    return withLockedRow(this.prisma, lockedEndpoint(ep.id), async (tx, row) => {
      if (row.disabled) throw new ApiError('CONFLICT', 'The webhook endpoint is disabled; enable it first');
      const candidates = await failedEventIds(tx, ep.id, limit + 1);
      // Held against the retention sweep until the deliveries exist; an event it deleted meanwhile is left out.
      const held = await holdEvents(tx, candidates.slice(0, limit), { accountId: ep.accountId, livemode: ep.livemode });
      const queued = await queueResends(tx, ep.id, held, now);
      if (queued > 0) await notifyInTx(tx, webhooksWakeTopic, 1);
      return { object: 'webhook_failed_redelivery' as const, endpointId: ep.id, queued, hasMore: candidates.length > limit };
    });
  }

  /** Attempts newest first; `cursor` is the id of the last attempt of the previous page. */
  async attemptPage(where: { endpointId?: string; eventId?: string }, q: ListAttempts): Promise<Page<AttemptView>> {
    const from = await keysetOfId(q.cursor, (id) => this.prisma.webhookAttempt.findFirst({ where: { ...where, id }, select: { createdAt: true, id: true } }));
    const rows = await this.prisma.webhookAttempt.findMany({ where: { ...where, ...after(from) }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    return pageOf(rows, q.limit, attemptView, (last) => last.id);
  }

  /** Deliveries of one event (oldest first), or the ones with these ids (by id): the events API's delivery log and redeliveries. */
  async deliveriesWhere(where: { eventId: string } | { ids: string[] }): Promise<DeliveryView[]> {
    const rows =
      'eventId' in where
        ? await this.prisma.webhookDelivery.findMany({ where: { eventId: where.eventId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
        : await this.prisma.webhookDelivery.findMany({ where: { id: { in: where.ids } }, orderBy: { id: 'asc' } });
    return rows.map(deliveryView);
  }

  /**
   * How long the oldest delivery due now has waited for the worker, in ms (0 when none is due): the queue's lag,
   * which the status page reads. A delivery in flight is not due (its lease moved `next_at` ahead).
   */
  async oldestDueAgeMs(): Promise<number> {
    const now = this.now();
    const oldest = await this.prisma.webhookDelivery.findFirst({
      where: { status: 'pending', nextAttemptAt: { lte: new Date(now) } },
      orderBy: { nextAttemptAt: 'asc' },
      select: { nextAttemptAt: true },
    });
    return oldest ? Math.max(0, now - oldest.nextAttemptAt.getTime()) : 0;
  }

  /**
   * Sends a realistic sample event of `type` (test keys only): it is recorded like any event, so it
   * reaches every subscribed test endpoint, the events API and `listen`.
   */
  async trigger(auth: KeyAuth, { type }: TriggerEvent): Promise<RecordedEvent> {
    if (auth.mode !== 'test') throw new ApiError('FORBIDDEN', 'Triggering sample events needs a test key; live events come only from real activity');
    const info = eventTypeInfo(type);
    if (!info) throw invalidParams('type', `unknown event type; one of ${EVENT_TYPE_NAMES.join(', ')}`);
    const now = new Date(this.now());
    const sample = info.sample({ publicUrl: this.deps.config.PUBLIC_URL, now });
    return this.prisma.$transaction((tx) =>
      recordEvent(tx, { accountId: auth.accountId, livemode: false, type, resourceId: sample.resourceId, data: sample.data, createdAt: now }),
    );
  }

  /** Endpoints by id of the key's account and mode, without secrets (GraphQL references); null for any other id. */
  async getMany(auth: KeyAuth, ids: readonly string[]): Promise<(EndpointView | null)[]> {
    return readByIds(
      ids,
      plausibleId,
      (valid) => this.prisma.webhookEndpoint.findMany({ where: { id: { in: valid }, accountId: auth.accountId, livemode: livemodeOf(auth) } }),
      (r) => r.id,
      (r) => endpointView(r, this.now()),
    );
  }

  /** Deliveries by id to endpoints of the key's account and mode (GraphQL references); null for any other id. */
  async deliveriesByIds(auth: KeyAuth, ids: readonly string[]): Promise<(DeliveryView | null)[]> {
    return readByIds(
      ids,
      plausibleId,
      (valid) => this.prisma.webhookDelivery.findMany({ where: { id: { in: valid }, endpoint: { accountId: auth.accountId, livemode: livemodeOf(auth) } } }),
      (r) => r.id,
      deliveryView,
    );
  }
}
