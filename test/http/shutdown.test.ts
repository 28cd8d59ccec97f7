import pg from 'pg';
import { ADVISORY_LOCK_KEY } from '../../src/db/migrate.js';
import { backends, createTestDatabase, migratedDataDir } from '../helpers/db.js';
import { nodeOnDist } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';
import { describe, expect, it } from 'vitest';
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import WebSocket from 'ws';
import { freePort } from '../../scripts/free-port.js';

describe('graceful shutdown', () => {
  it('on SIGTERM: finishes an in-flight request, closes WebSockets (1001), exits 0', async () => {
    const port = await freePort();
    const dir = migratedDataDir('shutdown-');
    const child = spawn(...nodeOnDist('src/main.ts'), {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'info', PROVIDERS: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      await waitFor(() => /listening/.test(out), { intervalMs: 100, what: 'the service to start' }).catch((err: Error) => {
        throw new Error(`${err.message}\n${out}`);
      });
      const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
      await new Promise((r) => ws.once('open', r));
      const wsClosed = new Promise<number>((r) => ws.once('close', (code) => r(code)));

      // An in-flight request: the body arrives in two halves, with SIGTERM in between.
      const body = JSON.stringify({ query: '{ health { ok } }' });
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/graphql',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          child.kill('SIGTERM');
          // The rest of the body once the service is shutting down.
          waitFor(() => /shutting down/.test(out), { intervalMs: 20, what: 'the shutdown to start' }).then(() => req.end(body.slice(10)), reject);
        }, 200);
      });
      const r = await response;
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({ data: { health: { ok: true } } });
      expect(await wsClosed).toBe(1001);
      expect(await exited).toBe(0);
      expect(out).toMatch(/shutting down/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // a real process (on a migrated PGlite directory): start-up takes seconds on a busy machine

  // In a container the service is PID 1, and the kernel drops a signal sent to PID 1 that nothing handles: a stop
  // during start-up was ignored until the orchestrator's SIGKILL (found by scripts/docker-check.sh). Here (not PID 1)
  // the same missing handler shows as the default action, death by SIGTERM. Start-up is held, deterministically, on the
  // migrations' advisory lock, taken first by the test (Postgres: PGlite has no other session to hold it).
  const heldStart = async (
    run: (s: {
      child: ChildProcess;
      out: () => string;
      exited: Promise<{ code: number | null; signal: string | null }>;
      release: () => Promise<unknown>;
    }) => Promise<void>,
  ) => {
    const port = await freePort();
    const db = await createTestDatabase('postgres');
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    const child = spawn(...nodeOnDist('src/main.ts'), {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...db.env, LOG_LEVEL: 'info', PROVIDERS: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
    try {
      await waitFor(
        async () =>
          (
            await holder.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
            )
          ).rowCount === 1,
        { intervalMs: 50, what: 'the service to wait on the migrations lock' },
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${out}`);
      });
      await run({ child, out: () => out, exited, release: () => holder.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]) });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await holder.end();
      await db.drop();
    }
  };
  const received = /"signal":"SIGTERM","msg":"stop received during start-up; stopping once started"/;

  it.skipIf(!backends.includes('postgres'))(
    'a SIGTERM during start-up stops the service gracefully once it has started, exit 0',
    () =>
      heldStart(async ({ child, out, exited, release }) => {
        child.kill('SIGTERM');
        await waitFor(() => received.test(out()), { intervalMs: 50, what: 'the stop to be received' });
        expect(child.exitCode, out()).toBeNull();
        await release();
        expect(await exited, out()).toEqual({ code: 0, signal: null });
        expect(out()).toMatch(/listening/);
        expect(out()).toMatch(/"signal":"SIGTERM".*shutting down/);
      }),
    120_000,
  );

  it.skipIf(!backends.includes('postgres'))(
    'another SIGTERM during a start-up that does not end exits at once, code 1',
    () =>
      heldStart(async ({ child, out, exited }) => {
        child.kill('SIGTERM');
        await waitFor(() => received.test(out()), { intervalMs: 50, what: 'the stop to be received' });
        // Half a second after the service received the first (one delivered twice, as npm and the terminal do, counts once).
        const receivedAt = Number(/"time":(\d+),"signal":"SIGTERM","msg":"stop received/.exec(out())![1]);
        await waitFor(() => Date.now() - receivedAt > 600, { intervalMs: 50, what: 'half a second after the first signal' });
        child.kill('SIGTERM');
        expect(await exited, out()).toEqual({ code: 1, signal: null });
        expect(out()).not.toMatch(/listening/);
      }),
    120_000,
  );
});
