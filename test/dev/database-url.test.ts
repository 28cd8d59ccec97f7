import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { blockRunner, commandBlocks, startDevServer, type DevServer } from './dev-server.js';

/** npm run dev on the database DATABASE_URL names (here the local Postgres), not the embedded PGlite. */
describe.skipIf(!backends.includes('postgres'))('npm run dev honours DATABASE_URL', () => {
  let db: TestDatabase;
  let dev: DevServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-data-'));
  const runner = blockRunner();
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    dev = await startDevServer({ DATABASE_URL: db.url!, DATA_DIR: dataDir, DEVNET: '0' });
  }, 240_000);
  afterAll(async () => {
    await dev?.stop();
    await db?.drop();
    runner.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so, keeps its data there (no PGlite directory) and runs its hints on it', async () => {
    const out = dev.out();
    expect(out).toContain(`running (Postgres at ${db.url}`);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    const accountId = /Dev account {2}(\S+)/.exec(out)?.[1];
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const rows = await c.query('SELECT id FROM accounts WHERE id = $1', [accountId]);
      expect(rows.rowCount).toBe(1);
    } finally {
      await c.end();
    }
    // Without the devnet, every hint printed still runs, on Postgres.
    const blocks = commandBlocks(out);
    expect(blocks.join('\n')).not.toContain('devnet:pay');
    for (const block of blocks) {
      const r = await runner.run(block);
      const what = `block:\n${block}\nexit ${r.code}\nstdout:\n${r.stdout.slice(-2000)}\nstderr:\n${r.stderr.slice(-2000)}`;
      expect(r.code, what).toBe(0);
      expect(r.statuses.length, what).toBeGreaterThan(0);
      for (const s of r.statuses) expect(s >= 200 && s < 300, what).toBe(true);
      expect(r.stdout, what).not.toMatch(/"__typename"\s*:\s*"\w*Error"|"error"\s*:\s*\{|"errors"\s*:\s*\[\s*[^\]\s]/);
    }
  }, 600_000);
});
