import { readByIds } from '../db/by-ids.js';
import type { Prisma } from '../db/generated/client.js';
import type { Prisma as PrismaClient } from '../db/client.js';
import type { Order as OrderRow } from '../db/generated/client.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import type { PgPubSub } from '../db/pubsub.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { Handles } from '../handles.js';
import type { OrdersConfig } from './config.js';
import { ApiError, isApiError, notFound } from '../errors.js';
import { recordEvent, type TransactionClient } from '../events/outbox.js';
import type { ProviderOrderStatus, ProviderTx, StoredQuote } from '../providers/types.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { withProviderTimeout } from '../providers/deadline.js';
import type { RpcClients } from '../assets/service.js';
import { assertTxHashFor, type QuoteRecord, type QuoteService } from '../quotes/service.js';
import { approvalFor } from './approval.js';
import { type FillListener, OrderFills, type PreparedFills } from './fills.js';
import { type ListOrders, ORDER_QUOTE_ID, type SubmitOrder } from './input.js';
import { CHECKOUT_SESSION_ID } from '../checkout/input.js';
import { sessionOwner } from '../checkout/service.js';
import { DEPOSIT_ADDRESS_ID } from '../deposits/input.js';
import type { KeyAuth } from '../accounts/service.js';
import { decodeCursor, encodeCursor, pageOf, type Page, type RangePageQuery } from '../db/keyset.js';
import { eventTypeFor, orderLivemode, type OrderStatus } from './state.js';
import { orderStatusTopic, orderTopic } from './topics.js';
import { orderStatusView, orderView, type BuildOrderResponse, type BuiltTx, type OrderStatusView, type OrderView } from './views.js';

type Tx = Prisma.TransactionClient;

/**
 * Runs inside the transaction that records the order: the order and whatever the listener writes commit
 * together, and a listener that throws (e.g. CONFLICT: the checkout session is no longer open) fails the report.
 */
export type ReportedListener = (order: OrderView, quote: QuoteRecord, tx: Tx, how: ReportOrigin) => Promise<void>;
/** `broadcast`: the service forwarded the signed bytes itself (`POST /v1/orders/submit`) and has the hash from the provider, not from a caller's claim. */
export interface ReportOrigin {
  broadcast: boolean;
}
/** One source chain and token of a partner's earnings (`OrdersService.partnerEarnings`). */
export interface PartnerEarningsRow {
  chainId: number;
  token: string | null;
  orders: number;
  /** Sum of the orders' source amounts, base units (exact). */
  volume: string;
  /** Sum of the partner fees at the recorded rates, base units (exact). */
  fees: string;
}

export type ChangeListener = (order: OrderView) => Promise<void>;
/** The checkout session a quote was issued to pay, if any, and its mode; read inside the report's transaction. */
export type CheckoutSessionLookup = (quote: QuoteRecord, tx: Tx) => Promise<{ id: string; livemode: boolean } | undefined>;

export interface OrdersDeps extends Pick<Handles, 'log' | 'clock'> {
  config: OrdersConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS'>;
  prisma: PrismaClient;
  pubsub: Pick<PgPubSub, 'publish'>;
  quotes: Pick<QuoteService, 'get'>;
  providers: Pick<ProviderRegistry, 'get'>;
  /** Allowance reads for the approval a built EVM transaction needs. */
  rpc: Pick<RpcClients, 'evm'>;
  /** Asks the order poller (src/orders/jobs.ts) to run now: a fresh order deserves a first look at once. */
  wakePoller(): void;
}

export type { FillListener, FillPreview, OrderFills, PreparedFills } from './fills.js';

/**
 * Order records the service did not build from a quote (a deposit at an address, a limit order's fill), written
 * by their domain inside its own transaction through these functions: the order and the domain's row commit
 * together. The caller records the order's event (`recordOrderEvent`) and announces it after the commit. An order
 * written as `filled` goes through `insertFilledOrderInTx`, so the fill listeners see it.
 */
