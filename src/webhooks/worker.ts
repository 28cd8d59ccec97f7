import type { Prisma } from '../db/client.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { Job } from '../jobs/runner.js';
import { eventEnvelope } from '../events/views.js';
import { recordEvent, sqlEventsAs, type TransactionClient } from '../events/outbox.js';
import { retryDelayMs } from './schedule.js';
import { sendWebhook, type Resolver, type SendResult } from './sender.js';
import { signDelivery } from './signing.js';
import { endpointView } from './views.js';
import { cancelPending } from './cancel.js';
import { SuccessLog, attemptRow } from './success-log.js';
import { inSpan } from '../trace.js';

/**
 * How one delivery attempt ended, for observers (metrics): `delivered` (2xx), `retrying` (failed, another attempt is
 * scheduled), `failed` (failed for good: out of attempts, or 410 Gone), `canceled` (its endpoint was disabled).
 */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'canceled';

export interface WorkerSettings {
  timeoutMs: number;
  concurrency: number;
  pollMs: number;
  retryBaseMs: number;
  disableAfterMs: number;
  userAgent: string;
  /** Test endpoints may reach loopback/private hosts (else they follow the public-address rules). */
  testPrivateHosts: boolean;
}

/** The event's fields a delivery sends. */
interface EventColumns {
  type: string;
  livemode: boolean;
  created_at: Date;
  resource_id: string;
  sequence: number;
  data: unknown;
}

/** A claimed delivery with what sending it needs (one statement per batch, no per-row lookups). */
interface Claimed extends EventColumns {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  disabled: boolean;
  endpoint_livemode: boolean;
}

export const WEBHOOKS_DELIVER_JOB = 'webhooks.deliver';

/** Extra time past the attempt timeout before an in-flight delivery counts as abandoned (crashed worker). */
const LEASE_MARGIN_MS = 5000;
/** Claimed deliveries not yet recorded, per concurrency slot (those in flight included). */
const UNRECORDED_PER_SLOT = 4;

/**
 * The delivery queue worker. Deliveries are rows of `webhook_deliveries`; a worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` (so instances never claim the same row) and in the same statement moves
 * `next_attempt_at` to a lease expiry. If the process dies mid-attempt the lease runs out and any
 * instance picks the row up again: delivery is at-least-once, receivers dedupe on `webhook-id`.
 *
 * It is a job like the others: a run is one pass over the queue, kicked by NOTIFY (sent in the transaction that
 * queued deliveries; the composition root subscribes) and by finished deliveries, with a poll as a fallback. A
 * database error fails the pass; the job runner logs it and runs again after `pollMs`, which is how the worker
 * rides out a lost connection.
 */
export class DeliveryWorker {
  /** DNS resolution for deliveries; replaceable (e.g. to simulate DNS rebinding in tests). */
  resolver: Resolver;
  /** Attempts whose HTTP request is under way (the `concurrency` slots). */
  private inflight = new Set<Promise<void>>();
  /** Claimed deliveries not yet recorded (in flight, or answered and being recorded): bounded, see run(). */
  private unrecorded = new Set<Promise<void>>();
  private successes: SuccessLog;
  private observers: Array<(outcome: DeliveryOutcome) => void> = [];

  constructor(
    private prisma: Prisma,
    /** Kicks this worker's job (src/services.ts: the job runner). */
    private wake: () => void,
    private clock: Clock,
    private log: Logger,
    private s: WorkerSettings,
    resolver: Resolver,
  ) {
    this.resolver = resolver;
    this.successes = new SuccessLog(prisma);
  }

  job(): Job {
    return { name: WEBHOOKS_DELIVER_JOB, intervalMs: this.s.pollMs, run: (signal) => this.run(signal), drain: () => this.drain() };
  }

  /** Completed passes over the queue in this process: a caller that pokes can wait for the next one to finish. */
  passes = 0;

  /** Number of attempts in flight in this process (for tests and the benchmark). */
  get busy() {
    return this.inflight.size;
  }

  /** Every finished attempt's outcome (a shutdown's handed-back attempt is none). Observers must not throw. */
  observe(observer: (outcome: DeliveryOutcome) => void) {
    this.observers.push(observer);
  }

  private report(outcome: DeliveryOutcome | undefined) {
    if (!outcome) return;
    for (const o of this.observers) {
      try {
        o(outcome);
      } catch (err) {
        this.log.warn({ err }, 'webhook delivery observer failed');
      }
    }
  }

  /** Asks for a pass now (the job runner remembers a poke that arrives mid-pass and runs again right after). */
  poke() {
    this.wake();
  }

