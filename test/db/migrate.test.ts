import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, seedInMemoryDatabases, type Db } from '../../src/db/client.js';
import { migrate, MigrationError } from '../../src/db/migrate.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';

function migrationsDir(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'migr-'));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

// The runner itself is under test: every database here starts empty, not from the run's migrated seed.
seedInMemoryDatabases(undefined);

describe.each(backends)('migrations runner (%s)', (backend) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });
  const freshDb = async (): Promise<{ t: TestDatabase; db: Db }> => {
    const t = await createTestDatabase(backend, { empty: true });
    const db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
    cleanup.push(async () => {
      await db.close();
      await t.drop();
    });
    return { t, db };
  };

  it('records each migration in _prisma_migrations as prisma migrate deploy does', async () => {
    const { db } = await freshDb();
    const dir = migrationsDir({
      '20260101000000_a': 'CREATE TABLE a (id int primary key);',
      '20260102000000_b': 'CREATE TABLE b (id int primary key); INSERT INTO b VALUES (1);',
    });
    expect(await migrate(db, dir)).toEqual(['20260101000000_a', '20260102000000_b']);
    const rows = await db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(['20260101000000_a', '20260102000000_b']);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at && r.applied_steps_count === 1)).toBe(true);
    expect(await migrate(db, dir)).toEqual([]);
    rmSync(dir, { recursive: true });
  });

  it('refuses a migration edited after it was applied, and rolls back a failing one', async () => {
    const { db } = await freshDb();
    const dir = migrationsDir({ '20260101000000_a': 'CREATE TABLE a (id int primary key);' });
    await migrate(db, dir);
    writeFileSync(join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE a (id bigint primary key);');
    await expect(migrate(db, dir)).rejects.toThrow(/modified after it was applied/);
    const bad = migrationsDir({
      '20260101000000_a': 'CREATE TABLE a (id int primary key);',
      '20260103000000_bad': 'CREATE TABLE c (id int); SELECT no_such_function();',
    });
    await expect(migrate(db, bad)).rejects.toBeInstanceOf(MigrationError);
    const c = await db.sql.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'c'");
    expect(c).toHaveLength(0); // the failed migration's first statement was rolled back too
  });

  it.runIf(backend === 'postgres')('two instances migrating at once apply each migration exactly once', async () => {
    const { t } = await freshDb();
    const dir = migrationsDir({
      '20260101000000_a': 'CREATE TABLE a (id int primary key); SELECT pg_sleep(0.3);',
      '20260102000000_b': 'CREATE TABLE b (id int primary key);',
    });
    const dbs = await Promise.all([1, 2, 3].map(() => createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: 'memory://' })));
    const results = await Promise.all(dbs.map((d) => migrate(d, dir)));
    expect(results.flat().sort()).toEqual(['20260101000000_a', '20260102000000_b']);
    const rows = await dbs[0].sql.query('SELECT * FROM _prisma_migrations');
    expect(rows).toHaveLength(2);
    await Promise.all(dbs.map((d) => d.close()));
  });
});
