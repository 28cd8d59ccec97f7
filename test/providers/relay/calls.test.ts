import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayProvider } from '../../../src/providers/relay/adapter.js';
import type { QuoteRequest } from '../../../src/providers/types.js';
import { RELAY_MULTICALLER, startRelayFixture, type RelayFixture } from '../../fixtures/relay-server.js';

const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const USER = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const CALLS = [
  {
    to: USDC_ARB,
    data: '0x095ea7b30000000000000000000000001111111111111111111111111111111111111111000000000000000000000000000000000000000000000000000000000016e360',
    value: '0',
  },
  { to: '0x1111111111111111111111111111111111111111', data: '0x6e553f65', value: '0' },
];
const req = (o: Partial<QuoteRequest> = {}): QuoteRequest => ({
  src: { chainId: 8453, address: USDC_BASE, symbol: 'USDC', decimals: 6 },
  dst: { chainId: 42161, address: USDC_ARB, symbol: 'USDC', decimals: 6 },
  srcVm: 'evm',
  dstVm: 'evm',
  tradeType: 'EXACT_OUTPUT',
  amount: 1_500_000n,
  sender: USER,
  recipient: USER,
  slippageBps: 50,
  fees: { ourFeeBps: 0, partnerFeeBps: 0, recipients: {} },
  ...o,
});

describe('Relay adapter: destination calls', () => {
  let fx: RelayFixture;
  let relay: RelayProvider;
  beforeAll(async () => {
    fx = await startRelayFixture();
    relay = new RelayProvider({ baseUrl: fx.url, referrer: 'swapgate' });
  });
  afterAll(() => fx?.close());

  it('sends the calls as txs with txsGasLimit on an exact-output trade', async () => {
    const q = await relay.quote(req({ calls: CALLS, callsGasLimit: 123_456 }), AbortSignal.timeout(5_000));
    expect(fx.quoteBodies.at(-1)).toMatchObject({ tradeType: 'EXACT_OUTPUT', amount: '1500000', txs: CALLS, txsGasLimit: 123_456 });
    expect(q.dstAmountMin).toBe(1_500_000n);
    expect(q.srcAmount).toBeGreaterThan(1_500_000n);
  });

  it('without calls sends neither txs nor txsGasLimit', async () => {
    await relay.quote(req({ callsGasLimit: 5 }), AbortSignal.timeout(5_000));
    expect(fx.quoteBodies.at(-1)!.txs).toBeUndefined();
    expect(fx.quoteBodies.at(-1)!.txsGasLimit).toBeUndefined();
  });

  it('names its multicaller from /chains as the executor, reading /chains once', async () => {
    const before = fx.hits['GET /chains'] ?? 0;
    expect(await relay.callsExecutor(42161, AbortSignal.timeout(5_000))).toBe(RELAY_MULTICALLER);
    expect(await relay.callsExecutor(10, AbortSignal.timeout(5_000))).toBe(RELAY_MULTICALLER);
    expect(fx.hits['GET /chains']).toBe(before + 1);
    await expect(relay.callsExecutor(792703809, AbortSignal.timeout(5_000))).rejects.toMatchObject({ code: 'NO_ROUTE' });
  });

  it('a chain without a multicaller does not re-read /chains on every request (only after 10 minutes)', async () => {
    let now = 1_000_000;
    const r = new RelayProvider({ baseUrl: fx.url, referrer: 'swapgate', now: () => now });
    const before = fx.hits['GET /chains'] ?? 0;
    for (let i = 0; i < 3; i++) await expect(r.callsExecutor(792703809, AbortSignal.timeout(5_000))).rejects.toMatchObject({ code: 'NO_ROUTE' });
    expect(fx.hits['GET /chains']).toBe(before + 1);
    now += 10 * 60_000;
    await expect(r.callsExecutor(792703809, AbortSignal.timeout(5_000))).rejects.toMatchObject({ code: 'NO_ROUTE' });
    expect(fx.hits['GET /chains']).toBe(before + 2);
  });
});
