import { describe, expect, it } from 'vitest';
import { ChainRegistry, mergeChains } from '../../src/assets/chains.js';
import { STATIC_CHAINS } from '../../src/assets/chain-list.js';
import { createLogger } from '../../src/log.js';
import { DEFAULT_RPC_URLS } from '../../src/assets/rpc.js';
import type { Provider, ProviderChain, ProviderId } from '../../src/providers/types.js';

const log = createLogger('silent');

/** A provider object with only what the registry uses: its id and (optionally) chains(). */
function fakeProvider(id: ProviderId, chains?: (signal: AbortSignal) => Promise<ProviderChain[]>): Provider {
  return { id, chains } as unknown as Provider;
}

describe('chain registry', () => {
  it('lists the required chains with real facts, popular first then alphabetical', () => {
    const chains = mergeChains(STATIC_CHAINS, new Map());
    const ids = chains.map((c) => c.id);
    for (const id of [1, 10, 56, 137, 8453, 42161, 43114, 59144, 534352, 7565164]) expect(ids).toContain(id);
    const popular = chains.filter((c) => c.popular);
    const rest = chains.filter((c) => !c.popular);
    expect(chains).toEqual([...popular, ...rest]);
    for (const group of [popular, rest]) expect(group.map((c) => c.name)).toEqual([...group.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
    const sol = chains.find((c) => c.id === 7565164)!;
    expect(sol).toMatchObject({ slug: 'solana', vm: 'svm', nativeSymbol: 'SOL', nativeDecimals: 9, popular: true });
    const bsc = chains.find((c) => c.id === 56)!;
    expect(bsc).toMatchObject({ vm: 'evm', nativeSymbol: 'BNB', nativeDecimals: 18, explorerTx: 'https://bscscan.com/tx/' });
    expect(Object.keys(sol)).not.toContain('llamaChain');
    expect(new Set(chains.map((c) => c.slug)).size).toBe(chains.length);
  });

  it('has a public RPC default for every EVM chain it lists', () => {
    for (const c of STATIC_CHAINS.filter((c) => c.vm === 'evm')) expect(DEFAULT_RPC_URLS[c.id], c.name).toMatch(/^https:\/\//);
    expect(STATIC_CHAINS.filter((c) => c.vm === 'evm').length).toBeGreaterThanOrEqual(25);
  });

  it('resolves by id or slug, and refuses anything else with UNSUPPORTED_CHAIN', () => {
    const r = new ChainRegistry(() => [], log, 1000);
    expect(r.resolve(8453).slug).toBe('base');
    expect(r.resolve('8453').id).toBe(8453);
    expect(r.resolve('Base').id).toBe(8453);
    expect(r.resolve('solana').id).toBe(7565164);
    for (const bad of ['999999', 'nochain', '0x2105', 8453.5])
      expect(() => r.resolve(bad as never)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
    expect(() => r.resolve('')).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
  });

  it('merges provider chain lists, keeps the last good answer and falls back to the static table', async () => {
    let lifiAnswer: () => Promise<ProviderChain[]> = async () => [{ chainId: 1 }, { chainId: 8453 }, { chainId: 7565164 }, { chainId: 424242 }];
    const providers = [
      fakeProvider('lifi', () => lifiAnswer()),
      fakeProvider('jupiter', async () => {
        throw new Error('down');
      }),
      fakeProvider('kyberswap'), // no chains(): static table
    ];
    const r = new ChainRegistry(() => providers, log, 1000);
    // Before any refresh, every provider counts with its static table.
    expect(r.resolve('solana').providers).toEqual(['lifi', 'jupiter']);
    expect(await r.refresh()).toBe(1);
    expect(r.resolve(1).providers).toEqual(['lifi', 'kyberswap']);
    expect(r.resolve(10).providers).toEqual(['kyberswap']); // lifi says it does not serve Optimism
    expect(r.resolve('solana').providers).toEqual(['lifi', 'jupiter']); // jupiter failed: static fallback
    expect(r.resolve(534352).providers).toEqual([]);
    expect(() => r.resolve(424242)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' })); // no facts to serve it
    lifiAnswer = async () => {
      throw new Error('unreachable');
    };
    await r.refresh();
    expect(r.resolve(10).providers).toEqual(['kyberswap']); // kept the last good lifi answer
  });

  it('gives up on a provider that does not answer in time', async () => {
    const r = new ChainRegistry(
      () => [fakeProvider('relay', (signal) => new Promise<ProviderChain[]>((_, rej) => signal.addEventListener('abort', () => rej(new Error('aborted')))))],
      log,
      50,
    );
    expect(await r.refresh()).toBe(0);
    expect(r.resolve(1).providers).toEqual(['relay']);
  });
});