  /**
   * One pass: claims as many due deliveries as there are free slots and starts them (they finish on their own and
   * poke). Again at once when the batch was full (more may be due), else after `pollMs` or the next poke.
   */
  async run(signal: AbortSignal): Promise<number> {
    // Answered attempts wait for a group commit of their records (success-log.ts); at most UNRECORDED_PER_SLOT
    // per slot may, so a slow database holds claims back instead of letting leases run out while they wait.
    const free = Math.min(this.s.concurrency - this.inflight.size, this.s.concurrency * UNRECORDED_PER_SLOT - this.unrecorded.size);
    let full = false;
    if (free > 0 && !signal.aborted) {
      const batch = await this.claim(free);
      for (const c of batch) this.launch(c, signal);
      full = batch.length === free;
    }
    this.passes++;
    return full ? 0 : this.s.pollMs;
  }

  /** Waits for the deliveries in flight and their records (the job runner's stop). */
  async drain(): Promise<void> {
    while (this.unrecorded.size) await Promise.allSettled([...this.unrecorded]);
  }

  private launch(c: Claimed, signal: AbortSignal) {
    // A span per attempt (when tracing is on): the POST to the endpoint and the writes that record it nest in it.
    const attributes = () => ({
      'webhook.delivery_id': c.id,
      'webhook.endpoint_id': c.endpoint_id,
      'webhook.event_type': c.type,
      'webhook.attempt': c.attempts,
    });
    // The slot is the HTTP attempt: it is freed (and the next due delivery claimed) as soon as the receiver has
    // answered, while the answer is recorded; the row stays leased until that record commits.
    const freeSlot = () => {
      if (this.inflight.delete(p)) this.poke();
    };
    const p: Promise<void> = inSpan('webhook attempt', attributes, (span) =>
      this.deliver(c, signal, freeSlot).then((outcome) => {
        span?.setAttribute('webhook.outcome', outcome ?? 'handed_back');
        this.report(outcome);
      }),
    )
      .catch((err) => this.log.error({ err, delivery: c.id }, 'webhook delivery could not be recorded; it is retried when its lease expires'))
      .finally(() => {
        this.unrecorded.delete(p);
        this.inflight.delete(p);
        // The slot (if the attempt ended before an answer), or claims held back by the bound on unrecorded attempts, may go on.
        this.poke();
      });
    this.inflight.add(p);
    this.unrecorded.add(p);
  }

