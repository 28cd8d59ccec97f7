import type { CoreConfig } from '../core-config.js';
import type { RawSql } from '../db/client.js';
import { after, decodeCursor, encodeCursor, NEWEST_FIRST, type Page, pageOf } from '../db/keyset.js';
import { notFound } from '../errors.js';
import type { Handles } from '../handles.js';
import { newId } from '../ids.js';
import type { KeyAuth } from '../accounts/service.js';
import { WriteBuffer } from './buffer.js';
import type { RequestLogsConfig } from './config.js';
import { logWhere, usageDays } from './filters.js';
import { type ListRequestLogs, REQUEST_LOG_ID, type UsageQuery } from './input.js';
import { utcDay } from './rollup.js';
import { deleteLogsBefore, deleteUsageBefore, type LogRow, writeBatch } from './store.js';
import { type RequestLogView, requestLogView, type UsageView, usageView } from './views.js';

/**
 * What a transport hands over when a request of an account has been answered (src/http/). Only these facts are
 * kept: never a body, a query string or a header other than the User-Agent.
 */
export interface RequestLogEntry {
  accountId: string;
  mode: KeyAuth['mode'];
  /** The API key id or dashboard session id that authenticated the request. */
  credentialId: string | null;
  method: string;
  /** REST route template (`/v1/invoices/:id`) or `graphql:<OperationName>` / `graphql`. */
  route: string;
  status: number;
  latencyMs: number;
  requestId: string;
  clientIp: string | null;
  userAgent: string | null | undefined;
  errorCode: string | null | undefined;
}

/** The account and mode a read is scoped to (an API key's or a dashboard session's). */
type Scope = Pick<KeyAuth, 'accountId' | 'mode'>;

/** Entries per insert statement; a full batch is written at once. */
const BATCH = 500;
/** The most usage rows one query answers (400 days × 25 route/status pairs); beyond it `hasMore` says to narrow the range. */
const MAX_USAGE_ROWS = 10_000;
const DAY_MS = 86_400_000;

const clip = (s: string | null | undefined, max: number): string | null => (s ? (s.length > max ? s.slice(0, max) : s).replaceAll('\u0000', '') : null);

export interface UsagePage {
  object: 'list';
  from: string;
  to: string;
  data: UsageView[];
  /** More rows than one answer holds: ask for a shorter range. */
  hasMore: boolean;
}

/**
 * The request log of every account's API requests and their daily usage roll-up. `record` is what the transports
 * call, synchronously, once per answered request: it only appends to a bounded buffer, written in batches
 * (src/request-logs/buffer.ts, store.ts) every REQUEST_LOG_FLUSH_MS or when a batch is full. Reads are scoped to
 * one account and mode.
 */
export class RequestLogsService {
  private readonly buffer: WriteBuffer<Omit<LogRow, 'id'>>;

  constructor(
    private readonly deps: Pick<Handles, 'prisma' | 'clock' | 'log'> & {
      sql: RawSql;
      config: RequestLogsConfig & Pick<CoreConfig, 'DOCS_URL'>;
    },
  ) {
    const { config, log, sql } = deps;
    this.buffer = new WriteBuffer({
      max: config.REQUEST_LOG_BUFFER_MAX,
      flushAt: BATCH,
      intervalMs: config.REQUEST_LOG_FLUSH_MS,
      write: (batch) =>
        writeBatch(
          sql,
          batch.map((r) => ({ ...r, id: newId('rl', 96) })),
        ),
      warn: ({ err, ...counts }) =>
        log.warn(
          { err, ...counts },
          counts.dropped ? 'request log: buffer full, oldest entries dropped' : 'request log: write failed; entries kept for a retry',
        ),
    });
  }

  get enabled(): boolean {
    return this.deps.config.REQUEST_LOG_ENABLED;
  }

