import type { OrdersService } from '../orders/service.js';
import type { RoutedDelivery, RoutedDeliveryLookup } from './verifier.js';

/** The order fields the lookup reads (the order record of src/orders/views.ts, plus the last provider state). */
export interface RoutedOrder {
  status: 'submitted' | 'filled' | 'refunded' | 'failed';
  srcChainId: number;
  srcTxHash: string;
  dstTxHash?: string | null;
  providerState?: string | null;
}

/**
 * Which settlement-chain transaction delivered a routed payment, from its order record (kept current by the
 * orders poller):
 *  - failed / refunded orders fail the payment (the session reopens);
 *  - a delivery transaction reported by the provider is the one to verify;
 *  - a same-chain swap whose provider cannot track it (state `unknown`) delivers inside the source transaction
 *    itself, so that transaction is verified;
 *  - anything else is still on its way.
 * The verdict never trusts the provider: the chosen transaction is checked on chain by the same rules as a
 * direct transfer (minus the sender rule).
 */
export function deliveryFromOrder(order: RoutedOrder | undefined, settleChainId: number): RoutedDelivery {
  if (!order) return { state: 'pending' };
  if (order.status === 'failed') return { state: 'failed', reason: 'route_failed' };
  if (order.status === 'refunded') return { state: 'failed', reason: 'route_refunded' };
  if (order.dstTxHash) return { state: 'delivered', txHash: order.dstTxHash };
  const sameChain = order.srcChainId === settleChainId;
  if (sameChain && (order.status === 'filled' || order.providerState === 'unknown')) return { state: 'delivered', txHash: order.srcTxHash };
  return { state: 'pending' };
}

/** The lookup the verifier uses, reading order records through the orders domain. */
export function routedDeliveryLookup(orders: Pick<OrdersService, 'get'>): RoutedDeliveryLookup {
  return async (payment, session) => {
    if (!payment.quoteId) return { state: 'pending' };
    const order = await orders.get(payment.quoteId);
    return deliveryFromOrder(order, session.settleChainId);
  };
}
