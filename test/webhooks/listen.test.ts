import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { verifyWith } from './helpers.js';
import { nodeOnDist } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';
import { accountEventsTopic } from '../../src/events/topics.js';

/** spawnSync would block this process, which also runs the server the child talks to. */
function spawnAsync(cmd: string, args: string[], opts: { timeout: number; encoding?: string }) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const c = spawn(cmd, args, { env: { ...process.env, LOG_LEVEL: 'silent' } });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (d) => (stdout += d));
    c.stderr.on('data', (d) => (stderr += d));
    const t = setTimeout(() => c.kill('SIGKILL'), opts.timeout);
    c.on('exit', (status) => {
      clearTimeout(t);
      resolve({ status, stdout, stderr });
    });
  });
}

/** `npm run cli -- listen` as a real process against a real server, forwarding to a local receiver. */
describe('listen command', () => {
  let s: TestServer;
  let rx: WebhookReceiver;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    s = await startTestServer({ backend: 'pglite' });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await s?.close();
    await rx?.stop();
  });

  it('prints a per-listen secret, streams matching events as they happen and forwards them signed with it', async () => {
    const { key, accountId } = await s.createTestKey();
    child = spawn(
      ...nodeOnDist('src/cli.ts', ['listen', '--api-key', key, '--forward-to', `${rx.url}/local`, '--events', 'order.*,invoice.paid', '--url', s.url]),
      {
        env: { ...process.env, LOG_LEVEL: 'silent' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const waitOut = (re: RegExp) =>
      waitFor(() => re.exec(stdout), { intervalMs: 50, what: `listen output to match ${re}` }).catch((err: Error) => {
        throw new Error(`${err.message}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
      });
    const secret = (await waitOut(/signing secret is (whsec_\S+)/))[1];
    // The CLI's subscription is in place once the service listens to the account's event stream.
    await waitFor(() => s.infra.pubsub.isListening(accountEventsTopic(accountId, 'test')), { what: 'the listen subscription' });
    const trig = async (type: string) => (await s.post('/v1/webhook-endpoints/trigger', { type }, { 'x-api-key': key })).body;
    const skipped = await trig('checkout.session.completed');
    const a = await trig('order.filled');
    const b = await trig('invoice.paid');
    await rx.waitFor((r) => r.ids().has(a.id) && r.ids().has(b.id));
    await waitOut(new RegExp(`<-- \\[200\\] POST ${rx.url}/local \\[${b.id}\\]`));
    expect(stdout).toContain(`--> order.filled [${a.id}]`);
    expect(stdout).not.toContain(skipped.id);
    expect(rx.received.map((r) => r.id)).toEqual([a.id, b.id]); // in order
    for (const r of rx.received) expect(verifyWith(secret, r)).toEqual(r.id === a.id ? a : b);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child!.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  });

  it('refuses a live key and a bad key', async () => {
    const { accountId } = await s.createTestKey();
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const { key: live } = await s.services.accounts.createKey(accountId, 'live');
    const run = (k: string) =>
      spawnAsync(...nodeOnDist('src/cli.ts', ['listen', '--api-key', k, '--forward-to', rx.url, '--url', s.url]), { encoding: 'utf8', timeout: 30_000 });
    const r1 = await run(live);
    expect(r1.status).toBe(1);
    expect(r1.stderr).toMatch(/listen needs a test-mode API key/);
    const r2 = await run('swapgate_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(r2.status).toBe(1);
    expect(r2.stderr).toMatch(/UNAUTHORIZED/);
  });
});