export function insertOrderInTx(tx: Tx, data: Prisma.OrderUncheckedCreateInput): Promise<OrderRow> {
  if (data.status === 'filled') throw new Error('a filled order is written by insertFilledOrderInTx');
  return tx.order.create({ data });
}

/**
 * An order written as `filled` at once (a limit order's fill): inserted, then the fill listeners run in the same
 * transaction with what `fills.prepare` read before it opened.
 */
export async function insertFilledOrderInTx(
  tx: Tx,
  fills: Pick<OrderFills, 'record'>,
  data: Prisma.OrderUncheckedCreateInput & { status: 'filled' },
  prepared: PreparedFills,
): Promise<OrderRow> {
  const row = await tx.order.create({ data });
  await fills.record(tx, row, prepared);
  return row;
}

/** The newest orders of a deposit address (its recent deposits). */
export function depositAddressOrders(db: PrismaClient | Tx, depositAddressId: string, take: number): Promise<OrderRow[]> {
  return db.order.findMany({ where: { depositAddressId }, orderBy: [{ submittedAt: 'desc' }, { quoteId: 'desc' }], take });
}

/** Whether a deposit address has an order still in flight (`submitted`). */
export async function depositAddressHasOrderInFlight(db: PrismaClient | Tx, depositAddressId: string): Promise<boolean> {
  return !!(await db.order.findFirst({ where: { depositAddressId, status: 'submitted' }, select: { quoteId: true } }));
}

/** The source transaction hashes of a limit order's recorded fills. */
export async function limitOrderFillHashes(db: PrismaClient | Tx, limitOrderId: string): Promise<Set<string | null>> {
  return new Set((await db.order.findMany({ where: { limitOrderId }, select: { srcTxHash: true } })).map((r) => r.srcTxHash));
}

/** Writes the order's event in the caller's transaction (orders of anonymous quotes have no account to notify). */
export async function recordOrderEvent(tx: TransactionClient, r: OrderRow, status: OrderStatus, at: Date) {
  if (!r.accountId) return;
  await recordEvent(tx, {
    accountId: r.accountId,
    livemode: r.livemode,
    type: eventTypeFor(status),
    resourceId: r.quoteId,
    data: { order: orderView(r) },
    createdAt: at,
  });
}

/**
 * Orders: the transaction to sign for a quote, forwarding signed bytes for providers that
 * broadcast themselves, reports of sent transactions, provider status. Other domains hook in through
 * onReported / onBeforeSubmit / onFilled / onChange / setCheckoutSessionLookup, all wired in src/services.ts.
 */
export class OrdersService {
  private readonly prisma: PrismaClient;
  private reported: ReportedListener[] = [];
  private beforeSubmit: Array<(quote: QuoteRecord) => Promise<void>> = [];
  private built: Array<(quote: QuoteRecord, tx: BuiltTx) => Promise<void>> = [];
  private changed: ChangeListener[] = [];
  private checkoutSessionOf: CheckoutSessionLookup = async () => undefined;
  /** The moment an order becomes `filled` (fills.ts): the poller and limit-order fills write through it. */
  readonly fills = new OrderFills();

  constructor(private readonly deps: OrdersDeps) {
    this.prisma = deps.prisma;
  }

  private get timeoutMs() {
    return this.deps.config.PROVIDER_TIMEOUT_MS;
  }

  /**
   * Orders of the key's account and mode that reached `filled` in [from, to), counted per UTC day (the dashboard's
   * overview). An order written as filled by another domain (a deposit, a limit-order fill) may have no
   * `finalizedAt`: its last update is when it was filled.
   */
  async filledPerDay(auth: KeyAuth, range: { from: Date; to: Date }): Promise<Array<{ day: string; count: number }>> {
    const rows = await this.prisma.$queryRaw<Array<{ day: string; n: number }>>`
      SELECT to_char((coalesce(finalized_at, updated_at) AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM orders
      WHERE account_id = ${auth.accountId} AND livemode = ${auth.mode === 'live'} AND status = 'filled'
        AND coalesce(finalized_at, updated_at) >= ${range.from} AND coalesce(finalized_at, updated_at) < ${range.to}
      GROUP BY 1
      ORDER BY 1`;
    return rows.map((r) => ({ day: r.day, count: r.n }));
  }

