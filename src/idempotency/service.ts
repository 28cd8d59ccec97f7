import type { Handles } from '../handles.js';
import type { IdempotencyConfig } from './config.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import { conflictMessage, decide, KEY_TTL_MS, type ConflictReason, type IdempotentRequest } from './decision.js';

/** A response as stored and replayed: REST sends it as is; GraphQL keeps its resolver's result in `body`. */
export interface StoredResponse {
  status: number;
  /** Headers that belong to the answer (content-type, a route's own headers); never x-request-id. */
  headers: Record<string, string>;
  body: string;
}

export interface IdempotentOutcome {
  response: StoredResponse;
  /** True when this is the stored answer of an earlier request. */
  replayed: boolean;
  /** The request that ran it (this one when not replayed). */
  originalRequestId: string;
}

/** How often a waiting request looks at a key held by another instance (one held here wakes it at once). */
const POLL_MS = 100;

type Deps = Pick<Handles, 'prisma' | 'clock' | 'log'> & { config: Pick<IdempotencyConfig, 'IDEMPOTENCY_WAIT_MS'> };

/**
 * Idempotency keys, Stripe's way: the first request with a key runs and its response is stored for 24 hours;
 * a retry with the same key and parameters gets that response again without running; the same key with another
 * operation or other parameters is CONFLICT. The row is inserted `in_progress` before the request runs (the
 * unique (scope, key) decides who runs), so concurrent duplicates wait for the first (up to IDEMPOTENCY_WAIT_MS,
 * then CONFLICT) and a duplicate of a request whose process died mid-way is refused until the key expires:
 * nothing runs twice. REST (src/http/server.ts, `idempotent: true` routes) and GraphQL (`idempotent()` in
 * src/graphql/idempotency.ts) both come through `run`.
 */
export class IdempotencyService {
  /** Keys running in this process, so a local duplicate wakes as soon as the first finishes. */
  private running = new Map<string, Promise<void>>();

  constructor(private deps: Deps) {}

  /**
   * Runs `execute` once per (scope, key) and stores what it answered, or answers as the stored request did.
   * `execute` must turn every outcome, errors included, into a response (those are stored: see docs/idempotency.md,
   * Idempotency); if it throws, the key stays locked until it expires, since the work may have been done.
   * Throws CONFLICT (not stored) for a key used differently or still in progress after the wait; `field` is how
   * the client sent the key, for the message.
   */
  async run(req: IdempotentRequest, field: string, execute: () => Promise<StoredResponse>): Promise<IdempotentOutcome> {
    const deadline = performance.now() + this.deps.config.IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const now = this.deps.clock.now();
      const id = newId('idk');
      if (await this.claim(req, id, now)) return this.execute(req, id, execute);
      const row = await this.deps.prisma.idempotencyKey.findUnique({ where: { scope_key: { scope: req.scope, key: req.key } } });
      if (!row) continue; // expired and dropped in between: claim again
      const d = decide({ ...row, state: row.state as 'in_progress' | 'completed' }, req, now);
      switch (d.kind) {
        case 'expired':
          // Only that row (by id): a fresh one another request put in its place stays.
          await this.deps.prisma.idempotencyKey.deleteMany({ where: { id: row.id, expiresAt: { lte: new Date(now) } } });
          continue;
        case 'conflict':
          throw conflict(d.reason, field, row.operation);
        case 'replay':
          return {
            response: { status: row.responseStatus!, headers: (row.responseHeaders ?? {}) as Record<string, string>, body: row.responseBody ?? '' },
            replayed: true,
            originalRequestId: row.requestId,
          };
        case 'wait': {
          const left = deadline - performance.now();
          if (left <= 0) throw conflict('in_progress', field, row.operation, row.expiresAt);
          await this.pause(req, left);
        }
      }
    }
  }

  /** Deletes rows past their 24 hours, in batches (the sweep job; expired rows are ignored before that). */
  async deleteExpired(limit = 1000): Promise<number> {
    const now = new Date(this.deps.clock.now());
    let total = 0;
    for (;;) {
      const rows = await this.deps.prisma.idempotencyKey.findMany({ where: { expiresAt: { lte: now } }, select: { id: true }, take: limit });
      if (!rows.length) return total;
      const { count } = await this.deps.prisma.idempotencyKey.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, expiresAt: { lte: now } } });
      total += count;
      if (rows.length < limit) return total;
    }
  }

  /** Inserts the `in_progress` row; false when (scope, key) is already taken (ON CONFLICT DO NOTHING). */
  private async claim(req: IdempotentRequest, id: string, now: number): Promise<boolean> {
    const { count } = await this.deps.prisma.idempotencyKey.createMany({
      data: [
        {
          id,
          scope: req.scope,
          key: req.key,
          operation: req.operation,
          fingerprint: req.fingerprint,
          state: 'in_progress',
          requestId: req.requestId,
          createdAt: new Date(now),
          expiresAt: new Date(now + KEY_TTL_MS),
        },
      ],
      skipDuplicates: true,
    });
    return count === 1;
  }

  private async execute(req: IdempotentRequest, id: string, execute: () => Promise<StoredResponse>): Promise<IdempotentOutcome> {
    let done!: () => void;
    const local = localKey(req);
    const mine = new Promise<void>((r) => (done = r));
    this.running.set(local, mine);
    try {
      let response: StoredResponse;
      try {
        response = await execute();
      } catch (err) {
        this.deps.log.error(
          { err, requestId: req.requestId, operation: req.operation },
          'idempotent request failed without a response; its key stays locked until it expires',
        );
        throw err;
      }
      try {
        // By id and state: a late finish never overwrites a row that expired and was taken by a new request.
        await this.deps.prisma.idempotencyKey.updateMany({
          where: { id, state: 'in_progress' },
          data: {
            state: 'completed',
            responseStatus: response.status,
            responseHeaders: response.headers,
            responseBody: response.body,
            completedAt: new Date(this.deps.clock.now()),
          },
        });
      } catch (err) {
        // The client still gets its answer; retries get CONFLICT until the key expires (never a second run).
        this.deps.log.error(
          { err, requestId: req.requestId, operation: req.operation },
          'could not store an idempotent response; its key stays locked until it expires',
        );
      }
      return { response, replayed: false, originalRequestId: req.requestId };
    } finally {
      if (this.running.get(local) === mine) this.running.delete(local);
      done();
    }
  }

  /**
   * Waits for the request holding the key: when it runs in this process, until it finishes (at most `left` ms),
   * without touching the database; otherwise one poll interval.
   */
  private async pause(req: IdempotentRequest, left: number) {
    const local = this.running.get(localKey(req));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([local, new Promise<void>((r) => (timer = setTimeout(r, local ? left : Math.min(POLL_MS, left))))]);
    clearTimeout(timer);
  }
}

const localKey = (req: IdempotentRequest) => `${req.scope}\n${req.key}`;

function conflict(reason: ConflictReason, field: string, storedOperation: string, lockedUntil?: Date) {
  return new ApiError('CONFLICT', conflictMessage(reason, field, storedOperation, lockedUntil), { field, reason: `idempotency_${reason}` });
}