  /** Records one answered request (never throws, never waits): appended to the buffer, written later. */
  record(e: RequestLogEntry): void {
    if (!this.deps.config.REQUEST_LOG_ENABLED) return;
    const latencyMs = Math.round(e.latencyMs * 10) / 10;
    this.buffer.push({
      accountId: e.accountId,
      livemode: e.mode === 'live',
      at: Math.round(this.deps.clock.now() - latencyMs),
      method: clip(e.method, 16) ?? 'GET',
      route: clip(e.route, 200) ?? '',
      status: e.status,
      latencyMs,
      requestId: clip(e.requestId, 200) ?? '',
      credentialId: clip(e.credentialId, 100),
      clientIp: clip(e.clientIp, 64),
      userAgent: clip(e.userAgent, 256),
      errorCode: clip(e.errorCode, 64),
    });
  }

  /** Writes what is buffered now (tests, and before reading one's own writes). */
  flush(): Promise<void> {
    return this.buffer.flush();
  }

  /** Buffer counters: entries waiting, written and dropped since start. */
  stats(): { pending: number; written: number; dropped: number } {
    return { pending: this.buffer.pending, written: this.buffer.written, dropped: this.buffer.droppedTotal };
  }

  /** Stops recording and writes what is left (at shutdown, after the HTTP server closed). */
  close(): Promise<void> {
    return this.buffer.close();
  }

  /** Search, newest first; `cursor` is the previous page's `nextCursor`. */
  async list(scope: Scope, q: ListRequestLogs): Promise<Page<RequestLogView>> {
    const where = logWhere({ accountId: scope.accountId, livemode: scope.mode === 'live' }, q);
    const from = q.cursor ? decodeCursor(q.cursor, (id) => REQUEST_LOG_ID.test(id)) : null;
    const rows = await this.deps.prisma.requestLog.findMany({ where: { AND: [where, after(from)] }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    return pageOf(rows, q.limit, (r) => requestLogView(r, this.deps.config.DOCS_URL), encodeCursor);
  }

  /** The `list` cursor that resumes right after `v` (GraphQL gives every edge its own cursor). */
  listCursor(v: Pick<RequestLogView, 'createdAt' | 'id'>): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** One entry of the account and mode; NOT_FOUND for any other id. */
  async get(scope: Scope, id: string): Promise<RequestLogView> {
    if (!REQUEST_LOG_ID.test(id)) throw notFound('Request log entry');
    const r = await this.deps.prisma.requestLog.findFirst({ where: { id, accountId: scope.accountId, livemode: scope.mode === 'live' } });
    if (!r) throw notFound('Request log entry');
    return requestLogView(r, this.deps.config.DOCS_URL);
  }

  /** Requests per UTC day, route and status over a range of days (newest day first). */
  async usage(scope: Scope, q: UsageQuery): Promise<UsagePage> {
    const { from, to } = usageDays(q, this.deps.clock.now());
    const rows = await this.deps.prisma.usageDaily.findMany({
      where: {
        accountId: scope.accountId,
        livemode: scope.mode === 'live',
        day: { gte: new Date(`${from}T00:00:00.000Z`), lte: new Date(`${to}T00:00:00.000Z`) },
      },
      orderBy: [{ day: 'desc' }, { route: 'asc' }, { status: 'asc' }],
      take: MAX_USAGE_ROWS + 1,
    });
    return { object: 'list', from, to, data: rows.slice(0, MAX_USAGE_ROWS).map(usageView), hasMore: rows.length > MAX_USAGE_ROWS };
  }

  /** Deletes entries past REQUEST_LOG_RETENTION_DAYS and usage rows past USAGE_RETENTION_DAYS (batched). */
  async deleteExpired(signal?: AbortSignal): Promise<{ logs: number; usage: number }> {
    const now = this.deps.clock.now();
    const { REQUEST_LOG_RETENTION_DAYS, USAGE_RETENTION_DAYS } = this.deps.config;
    const logs = await deleteLogsBefore(this.deps.sql, new Date(now - REQUEST_LOG_RETENTION_DAYS * DAY_MS), signal);
    const usage = await deleteUsageBefore(this.deps.sql, utcDay(now - USAGE_RETENTION_DAYS * DAY_MS), signal);
    return { logs, usage };
  }
}
