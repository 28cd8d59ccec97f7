import { nodeOnDist } from './helpers/spawn.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { backends, createTestDatabase, migratedDataDir } from './helpers/db.js';
import { main } from '../src/cli.js';
import { createDb } from '../src/db/client.js';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(...nodeOnDist('src/cli.ts', args), { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', timeout: 90_000 });

/**
 * The CLI as the operator runs it: a process of its own on a PGlite data directory (each process opens the directory:
 * a second or two apiece), its JSON on stdout and its exit code. The commands themselves are the
 * same Prisma calls on either backend, so the suites after this one run them in this process (`runInProcess`), on
 * Postgres when the run has it (on a PGlite directory, each command would open it anew: a second apiece).
 */
const cliBackends = backends.includes('postgres') ? (['postgres'] as const) : backends;

describe('operator CLI as a process', () => {
  it('prints what it made as JSON and exits 0; a refused command exits 1 with the reason on stderr', async () => {
    const dir = migratedDataDir('cli-');
    const env = { DATA_DIR: dir, DATABASE_URL: '' };
    try {
      const a = cli(['accounts:create', '--name', 'Acme'], env);
      expect(a.status, a.stderr).toBe(0);
      const account = JSON.parse(a.stdout);
      expect(account).toMatchObject({ name: 'Acme', liveEnabled: false });
      const bad = cli(['keys:create', '--account', account.id, '--mode', 'prod'], env);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/--mode must be test or live/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe.each(cliBackends)('operator CLI: accounts and keys (%s)', (backend) => {
  it('creates an account, a test key shown once, lists and revokes it', async () => {
    const t = await createTestDatabase(backend);
    const dir = migratedDataDir('cli-keys-');
    const env = { LOG_LEVEL: 'silent', DATA_DIR: dir, ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}) };
    const run = (...argv: string[]) => runInProcess(env, argv);
    try {
      const account = JSON.parse((await run('accounts:create', '--name', 'Acme')).stdout);
      const k = await run('keys:create', '--account', account.id, '--mode', 'test');
      expect(k.code, k.stderr).toBe(0);
      const key = JSON.parse(k.stdout);
      expect(key.key).toMatch(/^swapgate_test_[0-9A-Za-z]{32}$/);
      expect(k.stderr).toMatch(/shown only once/);
      const l = await run('keys:list', '--account', account.id);
      expect(l.stdout).not.toContain(key.key.slice(14));
      expect(JSON.parse(l.stdout)[0]).toMatchObject({ id: key.id, mode: 'test', revokedAt: null });
      const r = await run('keys:revoke', '--account', account.id, '--key', key.id);
      expect(JSON.parse(r.stdout).revokedAt).not.toBeNull();
      // Every write an operator's, audited as cli in its own transaction; never the secret or its hash.
      const log = await auditLog(env);
      expect(log.map((e) => [e.actor, e.action, e.targetId])).toEqual([
        ['cli', 'account.create', account.id],
        ['cli', 'api_key.create', key.id],
        ['cli', 'api_key.revoke', key.id],
      ]);
      expect(log[1]).toMatchObject({ before: null, after: { accountId: account.id, id: key.id, mode: 'test', revokedAt: null } });
      expect(log[2]).toMatchObject({ before: { revokedAt: null }, after: { revokedAt: expect.any(String) } });
      const text = JSON.stringify(log);
      expect(text).not.toContain(key.key.slice(14));
      expect(text).not.toMatch(/"hash"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.drop();
    }
  }, 300_000);
});

/** Runs CLI commands in this process (each still opens, migrates and closes the database) and captures their output. */
async function runInProcess(env: Record<string, string>, argv: string[]) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
  try {
    const code = await main(argv);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

/** The audit log the CLI's writes left in the database (`env`'s), oldest first. */
async function auditLog(env: Record<string, string>) {
  const db = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    return await db.prisma.adminAuditEntry.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  } finally {
    await db.close();
  }
}

describe.each(cliBackends)('operator CLI: rate-limit multiplier and suspension (%s)', (backend) => {
  it("sets, refuses bad values, and clears an account's multiplier; suspends and unsuspends; every write audited as cli", async () => {
    const t = await createTestDatabase(backend);
    const dir = migratedDataDir('cli-ratelimit-');
    const env = { LOG_LEVEL: 'silent', DATA_DIR: dir, ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}) };
    const run = (...argv: string[]) => runInProcess(env, argv);
    try {
      const account = JSON.parse((await run('accounts:create', '--name', 'Busy')).stdout);
      const set = await run('accounts:rate-limit', '--account', account.id, '--multiplier', '10');
      expect(set.code, set.stderr).toBe(0);
      expect(JSON.parse(set.stdout)).toMatchObject({ id: account.id, rateLimitMultiplier: 10 });
      expect((await run('accounts:rate-limit', '--account', account.id, '--multiplier', 'ten')).stderr).toMatch(
        /--multiplier must be a number from 0.1 to 100/,
      );
      expect((await run('accounts:rate-limit', '--account', account.id, '--multiplier', '0')).stderr).toMatch(/^INVALID_PARAMS: multiplier/);
      expect((await run('accounts:rate-limit', '--account', account.id, '--multiplier', '5000')).stderr).toMatch(/^INVALID_PARAMS: multiplier/);
      expect((await run('accounts:rate-limit', '--account', account.id)).stderr).toMatch(/exactly one of --multiplier/);
      expect((await run('accounts:rate-limit', '--account', 'acct_nope', '--multiplier', '2')).stderr).toMatch(/^NOT_FOUND: Account not found/);
      const cleared = await run('accounts:rate-limit', '--account', account.id, '--clear');
      expect(JSON.parse(cleared.stdout)).toMatchObject({ rateLimitMultiplier: null });
      const suspended = await run('accounts:suspend', '--account', account.id, '--reason', 'Chargebacks');
      expect(suspended.code, suspended.stderr).toBe(0);
      expect(JSON.parse(suspended.stdout)).toMatchObject({ suspension: { reason: 'Chargebacks' } });
      expect((await run('accounts:suspend', '--account', account.id)).stderr).toMatch(/missing --reason/);
      expect(JSON.parse((await run('accounts:unsuspend', '--account', account.id)).stdout)).toMatchObject({ suspension: null });
      // The same service methods as the admin API: each change one audit entry, actor `cli`, no request id.
      const log = await auditLog(env);
      expect(log.map((e) => [e.actor, e.action, e.targetId, e.requestId])).toEqual([
        ['cli', 'account.create', account.id, null],
        ['cli', 'account.rate_limit', account.id, null],
        ['cli', 'account.rate_limit', account.id, null],
        ['cli', 'account.suspend', account.id, null],
        ['cli', 'account.unsuspend', account.id, null],
      ]);
      expect(log[3]).toMatchObject({ before: { suspension: null }, after: { suspension: { reason: 'Chargebacks' } } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.drop();
    }
  }, 300_000);
});

describe.each(cliBackends)('operator CLI: partner registry (%s)', (backend) => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('creates a fee-taking partner, changes one field, links and unlinks a key, and refuses bad input', async () => {
    const t = await createTestDatabase(backend);
    const dir = migratedDataDir('cli-partners-');
    dirs.push(dir);
    const env = { LOG_LEVEL: 'silent', DATA_DIR: dir, ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}) };
    const run = (...argv: string[]) => runInProcess(env, argv);
    try {
      const created = await run(
        'partners:set',
        '--id',
        'acme-wallet',
        '--label',
        'Acme Wallet',
        '--kind',
        'fee',
        '--fee-bps',
        '25',
        '--max-fee-bps',
        '60',
        '--fee-recipient-evm',
        '0x00000000000000000000000000000000000000AA',
      );
      expect(created.code, created.stderr).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({
        id: 'acme-wallet',
        kind: 'fee',
        feeBps: 25,
        maxFeeBps: 60,
        feeRecipientEvm: '0x00000000000000000000000000000000000000aa',
        active: true,
        apiKeyIds: [],
      });

      // Only the flags given change.
      const changed = await run('partners:set', '--id', 'acme-wallet', '--fee-bps', '40');
      expect(changed.code, changed.stderr).toBe(0);
      expect(JSON.parse(changed.stdout)).toMatchObject({
        label: 'Acme Wallet',
        kind: 'fee',
        feeBps: 40,
        maxFeeBps: 60,
        feeRecipientEvm: '0x00000000000000000000000000000000000000aa',
      });

      const account = JSON.parse((await run('accounts:create', '--name', 'Acme')).stdout);
      const key = JSON.parse((await run('keys:create', '--account', account.id, '--mode', 'test')).stdout);
      const linked = await run('partners:link-key', '--partner', 'acme-wallet', '--key', key.id);
      expect(linked.code, linked.stderr).toBe(0);
      expect(JSON.parse(linked.stdout).apiKeyIds).toEqual([key.id]);
      // The first key linked gives the partner its account; a key of another account is refused.
      expect(JSON.parse(linked.stdout).accountId).toBe(account.id);
      const stranger = JSON.parse((await run('accounts:create', '--name', 'Stranger')).stdout);
      const strangerKey = JSON.parse((await run('keys:create', '--account', stranger.id, '--mode', 'test')).stdout);
      const foreign = await run('partners:link-key', '--partner', 'acme-wallet', '--key', strangerKey.id);
      expect(foreign).toMatchObject({ code: 1 });
      expect(foreign.stderr).toMatch(/^CONFLICT: API key .* belongs to another account than partner acme-wallet/);
      // An account has at most one partner; --account names an existing account.
      const second = await run('partners:set', '--id', 'second', '--label', 'Second', '--account', account.id);
      expect(second.stderr).toMatch(/^CONFLICT: Account .* already has partner acme-wallet/);
      expect((await run('partners:set', '--id', 'second', '--label', 'Second', '--account', 'acct_nobody')).stderr).toMatch(/^NOT_FOUND: Account not found/);
      const owned = await run('partners:set', '--id', 'second', '--label', 'Second', '--account', stranger.id);
      expect(owned.code, owned.stderr).toBe(0);
      expect(JSON.parse(owned.stdout)).toMatchObject({ id: 'second', accountId: stranger.id });
      // Omitted --account keeps it; the stranger's key may now be linked to its own partner.
      expect(JSON.parse((await run('partners:set', '--id', 'second', '--label', 'Second 2')).stdout).accountId).toBe(stranger.id);
      expect(JSON.parse((await run('partners:link-key', '--partner', 'second', '--key', strangerKey.id)).stdout).apiKeyIds).toEqual([strangerKey.id]);

      await run('partners:set', '--id', 'other', '--label', 'Other');
      const taken = await run('partners:link-key', '--partner', 'other', '--key', key.id);
      expect(taken).toMatchObject({ code: 1 });
      expect(taken.stderr).toMatch(/^CONFLICT: API key .* already belongs to partner acme-wallet/);

      const list = JSON.parse((await run('partners:list')).stdout);
      expect(list.map((p: { id: string }) => p.id)).toEqual(['acme-wallet', 'other', 'second']);

      const unlinked = await run('partners:unlink-key', '--partner', 'acme-wallet', '--key', key.id);
      expect(JSON.parse(unlinked.stdout).apiKeyIds).toEqual([]);

      // Rules of the registry: fee within max, label-only partners take nothing, ids by the integrator pattern.
      const overMax = await run('partners:set', '--id', 'acme-wallet', '--fee-bps', '61');
      expect(overMax).toMatchObject({ code: 1 });
      expect(overMax.stderr).toMatch(/^INVALID_PARAMS: .*feeBps/);
      const labelFee = await run('partners:set', '--id', 'other', '--fee-bps', '5', '--max-fee-bps', '5');
      expect(labelFee.stderr).toMatch(/label-only partners take no fee/);
      expect((await run('partners:set', '--id', 'Bad_Id', '--label', 'x')).stderr).toMatch(/^INVALID_PARAMS: .*id/);
      expect((await run('partners:set', '--id', 'acme-wallet', '--fee-bps', '2.5')).stderr).toMatch(/--fee-bps must be a whole number/);
      expect((await run('partners:set', '--id', 'newbie')).stderr).toMatch(/a new partner needs --label/);
      expect((await run('partners:link-key', '--partner', 'nobody', '--key', key.id)).stderr).toMatch(/^NOT_FOUND: Partner not found/);
      const kept = JSON.parse((await run('partners:list')).stdout)[0];
      expect(kept).toMatchObject({ feeBps: 40, maxFeeBps: 60 });
      // Every change above is in the audit log as `cli`, the refused ones not at all.
      const log = (await auditLog(env)).filter((e) => e.targetId === 'acme-wallet');
      expect(log.map((e) => [e.actor, e.action])).toEqual([
        ['cli', 'partner.create'],
        ['cli', 'partner.update'],
        ['cli', 'partner.link_key'],
        ['cli', 'partner.unlink_key'],
      ]);
      expect(log[1]).toMatchObject({ before: { feeBps: 25 }, after: { feeBps: 40 }, requestId: null });
    } finally {
      await t.drop();
    }
  }, 300_000);
});