  /**
   * Filled orders attributed to a partner in one mode whose fill fell in [from, to), summed per source chain and
   * token (the partner's earnings): `volume` is the sum of source amounts, `fees` the sum over orders of
   * floor(amount × partnerFeeBps / 10000), both exact integer strings of base units. Orders recorded before the
   * source token was kept have `token` null. Attribution is the partner's, whichever account's key (or no key) made
   * the quote: that is whose swaps the partner is paid on.
   */
  async partnerEarnings(partnerId: string, mode: 'test' | 'live', range: { from: Date; to: Date }): Promise<PartnerEarningsRow[]> {
    const rows = await this.prisma.$queryRaw<Array<{ chain_id: number; token: string | null; n: number; volume: string; fees: string }>>`
      SELECT src_chain_id AS chain_id, src_token AS token, count(*)::int AS n, sum(amount::numeric)::text AS volume,
             sum(div(amount::numeric * partner_fee_bps, 10000))::text AS fees
      FROM orders
      WHERE partner_id = ${partnerId} AND livemode = ${mode === 'live'} AND status = 'filled'
        AND coalesce(finalized_at, updated_at) >= ${range.from} AND coalesce(finalized_at, updated_at) < ${range.to}
      GROUP BY 1, 2
      ORDER BY 1, 2`;
    return rows.map((r) => ({ chainId: r.chain_id, token: r.token, orders: r.n, volume: r.volume, fees: r.fees }));
  }

  /** Lets other domains (checkout) react when a payment is reported for a quote. */
  onReported(listener: ReportedListener) {
    this.reported.push(listener);
  }

  /**
   * Checks run before signed bytes are forwarded by `submit` (a transaction cannot be called back once
   * forwarded): e.g. checkout refuses with CONFLICT when the session the quote pays is no longer open.
   */
  onBeforeSubmit(check: (quote: QuoteRecord) => Promise<void>) {
    this.beforeSubmit.push(check);
  }

  /**
   * Runs on every transaction built (`POST /v1/orders`) before it is handed out; a listener that throws refuses
   * the build (e.g. checkout records a payer quote's build as its session's evidence, CONFLICT when ambiguous).
   */
  onBuilt(listener: (quote: QuoteRecord, tx: BuiltTx) => Promise<void>) {
    this.built.push(listener);
  }

  /**
   * Runs for every order that becomes `filled`, inside the transaction that fills it (`prepare` before that
   * transaction opens): e.g. the fee ledger posts the fill's fees, so a fill is never committed without them.
   */
  onFilled<P>(listener: FillListener<P>) {
    this.fills.add(listener);
  }

  /** Called after every status change of an order (report, poller), once committed. */
  onChange(listener: ChangeListener) {
    this.changed.push(listener);
  }

  /** Where an order learns the checkout session its quote pays (kept in checkout's own records). */
  setCheckoutSessionLookup(lookup: CheckoutSessionLookup) {
    this.checkoutSessionOf = lookup;
  }

  /** POST /v1/orders: the transaction to sign for a quote, with `approval` when the allowance is short. */
  async build(quoteId: string): Promise<BuildOrderResponse> {
    const stored = await this.deps.quotes.get(quoteId, { allowExpired: false });
    const provider = this.loadedProvider(stored);
    const raw = await withProviderTimeout(provider.id, this.timeoutMs, (signal) => provider.build(stored, signal));
    const tx = await this.toBuiltTx(stored, raw);
    for (const l of this.built) await l(stored, tx);
    return { quoteId, provider: stored.provider, tx };
  }

