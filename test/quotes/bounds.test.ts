import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/validation.js';
import { quoteParamsSchema } from '../../src/quotes/input.js';
import { loadConfig } from '../../src/config.js';
import { ManualClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { QuoteService } from '../../src/quotes/service.js';
import type { AssetsApi } from '../../src/quotes/assets-api.js';

/** AMOUNT_TOO_SMALL / AMOUNT_TOO_LARGE bounds (QUOTE_MIN_USD / QUOTE_MAX_USD), applied when the token has a USD price. */
const assets: AssetsApi = {
  resolveChain: (ref) => ({ id: Number(ref), slug: 'base', name: 'Base', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18 }),
  resolveToken: async (chainId, ref) =>
    ref === 'PRICED'
      ? { chainId, address: `0x${'1'.repeat(40)}`, symbol: 'PRC', name: 'Priced', decimals: 6, priceUsd: 2 }
      : ref === 'TINY'
        ? { chainId, address: `0x${'4'.repeat(40)}`, symbol: 'TNY', name: 'Tiny price', decimals: 18, priceUsd: 4e-7 }
        : { chainId, address: `0x${'2'.repeat(40)}`, symbol: 'UNP', name: 'Unpriced', decimals: 6 },
};
const service = new QuoteService({
  config: loadConfig({ QUOTE_MIN_USD: '1', QUOTE_MAX_USD: '1000', PROVIDERS: 'none' }),
  clock: new ManualClock(),
  log: createLogger('silent'),
  providers: { all: () => [] },
  assets,
  partners: { forApiKey: async () => null, forIntegrator: async () => null },
  store: { system: 'postgresql', putSet: async () => {}, find: async () => undefined, sweep: async () => 0, close: async () => {} },
});
const addr = `0x${'3'.repeat(40)}`;
const quote = async (srcToken: string, amount: string) =>
  service.quote(parseInput(quoteParamsSchema, { srcChain: '8453', srcToken, amount, dstChain: '8453', dstToken: 'X', sender: addr, recipient: addr }), {
    auth: null,
  });

describe('amount bounds', () => {
  it.each([
    ['499999', 'AMOUNT_TOO_SMALL'], // 0.999998 USD at 2 USD/unit
    ['500000', 'NO_ROUTE'], // exactly 1 USD passes the bound (no provider loaded)
    ['500000000', 'NO_ROUTE'], // 1000 USD
    ['500000001', 'AMOUNT_TOO_LARGE'],
  ])('priced token, amount %s → %s', async (amount, code) => {
    await expect(quote('PRICED', amount)).rejects.toMatchObject({ code, ...(code.startsWith('AMOUNT') ? { details: { field: 'amount' } } : {}) });
  });

  it('a token priced below a micro-dollar is still valued (not rounded to 0 USD)', async () => {
    // 10 million tokens at 4e-7 USD = 4 USD: within bounds; 2 million = 0.8 USD: below the 1 USD minimum
    await expect(quote('TINY', (10_000_000n * 10n ** 18n).toString())).rejects.toMatchObject({ code: 'NO_ROUTE' });
    await expect(quote('TINY', (2_000_000n * 10n ** 18n).toString())).rejects.toMatchObject({ code: 'AMOUNT_TOO_SMALL' });
  });

  it('without a price only the uint256 bound applies', async () => {
    await expect(quote('UNPRICED', '1')).rejects.toMatchObject({ code: 'NO_ROUTE' });
    await expect(quote('UNPRICED', (1n << 256n).toString())).rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE' });
  });
});
