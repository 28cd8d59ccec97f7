import { migratedDataDir } from '../helpers/db.js';
import { nodeWithTsx } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { rmSync } from 'node:fs';
import WebSocket from 'ws';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

describe('graceful shutdown', () => {
  it('on SIGTERM: finishes an in-flight request, closes WebSockets (1001), exits 0', async () => {
    const port = await freePort();
    const dir = migratedDataDir('shutdown-');
    const child = spawn(...nodeWithTsx('src/main.ts'), {
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
          setTimeout(() => req.end(body.slice(10)), 300);
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
});
