import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRegistry } from '../../src/assets/chains.js';
import { TokenLists } from '../../src/assets/token-lists.js';
import { ManualClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { JupiterDataServer } from '../fixtures/jupiter-data-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';

/** Token-list sources failing, recovering and hanging: the service keeps serving what it has. */
describe('token lists under source faults', () => {
  const lifi = new LifiTokensServer();
  const jup = new JupiterDataServer();
  beforeAll(async () => {
    await Promise.all([lifi.start(), jup.start()]);
  });
  afterAll(async () => {
    await Promise.all([lifi.close(), jup.close()]);
  });

  const make = (clock: ManualClock, timeoutMs = 2_000) =>
    new TokenLists(
      { LIFI_API_URL: lifi.url, LIFI_API_KEY: undefined, JUPITER_API_URL: jup.url, JUPITER_API_KEY: undefined, TOKEN_LIST_TIMEOUT_MS: timeoutMs },
      new ChainRegistry(() => [], createLogger('silent'), 1000),
      clock,
      createLogger('silent'),
    );
  const symbols = (l: TokenLists, chainId: number) => l.current(chainId).tokens.map((t) => t.symbol);

  it('serves the curated list when sources are down, and picks the lists up a minute later', async () => {
    const clock = new ManualClock();
    lifi.mode = 'garbage';
    jup.tokensMode = 'down';
    const lists = make(clock);
    await lists.index(8453);
    expect(symbols(lists, 8453)).toEqual(['ETH', 'USDC', 'USDbC', 'USDT', 'WETH', 'DAI', 'cbBTC']);
    lifi.mode = 'ok';
    jup.tokensMode = 'ok';
    const before = lifi.requests.length;
    await lists.index(8453); // still fresh: no new download
    expect(lifi.requests.length).toBe(before);
    clock.advance(61_000);
    await lists.ensureFresh();
    await lists.load(); // the background refresh started by ensureFresh
    expect(symbols(lists, 8453)).toContain('AERO');
    expect(symbols(lists, 7565164)).toContain('WIF');
  });

  it('the hourly job only refreshes lists that were loaded and are stale', async () => {
    const clock = new ManualClock();
    const lists = make(clock);
    const before = lifi.requests.length;
    await lists.refreshIfStale();
    expect(lifi.requests.length).toBe(before); // never used: never downloaded
    await lists.index(8453);
    await lists.refreshIfStale();
    expect(lifi.requests.length).toBe(before + 1); // fresh: nothing to do
    clock.advance(60 * 60 * 1000);
    await lists.refreshIfStale();
    expect(lifi.requests.length).toBe(before + 2);
  });

  it('keeps the last good copy of a source that later fails or hangs', async () => {
    const clock = new ManualClock();
    const lists = make(clock, 300);
    await lists.index(8453);
    expect(symbols(lists, 8453)).toContain('AERO');
    lifi.mode = 'hang';
    jup.tokensMode = 'garbage';
    try {
      clock.advance(60 * 60 * 1000 + 1);
      await lists.load();
      expect(symbols(lists, 8453)).toContain('AERO');
      expect(symbols(lists, 7565164)).toContain('WIF');
    } finally {
      lifi.mode = 'ok';
      jup.tokensMode = 'ok';
    }
  });
});