  private async toBuiltTx(stored: StoredQuote, tx: ProviderTx): Promise<BuiltTx> {
    if (tx.vm === 'svm') return { vm: 'svm', serializedTx: tx.serializedTx, ...(tx.submitViaApi ? { submitViaApi: true } : {}) };
    if (tx.chainId !== stored.request.src.chainId) throw new ApiError('PROVIDER_ERROR', `${stored.provider} built a transaction for the wrong chain`);
    const { approval, approvalReset } = await approvalFor(
      () => this.deps.rpc.evm(tx.chainId),
      { chainId: tx.chainId, token: stored.request.src.address, owner: stored.request.sender, spender: tx.spender, amount: stored.quote.srcAmount },
      this.deps.log,
    );
    return {
      vm: 'evm',
      chainId: tx.chainId,
      to: tx.to,
      data: tx.data,
      value: tx.value,
      ...(approvalReset ? { approvalReset } : {}),
      ...(approval ? { approval } : {}),
    };
  }

  /** POST /v1/orders/submit: only for providers whose transactions are `submitViaApi` (others: INVALID_PARAMS). */
  async submit({ quoteId, signedTransaction }: SubmitOrder): Promise<{ provider: string; txHash: string }> {
    const stored = await this.deps.quotes.get(quoteId, { allowExpired: true });
    const provider = this.loadedProvider(stored);
    if (!provider.capabilities.submitViaApi || !provider.submit) {
      throw new ApiError('INVALID_PARAMS', `quoteId: ${provider.id} transactions are broadcast by the wallet, not through the submit endpoint`, {
        field: 'quoteId',
      });
    }
    for (const check of this.beforeSubmit) await check(stored);
    const { txHash } = await withProviderTimeout(provider.id, this.timeoutMs, (signal) => provider.submit!(stored, signedTransaction, signal));
    try {
      await this.reportSubmitted(quoteId, txHash, { broadcast: true });
    } catch (err) {
      // The transaction is on its way; a failed bookkeeping step must not hide its signature from the caller.
      this.deps.log.error({ err, quoteId }, 'submitted transaction could not be recorded as an order');
    }
    return { provider: provider.id, txHash };
  }

