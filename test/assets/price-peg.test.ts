import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { tokenId } from '../../src/assets/addresses.js';
import { USD_PEGGED_KEYS, usdPeg } from '../../src/assets/prices.js';
import { SETTLEMENT_TOKENS } from '../../src/checkout/settlement.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { JupiterDataServer } from '../fixtures/jupiter-data-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';

const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const BASE_DAI = '0x50c5725949a6f0c72e6c4a641f24049a917db0cb';
const SOL_USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const USDC_KEY = `8453:${BASE_USDC}`;

describe('the settlement stablecoins priced at the peg (the rule)', () => {
  const ETH_KEY = '8453:0x0000000000000000000000000000000000000000';
  const SOL_USDC_KEY = '7565164:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  const one = (key: string, sourced: number | null | undefined, listed?: number) => ({ key, sourced, listed });
  const peg = { usd: 1, pegged: true };
  it.each([
    { what: 'a source price wins', ask: [one(USDC_KEY, 0.9998, 1.0001)], want: [{ usd: 0.9998, pegged: false }] },
    { what: 'a depeg shows as it is', ask: [one(USDC_KEY, 0.87)], want: [{ usd: 0.87, pegged: false }] },
    { what: 'a price of 0 is a price', ask: [one(USDC_KEY, 0)], want: [{ usd: 0, pegged: false }] },
    { what: 'the list price stands in for a missing source price', ask: [one(USDC_KEY, null, 1.0001)], want: [{ usd: 1.0001, pegged: false }] },
    { what: 'a source that did not answer, with a list price', ask: [one(USDC_KEY, undefined, 0.9997)], want: [{ usd: 0.9997, pegged: false }] },
    { what: 'no source answered, no list price: the peg, marked', ask: [one(USDC_KEY, undefined)], want: [peg] },
    { what: 'a source that answered "no price" is believed', ask: [one(USDC_KEY, null)], want: [null] },
    { what: 'Solana USDT (case-sensitive mint)', ask: [one(`7565164:${SOL_USDT}`, undefined)], want: [peg] },
    { what: 'a mint spelled in another case is another token', ask: [one(`7565164:${SOL_USDT.toLowerCase()}`, undefined)], want: [null] },
    { what: 'DAI is a stablecoin but no settlement token', ask: [one(`8453:${BASE_DAI}`, undefined)], want: [null] },
    { what: 'USDC on a chain checkout does not settle on', ask: [one('43114:0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', undefined)], want: [null] },
    {
      what: 'offline: every settlement stablecoin of the ask pegged, the rest unpriced',
      ask: [one(USDC_KEY, undefined), one(SOL_USDC_KEY, undefined), one(ETH_KEY, undefined), one(`8453:${BASE_DAI}`, undefined)],
      want: [peg, peg, null, null],
    },
    {
      what: 'never next to a market price: one source down, the other up (Solana USDC paying Base USDC at 0.9999)',
      ask: [one(SOL_USDC_KEY, undefined), one(USDC_KEY, 0.9999)],
      want: [null, { usd: 0.9999, pegged: false }],
    },
    { what: 'never next to a list price either', ask: [one(USDC_KEY, undefined), one(ETH_KEY, undefined, 3100)], want: [null, { usd: 3100, pegged: false }] },
  ])('$what', ({ ask, want }) => {
    expect(usdPeg(ask)).toEqual(want);
  });

  it('pegs exactly the pairs checkout settles in', () => {
    const settlement = SETTLEMENT_TOKENS.map((t) => tokenId(t.chainId, t.token));
    expect([...USD_PEGGED_KEYS].sort()).toEqual([...settlement].sort());
  });
});

describe('prices with every price source down (offline)', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.parse('2026-11-27T12:00:00Z'));
  const lifi = new LifiTokensServer();
  const jup = new JupiterDataServer();
  const llama = new DefiLlamaServer();

  beforeAll(async () => {
    await Promise.all([lifi, jup, llama].map((f) => f.start()));
    lifi.mode = 'down';
    jup.tokensMode = 'down';
    jup.priceMode = 'down';
    llama.mode = 'down';
    s = await startTestServer({
      clock,
      env: { JOBS_ENABLED: '0', LIFI_API_URL: lifi.url, JUPITER_API_URL: jup.url, DEFILLAMA_API_URL: llama.url, PRICE_TIMEOUT_MS: '700' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([lifi, jup, llama].map((f) => f.close()));
  });

  it('REST: settlement stablecoins at 1.00, listed in `pegged`; other tokens stay unpriced', async () => {
    const ids = [`base:${BASE_USDC}`, `solana:${SOL_USDT}`, `8453:${BASE_DAI}`];
    const r = await s.get(`/v1/prices?ids=${ids.join(',')}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ prices: { [ids[0]!]: 1, [ids[1]!]: 1 }, pegged: [ids[0], ids[1]] });
  });

  it('GraphQL: `pegged` on each price', async () => {
    const r = await s.post('/graphql', { query: `{ prices(ids: ["8453:${BASE_USDC}", "8453:${BASE_DAI}"]) { id priceUsd pegged } }` });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.prices).toEqual([{ id: `8453:${BASE_USDC}`, priceUsd: 1, pegged: true }]);
  });

  it('the 1 USD deposit minimum holds offline: 0.50 USDC is too small, 2 USDC is not', async () => {
    const { key } = await s.createTestKey();
    const body = (amount: string) => ({
      srcChain: 'base',
      srcToken: 'USDC',
      dstChain: 'arbitrum',
      dstToken: 'USDC',
      recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      refundTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      reusable: false,
      amount,
    });
    const small = await s.post('/v1/deposit-addresses', body('500000'), { 'x-api-key': key });
    expect(small.status, small.text).toBe(400);
    expect(small.body.error.code).toBe('AMOUNT_TOO_SMALL');
    expect(small.body.error.message).toMatch(/worth about 0\.50 USD/);
    const ok = await s.post('/v1/deposit-addresses', body('2000000'), { 'x-api-key': key });
    expect(ok.status, ok.text).toBe(201);
  });

  it('a source that answers again wins over the peg at once (the peg is never cached)', async () => {
    llama.mode = 'ok';
    llama.prices[`base:${BASE_USDC}`] = { price: 0.9712, symbol: 'USDC', decimals: 6, confidence: 0.99 };
    try {
      const r = await s.get(`/v1/prices?ids=8453:${BASE_USDC}`);
      expect(r.body).toEqual({ prices: { [`8453:${BASE_USDC}`]: 0.9712 } });
      const g = await s.post('/graphql', { query: `{ prices(ids: ["8453:${BASE_USDC}"]) { priceUsd pegged } }` });
      expect(g.body.data.prices).toEqual([{ priceUsd: 0.9712, pegged: false }]);
      // A source that answers without a price is believed: Arbitrum USDC stays unpriced next to Base's real price.
      const arb = await s.get(`/v1/prices?ids=42161:${ARB_USDC},8453:${BASE_USDC}`);
      expect(arb.body).toEqual({ prices: { [`8453:${BASE_USDC}`]: 0.9712 } });
      // Jupiter still down: Solana USDC is not pegged next to a market price in the same ask.
      const mixed = await s.get(`/v1/prices?ids=solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v,8453:${BASE_USDC}`);
      expect(mixed.body).toEqual({ prices: { [`8453:${BASE_USDC}`]: 0.9712 } });
      // Alone, it is.
      const alone = await s.get('/v1/prices?ids=solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
      expect(alone.body).toEqual({
        prices: { 'solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v': 1 },
        pegged: ['solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      });
    } finally {
      llama.mode = 'down';
    }
  });
});
