import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { EvmRpcServer } from '../fixtures/evm-rpc-server.js';
import { JupiterDataServer } from '../fixtures/jupiter-data-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';
import { SolanaRpcServer } from '../fixtures/solana-rpc-server.js';
import { inProcessGraphQL } from '../helpers/graphql.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
// Long, but inside Node's 16 KiB request-header limit (beyond it the HTTP server answers 431 itself).
const HUGE = 'x'.repeat(6_000);
const enc = encodeURIComponent;

/**
 * Malformed input on every assets route and GraphQL field: each gets its precise 4xx code, never a 500.
 */
describe('assets: malformed input never makes a 500', () => {
  let s: TestServer;
  const lifi = new LifiTokensServer();
  const jup = new JupiterDataServer();
  const llama = new DefiLlamaServer();
  const sol = new SolanaRpcServer();
  const base = new EvmRpcServer(8453);

  beforeAll(async () => {
    await Promise.all([lifi, jup, llama, sol, base].map((f) => f.start()));
    s = await startTestServer({
      clock: new ManualClock(Date.parse('2026-11-22T12:00:00Z')),
      env: {
        JOBS_ENABLED: '0',
        LIFI_API_URL: lifi.url,
        JUPITER_API_URL: jup.url,
        DEFILLAMA_API_URL: llama.url,
        SOLANA_RPC_URL: sol.url,
        RPC_URL_8453: base.url,
        RPC_TIMEOUT_MS: '500',
        PRICE_TIMEOUT_MS: '700',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([lifi, jup, llama, sol, base].map((f) => f.close()));
  });

  const rest: [path: string, status: number, code?: string][] = [
    // tokens
    ['/v1/tokens?chain=', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=%20%20', 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=${enc('😀')}`, 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=-1', 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=1e3', 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=99999999999999999999999999', 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=%00', 400, 'UNSUPPORTED_CHAIN'],
    [`/v1/tokens?chain=${HUGE}`, 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=__proto__', 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=constructor', 400, 'UNSUPPORTED_CHAIN'],
    ['/v1/tokens?chain=base&chain=mars', 200],
    ['/v1/tokens?chain=BASE', 200],
    ['/v1/tokens?chain=base&limit=', 200],
    ['/v1/tokens?chain=base&limit=1.5', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=base&limit=-5', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=base&limit=%2B5', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=base&limit=1e2', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=base&limit=0x10', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=base&limit=99999999999999999999999', 400, 'INVALID_PARAMS'],
    ['/v1/tokens?chain=base&limit=200', 200],
    ['/v1/tokens?chain=base&limit=201', 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=base&q=${HUGE}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=base&q=${enc('ü😀İ\u0000')}`, 200],
    ['/v1/tokens?chain=base&q=%', 200],
    ['/v1/tokens?chain=base&q=0x', 200],
    [`/v1/tokens?chain=solana&q=${ZERO}`, 200],
    ['/v1/tokens?chain=base&cursor=', 200],
    [`/v1/tokens?chain=base&cursor=${HUGE}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=base&cursor=${Buffer.from('[[0,0,0,0,0,"a","b"],2]').toString('base64url')}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=base&cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=base&cursor=${Buffer.from('null').toString('base64url')}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens?chain=base&cursor=${enc('😀')}`, 400, 'INVALID_PARAMS'],
    // lookup
    ['/v1/tokens/lookup?chain=base&address=', 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=base&address=0x833589fcd6edb6e08f4c7c32d4f71b54bda0291', 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=base&address=0x833589fcd6edb6e08f4c7c32d4f71b54bda029133', 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=base&address=0xg33589fcd6edb6e08f4c7c32d4f71b54bda02913', 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=base&address=833589fcd6edb6e08f4c7c32d4f71b54bda02913', 400, 'INVALID_PARAMS'],
    [`/v1/tokens/lookup?chain=base&address=${enc('0x833589fcd6edb6e08f4c7c32d4f71b54bda0291😀')}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens/lookup?chain=base&address=${HUGE}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens/lookup?chain=base&address=${WALLET}`, 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=base&address=USDC', 400, 'INVALID_PARAMS'],
    [`/v1/tokens/lookup?chain=mars&address=${ZERO}`, 400, 'UNSUPPORTED_CHAIN'],
    [`/v1/tokens/lookup?address=${ZERO}`, 400, 'INVALID_PARAMS'],
    [`/v1/tokens/lookup?chain=base&address=${ZERO}`, 200],
    ['/v1/tokens/lookup?chain=base&address=0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 200],
    ['/v1/tokens/lookup?chain=solana&address=0xabc', 400, 'INVALID_PARAMS'],
    [`/v1/tokens/lookup?chain=solana&address=${ZERO}`, 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=solana&address=0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=solana&address=1111111111111111111111111111111111111111111', 400, 'INVALID_PARAMS'],
    ['/v1/tokens/lookup?chain=solana&address=11111111111111111111111111111111', 200], // System Program id = SOL
    [`/v1/tokens/lookup?chain=solana&address=${WALLET}`, 400, 'UNSUPPORTED_TOKEN'],
    // prices
    ['/v1/prices?ids=', 400, 'INVALID_PARAMS'],
    ['/v1/prices?ids=,,,', 400, 'INVALID_PARAMS'],
    ['/v1/prices?ids=1', 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=:${ZERO}`, 400, 'INVALID_PARAMS'],
    ['/v1/prices?ids=1:', 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=1:${ZERO}:x`, 400, 'INVALID_PARAMS'],
    ['/v1/prices?ids=1:0xZZ', 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=solana:${ZERO}`, 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=8453:${WALLET}`, 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=${enc('😀')}:${ZERO}`, 400, 'UNSUPPORTED_CHAIN'],
    [`/v1/prices?ids=mars:${ZERO}`, 400, 'UNSUPPORTED_CHAIN'],
    [`/v1/prices?ids=${HUGE}`, 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=${Array.from({ length: 101 }, () => `1:${ZERO}`).join(',')}`, 400, 'INVALID_PARAMS'],
    [`/v1/prices?ids=${Array.from({ length: 100 }, () => `1:${ZERO}`).join(',')}`, 200],
    // balances
    ['/v1/balances?address=', 400, 'INVALID_PARAMS'],
    ['/v1/balances?address=0x123', 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${ZERO}0`, 400, 'INVALID_PARAMS'],
    ['/v1/balances?address=0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${HUGE}`, 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${enc('😀')}`, 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${WALLET}&chains=1`, 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${ZERO}&chains=solana`, 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${ZERO}&chains=${enc('😀')}`, 400, 'UNSUPPORTED_CHAIN'],
    [`/v1/balances?address=${ZERO}&chains=${Array.from({ length: 26 }, () => 'base').join(',')}`, 400, 'INVALID_PARAMS'],
    [`/v1/balances?address=${ZERO}&chains=base,,`, 200],
  ];

  const label = (s: string) => (s.length > 120 ? `${s.slice(0, 100)}…(${s.length} chars)` : s);
  it.each(rest.map(([p, st, c]) => [label(p), st, c ?? '', p] as const))('GET %s → %i %s', async (_l, status, code, path) => {
    const r = await s.get(path);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (code) expect(r.body?.error?.code, r.text.slice(0, 300)).toBe(code);
  });

  const gql: [query: string, code?: string][] = [
    ['{ tokens(chain: "") { pageInfo { endCursor } } }', 'INVALID_PARAMS'],
    ['{ tokens(chain: "😀") { pageInfo { endCursor } } }', 'UNSUPPORTED_CHAIN'],
    ['{ tokens(chain: "base", first: -1) { pageInfo { endCursor } } }', 'INVALID_PARAMS'],
    ['{ tokens(chain: "base", first: 0) { pageInfo { endCursor } } }', 'INVALID_PARAMS'],
    ['{ tokens(chain: "base", first: 201) { pageInfo { endCursor } } }', 'INVALID_PARAMS'],
    // Not a GraphQL Int: rejected by query validation before any resolver runs.
    ['{ tokens(chain: "base", first: 1.5) { pageInfo { endCursor } } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['{ tokens(chain: "base", first: 99999999999) { pageInfo { endCursor } } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['{ tokens(chain: "base", after: "garbage") { pageInfo { endCursor } } }', 'INVALID_PARAMS'],
    [`{ tokens(chain: "base", q: "${HUGE}") { pageInfo { endCursor } } }`, 'INVALID_PARAMS'],
    ['{ tokens(chain: "base", q: "😀") { pageInfo { endCursor } } }'],
    // A lookup of something that does not exist answers null.
    ['{ chain(ref: "nowhere") { id } }'],
    ['{ token(chain: "base", address: "0x12") { symbol } }', 'INVALID_PARAMS'],
    [`{ token(chain: "base", address: "${WALLET}") { symbol } }`, 'INVALID_PARAMS'],
    [`{ token(chain: "solana", address: "${ZERO}") { symbol } }`, 'INVALID_PARAMS'],
    [`{ token(chain: "solana", address: "${WALLET}") { symbol } }`],
    [`{ token(chain: "mars", address: "${ZERO}") { symbol } }`, 'UNSUPPORTED_CHAIN'],
    ['{ prices(ids: []) { id } }', 'INVALID_PARAMS'],
    ['{ prices(ids: ["1"]) { id } }', 'INVALID_PARAMS'],
    ['{ prices(ids: ["mars:0x0000000000000000000000000000000000000000"]) { id } }', 'UNSUPPORTED_CHAIN'],
    [`{ prices(ids: [${Array.from({ length: 101 }, () => `"1:${ZERO}"`).join(',')}]) { id } }`, 'INVALID_PARAMS'],
    ['{ balances(address: "nope") { totalUsd } }', 'INVALID_PARAMS'],
    ['{ balances(address: "") { totalUsd } }', 'INVALID_PARAMS'],
    [`{ balances(address: "${WALLET}", chains: ["base"]) { totalUsd } }`, 'INVALID_PARAMS'],
    [`{ balances(address: "${ZERO}", chains: ["mars"]) { totalUsd } }`, 'UNSUPPORTED_CHAIN'],
    [`{ balances(address: "${ZERO}", chains: [${Array.from({ length: 26 }, () => '"base"').join(',')}]) { totalUsd } }`, 'INVALID_PARAMS'],
  ];

  it.each(gql.map(([q, c]) => [label(q), c ?? 'ok', q] as const))('GraphQL %s → %s', async (_l, code, query) => {
    const r = await inProcessGraphQL(s).post({ query });
    expect(r.status).not.toBe(500);
    if (code === 'ok') {
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      return;
    }
    expect(r.body.errors?.[0]?.extensions?.code, JSON.stringify(r.body)).toBe(code);
  });
});
