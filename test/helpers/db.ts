import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export type Backend = 'pglite' | 'postgres';

/** The backends every database test runs on: PGlite always, Postgres when the run has one. */
export const backends: Backend[] = inject('pgAdminUrl') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  env: { DATABASE_URL?: string; DATA_DIR: string };
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database: in-memory PGlite, or a new Postgres database dropped afterwards. It holds the migrated schema
 * (copied from the run's template, see test/global-setup.ts), or nothing at all with `empty` (Postgres only: an
 * in-memory PGlite database starts empty when the test file calls `seedInMemoryDatabases(undefined)`).
 */
export async function createTestDatabase(backend: Backend, opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (backend === 'pglite') return { env: { DATA_DIR: 'memory://' }, drop: async () => {} };
  const admin = inject('pgAdminUrl');
  if (!admin) throw new Error('Postgres backend requested but no Postgres is available');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? null : inject('pgTemplate');
  // Commits need not wait for the disk: a test database never outlives a crash of the server. FILE_COPY copies the
  // template's files instead of writing every page through the WAL (Postgres 15's default): measured here, half the
  // server's CPU per database (0.32 → 0.15 s) and 207 → 118 ms, for the hundred-odd databases of a run.
  await withAdmin(admin, async (c) => {
    await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}${(await fileCopyStrategy(c)) ? ' STRATEGY FILE_COPY' : ''}` : ''}`);
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    url,
    env: { DATABASE_URL: url, DATA_DIR: 'memory://' },
    drop: () => withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** Whether the server takes CREATE DATABASE's STRATEGY (Postgres 15 and later; an older one copies files anyway): asked once. */
let fileCopy: Promise<boolean> | undefined;
const fileCopyStrategy = (c: pg.Client) =>
  (fileCopy ??= c.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`).then((r) => Number(r.rows[0]!.v) >= 150000));

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A new PGlite data directory (`DATA_DIR`) already holding the migrated schema: the run's seed dump (test/global-setup.ts)
 * unpacked into `<dir>/pglite`, where createDb opens it. A process started on it finds no migration pending, instead
 * of creating and migrating a database first (seconds per process). The caller removes it.
 */
export function migratedDataDir(prefix = 'pglite-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'pglite'));
  execFileSync('tar', ['-xf', inject('pgliteSeed'), '-C', join(dir, 'pglite')], { stdio: 'ignore' });
  return dir;
}
