/**
 * Destination-call quotes: what the mandatory simulation adds over the provider's own answer.
 *
 *   node_modules/.bin/tsx bench/quote-calls.ts                 # 40 sequential requests of each kind
 *   BENCH_REQUESTS=200 node_modules/.bin/tsx bench/quote-calls.ts
 *
 * Anvil poses as Arbitrum (USDC at its real address, a test ERC-4626 vault); the Relay fixture answers the
 * quotes. For each request kind it prints p50/p99 of: the Relay fixture's own answer time (measured at its
 * socket, i.e. what Relay itself costs here), POST /v1/quote without calls (the GET as JSON: Relay only) and
 * POST /v1/quote with a `deposit` action, once through `eth_simulateV1` and once through the `eth_call`
 * fallback. The simulation's added latency is the calls request minus the plain one.
 */
import { request } from 'undici';
import { startDevnet, installDestinationCallTargets, ARBITRUM_USDC, CALL_TARGETS } from '../src/devnet/index.js';
import { startRelayFixture } from '../test/fixtures/relay-server.js';
import { percentiles, size, startBenchServer } from './bench-util.js';

const N = size(process.env.BENCH_REQUESTS, 40, 2);
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const RECIPIENT = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';

const fmt = (xs: number[]) => {
  const pct = percentiles(xs);
  return `p50 ${pct(50).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms`;
};

async function main() {
  const devnet = await startDevnet({ chainId: 42161 });
  await installDestinationCallTargets(devnet.rpcUrl);
  const relay = await startRelayFixture();
  relay.quoteLimitPerMinute = Number.MAX_SAFE_INTEGER; // the fixture imitates Relay's 50 quotes a minute; not what is measured here
  const base = {
    srcChain: '8453',
    srcToken: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    dstChain: '42161',
    dstToken: ARBITRUM_USDC.toLowerCase(),
    sender: SENDER,
    recipient: RECIPIENT,
  };
  const plain = { ...base, amount: '2600000' };
  const withCalls = { ...base, dstAmount: '2500000', action: { type: 'deposit', vault: CALL_TARGETS.vault } };
  const results: string[] = [];
  try {
    for (const mode of ['eth_simulateV1', 'eth_call'] as const) {
      const { app, server } = await startBenchServer({
        PROVIDERS: 'relay',
        RELAY_API_URL: relay.url,
        RPC_URL_42161: devnet.rpcUrl,
        CALLS_SIMULATION_MODE: mode,
        FEE_RECIPIENT_EVM: '0x1111111111111111111111111111111111111111',
      });
      const url = `http://127.0.0.1:${server.port}/v1/quote`;
      const post = async (body: unknown) => {
        const t = performance.now();
        const r = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const text = await r.body.text();
        if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${text}`);
        return performance.now() - t;
      };
      // Warm up: token resolution, the executor lookup and the balance-slot probe happen once.
      await post(plain);
      await post(withCalls);
      const relayOnly: number[] = [];
      const plainMs: number[] = [];
      const callsMs: number[] = [];
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        const fixture = await fetch(`${relay.url}/quote/v2`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            user: SENDER,
            recipient: RECIPIENT,
            originChainId: 8453,
            destinationChainId: 42161,
            originCurrency: base.srcToken,
            destinationCurrency: base.dstToken,
            amount: '2500000',
            tradeType: 'EXACT_OUTPUT',
          }),
        });
        const fixtureText = await fixture.text();
        relayOnly.push(performance.now() - t);
        if (fixture.status !== 200) throw new Error(`Relay fixture: ${fixture.status}: ${fixtureText}`);
        plainMs.push(await post(plain));
        callsMs.push(await post(withCalls));
      }
      const added = callsMs.map((c, i) => c - plainMs[i]);
      results.push(
        `${mode}:`,
        `  Relay fixture alone          ${fmt(relayOnly)}`,
        `  POST /v1/quote, no calls     ${fmt(plainMs)}`,
        `  POST /v1/quote, deposit      ${fmt(callsMs)}`,
        `  added by the simulation      ${fmt(added)}`,
      );
      await server.close();
      await app.close();
    }
  } finally {
    await relay.close();
    await devnet.stop();
  }
  console.log(`destination-call quotes, ${N} requests each (anvil as Arbitrum, Relay fixture)\n${results.join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
