/**
 * Balances latency over 25 EVM chains, each behind its own local JSON-RPC fixture with a set delay
 * (10 ms .. 250 ms): the request should take about as long as the slowest chain, not the sum. A second
 * run makes one chain hang past the per-chain deadline. Run: node_modules/.bin/tsx bench/balances.ts
 */
import { EvmRpcServer } from '../test/fixtures/evm-rpc-server.js';
import { LifiTokensServer } from '../test/fixtures/lifi-tokens-server.js';
import { STATIC_CHAINS } from '../src/assets/chain-list.js';
import { startBenchServer } from './bench-util.js';

const chains = STATIC_CHAINS.filter((c) => c.vm === 'evm').slice(0, 25);
if (chains.length < 25) throw new Error(`only ${chains.length} EVM chains in the registry`);
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 10);
const DEADLINE_MS = 1_000;

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
const { app, server } = await startBenchServer(env);

let n = 0;
/** A fresh address each time, so the 20 s balances cache never answers. */
async function run() {
  const owner = `0x${(++n).toString(16).padStart(40, '0')}`;
  for (const r of rpcs) r.set('native', owner, 10n ** 18n);
  const t = performance.now();
  const res = await fetch(`${server.url}/v1/balances?address=${owner}&chains=${chains.map((c) => c.id).join(',')}`);
  const body = (await res.json()) as { balances: unknown[]; errors: { chainId: number }[] };
  return { ms: performance.now() - t, items: body.balances.length, errors: body.errors.length, status: res.status };
}

try {
  await run(); // warm-up: token list load, client creation
  const slowest = Math.max(...rpcs.map((r) => r.delayMs));
  const sum = rpcs.reduce((s, r) => s + r.delayMs, 0);
  const samples: number[] = [];
  let last = { items: 0, errors: 0, status: 0 };
  for (let i = 0; i < 10; i++) {
    const r = await run();
    samples.push(r.ms);
    last = r;
  }
  samples.sort((a, b) => a - b);
  console.log(`balances over ${chains.length} chains, RPC delays ${STEP_MS}..${slowest} ms (sum ${sum} ms)`);
  console.log(`  status ${last.status}, ${last.items} items, ${last.errors} errors`);
  console.log(`  latency: median ${samples[5]!.toFixed(1)} ms, min ${samples[0]!.toFixed(1)} ms, max ${samples[9]!.toFixed(1)} ms`);
  console.log(`  overhead over the slowest chain: ${(samples[5]! - slowest).toFixed(1)} ms; eth_calls per chain per request: 1`);

  rpcs[0]!.mode = 'hang';
  const hung = await run();
  console.log(
    `\none chain hanging (deadline ${DEADLINE_MS} ms): status ${hung.status}, ${hung.items} items, ${hung.errors} error(s), ${hung.ms.toFixed(1)} ms`,
  );
} finally {
  await server.close();
  await app.close();
  await Promise.all([lifi.close(), ...rpcs.map((r) => r.close())]);
}
