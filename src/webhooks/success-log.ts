import type { Prisma } from '../db/client.js';
import { newId } from '../ids.js';
import type { SendResult } from './sender.js';

/** What recording one attempt needs of its claimed delivery. */
export interface AttemptOf {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
}

export interface Success {
  c: AttemptOf;
  r: SendResult;
  at: Date;
}

/** The attempt-log row of one HTTP attempt. */
export function attemptRow(c: AttemptOf, r: SendResult, at: Date) {
  return {
    id: newId('wha'),
    deliveryId: c.id,
    eventId: c.event_id,
    endpointId: c.endpoint_id,
    attempt: c.attempts,
    url: c.url,
    success: r.ok,
    statusCode: r.statusCode,
    latencyMs: r.latencyMs,
    responseBody: r.responseBody,
    error: r.error,
    createdAt: at,
  };
}

/**
 * Successful attempts, group-committed: while one transaction records a batch, new results queue up and
 * the next transaction takes them all. Each caller resolves only once its row is committed.
 */
export class SuccessLog {
  private queue: Array<Success & { done: (err?: unknown) => void }> = [];
  private flushing?: Promise<void>;

  constructor(private prisma: Prisma) {}

  record(s: Success): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ ...s, done: (err) => (err ? reject(err) : resolve()) });
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
    });
  }

  private async flush() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500);
      try {
        await this.commit(batch);
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.done(err);
      }
    }
  }

  /**
   * Records one batch in one statement (the unit the group commit sends; one statement is one round trip and
   * commits or fails as a whole): the attempt rows, the deliveries marked succeeded, their endpoints no longer
   * failing. A delivery whose endpoint was deleted mid-attempt is gone; its attempt row would break the foreign key
   * and fail the whole batch (and every other delivery in it would be sent again), so only deliveries still there,
   * held FOR KEY SHARE until the statement commits, are recorded.
   */
  async commit(batch: readonly Success[]): Promise<void> {
    if (!batch.length) return;
    const rows = batch.map((b) => attemptRow(b.c, b.r, b.at));
    await this.prisma.$executeRawUnsafe(
      `WITH x AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::boolean[], $8::int[], $9::int[], $10::text[], $11::text[], $12::timestamptz[])
           AS x(id, delivery_id, event_id, endpoint_id, attempt, url, success, status_code, latency_ms, response_body, error, at)
       ),
       live AS (SELECT id, endpoint_id FROM webhook_deliveries WHERE id IN (SELECT delivery_id FROM x) FOR KEY SHARE),
       attempts AS (
         INSERT INTO webhook_attempts (id, delivery_id, event_id, endpoint_id, attempt, url, success, status_code, latency_ms, response_body, error, created_at)
         SELECT x.id, x.delivery_id, x.event_id, x.endpoint_id, x.attempt, x.url, x.success, x.status_code, x.latency_ms, x.response_body, x.error, x.at
         FROM x JOIN live ON live.id = x.delivery_id
       ),
       succeeded AS (
         UPDATE webhook_deliveries d
         SET status = 'succeeded', last_status_code = x.status_code, last_error = NULL, completed_at = x.at, updated_at = x.at
         FROM x JOIN live ON live.id = x.delivery_id
         WHERE d.id = x.delivery_id AND d.status = 'pending'
       )
       UPDATE webhook_endpoints SET failing_since = NULL
       WHERE id IN (SELECT endpoint_id FROM live) AND failing_since IS NOT NULL`,
      rows.map((r) => r.id),
      rows.map((r) => r.deliveryId),
      rows.map((r) => r.eventId),
      rows.map((r) => r.endpointId),
      rows.map((r) => r.attempt),
      rows.map((r) => r.url),
      rows.map((r) => r.success),
      rows.map((r) => r.statusCode),
      rows.map((r) => r.latencyMs),
      rows.map((r) => r.responseBody),
      rows.map((r) => r.error),
      rows.map((r) => r.createdAt),
    );
  }
}