  /**
   * POST /v1/orders/{quoteId}/submitted: records the order as `submitted` (`OrderView` in views.ts, with the applied fees)
   * and starts tracking it. Reporting the same hash again returns the same order.
   */
  async reportSubmitted(quoteId: string, txHash: string, how: ReportOrigin = { broadcast: false }): Promise<OrderView> {
    const stored = await this.deps.quotes.get(quoteId, { allowExpired: true });
    const hash = assertTxHashFor(stored.request.srcVm, txHash.trim(), 'txHash');
    const provider = this.loadedProvider(stored);
    const prisma = this.prisma;
    const now = new Date(this.deps.clock.now());

    const existing = await prisma.order.findUnique({ where: { quoteId } });
    if (existing) return this.sameReport(existing, hash);
    let row: OrderRow;
    try {
      row = await prisma.$transaction(async (tx) => {
        const session = await this.checkoutSessionOf(stored, tx);
        const created = await tx.order.create({
          data: {
            quoteId,
            provider: stored.provider,
            status: 'submitted',
            accountId: stored.accountId ?? null,
            livemode: orderLivemode(stored.mode, session),
            srcChainId: stored.request.src.chainId,
            dstChainId: stored.request.dst.chainId,
            amount: stored.quote.srcAmount.toString(),
            dstAmount: stored.quote.dstAmount.toString(),
            srcTxHash: hash,
            trackingId: provider.trackingId?.(stored, hash) ?? hash,
            ourFeeBps: stored.quote.ourFeeBps,
            partnerFeeBps: stored.quote.partnerFeeBps,
            partnerId: stored.request.fees.partnerId ?? null,
            srcToken: stored.request.src.address,
            checkoutSessionId: session?.id ?? null,
            nextPollAt: now,
            submittedAt: now,
            updatedAt: now,
          },
        });
        await recordOrderEvent(tx, created, 'submitted', now);
        for (const l of this.reported) await l(orderView(created), stored, tx, how);
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
    this.deps.wakePoller();
    return view;
  }

  private sameReport(existing: OrderRow, hash: string): OrderView {
    if (existing.srcTxHash !== hash) {
      throw new ApiError('CONFLICT', `quoteId: an order with transaction ${existing.srcTxHash} was already reported for this quote`, { field: 'quoteId' });
    }
    return orderView(existing);
  }

  /** GET /v1/orders/{provider}/{id}: the provider's own state of the order (`OrderStatusView`). */
  async status(providerId: string, id: string): Promise<OrderStatusView> {
    const provider = this.deps.providers.get(providerId);
    const s = await withProviderTimeout(provider.id, this.timeoutMs, (signal) => provider.status(id, signal));
    return orderStatusView(provider.id, id, s);
  }

  /** Whether the poller follows this provider order id (then subscriptions listen instead of polling). */
  async isTracked(provider: string, trackingId: string): Promise<boolean> {
    return !!(await this.prisma.order.findFirst({ where: { provider, trackingId, status: 'submitted' }, select: { quoteId: true } }));
  }

  async get(quoteId: string): Promise<OrderView | undefined> {
    // Not an id a quote could have (NUL bytes, megabytes of text): nothing was reported for it.
    if (!plausibleQuoteId(quoteId)) return undefined;
    const r = await this.prisma.order.findUnique({ where: { quoteId } });
    return r ? orderView(r) : undefined;
  }

  /**
   * Publishes an order change to `order(quoteId)` subscribers (its id only: they read the order as it is now) and
   * `orderStatus(provider, id)` subscribers (the provider's state, which no table holds).
   */
  async publish(view: OrderView, status?: ProviderOrderStatus & { trackingId?: string }) {
    const { pubsub, log } = this.deps;
    await pubsub.publish(orderTopic(view.quoteId), { quoteId: view.quoteId }).catch((err) => log.warn({ err }, 'order publish failed'));
    if (status?.trackingId) {
      await pubsub.publish(orderStatusTopic(view.provider, status.trackingId), orderStatusView(view.provider, status.trackingId, status)).catch(() => {});
    }
  }

  async notifyChanged(view: OrderView) {
    for (const l of this.changed) await l(view).catch((err: unknown) => this.deps.log.error({ err, quoteId: view.quoteId }, 'order change listener failed'));
  }

  private loadedProvider(stored: StoredQuote) {
    try {
      return this.deps.providers.get(stored.provider);
    } catch (err) {
      if (isApiError(err))
        throw new ApiError('QUOTE_NOT_FOUND', `Quote ${stored.quoteId}: provider ${stored.provider} can no longer build it here; request a fresh quote`);
      throw err;
    }
  }

  /** GET /v1/orders: the key's orders, newest first (`listOrders`). */
  list(auth: KeyAuth, query: ListOrders): Promise<Page<OrderView>> {
    return listOrders(this.prisma, auth, query);
  }

  /**
   * One order of the credential's account and mode (the dashboard's order detail): its own orders, and the orders
   * paying its checkout sessions. Anything else is NOT_FOUND, as a missing id.
   */
  async getOwned(auth: KeyAuth, quoteId: string): Promise<OrderView> {
    const row = plausibleQuoteId(quoteId) ? await this.prisma.order.findUnique({ where: { quoteId } }) : null;
    const livemode = auth.mode === 'live';
    let owned = !!row && row.accountId === auth.accountId && row.livemode === livemode;
    if (row && !owned && row.checkoutSessionId) {
      const session = await sessionOwner(this.prisma, row.checkoutSessionId);
      owned = !!session && session.accountId === auth.accountId && session.livemode === livemode;
    }
    if (!row || !owned) throw notFound('Order');
    return orderView(row);
  }

  /**
   * The account's order records (its swaps, deposit orders and limit-order fills) submitted in [from, to), oldest
   * first: the CSV export's rows (src/exports/).
   */
  async exportPage(auth: KeyAuth, q: RangePageQuery): Promise<Page<OrderView>> {
    const from = q.cursor ? decodeCursor(q.cursor, plausibleQuoteId) : null;
    const page = from ? { OR: [{ submittedAt: { gt: from.createdAt } }, { submittedAt: from.createdAt, quoteId: { gt: from.id } }] } : {};
    const rows = await this.prisma.order.findMany({
      where: { accountId: auth.accountId, livemode: auth.mode === 'live', submittedAt: { gte: q.from, lt: q.to }, ...page },
      orderBy: [{ submittedAt: 'asc' }, { quoteId: 'asc' }],
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, orderView, (r) => encodeCursor({ createdAt: r.submittedAt, id: r.quoteId }));
  }

  /** Orders by quote id (GraphQL references, one query per batch); null where none was reported. */
  async getMany(quoteIds: readonly string[]): Promise<(OrderView | null)[]> {
    return readByIds(
      quoteIds,
      plausibleQuoteId,
      (valid) => this.prisma.order.findMany({ where: { quoteId: { in: valid } } }),
      (r) => r.quoteId,
      orderView,
    );
  }
}

/**
 * GET /v1/orders and GraphQL `orders`: the key's orders (its account and mode), newest first, filtered by status,
 * deposit address or checkout session. Pages by (submittedAt, quoteId).
 */
async function listOrders(prisma: PrismaClient, auth: KeyAuth, q: ListOrders): Promise<Page<OrderView>> {
  // A filter naming an id of another shape (another kind, a NUL byte, megabytes) matches nothing, as an unknown id
  // does, without reaching the database.
  if ((q.checkoutSessionId && !CHECKOUT_SESSION_ID.test(q.checkoutSessionId)) || (q.depositAddressId && !DEPOSIT_ADDRESS_ID.test(q.depositAddressId))) {
    return { object: 'list', data: [], hasMore: false, nextCursor: null };
  }
  const livemode = auth.mode === 'live';
  let where: Prisma.OrderWhereInput = { accountId: auth.accountId, livemode };
  if (q.checkoutSessionId) {
    // The orders paying a session come from the payer's quote, which carries no account: they belong to the key
    // through the session. Another account's (or mode's) session lists nothing, as an unknown one does.
    const session = await sessionOwner(prisma, q.checkoutSessionId);
    const owned = !!session && session.accountId === auth.accountId && session.livemode === livemode;
    where = owned ? { checkoutSessionId: q.checkoutSessionId } : { quoteId: { in: [] } };
  }
  if (q.status) where.status = q.status;
  if (q.depositAddressId) where.depositAddressId = q.depositAddressId;
  if (q.kind) where = { AND: [where, KIND_FILTER[q.kind]] };
  if (q.startTime || q.endTime)
    where = { AND: [where, { submittedAt: { ...(q.startTime ? { gte: q.startTime } : {}), ...(q.endTime ? { lt: q.endTime } : {}) } }] };
  const from = q.cursor ? decodeCursor(q.cursor, plausibleQuoteId) : null;
  const page = from ? { OR: [{ submittedAt: { lt: from.createdAt } }, { submittedAt: from.createdAt, quoteId: { lt: from.id } }] } : {};
  const rows = await prisma.order.findMany({ where: { ...where, ...page }, orderBy: [{ submittedAt: 'desc' }, { quoteId: 'desc' }], take: q.limit + 1 });
  return pageOf(rows, q.limit, orderView, (r) => encodeCursor({ createdAt: r.submittedAt, id: r.quoteId }));
}

/** What each `kind` of the order list means in the records. */
const KIND_FILTER: Record<NonNullable<ListOrders['kind']>, Prisma.OrderWhereInput> = {
  swap: { depositAddressId: null, limitOrderId: null, checkoutSessionId: null },
  deposit: { depositAddressId: { not: null }, checkoutSessionId: null },
  limit_order: { limitOrderId: { not: null } },
  checkout: { checkoutSessionId: { not: null } },
};

/** The `listOrders` cursor that resumes right after `v`. */
export const orderListCursor = (v: Pick<OrderView, 'submittedAt' | 'quoteId'>) => encodeCursor({ createdAt: new Date(v.submittedAt), id: v.quoteId });

/** Order records are named by `q_`, `dep_` or `lof_` quote ids; anything else cannot name an order. */
const plausibleQuoteId = (id: string) => ORDER_QUOTE_ID.test(id);
