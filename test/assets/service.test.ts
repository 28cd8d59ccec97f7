import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { AssetsService } from '../../src/assets/service.js';
import { RpcClients } from '../../src/assets/rpc.js';
import { capabilities, type Provider } from '../../src/providers/types.js';
import { silentLog, testConfig } from '../helpers/memory-db.js';

/** AssetsService built alone: the loaded providers are an injected list (no registry, no network). */
describe('AssetsService (injected providers)', () => {
  it('serves chains by what the injected providers say, falling back to their static lists until they answer', async () => {
    const config = testConfig();
    let asked = 0;
    const relay: Provider = {
      id: 'relay',
      capabilities: capabilities({}),
      supportsRoute: () => true,
      quote: () => Promise.reject(new Error('not in this test')),
      build: () => Promise.reject(new Error('not in this test')),
      status: async () => ({ state: 'unknown' }),
      chains: async () => {
        asked++;
        return [{ chainId: 8453 }];
      },
    };
    const assets = new AssetsService({ config, log: silentLog, clock: new ManualClock(), rpc: new RpcClients(config), providers: { all: () => [relay] } });
    const servedBy = (slug: string) => assets.resolveChain(slug).providers;
    // Before the first answer: the provider's static chain list.
    expect(servedBy('ethereum')).toContain('relay');
    expect(await assets.chains.refresh()).toBe(1);
    expect(asked).toBe(1);
    expect(servedBy('base')).toEqual(['relay']);
    expect(servedBy('ethereum')).toEqual([]);
  });
});
