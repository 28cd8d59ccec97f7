import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { buildService } from '../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the real Postgres for the Postgres half of the matrix; null when skipped. */
    pgAdminUrl: string | null;
    /** A Postgres database migrated once for this run: test databases are created from it (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string | null;
    /** A file holding the dump of a PGlite database migrated once for this run: in-memory test databases load it. */
    pgliteSeed: string;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Every database test runs on PGlite and on a real Postgres. TEST_POSTGRES_URL makes the Postgres
 * half required (CI sets it); without it the default local server is used when it answers, and the
 * run says plainly when the Postgres half is skipped.
 *
 * The migrations run for real once per run and backend, here: into one PGlite database whose data directory is
 * dumped for every in-memory test database to load, and into one Postgres template database every Postgres test
 * database is copied from. Each test database still runs `migrate` at start-up, which finds nothing pending.
 */
export default async function setup(project: TestProject) {
  // The service and CLI processes tests start run on dist/ (test/helpers/spawn.ts): compiled before any starts.
  await buildService();
  const dir = mkdtempSync(join(tmpdir(), 'swapgate-test-'));
  // One after the other: PGlite runs on this thread and would starve the Postgres connections' timers.
  const template = await postgresTemplate(project);
  await pgliteSeed(join(dir, 'pglite-migrated.tar'), project);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}

async function pgliteSeed(file: string, project: TestProject) {
  const db = await createDb({ dataDir: 'memory://' });
  try {
    await migrate(db);
    // Test databases hold kilobytes: PGlite's 128 MB of shared buffers were a fifth of each instance's start-up CPU
    // (measured: 0.60 → 0.47 s per instance with 16 MB) and most of its memory, in a run that opens a few hundred.
    // ALTER SYSTEM writes postgresql.auto.conf, which the dump carries to every database started from it.
    await db.sql.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
    // The service uses the `postgres` database alone; initdb's two templates are a third of the dump's bytes and half
    // its files, which every test database unpacks file by file (measured: 370 → 250 ms of CPU per database).
    for (const template of ['template0', 'template1']) {
      await db.sql.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await db.sql.exec(`DROP DATABASE ${template}`);
    }
    await db.sql.exec('CHECKPOINT');
    const dump = await db.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteSeed', file);
}

async function postgresTemplate(project: TestProject) {
  const explicit = process.env.TEST_POSTGRES_URL;
  const url = explicit ?? DEFAULT_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    await client.end().catch(() => {});
    if (explicit) throw new Error(`TEST_POSTGRES_URL is set but Postgres is unreachable at ${url}: ${(err as Error).message}`);
    console.warn(`\n*** Postgres not reachable at ${url}: the Postgres half of the database tests is SKIPPED (PGlite half runs). ***\n`);
    project.provide('pgAdminUrl', null);
    project.provide('pgTemplate', null);
    return undefined;
  }
  const name = `t_tpl_${randomBytes(6).toString('hex')}`;
  try {
    await client.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await createDb({ databaseUrl: u.toString(), dataDir: 'memory://', poolSize: 1 });
    try {
      await migrate(db);
    } finally {
      // A template must have no connections while it is copied.
      await db.close();
    }
  } finally {
    await client.end();
  }
  project.provide('pgAdminUrl', url);
  project.provide('pgTemplate', name);
  return {
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}
