import { nodeWithTsx } from './helpers/spawn.js';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backends, createTestDatabase } from './helpers/db.js';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(...nodeWithTsx('src/cli.ts', args), { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', timeout: 90_000 });

describe.each(backends)('operator CLI (%s)', (backend) => {
  it('creates an account, a test key shown once, lists and revokes it', async () => {
    const t = await createTestDatabase(backend);
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const env = { DATA_DIR: dir, ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}) };
    try {
      const a = cli(['accounts:create', '--name', 'Acme'], env);
      expect(a.status, a.stderr).toBe(0);
      const account = JSON.parse(a.stdout);
      expect(account).toMatchObject({ name: 'Acme', liveEnabled: false });
      const k = cli(['keys:create', '--account', account.id, '--mode', 'test'], env);
      expect(k.status, k.stderr).toBe(0);
      const key = JSON.parse(k.stdout);
      expect(key.key).toMatch(/^swapgate_test_[0-9A-Za-z]{32}$/);
      expect(k.stderr).toMatch(/shown only once/);
      const l = cli(['keys:list', '--account', account.id], env);
      expect(l.stdout).not.toContain(key.key.slice(14));
      expect(JSON.parse(l.stdout)[0]).toMatchObject({ id: key.id, mode: 'test', revokedAt: null });
      const r = cli(['keys:revoke', '--account', account.id, '--key', key.id], env);
      expect(JSON.parse(r.stdout).revokedAt).not.toBeNull();
      const bad = cli(['keys:create', '--account', account.id, '--mode', 'prod'], env);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/--mode must be test or live/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.drop();
    }
  }, 300_000); // six real CLI processes, each opening (and migrating) the database
});
