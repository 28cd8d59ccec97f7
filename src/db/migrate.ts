import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, RawSql } from './client.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

/** Any constant works; it only has to be the same for every instance of this service. */
export const ADVISORY_LOCK_KEY = 72707369;

// The table `prisma migrate deploy` keeps, so either tool sees the same history.
const BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export class MigrationError extends Error {}

/** The migration folders this build ships, by name (read once: they do not change while the process runs). */
let shipped: string[] | undefined;
const shippedMigrations = (): string[] => (shipped ??= readMigrations().map((m) => m.name));

/** How many of this build's migrations the database has not applied (0: its schema is this build's). */
export async function pendingMigrationCount(sql: RawSql): Promise<number> {
  const rows = await sql.query<{ migration_name: string }>(
    'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return shippedMigrations().filter((name) => !applied.has(name)).length;
}

/**
 * Applies pending migrations in name order, each in its own transaction, under a session
 * advisory lock so that two instances starting at once apply each migration exactly once.
 * A previously applied migration whose file changed is refused (as `prisma migrate deploy` does).
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return db.withConnection(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      await conn.exec(BOOKKEEPING);
      return await applyPending(conn, migrations);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
    }
  });
}

async function applyPending(conn: RawSql, migrations: Migration[]): Promise<string[]> {
  const rows = await conn.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
  );
  const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at);
  if (failed.length) {
    throw new MigrationError(`Migration ${failed[0].migration_name} failed earlier and needs an operator; see _prisma_migrations.logs`);
  }
  const applied: string[] = [];
  for (const m of migrations) {
    const prev = done.get(m.name);
    if (prev) {
      if (prev.checksum !== m.checksum) throw new MigrationError(`Migration ${m.name} was modified after it was applied`);
      continue;
    }
    const id = randomUUID();
    await conn.query('BEGIN');
    try {
      await conn.exec(m.sql);
      await conn.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
         VALUES ($1, $2, now(), $3, now(), 1)`,
        [id, m.checksum, m.name],
      );
      await conn.query('COMMIT');
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => {});
      throw new MigrationError(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    applied.push(m.name);
  }
  return applied;
}
