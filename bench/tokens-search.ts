/**
 * Token search throughput over a generated 100,000-token list: the index alone, then end to end through
 * GET /v1/tokens with the list served by a local LI.FI fixture. Run: node_modules/.bin/tsx bench/tokens-search.ts
 */
import { ChainTokenIndex, type IndexedToken } from '../src/assets/token-index.js';
import { LifiTokensServer, type LifiToken } from '../test/fixtures/lifi-tokens-server.js';
import { measure, rng, size, startBenchServer } from './bench-util.js';

const N = size(process.env.BENCH_TOKENS, 100_000, 2_000);
/** How long each query is measured. */
const MEASURE_MS = size(process.env.BENCH_MEASURE_MS, 1_000, 50);
const rand = rng(42);
const syllables = ['ba', 'co', 'de', 'fi', 'go', 'ka', 'lu', 'mo', 'ne', 'pi', 'ra', 'su', 'ta', 'vo', 'xi', 'ze', 'usd', 'eth', 'btc', 'sol'];
const words = ['Token', 'Finance', 'Protocol', 'Dollar', 'Wrapped', 'Staked', 'Governance', 'Coin', 'Network', 'DAO', 'Labs', 'Swap'];
const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;

const lifiTokens: LifiToken[] = Array.from({ length: N }, (_, i) => {
  const sym = (pick(syllables) + pick(syllables) + (rand() < 0.3 ? pick(syllables) : '')).toUpperCase();
  return {
    address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    chainId: 8453,
    symbol: sym,
    decimals: 18,
    name: `${sym[0]}${sym.slice(1).toLowerCase()} ${pick(words)} ${rand() < 0.5 ? pick(words) : ''}`.trim(),
    priceUSD: rand() < 0.6 ? (rand() * 100).toFixed(4) : '0',
    marketCapUSD: rand() < 0.4 ? Math.round(rand() * 1e9) : null,
    verificationStatus: rand() < 0.8 ? 'verified' : 'unverified',
  };
});
const indexed: IndexedToken[] = lifiTokens.map((t) => ({
  chainId: t.chainId,
  address: t.address,
  symbol: t.symbol,
  name: t.name,
  decimals: t.decimals,
  priceUsd: Number(t.priceUSD) || undefined,
  liquidityUsd: t.marketCapUSD ?? undefined,
  verified: t.verificationStatus === 'verified',
  popular: false,
}));

const queries: [label: string, q: string | undefined][] = [
  ['no q, first page', undefined],
  ['q 1 char ("z")', 'z'],
  ['q 2 chars ("xi")', 'xi'],
  ['q 3 chars ("usd")', 'usd'],
  ['q exact symbol ("KALU")', 'KALU'],
  ['q name words ("staked dollar")', 'staked dollar'],
  ['q no match ("qqqq")', 'qqqq'],
];

console.log(`tokens-search: ${N.toLocaleString('en')} tokens`);
const t0 = performance.now();
const index = new ChainTokenIndex(indexed);
console.log(`index build: ${Math.round(performance.now() - t0)} ms`);
console.log('\nindex only (limit 50):');
for (const [label, q] of queries) {
  const r = await measure(() => index.page({ q, limit: 50 }), MEASURE_MS);
  console.log(`  ${label.padEnd(34)} ${String(r.qps).padStart(9)} q/s   mean ${r.meanMs} ms`);
}
// Deep paging: follow cursors 200 pages in, then measure the page after.
let cursor: string | undefined;
const DEEP = Math.min(200, Math.floor(N / 50) - 1);
for (let i = 0; i < DEEP; i++) cursor = index.page({ limit: 50, cursor }).nextCursor ?? undefined;
const deep = await measure(() => index.page({ limit: 50, cursor }), MEASURE_MS);
console.log(`  ${`no q, page ${DEEP + 1} (cursor)`.padEnd(34)} ${String(deep.qps).padStart(9)} q/s   mean ${deep.meanMs} ms`);

const lifi = await new LifiTokensServer().start();
lifi.tokens = lifiTokens;
const { app, server } = await startBenchServer({ LIFI_API_URL: lifi.url, JUPITER_API_URL: lifi.url });
try {
  const l0 = performance.now();
  const first = await fetch(`${server.url}/v1/tokens?chain=base&limit=1`);
  if (first.status !== 200) throw new Error(`GET /v1/tokens: HTTP ${first.status}: ${(await first.text()).slice(0, 300)}`);
  await first.text();
  console.log(`\nHTTP GET /v1/tokens (first call loads and indexes the list: ${Math.round(performance.now() - l0)} ms)`);
  for (const [label, q] of queries) {
    const url = `${server.url}/v1/tokens?chain=base&limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`;
    const r = await measure(async () => {
      const res = await fetch(url);
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET /v1/tokens: HTTP ${res.status}: ${text.slice(0, 300)}`);
    }, MEASURE_MS);
    console.log(`  ${label.padEnd(34)} ${String(r.qps).padStart(9)} req/s mean ${r.meanMs} ms`);
  }
} finally {
  await server.close();
  await app.close();
  await lifi.close();
}
