/**
 * Balances latency over 25 EVM chains, each behind its own local JSON-RPC fixture with a set delay
 * (10 ms .. 250 ms): the request should take about as long as the slowest chain, not the sum (target: the
 * median at most 15 ms over the slowest chain, its delay being this run's baseline), in one eth_call per chain
 * (counted at the fixtures). A second run makes one chain hang past the per-chain deadline. The service runs in a
 * process of its own: the 25 fixtures and the client stay here.
 * Run: node_modules/.bin/tsx bench/balances.ts
 */
import { EvmRpcServer } from '../test/fixtures/evm-rpc-server.js';
import { LifiTokensServer } from '../test/fixtures/lifi-tokens-server.js';
import { STATIC_CHAINS } from '../src/assets/chain-list.js';
import { Failures, median as medianOf, size, startServiceProcess, Targets } from './bench-util.js';

const chains = STATIC_CHAINS.filter((c) => c.vm === 'evm').slice(0, 25);
if (chains.length < 25) throw new Error(`only ${chains.length} EVM chains in the registry`);
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 10);
// The per-chain deadline; smoke runs share a loaded machine with the suite, where 1 s can pass before a chain answers.
const DEADLINE_MS = size(process.env.BENCH_DEADLINE_MS, 1_000, 5_000);

const rpcs = await Promise.all(chains.map((c, i) => new EvmRpcServer(c.id).start().then((s) => Object.assign(s, { delayMs: (i + 1) * STEP_MS }))));
const lifi = await new LifiTokensServer().start();
const env: Record<string, string> = {
  LIFI_API_URL: lifi.url,
  JUPITER_API_URL: lifi.url,
  DEFILLAMA_API_URL: lifi.url,
  BALANCES_CHAIN_TIMEOUT_MS: String(DEADLINE_MS),
  RPC_TIMEOUT_MS: '5000',
};
for (const [i, c] of chains.entries()) env[`RPC_URL_${c.id}`] = rpcs[i]!.url;
const server = await startServiceProcess(env);

const SAMPLES = size(process.env.BENCH_SAMPLES, 10, 3);
const failures = new Failures();
let n = 0;
/** A fresh address each time, so the 20 s balances cache never answers. */
async function run() {
  const owner = `0x${(++n).toString(16).padStart(40, '0')}`;
  for (const r of rpcs) r.set('native', owner, 10n ** 18n);
  const t = performance.now();
  const res = await fetch(`${server.url}/v1/balances?address=${owner}&chains=${chains.map((c) => c.id).join(',')}`);
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) {
    failures.record(`GET /v1/balances: HTTP ${res.status}`, text);
    return { ms, items: 0, errors: 0, status: res.status, failed: [] as number[] };
  }
  const body = JSON.parse(text) as { balances: unknown[]; errors: { chainId: number }[] };
  return { ms, items: body.balances.length, errors: body.errors.length, status: res.status, failed: body.errors.map((e) => e.chainId) };
}

try {
  const warm = await run(); // warm-up: token list load, client creation
  if (warm.errors) failures.record('warm-up: chains answered with errors', warm.failed.join(', '));
  const slowest = Math.max(...rpcs.map((r) => r.delayMs));
  const sum = rpcs.reduce((s, r) => s + r.delayMs, 0);
  const samples: number[] = [];
  const callsBefore = rpcs.reduce((n, r) => n + r.ethCalls(), 0);
  let last = { items: 0, errors: 0, status: 0 };
  for (let i = 0; i < SAMPLES; i++) {
    const r = await run();
    if (r.errors) failures.record('chains answered with errors', r.failed.join(', '));
    samples.push(r.ms);
    last = r;
  }
  const median = medianOf(samples);
  console.log(`balances over ${chains.length} chains, RPC delays ${STEP_MS}..${slowest} ms (sum ${sum} ms)`);
  console.log(`  status ${last.status}, ${last.items} items, ${last.errors} errors`);
  console.log(`  latency: median ${median.toFixed(1)} ms, min ${Math.min(...samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`);
  const callsPerChain = (rpcs.reduce((n, r) => n + r.ethCalls(), 0) - callsBefore) / (SAMPLES * rpcs.length);
  const targets = new Targets();
  targets.check('median over the slowest chain', median - slowest, 'ms', { max: 15 });
  targets.check('median latency', median, 'ms', { max: slowest + 15 }, { value: slowest, what: 'the slowest chain' });
  targets.check('eth_calls per chain per request', callsPerChain, '', { max: 1 });

  rpcs[0]!.mode = 'hang';
  const hung = await run();
  // The hanging chain is the one error expected, reported by the per-chain deadline.
  if (hung.status === 200 && (hung.errors !== 1 || hung.failed[0] !== chains[0]!.id))
    failures.record('with one chain hanging: expected exactly its error', `errors for chains ${hung.failed.join(', ')}`);
  console.log(
    `\none chain hanging (deadline ${DEADLINE_MS} ms): status ${hung.status}, ${hung.items} items, ${hung.errors} error(s), ${hung.ms.toFixed(1)} ms`,
  );
  // The hanging chain is cut at its deadline: the same 15 ms allowance over it as over the slowest chain above.
  targets.check('one chain hanging: latency', hung.ms, 'ms', { max: DEADLINE_MS + 15 }, { value: DEADLINE_MS, what: 'the deadline' });
  targets.summary();
} finally {
  await server.stop();
  await Promise.all([lifi.close(), ...rpcs.map((r) => r.close())]);
}
failures.finish();
