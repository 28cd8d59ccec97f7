import type { Prisma } from '../db/generated/client.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { z } from 'zod';
import type { App } from '../app.js';
import { ApiError, isApiError } from '../errors.js';
import { parseInput } from '../validation.js';
import { recordEvent, type TransactionClient } from '../events/outbox.js';
import type { Order as OrderRow } from '../db/generated/client.js';
import type { ProviderOrderStatus, ProviderTx, StoredQuote } from '../providers/types.js';
import { assertTxHashFor } from '../quotes/addresses.js';
import type { QuoteService } from '../quotes/service.js';
import { approvalFor, type Approval } from './approval.js';
import { eventTypeFor, type OrderStatus } from './state.js';
import { withProviderTimeout } from '../providers/deadline.js';
import { orderStatusTopic, orderTopic } from './topics.js';

/** Spec 2.5 BuiltTx. */
export type BuiltTx =
  /** `approvalReset` (approve 0; not in spec 2.5, additive) is mined before `approval`, for tokens like Ethereum USDT. */
  | { vm: 'evm'; chainId: number; to: string; data: string; value: string; approval?: Approval; approvalReset?: Approval }
  | { vm: 'svm'; serializedTx: string; submitViaApi?: boolean };

export interface BuildOrderResponse {
  quoteId: string;
  provider: string;
  tx: BuiltTx;
}

/** Spec 2.6. */
export interface OrderStatusView extends ProviderOrderStatus {
  provider: string;
  id: string;
}

/** Spec 2.7 order record, plus the applied fees and the last provider state. */
export interface OrderView {
  quoteId: string;
  status: OrderStatus;
  provider: string;
  srcChainId: number;
  dstChainId: number;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  dstTxHash?: string;
  depositAddressId?: string;
  limitOrderId?: string;
  checkoutSessionId?: string;
  ourFeeBps: number;
  partnerFeeBps: number;
  integrator?: string;
  providerState?: string;
  submittedAt: string;
  updatedAt: string;
}

/**
 * Runs inside the transaction that records the order: the order and whatever the listener writes commit
 * together, and a listener that throws (e.g. CONFLICT: the checkout session is no longer open) fails the report.
 */
export type ReportedListener = (order: OrderView, quote: StoredQuote, tx: Prisma.TransactionClient) => Promise<void>;
export type ChangeListener = (order: OrderView) => Promise<void>;

export const JOB_NAME = 'order-poller';

const buildSchema = z.object({ quoteId: z.string({ error: 'is required' }).min(1) });
const submitSchema = z.object({
  quoteId: z.string({ error: 'is required' }).min(1),
  signedTransaction: z.string({ error: 'is required' }).min(1).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
});
const reportSchema = z.object({ quoteId: z.string().min(1), txHash: z.string({ error: 'is required' }).min(1).max(200) });
const statusSchema = z.object({ provider: z.string().min(1), id: z.string().min(1).max(200) });