  /**
   * Claims up to `limit` due deliveries, in one statement with what sending them needs (the endpoint, the event): the
   * rows are leased (`next_attempt_at` moved to the lease expiry) and their attempt counted as they are read.
   */
  async claim(limit: number): Promise<Claimed[]> {
    const now = this.clock.now();
    return this.prisma.$queryRawUnsafe<Claimed[]>(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE webhook_deliveries d
       SET attempts = d.attempts + 1, next_attempt_at = $3, updated_at = $1
       FROM due, webhook_endpoints w, ${sqlEventsAs('e')}
       WHERE d.id = due.id AND w.id = d.endpoint_id AND e.id = d.event_id
       RETURNING d.id, d.event_id, d.endpoint_id, d.attempts,
                 w.url, w.secret, w.previous_secret, w.previous_secret_expires_at, w.disabled, w.livemode AS endpoint_livemode,
                 e.type, e.livemode, e.created_at, e.resource_id, e.sequence, e.data`,
      new Date(now),
      limit,
      new Date(now + this.s.timeoutMs + LEASE_MARGIN_MS),
    );
  }

  private async deliver(c: Claimed, signal: AbortSignal, freeSlot: () => void): Promise<DeliveryOutcome | undefined> {
    if (c.disabled) {
      await this.prisma.webhookDelivery.updateMany({
        where: { id: c.id, status: 'pending', attempts: c.attempts },
        data: {
          status: 'canceled',
          attempts: c.attempts - 1,
          lastError: 'endpoint disabled',
          completedAt: new Date(this.clock.now()),
          updatedAt: new Date(this.clock.now()),
        },
      });
      return 'canceled';
    }
    const body = JSON.stringify(
      eventEnvelope({
        id: c.event_id,
        type: c.type,
        livemode: c.livemode,
        createdAt: new Date(c.created_at),
        resourceId: c.resource_id,
        sequence: c.sequence,
        data: c.data as never,
      }),
    );
    const secrets = [c.secret];
    if (c.previous_secret && c.previous_secret_expires_at && new Date(c.previous_secret_expires_at).getTime() > this.clock.now())
      secrets.push(c.previous_secret);
    // The signature timestamp is wall-clock time: receivers compare it with their own clock.
    const headers = signDelivery(c.event_id, body, secrets, new Date());
    const result = await sendWebhook({
      url: c.url,
      body,
      headers: { ...headers },
      // Live rules if either side is live (they always match; this only makes a mismatch fail safe).
      livemode: c.livemode || c.endpoint_livemode,
      publicOnly: !this.s.testPrivateHosts,
      timeoutMs: this.s.timeoutMs,
      resolver: this.resolver,
      userAgent: this.s.userAgent,
      signal,
    });
    freeSlot();
    if (signal.aborted && !result.ok && result.statusCode === null) {
      // Shutting down mid-attempt: hand the row back untouched so another instance (or the restart) sends it.
      await this.prisma.webhookDelivery
        .updateMany({
          where: { id: c.id, status: 'pending', attempts: c.attempts },
          data: { attempts: c.attempts - 1, nextAttemptAt: new Date(this.clock.now()) },
        })
        .catch(() => {});
      return undefined;
    }
    if (!result.ok) return this.recordFailure(c, result);
    await this.successes.record({ c, r: result, at: new Date(this.clock.now()) });
    return 'delivered';
  }

  private async recordFailure(c: Claimed, r: SendResult): Promise<DeliveryOutcome> {
    const now = new Date(this.clock.now());
    return this.prisma.$transaction(async (tx): Promise<DeliveryOutcome> => {
      // Endpoint deleted mid-attempt: nothing left to record against.
      const exists = await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM webhook_deliveries WHERE id = $1 FOR KEY SHARE`, c.id);
      if (!exists.length) return 'canceled';
      await tx.webhookAttempt.create({ data: attemptRow(c, r, now) });
      const gone = r.statusCode === 410;
      const delay = gone ? null : retryDelayMs(c.attempts, this.s.retryBaseMs);
      const error = r.error ?? `HTTP ${r.statusCode}`;
      await tx.webhookDelivery.updateMany({
        where: { id: c.id, status: 'pending', attempts: c.attempts },
        data:
          delay === null
            ? { status: 'failed', lastStatusCode: r.statusCode, lastError: error, completedAt: now, updatedAt: now }
            : { nextAttemptAt: new Date(now.getTime() + delay), lastStatusCode: r.statusCode, lastError: error, updatedAt: now },
      });
      await this.noteEndpointFailure(tx, c.endpoint_id, now, gone);
      return delay === null ? 'failed' : 'retrying';
    });
  }

  /**
   * The queue as a scrape sees it: deliveries waiting (due or not, in flight included), and how long the oldest due
   * one has waited past its due time (0 when none is due: an attempt in flight is leased into the future).
   */
  async queueStats(): Promise<{ pending: number; oldestDueSeconds: number }> {
    const now = this.clock.now();
    const [row] = await this.prisma.$queryRawUnsafe<Array<{ pending: number; oldest_due: Date | null }>>(
      `SELECT count(*)::int AS pending, min(next_attempt_at) FILTER (WHERE next_attempt_at <= $1) AS oldest_due
       FROM webhook_deliveries WHERE status = 'pending'`,
      new Date(now),
    );
    return { pending: row.pending, oldestDueSeconds: row.oldest_due ? Math.max(0, (now - new Date(row.oldest_due).getTime()) / 1000) : 0 };
  }

  /** 410 Gone disables at once; otherwise an endpoint whose attempts all failed for `disableAfterMs` is disabled. */
  private async noteEndpointFailure(tx: TransactionClient, endpointId: string, now: Date, gone: boolean) {
    const rows = await tx.$queryRawUnsafe<Array<{ failing_since: Date; disabled: boolean }>>(
      `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE id = $1 RETURNING failing_since, disabled`,
      endpointId,
      now,
    );
    if (!rows.length || rows[0].disabled) return;
    const failingFor = now.getTime() - new Date(rows[0].failing_since).getTime();
    let reason: string | null = null;
    if (gone) reason = 'the endpoint answered 410 Gone';
    else if (failingFor >= this.s.disableAfterMs) reason = `every attempt failed for ${Math.round(failingFor / 3_600_000)} hours`;
    if (!reason) return;
    const ep = await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { disabled: true, disabledReason: reason, updatedAt: now } });
    // This transaction holds its delivery and the endpoint row: deliveries another worker is recording are skipped.
    await cancelPending(tx, endpointId, now, { skipLocked: true });
    await recordEvent(tx, {
      accountId: ep.accountId,
      livemode: ep.livemode,
      type: 'webhook_endpoint.disabled',
      resourceId: ep.id,
      data: { endpoint: endpointView(ep, now.getTime()), reason },
      createdAt: now,
    });
    this.log.warn({ endpoint: ep.id, reason }, 'webhook endpoint disabled');
  }
}
