import { describe, expect, it } from 'vitest';
import { AssetsService } from '../../src/assets/service.js';
import { RpcClients } from '../../src/assets/rpc.js';
import { CURATED_TOKENS, curatedBySymbol } from '../../src/assets/curated-tokens.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { ProviderRegistry } from '../../src/providers/registry.js';
import { systemClock } from '../../src/clock.js';

const config = loadConfig({
  NODE_ENV: 'test',
  PROVIDERS: 'none',
  LIFI_API_URL: 'http://127.0.0.1:9/',
  JUPITER_API_URL: 'http://127.0.0.1:9/',
  DEFILLAMA_API_URL: 'http://127.0.0.1:9/',
  TOKEN_LIST_TIMEOUT_MS: '500',
  PRICE_TIMEOUT_MS: '500',
});
const log = createLogger('silent');
const assets = new AssetsService({ config, log, clock: systemClock, rpc: new RpcClients(config), providers: new ProviderRegistry(config, log, {}) });

describe('curated token list', () => {
  it('has unique symbols and addresses per chain, in the service spelling', () => {
    const seen = new Set<string>();
    for (const t of CURATED_TOKENS) {
      for (const k of [`${t.chainId}:${t.symbol.toUpperCase()}`, `${t.chainId}:${t.address}`]) {
        expect(seen.has(k), k).toBe(false);
        seen.add(k);
      }
      if (t.chainId !== 7565164) expect(t.address).toMatch(/^0x[0-9a-f]{40}$/);
    }
  });

  it('carries the real decimals: USDC/USDT 18 on BNB Chain, 6 elsewhere', () => {
    for (const chainId of [1, 10, 56, 137, 8453, 42161, 43114, 59144, 534352, 7565164]) {
      for (const sym of ['USDC', 'USDT']) expect(curatedBySymbol(chainId, sym)?.decimals, `${sym} on ${chainId}`).toBe(chainId === 56 ? 18 : 6);
    }
    expect(curatedBySymbol(7565164, 'USDC')?.address).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expect(curatedBySymbol(7565164, 'USDT')?.address).toBe('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB');
    expect(curatedBySymbol(8453, 'USDC')?.address).toBe('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913');
  });
});

describe('resolveToken', () => {
  it('resolves curated symbols (any case), native symbols and addresses', async () => {
    expect(await assets.resolveToken(8453, 'usdc')).toMatchObject({
      chainId: 8453,
      address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      symbol: 'USDC',
      decimals: 6,
      verified: true,
      popular: true,
    });
    expect(await assets.resolveToken('base', 'ETH')).toMatchObject({ address: '0x0000000000000000000000000000000000000000', decimals: 18, symbol: 'ETH' });
    expect(await assets.resolveToken('bsc', 'BNB')).toMatchObject({ address: '0x0000000000000000000000000000000000000000', symbol: 'BNB' });
    expect(await assets.resolveToken(56, 'USDT')).toMatchObject({ decimals: 18 });
    expect(await assets.resolveToken(8453, '0x833589FCD6EDB6E08F4C7C32D4F71B54BDA02913')).toMatchObject({
      symbol: 'USDC',
      address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    });
    expect(await assets.resolveToken(8453, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toMatchObject({
      symbol: 'ETH',
      address: '0x0000000000000000000000000000000000000000',
    });
    expect(await assets.resolveToken(7565164, 'SOL')).toMatchObject({ address: 'So11111111111111111111111111111111111111112', decimals: 9 });
    expect(await assets.resolveToken('polygon', 'MATIC')).toMatchObject({ address: '0x0000000000000000000000000000000000000000', symbol: 'POL' });
    expect(await assets.resolveToken('solana', 'wsol')).toMatchObject({ address: 'So11111111111111111111111111111111111111112' });
    expect(await assets.resolveToken('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toMatchObject({ symbol: 'USDC', decimals: 6 });
  });

  it('refuses unknown symbols, malformed addresses and unknown chains with precise codes', async () => {
    await expect(assets.resolveToken(8453, 'NOPE')).rejects.toMatchObject({ code: 'UNSUPPORTED_TOKEN' });
    await expect(assets.resolveToken(8453, '0x1234')).rejects.toMatchObject({ code: 'INVALID_PARAMS', details: { field: 'token' } });
    await expect(assets.resolveToken(8453, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'srcToken')).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      details: { field: 'srcToken' },
    });
    await expect(assets.resolveToken('solana', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(assets.resolveToken(8453, '')).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(assets.resolveToken(31337, 'USDC')).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' });
  });
});

describe('price ids', () => {
  it('maps ids (id or slug, any address case) to normalised keys and validates them', () => {
    const m = assets.parsePriceIds([
      '8453:0x833589FCD6EDB6E08F4C7C32D4F71B54BDA02913',
      'base:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      'solana:So11111111111111111111111111111111111111112',
    ]);
    expect([...m.values()]).toEqual([
      '8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      '8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      '7565164:So11111111111111111111111111111111111111112',
    ]);
    expect(() => assets.parsePriceIds([])).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
    expect(() => assets.parsePriceIds(Array.from({ length: 101 }, () => '1:0x0000000000000000000000000000000000000000'))).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMS' }),
    );
    expect(() => assets.parsePriceIds(['nochain:0x0000000000000000000000000000000000000000'])).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
    expect(() => assets.parsePriceIds(['1:nope'])).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
    expect(() => assets.parsePriceIds(['0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'])).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
  });
});
