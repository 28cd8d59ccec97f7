import type { KeyAuth } from '../accounts/service.js';
import type { Prisma as PrismaClient } from '../db/client.js';
import type { DepositAddress, Order, Prisma } from '../db/generated/client.js';
import type { PgPubSub } from '../db/pubsub.js';
import { readByIds } from '../db/by-ids.js';
import { decodeCursor, encodeCursor, NEWEST_FIRST, after, pageOf, type Page, type RangePageQuery } from '../db/keyset.js';
import { ApiError, isApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { Handles } from '../handles.js';
import type { DepositsConfig } from './config.js';
import { notifyManyInTx } from '../events/outbox.js';
import { depositAddressHasOrderInFlight, depositAddressOrders, insertOrderInTx, recordOrderEvent, type OrdersService } from '../orders/service.js';
import { orderView, type OrderView } from '../orders/views.js';
import type { PartnersService } from '../partners/service.js';
import { withProviderTimeout } from '../providers/deadline.js';
import type { TokenRef } from '../providers/types.js';
import { assertAddressFor, type AssetsApi, type TokenInfo, decideFees, type FeeSettings } from '../quotes/service.js';
import { DEPOSIT_ADDRESS_ID, LIMITS, type CreateDepositAddress, type ListDepositAddresses, type SimulateDeposit } from './input.js';
import type { CreatedAddress, DepositProvider, DepositRoute, DetectedDeposit } from '../providers/deposit-addresses.js';
import { fakeTxHash, sandboxTrackingId } from './sandbox.js';
import { SANDBOX_PROVIDER } from './state.js';
import {
  check,
  CHECKOUT_ADDRESS_PAIRS,
  DETECTION,
  nextCheckDelayMs,
  planCheckoutAddress,
  sandboxOutcome,
  scaledDstAmount,
  type DepositAddressAction,
} from './state.js';
import { depositAddressTopic } from './topics.js';
import { depositAddressView, depositRecordView, type DepositAddressView, type DepositEstimate, type DepositRecordView } from './views.js';

type Tx = Prisma.TransactionClient;

/** Deposit ids as recordDeposit makes them (`newId('dpt')`): an export cursor naming another shape is refused. */
const DEPOSIT_ID = /^dpt_[0-9A-Za-z]{1,64}$/;

/** No token amount exceeds 2^256-1. */
const UINT256_MAX = (1n << 256n) - 1n;

/** A validated amount string as a number. The input schema already refuses leading zeros and anything above 2^256-1 (the shared rule, src/validation.ts); this stays as a guard before providers. */
function boundedAmount(s: string): bigint {
  const n = BigInt(s);
  if (n > UINT256_MAX) throw new ApiError('AMOUNT_TOO_LARGE', 'amount: exceeds the largest token amount (2^256-1)', { field: 'amount' });
  return n;
}

/** What checkout asks for when a payer chooses "pay by transfer" (src/checkout/transfer.ts). */
export interface CheckoutDepositRequest {
  sessionId: string;
  accountId: string;
  livemode: boolean;
  srcChain: string | number;
  srcToken: string;
  refundTo: string;
  dstChainId: number;
  dstToken: string;
  recipient: string;
  /** What the recipient must receive (the session amount), base units of `dstToken`. */
  dstAmount: string;
}

/**
 * Runs `fn` in a transaction holding the checkout session's row lock, after checking the session still takes
 * payments (else it throws, e.g. CONFLICT). Checkout supplies it (src/checkout/transfer.ts): the session lock is
 * what serialises every write of the session's addresses (creation here, disabling when the session closes).
 */
export type CheckoutSessionLock = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * A listener of deposits at checkout addresses (`checkoutSessionId` set), run INSIDE recordDeposit's transaction,
 * so what it writes commits or rolls back with the deposit, its order and its event. It must not fail for a
 * business reason (the deposit is real): a failure rolls the deposit back and the next detection retries it.
 */
export interface DepositRecordedListener {
  /**
   * Runs first, before the address row is locked: the place to take the listener's own row locks, so the
   * transaction locks rows in the same order as the listener's own transactions that then write addresses
   * (checkout: the session, then its addresses), and two such transactions cannot deadlock.
   */
  lock?(tx: Tx, address: DepositAddress): Promise<void>;
  /** Runs after the order row is created (the address's counters are not bumped yet). */
  recorded(tx: Tx, order: Order, address: DepositAddress): Promise<void>;
}

/** recordDeposit may wait for a checkout session's lock: generous limits, as checkout's own transactions have. */
const RECORD_TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** Deposits must be worth at least this much at creation (the provider ignores tiny deposits). */
const MIN_DEPOSIT_USD = 1;
/** A reusable address without `amount` is estimated for about this much. */
const DEFAULT_ESTIMATE_USD = 100;

export interface DepositsDeps extends Pick<Handles, 'log' | 'clock'> {
  config: DepositsConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS'>;
  prisma: PrismaClient;
  pubsub: Pick<PgPubSub, 'publish'>;
  assets: AssetsApi & { prices(ids: string[]): Promise<Record<string, number>> };
  partners: Pick<PartnersService, 'forApiKey' | 'forIntegrator'>;
  /** Channel fees and the cap (the quote service's settings: deposit addresses are the `api` channel). */
  feeSettings: FeeSettings;
  /** Fee recipients of the service (what the live provider carries the fees to). */
  feeRecipients: { evm?: string; svm?: string };
  /** The live provider (Relay) when loaded; test mode always uses the sandbox. */
  live?: DepositProvider;
  sandbox: DepositProvider;
  orders: Pick<OrdersService, 'publish' | 'notifyChanged'>;
  /** Asks the order poller to look now (a fresh deposit order deserves a first look at once). */
  wakeOrderPoller(): void;
  /** Asks the detection poller to run now (refresh). */
  wakeDetector(): void;
}

/**
 * Deposit addresses (beta): an address of the provider that swaps or bridges every deposit of one token to a
 * recipient. Creation validates the route, fixes the fees and asks the provider for the address; each deposit
 * (found by the detection poller, src/deposits/jobs.ts, or simulated in test mode) becomes an order record
 * followed to its final status by the order poller like any other order.
 */
export class DepositsService {
  private readonly prisma: PrismaClient;
  private depositListeners: DepositRecordedListener[] = [];

  constructor(private readonly deps: DepositsDeps) {
    this.prisma = deps.prisma;
  }

  private now() {
    return new Date(this.deps.clock.now());
  }

  private isOwner(r: Pick<DepositAddress, 'accountId' | 'livemode'>, auth: KeyAuth | null) {
    return !!auth && auth.accountId === r.accountId && (auth.mode === 'live') === r.livemode;
  }

  private async owned(auth: KeyAuth, id: string): Promise<DepositAddress> {
    if (!DEPOSIT_ADDRESS_ID.test(id)) throw notFound('Deposit address');
    const r = await this.prisma.depositAddress.findUnique({ where: { id } });
    if (!r || !this.isOwner(r, auth)) throw notFound('Deposit address');
    return r;
  }

  /** The provider an address of this mode uses: the sandbox in test mode, the live provider (Relay) in live mode. */
  providerFor(livemode: boolean): DepositProvider | undefined {
    return livemode ? this.deps.live : this.deps.sandbox;
  }

  providerById(id: string): DepositProvider | undefined {
    if (id === SANDBOX_PROVIDER) return this.deps.sandbox;
    return this.deps.live?.id === id ? this.deps.live : undefined;
  }

  // ---- key routes -------------------------------------------------------------------------------------------

  async create(auth: KeyAuth, v: CreateDepositAddress): Promise<DepositAddressView> {
    const keyPartner = await this.deps.partners.forApiKey(auth.keyId);
    const row = await this.createRow({ accountId: auth.accountId, livemode: auth.mode === 'live', keyPartner }, v);
    return depositAddressView(row);
  }

  /**
   * Checkout "pay by transfer" (src/checkout/transfer.ts): a one-time address in the session's account and mode
   * for exactly what delivers `dstAmount` of the settlement token to the merchant's recipient (the provider
   * quotes exact output, so the amount to send includes the route's fees).
   *
   * Bounded (src/deposits/state.ts `planCheckoutAddress`): one active address per source (chain, token), at most
   * `CHECKOUT_ADDRESS_PAIRS` pairs per session (CONFLICT beyond). The pair's unused address is answered again
   * whatever `refundTo` comes: the provider binds the refund address when it makes the address (Relay: `refundTo`
   * of the strict deposit-address quote), so it is never changed afterwards, and the answer's `refundTo` says
   * where refunds go. The provider is asked outside any transaction; the row is then written under the session's
   * lock (`lock`) after the plan is made again from the rows as they are then, so concurrent requests (on any
   * instance) never exceed the bound, and an address made meanwhile for the same pair wins (the provider's extra
   * address is dropped unused: nothing tracks it and nothing is sent to it). A partial unique index (one active
   * address per session, chain and token) guards the pair in the database itself.
   */
  async createForCheckout(s: CheckoutDepositRequest, lock: CheckoutSessionLock): Promise<DepositAddress> {
    const { assets } = this.deps;
    const srcChain = assets.resolveChain(s.srcChain, 'srcChain');
    const refundTo = assertAddressFor(srcChain.vm, s.refundTo.trim(), 'refundTo');
    const src = await assets.resolveToken(srcChain.id, s.srcToken, 'srcToken');
    const pair = { chainId: srcChain.id, token: srcChain.vm === 'evm' ? src.address.toLowerCase() : src.address };
    const addressesOf = (db: Tx | PrismaClient) =>
      db.depositAddress.findMany({
        where: { checkoutSessionId: s.sessionId, status: 'active', accountId: s.accountId, livemode: s.livemode },
        orderBy: { createdAt: 'asc' },
      });
    // A first look without the lock: most requests are answered here (reuse, full) without asking the provider.
    const first = planCheckoutAddress(await addressesOf(this.prisma), pair);
    if (first.kind === 'reuse') return first.address;
    if (first.kind === 'full') throw checkoutFull(first.pairs);
    const data = await this.prepareRow(
      { accountId: s.accountId, livemode: s.livemode, keyPartner: null },
      {
        srcChain: srcChain.id,
        srcToken: pair.token,
        dstChain: s.dstChainId,
        dstToken: s.dstToken,
        recipient: s.recipient,
        refundTo,
        reusable: false,
        amount: s.dstAmount,
      },
      { exactOutput: true, checkoutSessionId: s.sessionId, label: `checkout ${s.sessionId}`.slice(0, LIMITS.label) },
    );
    return lock(async (tx) => {
      const plan = planCheckoutAddress(await addressesOf(tx), pair);
      if (plan.kind === 'reuse') {
        this.deps.log.info(
          { sessionId: s.sessionId, depositAddressId: plan.address.id, dropped: data.address },
          'checkout deposit address made concurrently; the provider address just made is dropped unused',
        );
        return plan.address;
      }
      if (plan.kind === 'full') throw checkoutFull(plan.pairs);
      if (plan.replaces) await this.disableRows(tx, [plan.replaces.id]);
      return tx.depositAddress.create({ data });
    });
  }

  /**
   * Every active address of a checkout session is disabled, inside the caller's transaction (checkout's status
   * change: the session was paid, expired or otherwise closed). Detection stops (the poller claims active
   * addresses only); orders of deposits already recorded keep being followed by the order poller. Returns how
   * many were disabled.
   */
  async disableForCheckoutSession(tx: Tx, sessionId: string): Promise<number> {
    const rows = await tx.depositAddress.findMany({ where: { checkoutSessionId: sessionId, status: 'active' }, select: { id: true } });
    return this.disableRows(
      tx,
      rows.map((r) => r.id),
    );
  }

  /** Disables active addresses in `tx`; their subscribers hear of it when `tx` commits. */
  private async disableRows(tx: Tx, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const at = this.now();
    const { count } = await tx.depositAddress.updateMany({
      where: { id: { in: ids }, status: 'active' },
      data: { status: 'disabled', disabledAt: at, updatedAt: at },
    });
    // One NOTIFY for the batch, not one per address.
    await notifyManyInTx(
      tx,
      ids.map((id) => ({ topic: depositAddressTopic(id), payload: { id } })),
    );
    return count;
  }

  /** Registers a listener of deposits at checkout addresses (see DepositRecordedListener). */
  onDepositRecorded(listener: DepositRecordedListener) {
    this.depositListeners.push(listener);
  }

  /** An address by id, whoever owns it (internal: checkout reads the address its session's orders came from). */
  findById(id: string): Promise<DepositAddress | null> {
    if (!DEPOSIT_ADDRESS_ID.test(id)) return Promise.resolve(null);
    return this.prisma.depositAddress.findUnique({ where: { id } });
  }

  /**
   * Validates the route, fixes the fees, asks the provider and stores the address. `exactOutput`: `v.amount` is
   * what the recipient must receive; the amount the address takes is the provider's exact-output input (or, for
   * the sandbox, one worked out from prices and the fees).
   */
  private async createRow(owner: RowOwner, v: CreateDepositAddress, opts: RowOptions = {}): Promise<DepositAddress> {
    return this.prisma.depositAddress.create({ data: await this.prepareRow(owner, v, opts) });
  }

  /** createRow's work up to the insert: validation, fees, the provider's address; the row to insert. */
  private async prepareRow(owner: RowOwner, v: CreateDepositAddress, opts: RowOptions = {}): Promise<Prisma.DepositAddressUncheckedCreateInput> {
    const { assets } = this.deps;
    const srcChain = assets.resolveChain(v.srcChain, 'srcChain');
    const dstChain = assets.resolveChain(v.dstChain, 'dstChain');
    const recipient = assertAddressFor(dstChain.vm, v.recipient.trim(), 'recipient');
    const refundTo = assertAddressFor(srcChain.vm, v.refundTo.trim(), 'refundTo');
    const [src, dst] = await Promise.all([assets.resolveToken(srcChain.id, v.srcToken, 'srcToken'), assets.resolveToken(dstChain.id, v.dstToken, 'dstToken')]);
    const livemode = owner.livemode;

    const integratorPartner = v.integrator ? await this.deps.partners.forIntegrator(v.integrator) : null;
    const fees = decideFees(this.deps.feeSettings, {
      channel: 'api',
      keyPartner: owner.keyPartner,
      integratorPartner,
      requestedPartnerFeeBps: v.integratorFeeBps,
    });

    const prices = await this.prices([src, dst]);
    const srcPrice = prices[0];
    const feeReq = {
      ourFeeBps: fees.ourFeeBps,
      partnerFeeBps: fees.partnerFeeBps,
      partnerId: fees.partner?.id,
      recipients: this.deps.feeRecipients,
      partnerRecipients: fees.partner ? { evm: fees.partner.feeRecipientEvm ?? undefined, svm: fees.partner.feeRecipientSvm ?? undefined } : undefined,
    };
    let amount: bigint;
    if (opts.exactOutput) {
      // A first figure for the minimum check and the sandbox; the live provider answers the exact input.
      amount = exactOutputInput(boundedAmount(v.amount!), { src: tokenRef(src, srcChain.vm), dst: tokenRef(dst, dstChain.vm), fees: feeReq }, prices);
    } else if (v.amount !== undefined) {
      amount = boundedAmount(v.amount);
    } else {
      amount = amountWorth(DEFAULT_ESTIMATE_USD, src.decimals, srcPrice);
    }
    if (opts.exactOutput || v.amount !== undefined) {
      const usd = usdValue(amount, src.decimals, srcPrice);
      if (usd !== undefined && usd < MIN_DEPOSIT_USD) {
        throw new ApiError('AMOUNT_TOO_SMALL', `amount: worth about ${usd.toFixed(2)} USD, less than the minimum of ${MIN_DEPOSIT_USD} USD per deposit`, {
          field: 'amount',
        });
      }
    }

    const provider = this.providerFor(livemode);
    const route: DepositRoute = {
      src: tokenRef(src, srcChain.vm),
      dst: tokenRef(dst, dstChain.vm),
      srcVm: srcChain.vm,
      dstVm: dstChain.vm,
      recipient,
      refundTo,
      reusable: v.reusable,
      amount,
      ...(opts.exactOutput ? { exactOutput: BigInt(v.amount!) } : {}),
      fees: feeReq,
    };
    if (!provider?.supports(route)) {
      throw new ApiError(
        'UNSUPPORTED_CHAIN',
        `No deposit-address provider serves ${srcChain.slug}:${src.symbol} → ${dstChain.slug}:${dst.symbol}${provider ? '' : ' in live mode here'}`,
      );
    }
    let created: CreatedAddress;
    try {
      created = await withProviderTimeout(provider.id, this.deps.config.PROVIDER_TIMEOUT_MS, (signal) => provider.create(route, signal));
    } catch (err) {
      // A route the provider turns down is a route it cannot serve; amount and infrastructure errors pass through.
      if (isApiError(err) && (err.code === 'NO_ROUTE' || err.code === 'UNSUPPORTED_TOKEN'))
        throw new ApiError('UNSUPPORTED_CHAIN', `${provider.id} cannot serve this route: ${err.message}`, undefined, { cause: err });
      throw err;
    }
    let estimate = created.estimate ?? priceEstimate(route, prices, srcChain.id === dstChain.id);
    if (opts.exactOutput) {
      // Exact output: the provider's input is the amount the one-time address takes; the recipient gets exactly
      // the requested amount.
      if (created.estimate?.amount && /^[0-9]+$/.test(created.estimate.amount) && BigInt(created.estimate.amount) > 0n)
        amount = BigInt(created.estimate.amount);
      estimate = { ...estimate, amount: amount.toString(), dstAmount: v.amount!, dstAmountMin: v.amount! };
    }
    const at = this.now();
    return {
      id: newId(livemode ? 'da' : 'da_test'),
      accountId: owner.accountId,
      livemode,
      status: 'active',
      provider: provider.id,
      address: created.address,
      chainId: srcChain.id,
      token: route.src.address,
      tokenSymbol: src.symbol,
      tokenDecimals: src.decimals,
      dstChainId: dstChain.id,
      dstToken: route.dst.address,
      dstSymbol: dst.symbol,
      dstDecimals: dst.decimals,
      recipient,
      refundTo,
      reusable: v.reusable,
      amount: v.reusable ? null : amount.toString(),
      ourFeeBps: created.fees?.ourFeeBps ?? fees.ourFeeBps,
      integratorFeeBps: created.fees?.partnerFeeBps ?? fees.partnerFeeBps,
      integrator: fees.partner?.id ?? null,
      label: opts.label ?? v.label ?? null,
      metadata: (v.metadata ?? {}) as Prisma.InputJsonValue,
      estimate: estimate as unknown as Prisma.InputJsonValue,
      providerRef: created.providerRef ?? null,
      checkoutSessionId: opts.checkoutSessionId ?? null,
      nextCheckAt: new Date(at.getTime() + DETECTION.fastMs),
      createdAt: at,
      updatedAt: at,
    };
  }

  async list(auth: KeyAuth, q: ListDepositAddresses): Promise<Page<DepositAddressView>> {
    const where: Prisma.DepositAddressWhereInput = { accountId: auth.accountId, livemode: auth.mode === 'live' };
    if (q.status) where.status = q.status;
    if (q.label) where.label = q.label;
    const from = q.cursor ? decodeCursor(q.cursor, (id) => DEPOSIT_ADDRESS_ID.test(id)) : null;
    const rows = await this.prisma.depositAddress.findMany({ where: { ...where, ...after(from) }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    return pageOf(rows, q.limit, (r) => depositAddressView(r), encodeCursor);
  }

  /** The deposits at the key's addresses detected in [from, to), oldest first: the CSV export's rows (src/exports/). */
  async exportPage(auth: KeyAuth, q: RangePageQuery): Promise<Page<DepositRecordView>> {
    const from = q.cursor ? decodeCursor(q.cursor, (id) => DEPOSIT_ID.test(id)) : null;
    const page = from ? { OR: [{ detectedAt: { gt: from.createdAt } }, { detectedAt: from.createdAt, id: { gt: from.id } }] } : {};
    const rows = await this.prisma.deposit.findMany({
      where: { depositAddress: { accountId: auth.accountId, livemode: auth.mode === 'live' }, detectedAt: { gte: q.from, lt: q.to }, ...page },
      include: { depositAddress: true },
      orderBy: [{ detectedAt: 'asc' }, { id: 'asc' }],
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, depositRecordView, (r) => encodeCursor({ createdAt: r.detectedAt, id: r.id }));
  }

  /** The `list` cursor that resumes right after `v` (GraphQL gives every edge its own cursor). */
  listCursor(v: Pick<DepositAddressView, 'createdAt' | 'id'>): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** One address with its 20 most recent deposits. */
  async get(auth: KeyAuth, id: string): Promise<DepositAddressView> {
    const r = await this.owned(auth, id);
    return depositAddressView(r, await this.recentDeposits(r.id));
  }

  /** The address as `auth` sees it (null when not its own), with its recent deposits: the subscription's read. */
  async getFor(id: string, auth: KeyAuth | null): Promise<DepositAddressView | null> {
    if (!auth) return null;
    try {
      return await this.get(auth, id);
    } catch (err) {
      if (isApiError(err) && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  private recentDeposits(id: string, tx?: Tx): Promise<Order[]> {
    return depositAddressOrders(tx ?? this.prisma, id, LIMITS.recentDeposits);
  }

  /** Addresses by id as the owner sees them (GraphQL references); null for unknown ids and other tenants'. */
  async getManyOwned(ids: readonly string[], auth: KeyAuth): Promise<(DepositAddressView | null)[]> {
    return readByIds(
      ids,
      (id) => DEPOSIT_ADDRESS_ID.test(id),
      async (valid) => (await this.prisma.depositAddress.findMany({ where: { id: { in: valid } } })).filter((r) => this.isOwner(r, auth)),
      (r) => r.id,
      (r) => depositAddressView(r),
    );
  }

  /** POST …/refresh: the detection poller checks this address at its next run, which is asked for now. */
  async refresh(auth: KeyAuth, id: string): Promise<DepositAddressView> {
    const r = await this.owned(auth, id);
    this.assert(r, 'refresh');
    const updated = await this.prisma.depositAddress.update({ where: { id }, data: { nextCheckAt: this.now() } });
    this.deps.wakeDetector();
    return depositAddressView(updated);
  }

  /** POST …/disable: tracking stops; later deposits make no orders and no events. Disabling twice is harmless. */
  async disable(auth: KeyAuth, id: string): Promise<DepositAddressView> {
    const r = await this.owned(auth, id);
    if (r.status === 'disabled') return depositAddressView(r);
    const at = this.now();
    await this.prisma.depositAddress.updateMany({ where: { id, status: 'active' }, data: { status: 'disabled', disabledAt: at, updatedAt: at } });
    const fresh = await this.prisma.depositAddress.findUniqueOrThrow({ where: { id } });
    const view = depositAddressView(fresh);
    await this.deps.pubsub.publish(depositAddressTopic(id), { id }).catch(() => {});
    return view;
  }

  /**
   * POST …/simulate (test mode): a deposit of `amount` at a sandbox address. Returns the `submitted` order; the
   * order poller then moves it to `filled` (or `refunded` for amounts ending 4001, `failed` for 4002).
   */
  async simulate(auth: KeyAuth, id: string, input: SimulateDeposit): Promise<OrderView> {
    const amount = boundedAmount(input.amount).toString();
    const r = await this.owned(auth, id);
    return this.simulateAt(r, amount);
  }

  /** A simulated deposit at a sandbox address (the key route above, and checkout's "simulate payment" in test mode). */
  async simulateAt(r: DepositAddress, amount: string): Promise<OrderView> {
    if (r.livemode || r.provider !== SANDBOX_PROVIDER) throw new ApiError('FORBIDDEN', 'Only test-mode (sandbox) deposit addresses can simulate deposits');
    this.assert(r, 'simulate');
    if (!r.reusable && r.amount !== amount) {
      throw new ApiError('INVALID_PARAMS', `amount: this one-time address takes exactly ${r.amount}`, { field: 'amount' });
    }
    const outcome = sandboxOutcome(amount);
    const srcVm = /^0x/.test(r.address) ? 'evm' : 'svm';
    const dstVm = /^0x/.test(r.recipient) ? 'evm' : 'svm';
    const srcTxHash = fakeTxHash(srcVm);
    const dstTxHash = outcome === 'filled' ? fakeTxHash(dstVm) : outcome === 'refunded' ? fakeTxHash(srcVm) : undefined;
    const order = await this.recordDeposit(
      r,
      { providerDepositId: srcTxHash, amount, srcTxHash, trackingId: sandboxTrackingId(outcome, dstTxHash) },
      { strict: true },
    );
    if (!order) throw new ApiError('CONFLICT', 'the deposit address is no longer active');
    return order;
  }

  private assert(r: DepositAddress, action: DepositAddressAction) {
    const c = check({ status: r.status as 'active' | 'disabled', reusable: r.reusable, depositCount: r.depositCount }, action);
    if (!c.ok) throw new ApiError('CONFLICT', `Deposit address ${r.id}: ${c.error}`);
  }

  // ---- detection (jobs.ts) and order changes ---------------------------------------------------------------

  /**
   * Records one deposit exactly once: the `deposits` row is unique per provider deposit id, so whichever
   * instance inserts it first makes the order (`dep_…`, fees of the address), bumps the address's counters and
   * writes `order.submitted`, all in one transaction; a second sighting returns null. Deposits at an address that
   * is no longer active are not recorded (null). `strict` (simulate): a one-time address already used is CONFLICT.
   * At a checkout address, the deposit-recorded listeners run in the same transaction (checkout records the
   * session's payment there: the order and the payment commit together or not at all).
   */
  async recordDeposit(addr: DepositAddress, d: DetectedDeposit, opts: { strict?: boolean } = {}): Promise<OrderView | null> {
    const at = this.now();
    // The session a checkout address pays never changes (set at creation), so the stale row tells it.
    const listeners = addr.checkoutSessionId ? this.depositListeners : [];
    const row = await this.prisma.$transaction(async (tx) => {
      for (const l of listeners) await l.lock?.(tx, addr);
      const locked = await tx.$queryRawUnsafe<Array<{ id: string }>>('SELECT id FROM deposit_addresses WHERE id = $1 FOR UPDATE', addr.id);
      if (!locked.length) return null;
      const fresh = await tx.depositAddress.findUniqueOrThrow({ where: { id: addr.id } });
      if (fresh.status !== 'active') return null;
      if (opts.strict) this.assert(fresh, 'deposit');
      const quoteId = newId('dep');
      const inserted = await tx.deposit.createMany({
        data: [
          {
            id: newId('dpt'),
            depositAddressId: fresh.id,
            provider: fresh.provider,
            providerDepositId: d.providerDepositId,
            quoteId,
            amount: d.amount,
            srcTxHash: d.srcTxHash,
            detectedAt: at,
          },
        ],
        skipDuplicates: true,
      });
      if (inserted.count !== 1) return null;
      const dstAmount = d.dstAmount ?? scaledDstAmount(BigInt(d.amount), fresh.estimate as unknown as DepositEstimate).toString();
      const order = await insertOrderInTx(tx, {
        quoteId,
        provider: fresh.provider,
        status: 'submitted',
        accountId: fresh.accountId,
        livemode: fresh.livemode,
        srcChainId: fresh.chainId,
        dstChainId: fresh.dstChainId,
        amount: d.amount,
        dstAmount,
        srcTxHash: d.srcTxHash,
        trackingId: d.trackingId,
        ourFeeBps: fresh.ourFeeBps,
        partnerFeeBps: fresh.integratorFeeBps,
        partnerId: fresh.integrator,
        srcToken: fresh.token,
        depositAddressId: fresh.id,
        checkoutSessionId: fresh.checkoutSessionId,
        nextPollAt: at,
        submittedAt: at,
        updatedAt: at,
      });
      for (const l of listeners) await l.recorded(tx, order, fresh);
      await tx.depositAddress.update({
        where: { id: fresh.id },
        data: { depositCount: { increment: 1 }, lastDepositAt: at, updatedAt: at, nextCheckAt: new Date(at.getTime() + DETECTION.fastMs) },
      });
      await recordOrderEvent(tx, order, 'submitted', at);
      return order;
    }, RECORD_TX_OPTIONS);
    if (!row) return null;
    const view = orderView(row);
    await this.deps.orders.publish(view);
    await this.deps.orders.notifyChanged(view);
    this.deps.wakeOrderPoller();
    return view;
  }

  /** Called for every order change (wired in src/services.ts): pushes deposit orders to their address's subscribers. */
  async onOrderChange(order: OrderView): Promise<void> {
    if (!order.depositAddressId) return;
    await this.deps.pubsub
      .publish(depositAddressTopic(order.depositAddressId), { id: order.depositAddressId, quoteId: order.quoteId })
      .catch((err) => this.deps.log.warn({ err }, 'deposit address publish failed'));
  }

  /** When the detection poller looks at an address next (the curve in state.ts). */
  async nextCheckDelay(addr: DepositAddress): Promise<number> {
    const inFlight = await depositAddressHasOrderInFlight(this.prisma, addr.id);
    const since = this.deps.clock.now() - (addr.lastDepositAt ?? addr.createdAt).getTime();
    return nextCheckDelayMs(since, inFlight);
  }

  private async prices(tokens: TokenInfo[]): Promise<Array<number | undefined>> {
    const ids = tokens.map((t) => `${t.chainId}:${t.address}`);
    let found: Record<string, number> = {};
    try {
      found = await this.deps.assets.prices(ids);
    } catch (err) {
      this.deps.log.warn({ err }, 'deposit address: prices unavailable');
    }
    return tokens.map((t, i) => found[ids[i]] ?? t.priceUsd);
  }
}

type RowOwner = { accountId: string; livemode: boolean; keyPartner: Awaited<ReturnType<PartnersService['forApiKey']>> };
type RowOptions = { exactOutput?: boolean; checkoutSessionId?: string; label?: string };

const checkoutFull = (pairs: number) =>
  new ApiError(
    'CONFLICT',
    `This checkout session already has deposit addresses for ${pairs} networks/tokens, the most it can have (${CHECKOUT_ADDRESS_PAIRS}); send with one of those (ask again with its network and token to get it), or pay with a connected wallet`,
  );

const tokenRef = (t: TokenInfo, vm: 'evm' | 'svm'): TokenRef => ({
  chainId: t.chainId,
  address: vm === 'evm' ? t.address.toLowerCase() : t.address,
  symbol: t.symbol,
  decimals: t.decimals,
  ...(t.priceUsd !== undefined ? { priceUsd: t.priceUsd } : {}),
});

/**
 * A USD price as an integer of 1e-18 USD (0 for no usable price). Prices of far less than a cent are common
 * (tokens with huge supplies); a coarser scale would round them to 0, refuse every amount as too small and
 * divide by zero in the estimate.
 */
const priceAtto = (priceUsd: number | undefined): bigint =>
  priceUsd !== undefined && priceUsd > 0 && Number.isFinite(priceUsd) ? BigInt(Math.round(priceUsd * 1e18)) : 0n;
const ATTO = 10n ** 18n;

/** USD worth of `amount` base units, or undefined without a price. */
export function usdValue(amount: bigint, decimals: number, priceUsd: number | undefined): number | undefined {
  const p = priceAtto(priceUsd);
  if (p === 0n) return undefined;
  const atto = (amount * p) / 10n ** BigInt(decimals);
  // Whole dollars exactly, the fraction to 1e-9: a Number is exact enough for a comparison with 1 USD.
  return Number(atto / ATTO) + Number((atto % ATTO) / 10n ** 9n) / 1e9;
}

/** Base units worth about `usd` (100 whole tokens without a price). */
export function amountWorth(usd: number, decimals: number, priceUsd: number | undefined): bigint {
  const p = priceAtto(priceUsd);
  if (p === 0n) return BigInt(usd) * 10n ** BigInt(decimals);
  const units = (BigInt(Math.round(usd * 1e6)) * 10n ** 12n * 10n ** BigInt(decimals)) / p;
  return units > 0n ? units : 1n;
}

/**
 * An estimate from prices when the provider gives none (the sandbox): the source value in the destination
 * token, less the fees; 0.5% below for the minimum; 5 s same-chain, 30 s cross-chain. Without both prices the
 * amount is carried over by decimals alone (a stablecoin pair).
 */
export function priceEstimate(
  route: Pick<DepositRoute, 'src' | 'dst' | 'amount' | 'fees'>,
  prices: Array<number | undefined>,
  sameChain: boolean,
): DepositEstimate {
  const [sp, dp] = prices;
  let dst: bigint;
  const [spa, dpa] = [priceAtto(sp), priceAtto(dp)];
  if (spa > 0n && dpa > 0n) {
    dst = (route.amount * spa * 10n ** BigInt(route.dst.decimals)) / (dpa * 10n ** BigInt(route.src.decimals));
  } else {
    const shift = route.dst.decimals - route.src.decimals;
    dst = shift >= 0 ? route.amount * 10n ** BigInt(shift) : route.amount / 10n ** BigInt(-shift);
  }
  dst = (dst * BigInt(10_000 - route.fees.ourFeeBps - route.fees.partnerFeeBps)) / 10_000n;
  return {
    amount: route.amount.toString(),
    dstAmount: dst.toString(),
    dstAmountMin: ((dst * 9950n) / 10_000n).toString(),
    estimatedSeconds: sameChain ? 5 : 30,
  };
}

/**
 * The source amount that delivers exactly `dstAmount` after the fees, from prices (a stablecoin pair by decimals
 * alone without both prices), rounded up. The live provider answers its own exact input instead.
 */
export function exactOutputInput(dstAmount: bigint, route: Pick<DepositRoute, 'src' | 'dst' | 'fees'>, prices: Array<number | undefined>): bigint {
  const keep = BigInt(10_000 - route.fees.ourFeeBps - route.fees.partnerFeeBps);
  const gross = ceilDiv(dstAmount * 10_000n, keep);
  const [sp, dp] = prices;
  if (sp && dp && sp > 0 && dp > 0) {
    return ceilDiv(gross * BigInt(Math.round(dp * 1e8)) * 10n ** BigInt(route.src.decimals), BigInt(Math.round(sp * 1e8)) * 10n ** BigInt(route.dst.decimals));
  }
  const shift = route.src.decimals - route.dst.decimals;
  return shift >= 0 ? gross * 10n ** BigInt(shift) : ceilDiv(gross, 10n ** BigInt(-shift));
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The sandbox deposit provider's id: test-mode checkout payments are recorded as coming from it. */
