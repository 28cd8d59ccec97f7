import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositOf, relayDepositProvider } from '../../../src/providers/relay/deposit-addresses.js';
import { startRelayFixture, type RelayFixture } from '../../fixtures/relay-server.js';
import type { DepositRoute } from '../../../src/providers/deposit-addresses.js';

const USDC_BASE = { chainId: 8453, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 };
const USDC_SOL = { chainId: 7565164, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', decimals: 6 };
const route: DepositRoute = {
  src: USDC_BASE,
  dst: USDC_SOL,
  srcVm: 'evm',
  dstVm: 'svm',
  recipient: 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE',
  refundTo: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  reusable: true,
  amount: 100_000_000n,
  fees: { ourFeeBps: 20, partnerFeeBps: 10, recipients: { evm: '0x1111111111111111111111111111111111111111' }, partnerRecipients: {} },
};
const signal = new AbortController().signal;

describe('Relay deposit addresses (adapter against the Relay fixture)', () => {
  let relay: RelayFixture;
  beforeAll(async () => {
    relay = await startRelayFixture();
  });
  afterAll(() => relay?.close());

  it('creates with useDepositAddress + refundTo, carries only the fees Relay can take (EVM recipients), reads the address and estimate', async () => {
    const p = relayDepositProvider({ baseUrl: relay.url, apiKey: 'k', referrer: 'swapgate' });
    const c = await p.create(route, signal);
    const body = relay.quoteBodies.at(-1)!;
    expect(body).toMatchObject({
      useDepositAddress: true,
      refundTo: route.refundTo,
      user: route.refundTo,
      destinationChainId: 792703809,
      appFees: [{ recipient: '0x1111111111111111111111111111111111111111', fee: '20' }],
    });
    expect(body.strict).toBeUndefined();
    // The partner has no EVM recipient: Relay cannot carry its fee, so it is not recorded either.
    expect(c.fees).toEqual({ ourFeeBps: 20, partnerFeeBps: 0 });
    expect(relay.depositAddresses.has(c.address)).toBe(true);
    expect(c.providerRef).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(c.estimate!.dstAmount)).toBeGreaterThan(0n);
    const strict = await p.create({ ...route, reusable: false }, signal);
    expect(relay.quoteBodies.at(-1)).toMatchObject({ strict: true, refundTo: route.refundTo });
    expect(relay.depositAddresses.get(strict.address)!.type).toBe('strict');
  });

  it('checkout pay by transfer: a strict address quoted EXACT_OUTPUT for the amount to deliver; its input (fees included) is the amount it takes', async () => {
    const p = relayDepositProvider({ baseUrl: relay.url, apiKey: 'k', referrer: 'swapgate' });
    const c = await p.create({ ...route, reusable: false, amount: 25_000_000n, exactOutput: 25_000_000n }, signal);
    expect(relay.quoteBodies.at(-1)).toMatchObject({ tradeType: 'EXACT_OUTPUT', amount: '25000000', strict: true, useDepositAddress: true });
    expect(c.estimate!.dstAmount).toBe('25000000');
    expect(BigInt(c.estimate!.amount)).toBeGreaterThan(25_000_000n);
  });

  it('detects the deposits at an address (with the API key), skipping none of another address', async () => {
    const p = relayDepositProvider({ baseUrl: relay.url, apiKey: 'k', referrer: 'swapgate' });
    const c = await p.create(route, signal);
    const other = await p.create(route, signal);
    const id = relay.deposit(c.address, 7_000_000n);
    relay.deposit(other.address, 1_000_000n);
    const seen = await p.detect({ address: c.address, chainId: 8453, providerRef: c.providerRef ?? null, reusable: true, amount: null }, signal);
    expect(seen).toEqual([
      {
        providerDepositId: id,
        trackingId: id,
        amount: '7000000',
        srcTxHash: relay.requests.get(id)!.inTxHashes[0],
        dstAmount: relay.requests.get(id)!.amountOut,
      },
    ]);
    expect(relay.lastHeaders['x-api-key']).toBe('k');
    await expect(
      relayDepositProvider({ baseUrl: relay.url, referrer: 'x' }).detect(
        { address: c.address, chainId: 8453, providerRef: null, reusable: true, amount: null },
        signal,
      ),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('a busy reusable address: deposits beyond the first page of /requests/v3 are found (its pages are followed)', async () => {
    const p = relayDepositProvider({ baseUrl: relay.url, apiKey: 'k', referrer: 'swapgate' });
    const c = await p.create(route, signal);
    const ids = Array.from({ length: 60 }, (_v, i) => relay.deposit(c.address, BigInt(2_000_000 + i)));
    const seen = await p.detect({ address: c.address, chainId: 8453, providerRef: c.providerRef ?? null, reusable: true, amount: null }, signal);
    expect(new Set(seen.map((d) => d.providerDepositId))).toEqual(new Set(ids));
  });

  it('a strict address whose deposit /requests/v3 does not list is found through its own request (both readings)', async () => {
    const p = relayDepositProvider({ baseUrl: relay.url, apiKey: 'k', referrer: 'swapgate' });
    for (const lists of [true, false]) {
      relay.listsStrictDeposits = lists;
      const c = await p.create({ ...route, reusable: false, amount: 25_000_000n }, signal);
      const args = { address: c.address, chainId: 8453, providerRef: c.providerRef!, reusable: false, amount: '25000000' };
      expect(await p.detect(args, signal)).toEqual([]);
      const id = relay.deposit(c.address, 25_000_000n);
      expect(id).toBe(c.providerRef);
      const seen = await p.detect(args, signal);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ providerDepositId: id, trackingId: id, amount: '25000000', srcTxHash: relay.requests.get(id)!.inTxHashes[0] });
    }
    relay.listsStrictDeposits = true;
  });

  it.each([
    [
      'metadata amounts',
      { id: 'r1', status: 'pending', data: { inTxs: [{ hash: '0xa' }], metadata: { currencyIn: { amount: '5' }, currencyOut: { amount: '4' } } } },
      { providerDepositId: 'r1', trackingId: 'r1', amount: '5', dstAmount: '4', srcTxHash: '0xa' },
    ],
    [
      'top-level currencyIn, txHash spelling',
      { id: 'r2', status: 'success', data: { inTxs: [{ txHash: '0xb' }], currencyIn: { amount: 6 } } },
      { providerDepositId: 'r2', trackingId: 'r2', amount: '6', srcTxHash: '0xb' },
    ],
    [
      'amount on the deposit tx',
      { id: 'r3', status: 'refund', data: { inTxs: [{ hash: '0xc', amount: '7' }] } },
      { providerDepositId: 'r3', trackingId: 'r3', amount: '7', srcTxHash: '0xc' },
    ],
    ['still waiting', { id: 'r4', status: 'waiting', data: { inTxs: [{ hash: '0xd', amount: '7' }] } }, undefined],
    ['no deposit tx yet', { id: 'r5', status: 'pending', data: { inTxs: [], metadata: { currencyIn: { amount: '5' } } } }, undefined],
    ['no readable amount', { id: 'r6', status: 'pending', data: { inTxs: [{ hash: '0xe' }], metadata: { currencyIn: { amount: '1.5' } } } }, undefined],
  ])('reads a /requests/v3 row defensively: %s', (_n, row, expected) => {
    expect(depositOf(row as never)).toEqual(expected);
  });
});
