import type { Order as OrderRow, Prisma } from '../db/generated/client.js';

type Tx = Prisma.TransactionClient;

/** What is known of an order about to be written as `filled` before the transaction that writes it opens. */
export type FillPreview = Pick<OrderRow, 'srcChainId' | 'srcToken'>;

/**
 * A reaction to an order becoming `filled`, in two steps: `prepare` runs before the transaction that fills the order
 * opens (reads that must not hold a transaction open, such as prices: it must not throw for want of them), and
 * `record` inside it, so the fill and what the listener writes commit together or not at all (a `record` that
 * throws fails the fill, which is then tried again).
 */
export interface FillListener<P> {
  prepare(orders: readonly FillPreview[]): Promise<P>;
  record(tx: Tx, order: OrderRow, prepared: P): Promise<void>;
}

/** What `OrderFills.prepare` returns, to hand to `record` inside the transaction. */
export interface PreparedFills {
  readonly byListener: readonly unknown[];
}

/**
 * The moment an order becomes `filled`, owned by the orders domain in one place: every write of a filled order (the
 * order poller moving a swap, a routed checkout payment or a deposit order to `filled`, a limit-order fill inserted
 * as filled through `insertFilledOrderInTx`) calls `prepare` before its transaction and `record` inside it. Other
 * domains subscribe through `OrdersService.onFilled` (wired in src/services.ts: the fee ledger).
 */
export class OrderFills {
  private listeners: Array<FillListener<unknown>> = [];

  add<P>(listener: FillListener<P>) {
    this.listeners.push(listener as FillListener<unknown>);
  }

  /** Before the transaction: each listener's reads for the orders it is about to fill. */
  async prepare(orders: readonly FillPreview[]): Promise<PreparedFills> {
    return { byListener: await Promise.all(this.listeners.map((l) => l.prepare(orders))) };
  }

  /** Inside the transaction that wrote `order` as filled (its status must already be `filled`). */
  async record(tx: Tx, order: OrderRow, prepared: PreparedFills): Promise<void> {
    if (order.status !== 'filled') throw new Error(`order ${order.quoteId} is ${order.status}, not filled`);
    if (prepared.byListener.length !== this.listeners.length) throw new Error('fill listeners changed between prepare and record');
    for (const [i, l] of this.listeners.entries()) await l.record(tx, order, prepared.byListener[i]);
  }
}
