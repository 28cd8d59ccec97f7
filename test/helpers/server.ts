import { createHash, randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config.js';
import { createApp } from '../../src/app.js';
import type { Infra } from '../../src/infra.js';
import type { Services } from '../../src/services.js';
import type { Db } from '../../src/db/client.js';
import { createHttpServer } from '../../src/http/server.js';
import type { Clock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { reply, type RouteHandler } from '../../src/rest/router.js';
import { createTestDatabase, type Backend, type TestDatabase } from './db.js';
import { testServiceEnv } from './service-env.js';

export interface TestServer {
  services: Services;
  infra: Infra;
  /** The database behind it, for assertions on rows (raw SQL or Prisma). */
  db: Pick<Db, 'kind' | 'sql' | 'prisma'>;
  config: Config;
  url: string;
  /** `/metrics` on its own port (METRICS_PORT set). */
  metricsUrl?: string;
  /** fetch against the server with JSON helpers. */
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  request(path: string, init?: RequestInit): Promise<TestResponse>;
  /** A test-mode key of a fresh account. */
  createTestKey(): Promise<{ accountId: string; key: string }>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface StartOptions {
  backend?: Backend;
  /** Reuse an existing database (e.g. a second instance on the same Postgres). */
  database?: TestDatabase;
  env?: Record<string, string>;
  clock?: Clock;
  /** Listen on this port instead of an ephemeral one (so PUBLIC_URL can name the server itself: links in emails). */
  port?: number;
}

/** A port for a server whose own URL must be known before it starts (scripts/free-port.ts). */
export { freePort } from '../../scripts/free-port.js';

/** A real server on an ephemeral port over a fresh database. */
export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const ownDb = !opts.database;
  const database = opts.database ?? (await createTestDatabase(opts.backend ?? 'pglite'));
  const config = loadConfig({
    ...testServiceEnv(),
    PORT: '0',
    HOST: '127.0.0.1',
    SHUTDOWN_GRACE_MS: '2000',
    // Rate-limit counters in a shared Redis are per database, like the database's own: instances on one
    // database share a count, and test files never count against each other.
    RATE_LIMIT_KEY_PREFIX: `rl-${createHash('sha256')
      .update(database.url ?? randomUUID())
      .digest('hex')
      .slice(0, 16)}`,
    ...database.env,
    ...opts.env,
  });
  const app = await createApp(config, { clock: opts.clock, log: createLogger(config.LOG_LEVEL) });
  const { infra, services } = app;
  const running = await createHttpServer({ ...infra, services }, { extraRoutes: testRoutes }).listen(opts.port ?? 0, '127.0.0.1');
  const request = async (path: string, init?: RequestInit): Promise<TestResponse> => {
    const res = await fetch(running.url + path, init);
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
  return {
    services,
    infra,
    db: { kind: app.db.kind, sql: app.db.sql, prisma: infra.prisma },
    config,
    url: running.url,
    metricsUrl: app.metricsServer?.url,
    request,
    get: (path, headers) => request(path, { headers }),
    post: (path, body, headers) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async createTestKey() {
      const account = await services.accounts.createAccount('Test account');
      const { key } = await services.accounts.createKey(account.id, 'test');
      return { accountId: account.id, key };
    },
    async close() {
      await running.close();
      await app.close();
      if (ownDb) await database.drop();
    },
  };
}

/** Routes that exist only in tests, to exercise the HTTP layer itself. */
const testRoutes: RouteHandler[] = [
  { method: 'POST', path: '/v1/test/echo', access: 'public', scope: 'public', handler: ({ body }) => ({ body }) },
  {
    method: 'POST',
    path: '/v1/test/boom',
    access: 'public',
    scope: 'public',
    handler: () => {
      throw new Error('secret-internal-detail');
    },
  },
  {
    method: 'POST',
    path: '/v1/test/whoami',
    access: 'key',
    scope: { resource: 'account', level: 'read' },
    handler: ({ auth }) => ({ accountId: auth!.accountId, mode: auth!.mode }),
  },
  {
    // Counts its runs per `tag` (idempotentTestRuns); answers `status` with an `x-test` header, or fails unexpectedly.
    method: 'POST',
    path: '/v1/test/idempotent/:name',
    access: 'optionalKey',
    scope: { resource: 'orders', level: 'write' },
    idempotent: true,
    handler: ({ body, params }) => {
      const b = body as { tag: string; status?: number; fail?: boolean };
      const runs = (idempotentTestRuns.get(b.tag) ?? 0) + 1;
      idempotentTestRuns.set(b.tag, runs);
      if (b.fail) throw new Error('unexpected failure mid-way');
      return reply(b.status ?? 200, { tag: b.tag, name: params.name, runs }, { 'x-test': `run ${runs}` });
    },
  },
];

/** How many times /v1/test/idempotent/:name ran per `tag`. */
export const idempotentTestRuns = new Map<string, number>();