export function orderView(r: OrderRow): OrderView {
  return {
    quoteId: r.quoteId,
    status: r.status as OrderStatus,
    provider: r.provider,
    srcChainId: r.srcChainId,
    dstChainId: r.dstChainId,
    amount: r.amount,
    dstAmount: r.dstAmount,
    srcTxHash: r.srcTxHash,
    ...(r.dstTxHash ? { dstTxHash: r.dstTxHash } : {}),
    ...(r.depositAddressId ? { depositAddressId: r.depositAddressId } : {}),
    ...(r.limitOrderId ? { limitOrderId: r.limitOrderId } : {}),
    ...(r.checkoutSessionId ? { checkoutSessionId: r.checkoutSessionId } : {}),
    ourFeeBps: r.ourFeeBps,
    partnerFeeBps: r.partnerFeeBps,
    ...(r.partnerId ? { integrator: r.partnerId } : {}),
    ...(r.providerState ? { providerState: r.providerState } : {}),
    submittedAt: r.submittedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Writes the order's event in the caller's transaction (orders of anonymous quotes have no account to notify). */
export async function recordOrderEvent(tx: TransactionClient, r: OrderRow, status: OrderStatus, at: Date) {
  if (!r.accountId) return;
  await recordEvent(tx, { accountId: r.accountId, livemode: r.livemode, type: eventTypeFor(status), resourceId: r.quoteId, data: { order: orderView(r) }, createdAt: at });
}

export class OrdersService {
  private reported: ReportedListener[] = [];
  private beforeSubmit: Array<(quote: StoredQuote) => Promise<void>> = [];
  private changed: ChangeListener[] = [];

  constructor(private app: App, private quotes: QuoteService) {}

  private get timeoutMs() {
    return this.app.config.PROVIDER_TIMEOUT_MS;
  }

  /** Lets other domains (checkout) react when a payment is reported for a quote. */
  onReported(listener: ReportedListener) {
    this.reported.push(listener);
  }

  /**
   * Checks run before signed bytes are forwarded by `submit` (a transaction cannot be called back once
   * forwarded): e.g. checkout refuses with CONFLICT when the session the quote pays is no longer open.
   */
  onBeforeSubmit(check: (quote: StoredQuote) => Promise<void>) {
    this.beforeSubmit.push(check);
  }

  /** Called after every status change of an order (poller), once committed. */
  onChange(listener: ChangeListener) {
    this.changed.push(listener);
  }

  /** POST /v1/orders: the transaction to sign for a quote (spec 4.3 rule 1). */
  async build(quoteId: string): Promise<BuildOrderResponse> {
    parseInput(buildSchema, { quoteId });
    const stored = await this.quotes.get(quoteId, { allowExpired: false });
    const provider = this.loadedProvider(stored);
    const tx = await withProviderTimeout(provider.id, this.timeoutMs, (signal) => provider.build(stored, signal));
    return { quoteId, provider: stored.provider, tx: await this.toBuiltTx(stored, tx) };
  }

  private async toBuiltTx(stored: StoredQuote, tx: ProviderTx): Promise<BuiltTx> {
    if (tx.vm === 'svm') return { vm: 'svm', serializedTx: tx.serializedTx, ...(tx.submitViaApi ? { submitViaApi: true } : {}) };
    if (tx.chainId !== stored.request.src.chainId) throw new ApiError('PROVIDER_ERROR', `${stored.provider} built a transaction for the wrong chain`);
    const { approval, approvalReset } = await approvalFor(
      () => this.app.services.rpc.evm(tx.chainId),
      { chainId: tx.chainId, token: stored.request.src.address, owner: stored.request.sender, spender: tx.spender, amount: stored.quote.srcAmount },
      this.app.log,
    );
    return { vm: 'evm', chainId: tx.chainId, to: tx.to, data: tx.data, value: tx.value, ...(approvalReset ? { approvalReset } : {}), ...(approval ? { approval } : {}) };
  }

  /** POST /v1/orders/submit: only for providers whose transactions are `submitViaApi` (spec 4.3 rule 2). */
  async submit(input: { quoteId: string; signedTransaction: string }): Promise<{ provider: string; txHash: string }> {
    const { quoteId, signedTransaction } = parseInput(submitSchema, input);
    const stored = await this.quotes.get(quoteId, { allowExpired: true });
    const provider = this.loadedProvider(stored);
    if (!provider.capabilities.submitViaApi || !provider.submit) {
      throw new ApiError('INVALID_PARAMS', `quoteId: ${provider.id} transactions are broadcast by the wallet, not through the submit endpoint`, { field: 'quoteId' });
    }
    for (const check of this.beforeSubmit) await check(stored);
    const { txHash } = await withProviderTimeout(provider.id, this.timeoutMs, (signal) => provider.submit!(stored, signedTransaction, signal));
    try {
      await this.reportSubmitted(quoteId, txHash);
    } catch (err) {
      // The transaction is on its way; a failed bookkeeping step must not hide its signature from the caller.
      this.app.log.error({ err, quoteId }, 'submitted transaction could not be recorded as an order');
    }
    return { provider: provider.id, txHash };
  }

  /**
   * POST /v1/orders/{quoteId}/submitted: records the order as `submitted` (spec 2.7, with the applied fees)
   * and starts tracking it. Reporting the same hash again returns the same order.
   */
  async reportSubmitted(quoteId: string, txHash: string): Promise<OrderView> {
    parseInput(reportSchema, { quoteId, txHash });
    const stored = await this.quotes.get(quoteId, { allowExpired: true });
    const hash = assertTxHashFor(stored.request.srcVm, txHash.trim(), 'txHash');
    const provider = this.loadedProvider(stored);
    const prisma = this.app.db.prisma;
    const now = new Date(this.app.clock.now());

    const existing = await prisma.order.findUnique({ where: { quoteId } });
    if (existing) return this.sameReport(existing, hash);
    let row: OrderRow;
    try {
      row = await prisma.$transaction(async (tx) => {
        const created = await tx.order.create({
          data: {
            quoteId,
            provider: stored.provider,
            status: 'submitted',
            accountId: stored.accountId ?? null,
            livemode: stored.mode === 'live',
            srcChainId: stored.request.src.chainId,
            dstChainId: stored.request.dst.chainId,
            amount: stored.quote.srcAmount.toString(),
            dstAmount: stored.quote.dstAmount.toString(),
            srcTxHash: hash,
            trackingId: provider.trackingId?.(stored, hash) ?? hash,
            ourFeeBps: stored.quote.ourFeeBps,
            partnerFeeBps: stored.quote.partnerFeeBps,
            partnerId: stored.request.fees.partnerId ?? null,
            checkoutSessionId: stored.checkoutSessionId ?? null,
            nextPollAt: now,
            submittedAt: now,
            updatedAt: now,
          },
        });
        await recordOrderEvent(tx, created, 'submitted', now);
        for (const l of this.reported) await l(orderView(created), stored, tx);
        return created;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const again = await prisma.order.findUnique({ where: { quoteId } });
      if (again) return this.sameReport(again, hash);
      throw new ApiError('CONFLICT', `txHash: transaction ${hash} was already reported for another quote`, { field: 'txHash' });
    }
    const view = orderView(row);
    await this.publish(view);
    // Change listeners run after the commit, so what they wake (the checkout verifier) sees the order.
    await this.notifyChanged(view);
    this.app.services.jobs.kick(JOB_NAME);
    return view;
  }

  private sameReport(existing: OrderRow, hash: string): OrderView {
    if (existing.srcTxHash !== hash) {
      throw new ApiError('CONFLICT', `quoteId: an order with transaction ${existing.srcTxHash} was already reported for this quote`, { field: 'quoteId' });
    }
    return orderView(existing);
  }

  /** GET /v1/orders/{provider}/{id} (spec 2.6, 4.3 rule 3). */
  async status(providerId: string, id: string): Promise<OrderStatusView> {
    parseInput(statusSchema, { provider: providerId, id });
    const provider = this.app.services.providers.get(providerId);
    const s = await withProviderTimeout(provider.id, this.timeoutMs, (signal) => provider.status(id, signal));
    return { provider: provider.id, id, state: s.state, ...(s.srcTxHash ? { srcTxHash: s.srcTxHash } : {}), ...(s.dstTxHash ? { dstTxHash: s.dstTxHash } : {}) };
  }

  /** Whether the poller follows this provider order id (then subscriptions listen instead of polling). */
  async isTracked(provider: string, trackingId: string): Promise<boolean> {
    return !!(await this.app.db.prisma.order.findFirst({ where: { provider, trackingId, status: 'submitted' }, select: { quoteId: true } }));
  }

  async get(quoteId: string): Promise<OrderView | undefined> {
    const r = await this.app.db.prisma.order.findUnique({ where: { quoteId } });
    return r ? orderView(r) : undefined;
  }

  /** Publishes an order change to `order(quoteId)` and `orderStatus(provider, id)` subscribers. */
  async publish(view: OrderView, status?: ProviderOrderStatus & { trackingId?: string }) {
    await this.app.pubsub.publish(orderTopic(view.quoteId), view).catch((err) => this.app.log.warn({ err }, 'order publish failed'));
    if (status?.trackingId) {
      const payload: OrderStatusView = { provider: view.provider, id: status.trackingId, state: status.state, ...(status.srcTxHash ? { srcTxHash: status.srcTxHash } : {}), ...(status.dstTxHash ? { dstTxHash: status.dstTxHash } : {}) };
      await this.app.pubsub.publish(orderStatusTopic(view.provider, status.trackingId), payload).catch(() => {});
    }
  }

  async notifyChanged(view: OrderView) {
    for (const l of this.changed) await l(view).catch((err: unknown) => this.app.log.error({ err, quoteId: view.quoteId }, 'order change listener failed'));
  }

  private loadedProvider(stored: StoredQuote) {
    try {
      return this.app.services.providers.get(stored.provider);
    } catch (err) {
      if (isApiError(err)) throw new ApiError('QUOTE_NOT_FOUND', `Quote ${stored.quoteId}: provider ${stored.provider} can no longer build it here; request a fresh quote`);
      throw err;
    }
  }

  /** Orders by quote id (GraphQL references, one query per batch); null where none was reported. */
  async getMany(quoteIds: readonly string[]): Promise<(OrderView | null)[]> {
    const valid = [...new Set(quoteIds.filter((id) => id.length > 0 && id.length <= 200 && !id.includes('\u0000')))];
    const rows = valid.length ? await this.app.db.prisma.order.findMany({ where: { quoteId: { in: valid } } }) : [];
    const byId = new Map(rows.map((r) => [r.quoteId, orderView(r)]));
    return quoteIds.map((id) => byId.get(id) ?? null);
  }
}
