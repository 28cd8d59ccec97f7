import { describe, expect, it } from 'vitest';
import { deliveryFromOrder, type RoutedOrder } from '../../src/checkout/routed.js';

const SRC = `0x${'aa'.repeat(32)}`;
const DST = `0x${'bb'.repeat(32)}`;
const order = (o: Partial<RoutedOrder>): RoutedOrder => ({ status: 'submitted', srcChainId: 1, srcTxHash: SRC, ...o });

describe('which transaction delivered a routed payment', () => {
  it.each<[string, RoutedOrder | undefined, number, unknown]>([
    ['no order yet', undefined, 8453, { state: 'pending' }],
    ['cross-chain in flight', order({ providerState: 'pending' }), 8453, { state: 'pending' }],
    ['cross-chain filled with a delivery tx', order({ status: 'filled', dstTxHash: DST }), 8453, { state: 'delivered', txHash: DST }],
    ['cross-chain filled without a delivery tx yet', order({ status: 'filled' }), 8453, { state: 'pending' }],
    ['failed', order({ status: 'failed' }), 8453, { state: 'failed', reason: 'route_failed' }],
    ['refunded', order({ status: 'refunded', dstTxHash: DST }), 8453, { state: 'failed', reason: 'route_refunded' }],
    ['same-chain swap the provider cannot track', order({ srcChainId: 8453, providerState: 'unknown' }), 8453, { state: 'delivered', txHash: SRC }],
    ['same-chain filled without a delivery tx', order({ srcChainId: 8453, status: 'filled' }), 8453, { state: 'delivered', txHash: SRC }],
    ['same-chain with a separate delivery tx', order({ srcChainId: 8453, status: 'filled', dstTxHash: DST }), 8453, { state: 'delivered', txHash: DST }],
    ['same-chain still pending at the provider', order({ srcChainId: 8453, providerState: 'pending' }), 8453, { state: 'pending' }],
  ])('%s', (_n, o, chain, want) => {
    expect(deliveryFromOrder(o, chain)).toEqual(want);
  });
});
