import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client.js';
import { lockDataDir } from './data-dir-lock.js';
import { tracedAdapter } from './traced-adapter.js';
import { StatementNames } from './statement-names.js';
import { activeTracer } from '../trace.js';

/** The adapter as Prisma gets it: with a span per transaction when tracing is on at start (./traced-adapter.ts). */
const traced = <F extends { connect(): Promise<object> }>(factory: F): F => (activeTracer() ? tracedAdapter(factory, 'postgresql') : factory);

export type Prisma = PrismaClient;

/** A raw connection for the few things Prisma does not do: migrations, advisory locks, LISTEN/NOTIFY. */
export interface RawSql {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db {
  kind: 'postgres' | 'pglite';
  prisma: PrismaClient;
  /** Runs on the pool (Postgres) or the single embedded connection (PGlite). */
  sql: RawSql;
  /** Runs `fn` on one dedicated connection (needed for session-level advisory locks). */
  withConnection<T>(fn: (conn: RawSql) => Promise<T>): Promise<T>;
  /** Postgres connection string, or undefined for PGlite (pubsub opens its own listener). */
  url?: string;
  /** The Postgres pool (rate-limiter-flexible's Postgres store takes a pg Pool); undefined for PGlite. */
  pool?: pg.Pool;
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Postgres: how many statement texts this process prepares by name on each connection (./statement-names.ts; 0: none). */
  statementCache?: number;
}

export async function createDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl ? createPostgres(opts.databaseUrl, opts.poolSize ?? 10, new StatementNames(opts.statementCache ?? 100)) : createPglite(opts.dataDir);
}

async function createPostgres(url: string, max: number, names: StatementNames): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const statementNameGenerator = (q: { sql: string; args: unknown[] }) => names.name(q.sql, q.args.length) as string;
  const prisma = new PrismaClient({ adapter: traced(new PrismaPg(pool, { statementNameGenerator })) });
  /** `unusable`: told when a checked-out connection must not go back to the pool (see the catch below). */
  const wrap = (c: pg.Pool | pg.PoolClient, unusable?: (err: Error) => void): RawSql => ({
    async query<T>(text: string, params?: unknown[]) {
      const name = names.name(text, params?.length ?? 0);
      if (!name) return (await c.query(text, params as unknown[])).rows as T[];
      try {
        return (await c.query({ name, text, values: params })).rows as T[];
      } catch (err) {
        // A parameter node-postgres cannot convert (a BigInt inside an object) fails on the client, after it has
        // counted the statement as prepared on this connection although the server dropped it (pg 8.23, query.js):
        // that connection would answer "prepared statement … does not exist" from then on. The pool discards a
        // connection whose query failed; a checked-out one is discarded by withConnection.
        if (!(err instanceof pg.DatabaseError)) unusable?.(err as Error);
        throw err;
      }
    },
    async exec(text: string) {
      await c.query(text);
    },
  });
  return {
    kind: 'postgres',
    prisma,
    url,
    pool,
    sql: wrap(pool),
    async withConnection(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await fn(wrap(client, (err) => (broken = err)));
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await prisma.$disconnect().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

/**
 * A dump of a migrated data directory (PGlite's `dumpDataDir`) that in-memory databases start from instead of
 * an empty cluster. initdb and the migrations cost about 1.5 s of CPU per database, which a test run would pay
 * hundreds of times: the test setup migrates one database per run and installs its dump here, and `migrate`
 * still runs at every start (and finds nothing pending). Unset, in-memory databases start empty.
 */
let memorySeed: (() => Promise<Blob>) | undefined;
/** `read` is called once, when a database first needs the dump (again after a failed read). */
export function seedInMemoryDatabases(read: (() => Promise<Uint8Array>) | undefined): void {
  let blob: Promise<Blob> | undefined;
  memorySeed =
    read &&
    (() =>
      (blob ??= read()
        .then((bytes) => new MemoryBlob(bytes))
        .catch((err) => {
          blob = undefined;
          throw err;
        })));
}

/**
 * A Blob whose `arrayBuffer()` is one copy of bytes held in memory. PGlite reads its file-system bundle and a seed
 * dump with `arrayBuffer()` at every start, and Node reads a Blob through a stream of 64 KiB chunks that it then
 * concatenates: about a third of a seeded in-memory database's start-up CPU (profiled: 2.0 of 6.7 s for six
 * databases). Each call gets its own copy, since PGlite may keep views into what it is given.
 */
class MemoryBlob extends Blob {
  readonly #data: Uint8Array;
  constructor(data: Uint8Array) {
    super([data as Uint8Array<ArrayBuffer>]); // a file's bytes, never a SharedArrayBuffer
    this.#data = data;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // new Uint8Array(typed array) always copies (a Node Buffer's slice() would be a view of the same memory).
    return Promise.resolve(new Uint8Array(this.#data).buffer);
  }
}

/**
 * PGlite's WebAssembly module and file-system bundle, compiled and read once per process for its in-memory databases
 * (a test process opens hundreds; each would otherwise compile and read them again: about a tenth of an instance's
 * CPU). Both are immutable; every instance still has its own memory and files.
 */
let memoryStartup: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
const pgliteStartup = () =>
  (memoryStartup ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new MemoryBlob(data) };
  })().catch((err) => {
    memoryStartup = undefined; // a failed read (say, too many open files) is tried again by the next database
    throw err;
  }));

async function createPglite(dataDir: string): Promise<Db> {
  let pglite: PGlite;
  let lock: { release(): void } | undefined;
  if (dataDir === 'memory://') {
    const startup = await pgliteStartup();
    pglite = await PGlite.create(memorySeed ? { ...startup, loadDataDir: await memorySeed() } : startup);
  } else {
    const dir = resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    lock = lockDataDir(resolve(dataDir, 'pglite.lock'), `The PGlite database in ${dir}`);
    try {
      pglite = await PGlite.create(dir);
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  const prisma = new PrismaClient({ adapter: traced(new PrismaPGlite(pglite)) });
  const sql: RawSql = {
    async query<T>(text: string, params?: unknown[]) {
      const r = await pglite.query(text, params as unknown[]);
      return r.rows as T[];
    },
    async exec(text: string) {
      await pglite.exec(text);
    },
  };
  return {
    kind: 'pglite',
    prisma,
    pglite,
    sql,
    withConnection: (fn) => fn(sql),
    async close() {
      await prisma.$disconnect().catch(() => {});
      if (!pglite.closed) await pglite.close().catch(() => {});
      lock?.release();
    },
  };
}
