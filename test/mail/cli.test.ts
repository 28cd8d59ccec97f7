import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../helpers/db.js';
import { nodeOnDist } from '../helpers/spawn.js';
import { startTestServer } from '../helpers/server.js';
import { invoiceBody } from '../invoices/helpers.js';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(...nodeOnDist('src/cli.ts', args), { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', timeout: 90_000 });

describe('npm run cli -- mail:list / mail:show (pglite)', () => {
  it('lists the dev outbox and prints one message', async () => {
    const dir = migratedDataDir('mail-cli-');
    try {
      const s = await startTestServer({ env: { JOBS_ENABLED: 'false', DATA_DIR: dir } });
      const { key } = await s.createTestKey();
      const inv = (await s.post('/v1/invoices', { ...invoiceBody, send: true }, { 'x-api-key': key })).body;
      await s.services.mail.deliverDue();
      await s.close();
      const list = cli(['mail:list'], { DATA_DIR: dir });
      expect(list.status, list.stderr).toBe(0);
      expect(list.stdout).toMatch(/msg_[0-9A-Za-z]+\s+captured\s+to ap@customer\.example\s+"\[Test\] Invoice INV-0001 from Acme Tools: 49\.00 USDC"/);
      const id = /(msg_[0-9A-Za-z]+)/.exec(list.stdout)![1]!;
      const show = cli(['mail:show', '--id', id], { DATA_DIR: dir });
      expect(show.status, show.stderr).toBe(0);
      expect(show.stdout).toContain('From: Acme Tools <billing@localhost>');
      expect(show.stdout).toContain(`http://localhost:8787/invoice/${inv.id}`);
      const bad = cli(['mail:show', '--id', 'msg_nope'], { DATA_DIR: dir });
      expect(bad.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 200_000);
});
