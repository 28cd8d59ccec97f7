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

  /** Records one batch in one transaction (the unit the group commit sends). */
  async commit(batch: readonly Success[]): Promise<void> {
    if (!batch.length) return;
    await this.prisma.$transaction(async (tx) => {
      // A delivery whose endpoint was deleted mid-attempt is gone; its attempt row would break the
      // foreign key and fail the whole batch, and every other delivery in it would be sent again.
      const live = new Set(
        (
          await tx.$queryRawUnsafe<Array<{ id: string }>>(
            `SELECT id FROM webhook_deliveries WHERE id = ANY($1::text[]) FOR KEY SHARE`,
            batch.map((b) => b.c.id),
          )
        ).map((r) => r.id),
      );
      const rows = batch.filter((b) => live.has(b.c.id));
      if (!rows.length) return;
      await tx.webhookAttempt.createMany({ data: rows.map((b) => attemptRow(b.c, b.r, b.at)) });
      await tx.$executeRawUnsafe(
        `UPDATE webhook_deliveries d
         SET status = 'succeeded', last_status_code = x.code, last_error = NULL, completed_at = x.at, updated_at = x.at
         FROM unnest($1::text[], $2::int[], $3::timestamptz[]) AS x(id, code, at)
         WHERE d.id = x.id AND d.status = 'pending'`,
        rows.map((b) => b.c.id),
        rows.map((b) => b.r.statusCode),
        rows.map((b) => b.at),
      );
      await tx.webhookEndpoint.updateMany({
        where: { id: { in: [...new Set(rows.map((b) => b.c.endpoint_id))] }, failingSince: { not: null } },
        data: { failingSince: null },
      });
    });
  }
}
