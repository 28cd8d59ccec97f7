import type { LimitOrderVenue } from '../limit-order-venue.js';
import { isSolanaAddress, toJupiterMint } from './mapping.js';
import { decodeVersionedTransaction, requiredSigners } from './transaction.js';
import { JupiterTrigger, type TriggerOptions } from './trigger.js';

/** Jupiter Trigger as the limit-order venue (src/providers/limit-order-venue.ts). */
export function jupiterLimitOrders(opts: TriggerOptions): LimitOrderVenue {
  const trigger = new JupiterTrigger(opts);
  return {
    createOrder: (req, signal) => trigger.createOrder(req, signal),
    execute: (requestId, signed, signal) => trigger.execute(requestId, signed, signal),
    cancelOrder: (maker, order, signal) => trigger.cancelOrder(maker, order, signal),
    cancelOrders: (maker, orders, signal) => trigger.cancelOrders(maker, orders, signal),
    findOrder: (user, orderKey, signal) => trigger.findOrder(user, orderKey, signal),
    isAddress: isSolanaAddress,
    mintOf: toJupiterMint,
    requiredSigners: (b64) => {
      const tx = decodeVersionedTransaction(b64);
      return tx ? requiredSigners(tx) : undefined;
    },
    messageOf: (b64) => {
      const tx = decodeVersionedTransaction(b64);
      return tx ? Buffer.from(tx.message.serialize()).toString('base64') : undefined;
    },
  };
}
