import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockRunner, commandBlocks, startDevServer, type DevServer } from './dev-server.js';

/**
 * Every command `npm run dev` prints runs as printed: the dev server started as the npm script starts it (free port,
 * in-memory PGlite, its devnet, no network), each printed block run with `sh -ec` in order, every HTTP answer 2xx and
 * no GraphQL error, typed or not.
 */
describe('npm run dev: every printed hint runs as printed', () => {
  let dev: DevServer;
  const runner = blockRunner();
  beforeAll(async () => {
    dev = await startDevServer({ DATA_DIR: 'memory://', DEVNET_PORT: '0' });
  }, 240_000);
  afterAll(async () => {
    await dev?.stop();
    runner.cleanup();
  });

  it('prints no placeholder in a command and nothing to fill in', () => {
    const blocks = commandBlocks(dev.out());
    expect(blocks.length).toBeGreaterThanOrEqual(12);
    for (const b of blocks) {
      expect(b, b).not.toMatch(/…|<[a-z ]+>|_\.\.\.|cs_test_…|da_test_…/);
      // A POST with a body always says it is JSON (a bare -d is form-encoded, and answered 400).
      for (const cmd of b.split(/\n(?!\s)/)) if (/curl .*-d /s.test(cmd)) expect(cmd, cmd).toMatch(/content-type: application\/json/);
    }
    // The ones the first hour needs: create a session, pay it from the devnet in one command, the transfer mutations.
    const all = commandBlocks(dev.out()).join('\n');
    expect(all).toMatch(/\/v1\/checkout\/sessions -d/);
    expect(all).toMatch(/npm run devnet:pay -- \$SESSION/);
    expect(all).toMatch(/createCheckoutTransferAddress/);
    expect(all).toMatch(/simulateCheckoutTransfer/);
  });

  it('runs each block as printed, in order', async () => {
    const blocks = commandBlocks(dev.out());
    for (const block of blocks) {
      const r = await runner.run(block);
      const what = `block:\n${block}\nexit ${r.code}\nstdout:\n${r.stdout.slice(-3000)}\nstderr:\n${r.stderr.slice(-3000)}`;
      expect(r.code, what).toBe(0);
      expect(r.statuses.length + (block.includes('npm run devnet:pay') ? 1 : 0), what).toBeGreaterThan(0);
      for (const s of r.statuses) expect(s, what).toBeGreaterThanOrEqual(200);
      for (const s of r.statuses) expect(s, what).toBeLessThan(300);
      expect(r.stdout, what).not.toMatch(/"errors"\s*:\s*\[\s*[^\]\s]/); // GraphQL errors, or providers that failed a quote
      expect(r.stdout, what).not.toMatch(/"__typename"\s*:\s*"\w*Error"/);
      expect(r.stdout, what).not.toMatch(/"error"\s*:\s*\{/);
      if (block.includes('npm run devnet:pay') && !block.includes('--amount')) {
        // Paid from the devnet wallet: the tagged transfer mined, reported and verified.
        expect(r.stdout, what).toMatch(/^tx {6}0x[0-9a-f]{64}/m);
        expect(r.stdout, what).toMatch(/^status {2}paid$/m);
      }
      if (block.includes('--amount 1000000')) {
        expect(r.stdout, what).toMatch(/^status {2}needs_review$/m);
        expect(r.stdout, what).toMatch(/"status":"paid"/); // accepted with a note
      }
      if (block.includes('simulateCheckoutTransfer')) expect(r.stdout, what).toMatch(/"status":"(processing|paid)"/);
    }
  }, 900_000);
});
