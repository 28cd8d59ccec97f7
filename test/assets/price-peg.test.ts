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
const USDC_KEY = `8453:${BASE_USDC}`;

describe('the settlement stablecoins priced at the peg (the rule)', () => {
  it.each([
    { what: 'a source price wins', key: USDC_KEY, sourced: 0.9998, listed: 1.0001, want: { usd: 0.9998, pegged: false } },
    { what: 'a depeg shows as it is', key: USDC_KEY, sourced: 0.87, listed: undefined, want: { usd: 0.87, pegged: false } },
    { what: 'the list price stands in for a missing source price', key: USDC_KEY, sourced: null, listed: 1.0001, want: { usd: 1.0001, pegged: false } },
    { what: 'a source that did not answer, with a list price', key: USDC_KEY, sourced: undefined, listed: 0.9997, want: { usd: 0.9997, pegged: false } },
    { what: 'no price anywhere: the peg, marked', key: USDC_KEY, sourced: undefined, listed: undefined, want: { usd: 1, pegged: true } },
    { what: 'a known "no price": the peg, marked', key: USDC_KEY, sourced: null, listed: undefined, want: { usd: 1, pegged: true } },
    { what: 'Solana USDT (case-sensitive mint)', key: `7565164:${SOL_USDT}`, sourced: undefined, listed: undefined, want: { usd: 1, pegged: true } },
    { what: 'a mint spelled in another case is another token', key: `7565164:${SOL_USDT.toLowerCase()}`, sourced: undefined, listed: undefined, want: null },
    { what: 'DAI is a stablecoin but no settlement token', key: `8453:${BASE_DAI}`, sourced: undefined, listed: undefined, want: null },
    {
      what: 'USDC on a chain checkout does not settle on',
      key: '43114:0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
      sourced: undefined,
      listed: undefined,
      want: null,
    },
    { what: 'a price of 0 is a price', key: USDC_KEY, sourced: 0, listed: undefined, want: { usd: 0, pegged: false } },
  ])('$what', ({ key, sourced, listed, want }) => {
    expect(usdPeg(key, sourced, listed)).toEqual(want);
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
    } finally {
      llama.mode = 'down';
    }
  });
});
