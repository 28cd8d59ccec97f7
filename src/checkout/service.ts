import { readByIds } from '../db/by-ids.js';
import { assertTakesPayments, type KeyAuth } from '../accounts/service.js';
import type { AssetsService } from '../assets/service.js';
import type { RpcClients } from '../assets/service.js';
import type { Prisma as PrismaClient } from '../db/client.js';
import type { CheckoutPayment, CheckoutReview, CheckoutSession, Prisma } from '../db/generated/client.js';
import { decodeCursor, encodeCursor, NEWEST_FIRST, OLDEST_FIRST, after, afterAscending, pageOf, type Page, type RangePageQuery } from '../db/keyset.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import type { CheckoutConfig } from './config.js';
import type { QuoteRecord } from '../quotes/service.js';
import type { QuoteService } from '../quotes/service.js';
import { ApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { notifyInTx, recordEvent } from '../events/outbox.js';
import {
  validateCreate,
  validateDirectReport,
  type CreateSession,
  type ListSessions,
  type PayerQuoteRequest,
  type ReportDirect,
  type SubmitSigned,
} from './input.js';
import { actionAfterPayment, transition, type PaymentOutcome, type SessionAction } from './state.js';
import { checkoutSessionTopic } from './topics.js';
import { attemptView, sessionView, type PayerQuoteResponse, type PaymentAttemptView, type SessionView } from './views.js';
import { SETTLEMENT_CHAINS } from './settlement.js';
import { EXPIRE_JOB, type SettledPayment } from './shared.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { RefundsService } from './refunds.js';
import { CheckoutReviews } from './review.js';
import { PayerQuotes } from './payer.js';
import { SignedSubmit } from './solana-submit.js';
import { QuoteLinks } from './quote-links.js';
import { normalize } from './addresses.js';
import { withLockedRow } from '../db/locked-row.js';
import { QuoteBuilds, type BuiltForQuote } from './quote-builds.js';
import { DIRECT_PROVIDER } from './direct-provider.js';
import type { CheckoutSessions, SeenFinding, SessionPatch, SettleOutcome } from './sessions.js';

type Tx = Prisma.TransactionClient;

/**
 * Runs INSIDE the transaction of every status change (after the session row is updated and its event
 * written), so another domain's dependent change commits or rolls back with it — e.g. invoices: the session
 * paying an invoice becomes `paid` → the invoice becomes `paid` and `invoice.paid` is recorded atomically.
 */
/** Paid sessions of one UTC day in one settlement token (`CheckoutService.paidPerDay`). */
export interface PaidDay {
  day: string;
  chainId: number;
  token: string;
  symbol: string;
  decimals: number;
  count: number;
  /** Sum of the sessions' amounts, base units. */
  amount: string;
}

export type StatusListener = (tx: Prisma.TransactionClient, before: CheckoutSession, after: CheckoutSession) => Promise<void>;

/**
 * Reports of one session not yet seen on chain, at most (docs/checkout.md, "Payment integrity"). A stranger's made-up hashes
 * stop here; the honest payer's report past the bound is still taken once its transaction is mined (probe).
 */
const MAX_UNSEEN_REPORTS = 10;

/** Looks a payment up on chain at once: whether it is already seen with the session's evidence. */
export type SeenProbe = (
  p: Pick<CheckoutPayment, 'kind' | 'payer' | 'srcChainId' | 'srcTxHash' | 'sessionId'> & { quoteId?: string },
  s: CheckoutSession,
  tx: Tx,
) => Promise<boolean>;

/** Interactive transactions wait for the row lock of a busy session; generous limits keep bursts from failing. */
const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

export interface CheckoutDeps extends Pick<Handles, 'log' | 'clock'> {
  config: CheckoutConfig & Pick<CoreConfig, 'PUBLIC_URL'>;
  prisma: PrismaClient;
  /** Payer quotes: the source chain and token, prices for the overpay cap. */
  assets: Pick<AssetsService, 'resolveChain' | 'resolveToken' | 'prices'>;
  /** Payer quotes are ordinary quotes (channel `api`). */
  quotes: Pick<QuoteService, 'quote' | 'issue'>;
  /** Solana: blockhashes for transfers to sign, and broadcasting sign-only wallets' transactions. */
  rpc: Pick<RpcClients, 'solana'>;
  /** Asks the verification job to run now (src/services.ts wires it to the job runner). */
  wakeVerifier(): void;
}

/*
 * Reads of sessions and payments for other domains (an invoice's session, the orders listed by session): the
 * session and payment tables are checkout's, so they are read here, in the caller's transaction when given.
 */

/** The account and mode a session belongs to; null for an unknown id. */
export function sessionOwner(db: PrismaClient | Tx, id: string): Promise<{ accountId: string; livemode: boolean } | null> {
  return db.checkoutSession.findUnique({ where: { id }, select: { accountId: true, livemode: true } });
}

/** A session row by id (null when unknown). */
export function sessionRow(db: PrismaClient | Tx, id: string): Promise<CheckoutSession | null> {
  return db.checkoutSession.findUnique({ where: { id } });
}

/** A session with its payments (null when unknown). */
export function sessionWithPayments(db: PrismaClient | Tx, id: string): Promise<(CheckoutSession & { payments: CheckoutPayment[] }) | null> {
  return db.checkoutSession.findUnique({ where: { id }, include: { payments: true } });
}

/** A session's payments. */
export function sessionPayments(db: PrismaClient | Tx, sessionId: string): Promise<CheckoutPayment[]> {
  return db.checkoutPayment.findMany({ where: { sessionId } });
}

/** The ids of an invoice's sessions that are still `open`. */
export async function openSessionIdsOfInvoice(db: PrismaClient | Tx, invoiceId: string): Promise<string[]> {
  return (await db.checkoutSession.findMany({ where: { invoiceId, status: 'open' }, select: { id: true } })).map((s) => s.id);
}

/**
 * Checkout sessions: create, pay, verify, expire and refund. Every status change runs under the session's row lock
 * (`SELECT … FOR UPDATE`) and writes its event and its live-update notification in the same transaction.
 */
export class CheckoutService implements CheckoutSessions {
  readonly refunds: RefundsService;
  /** The merchant's resolutions of sessions in `needs_review` (accept, reopen). */
  readonly reviews: CheckoutReviews;
  /** Which session each payer quote pays (checkout's own record). */
  readonly quoteLinks: QuoteLinks;
  /** The transactions built for payer quotes (routed evidence). */
  readonly builds: QuoteBuilds;
  private readonly prisma: PrismaClient;
  private probe?: SeenProbe;
  private readonly payer: PayerQuotes;
  private readonly signed: SignedSubmit;
  private statusListeners: StatusListener[] = [];

  constructor(private readonly deps: CheckoutDeps) {
    this.prisma = deps.prisma;
    this.quoteLinks = new QuoteLinks(deps);
    this.builds = new QuoteBuilds(deps);
    // Through this.wakeVerifier, so a refund reported mid-run counts as a report and the job looks again soon.
    this.refunds = new RefundsService({ ...deps, sessions: this, wakeVerifier: () => this.wakeVerifier() });
    this.reviews = new CheckoutReviews({ clock: deps.clock, sessions: this });
    this.payer = new PayerQuotes({ ...deps, sessions: this, links: this.quoteLinks });
    this.signed = new SignedSubmit({ rpc: deps.rpc, sessions: this });
  }

  private now() {
    return this.deps.clock.now();
  }

  /**
   * `reviews`: the session's review resolutions, which the full view shows (the public view never does): a
   * view that may be the full one must be given them.
   */
  view(s: CheckoutSession, payments: readonly CheckoutPayment[], full: false): SessionView;
  view(s: CheckoutSession, payments: readonly CheckoutPayment[], full: boolean, reviews: readonly CheckoutReview[]): SessionView;
  view(s: CheckoutSession, payments: readonly CheckoutPayment[], full: boolean, reviews: readonly CheckoutReview[] = []): SessionView {
    return sessionView(s, payments, { publicUrl: this.deps.config.PUBLIC_URL, full, reviews });
  }

  /** The owner's view of a session, its payments and reviews read in `tx` (events written in a status change). */
  async fullViewInTx(tx: Tx, s: CheckoutSession): Promise<SessionView> {
    const payments = await tx.checkoutPayment.findMany({ where: { sessionId: s.id } });
    const reviews = await tx.checkoutReview.findMany({ where: { sessionId: s.id } });
    return this.view(s, payments, true, reviews);
  }

  /** Whether a session with this id exists (the hosted pay page answers 404 otherwise). */
  async exists(id: string): Promise<boolean> {
    return !!(await this.prisma.checkoutSession.findUnique({ where: { id }, select: { id: true } }));
  }

  /**
   * Sessions of the key's account and mode paid in [from, to), per UTC day and settlement token: how many and the
   * sum of their amounts (base units, exact: summed as SQL numeric). The dashboard's overview reads this.
   */
  async paidPerDay(auth: KeyAuth, range: { from: Date; to: Date }): Promise<PaidDay[]> {
    const rows = await this.prisma.$queryRaw<
      Array<{ day: string; chain_id: number; token: string; symbol: string; decimals: number; n: number; amount: string }>
    >`
      SELECT to_char((paid_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, settle_chain_id AS chain_id, settle_token AS token,
             settle_symbol AS symbol, settle_decimals AS decimals, count(*)::int AS n, sum(amount::numeric)::text AS amount
      FROM checkout_sessions
      WHERE account_id = ${auth.accountId} AND livemode = ${auth.mode === 'live'} AND paid_at >= ${range.from} AND paid_at < ${range.to}
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 4`;
    return rows.map((r) => ({ day: r.day, chainId: r.chain_id, token: r.token, symbol: r.symbol, decimals: r.decimals, count: r.n, amount: r.amount }));
  }

  isOwner(s: Pick<CheckoutSession, 'accountId' | 'livemode'>, auth: KeyAuth | null): boolean {
    return !!auth && auth.accountId === s.accountId && (auth.mode === 'live') === s.livemode;
  }

  /** Runs `fn` with the session row locked; inside `outerTx` when given (the caller's transaction), else in a new one. */
  async withLockedSession<T>(id: string, fn: (tx: Tx, s: CheckoutSession) => Promise<T>, outerTx?: Tx): Promise<T> {
    assertSessionId(id);
    const lock = {
      table: 'checkout_sessions',
      id,
      read: (tx: Tx) => tx.checkoutSession.findUnique({ where: { id } }),
      missing: () => notFound('Checkout session'),
    };
    return withLockedRow(this.prisma, lock, fn, { outerTx, txOptions: TX_OPTIONS });
  }

  /**
   * Applies one state-machine move to a locked session: update, event, live notification. `eventData`: more
   * fields for the event's `data` beside `session` (a review resolution adds `review`).
   */
  async applyTransition(
    tx: Tx,
    s: CheckoutSession,
    action: SessionAction,
    patch: SessionPatch = {},
    eventData: Record<string, unknown> = {},
  ): Promise<CheckoutSession> {
    const r = transition(s.status, action);
    if (!r.ok) throw new ApiError('CONFLICT', `Checkout session ${s.id}: ${r.error}`);
    const at = new Date(this.now());
    const updated = await tx.checkoutSession.update({ where: { id: s.id }, data: { ...patch, status: r.next, updatedAt: at } });
    if (r.event) {
      await recordEvent(tx, {
        accountId: s.accountId,
        livemode: s.livemode,
        type: r.event,
        resourceId: s.id,
        data: { session: await this.fullViewInTx(tx, updated), ...eventData },
        createdAt: at,
      });
    }
    if (r.next !== s.status || r.event) await notifyInTx(tx, checkoutSessionTopic(s.id), { id: s.id });
    if (r.next !== s.status) for (const l of this.statusListeners) await l(tx, s, updated);
    return updated;
  }

  /** Registers a listener run inside every status-change transaction (see StatusListener). */
  onStatusChange(listener: StatusListener) {
    this.statusListeners.push(listener);
  }

  // ---- sessions ----------------------------------------------------------------------------------------

  /** `internal.tx`: create inside the caller's transaction (invoices start a session under the invoice's lock). */
  async create(auth: KeyAuth, input: CreateSession, internal: { invoiceId?: string; tx?: Tx } = {}): Promise<SessionView> {
    const v = validateCreate(input);
    const livemode = auth.mode === 'live';
    const now = this.now();
    const row = await (internal.tx ?? this.prisma).checkoutSession.create({
      data: {
        id: newId(livemode ? 'cs' : 'cs_test'),
        accountId: auth.accountId,
        livemode,
        status: 'open',
        amount: v.amount,
        settleChainId: v.settlement.chainId,
        settleToken: v.settlement.token,
        settleSymbol: v.settlement.symbol,
        settleDecimals: v.settlement.decimals,
        recipient: v.recipient,
        description: v.description ?? null,
        merchantName: v.merchantName ?? null,
        reference: v.reference ?? null,
        metadata: v.metadata ?? undefined,
        successUrl: v.successUrl ?? null,
        cancelUrl: v.cancelUrl ?? null,
        invoiceId: internal.invoiceId ?? null,
        expiresAt: new Date(now + v.expiresInMinutes * 60_000),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      },
    });
    return this.view(row, [], true, []);
  }

  /** The stored session with its payments and reviews, expiring it first when it is open past `expiresAt`. */
  async load(id: string): Promise<{ session: CheckoutSession; payments: CheckoutPayment[]; reviews: CheckoutReview[] }> {
    assertSessionId(id);
    const include = { payments: true, reviews: true } as const;
    let session = await this.prisma.checkoutSession.findUnique({ where: { id }, include });
    if (!session) throw notFound('Checkout session');
    if (session.status === 'open' && session.expiresAt.getTime() <= this.now()) {
      await this.expireOne(id).catch((err) => this.deps.log.warn({ err, id }, 'lazy expiry failed'));
      session = (await this.prisma.checkoutSession.findUnique({ where: { id }, include }))!;
    }
    const { payments, reviews, ...rest } = session;
    return { session: rest, payments, reviews };
  }

  /** Public view for anyone; the full view (reference, metadata, review, payments, reviews) for the owner's key. */
  async get(id: string, auth: KeyAuth | null): Promise<SessionView> {
    const { session, payments, reviews } = await this.load(id);
    return this.view(session, payments, this.isOwner(session, auth), reviews);
  }

  /** The owner's session, or NOT_FOUND (also for a session of another account or mode). */
  async getOwned(id: string, auth: KeyAuth): Promise<{ session: CheckoutSession; payments: CheckoutPayment[]; reviews: CheckoutReview[] }> {
    const r = await this.load(id);
    if (!this.isOwner(r.session, auth)) throw notFound('Checkout session');
    return r;
  }

  async list(auth: KeyAuth, q: ListSessions): Promise<{ object: 'list'; data: SessionView[]; hasMore: boolean; nextCursor: string | null }> {
    const where: Prisma.CheckoutSessionWhereInput = { accountId: auth.accountId, livemode: auth.mode === 'live' };
    if (q.status) where.status = q.status;
    const from = q.cursor ? decodeCursor(q.cursor, (id) => SESSION_ID.test(id)) : null;
    const rows = await this.prisma.checkoutSession.findMany({
      where: { ...where, ...after(from) },
      include: { payments: true, reviews: true },
      orderBy: NEWEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, ({ payments, reviews, ...s }) => this.view(s, payments, true, reviews), encodeCursor);
  }

  /** The key's sessions (owner's view) created in [from, to), oldest first: the CSV export's rows (src/exports/). */
  async exportPage(auth: KeyAuth, q: RangePageQuery): Promise<Page<SessionView>> {
    const from = q.cursor ? decodeCursor(q.cursor, (id) => SESSION_ID.test(id)) : null;
    const rows = await this.prisma.checkoutSession.findMany({
      where: { accountId: auth.accountId, livemode: auth.mode === 'live', createdAt: { gte: q.from, lt: q.to }, ...afterAscending(from) },
      include: { payments: true, reviews: true },
      orderBy: OLDEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, ({ payments, reviews, ...s }) => this.view(s, payments, true, reviews), encodeCursor);
  }

  /** The merchant expires an open session (CONFLICT otherwise). */
  async expire(auth: KeyAuth, id: string): Promise<SessionView> {
    await this.getOwned(id, auth);
    const out = await this.withLockedSession(id, async (tx, s) => {
      const updated = await this.applyTransition(
        tx,
        s,
        { type: 'expire', by: 'merchant', now: this.now(), expiresAt: s.expiresAt.getTime() },
        { expiredAt: new Date(this.now()) },
      );
      return this.fullViewInTx(tx, updated);
    });
    return out;
  }

  /**
   * Expires an open session on behalf of the service itself (e.g. its invoice was voided); no key check.
   * Returns false when the session is not open (nothing to do).
   */
  async expireInternal(id: string): Promise<boolean> {
    return this.withLockedSession(id, async (tx, s) => {
      if (s.status !== 'open') return false;
      await this.applyTransition(
        tx,
        s,
        { type: 'expire', by: 'merchant', now: this.now(), expiresAt: s.expiresAt.getTime() },
        { expiredAt: new Date(this.now()) },
      );
      return true;
    });
  }

  /**
   * Expires one session if it is still open and past `expiresAt`; returns whether it did. A session holding a
   * report not yet seen on chain and still inside its not-found window waits (the payer reported in time; the
   * transaction may be mined any moment): at most CHECKOUT_TX_NOT_FOUND_MINUTES past expiresAt, since reports are
   * taken only before it.
   */
  async expireOne(id: string): Promise<boolean> {
    return this.withLockedSession(id, async (tx, s) => {
      const now = this.now();
      if (s.status !== 'open' || s.expiresAt.getTime() > now) return false;
      if (await tx.checkoutPayment.count({ where: { sessionId: id, ...this.awaitedReport() } })) return false;
      await this.applyTransition(tx, s, { type: 'expire', by: 'time', now, expiresAt: s.expiresAt.getTime() }, { expiredAt: new Date(now) });
      return true;
    });
  }

  /** The expiry job: every open session past `expiresAt`, in batches. Returns how many expired. */
  async expireDue(batch = 200): Promise<number> {
    const due = await this.prisma.checkoutSession.findMany({
      where: { status: 'open', expiresAt: { lte: new Date(this.now()) }, payments: { none: this.awaitedReport() } },
      select: { id: true },
      orderBy: { expiresAt: 'asc' },
      take: batch,
    });
    let n = 0;
    for (const { id } of due)
      if (await this.expireOne(id).catch(() => false)) {
        n++;
        // One line per unit of work, naming the job: which instance did it (docs/deployment.md).
        this.deps.log.debug({ job: EXPIRE_JOB, sessionId: id }, 'checkout session expired');
      }
    return n;
  }

  /** A report not seen on chain yet and still inside its not-found window (see expireOne). */
  private awaitedReport(): Prisma.CheckoutPaymentWhereInput {
    return { status: 'verifying', seenAt: null, updatedAt: { gt: new Date(this.now() - this.deps.config.CHECKOUT_TX_NOT_FOUND_MINUTES * 60_000) } };
  }

  // ---- payments ----------------------------------------------------------------------------------------

  /** POST /v1/checkout/sessions/{id}/quote (public): payer quotes for an open session. */
  payerQuote(id: string, input: PayerQuoteRequest): Promise<PayerQuoteResponse> {
    return this.payer.quote(id, input);
  }

  /** POST /v1/checkout/sessions/{id}/submit (public): a Solana direct transfer signed by a sign-only wallet. */
  submitSigned(id: string, input: SubmitSigned): Promise<SessionView> {
    return this.signed.submit(id, input);
  }

  /**
   * POST /v1/checkout/sessions/{id}/submitted (public; the alias of `POST /v1/orders/{quoteId}/submitted`
   * for the direct quote): a payer reports a direct transfer of the settlement token. A report is a hint of where
   * to look: it never moves the session, and the transaction pays the session only if it carries the session's tag
   * (EVM) or reference (Solana). The same hash reported again is the same payment; reported for another session
   * it is another session's hint, which the chain will settle (only the session it was made for can be paid).
   */
  async reportDirect(id: string, input: ReportDirect, how: { broadcast: boolean } = { broadcast: false }): Promise<SessionView> {
    const { session } = await this.load(id);
    const vm = SETTLEMENT_CHAINS[session.settleChainId]!.vm;
    const { txHash, payer } = validateDirectReport(vm, input);
    const out = await this.recordPayment(id, {
      kind: 'direct',
      payer,
      srcChainId: session.settleChainId,
      srcToken: session.settleToken,
      srcAmount: session.amount,
      srcTxHash: txHash,
      broadcast: how.broadcast,
    });
    return this.view(out.session, out.payments, false);
  }

  /** The session a quote pays, if any (read in the caller's transaction when given). */
  sessionForQuote(quote: QuoteRecord, tx?: Tx): Promise<string | undefined> {
    return this.quoteLinks.sessionOf(quote, tx);
  }

  /** The session a quote pays and its mode, if any (an order reported under the quote is recorded in that mode). */
  async sessionModeForQuote(quote: QuoteRecord, tx?: Tx): Promise<{ id: string; livemode: boolean } | undefined> {
    const id = await this.quoteLinks.sessionOf(quote, tx);
    if (!id) return undefined;
    const row = await (tx ?? this.prisma).checkoutSession.findUnique({ where: { id }, select: { livemode: true } });
    return row ? { id, livemode: row.livemode } : undefined;
  }

  /**
   * A transaction was built for a quote (`POST /v1/orders`): for a payer quote of a session it is recorded as that
   * session's build, the evidence a routed payment's source transaction must match. CONFLICT when a provider built
   * byte-identical calldata for another session (it could not be attributed; the payer re-quotes). Direct quotes
   * carry the session tag instead.
   */
  async onBuilt(quote: QuoteRecord, tx: BuiltForQuote): Promise<void> {
    const id = await this.sessionForQuote(quote);
    if (!id) return;
    // A suspended merchant's payer quotes are not built, direct ones included (FORBIDDEN).
    const owner = await sessionOwner(this.prisma, id);
    if (owner) await this.assertTakesPayments(owner);
    if (quote.provider === DIRECT_PROVIDER) return;
    await this.builds.record(id, quote.quoteId, quote.request.src.chainId, tx);
  }

  /**
   * A payment was reported (`POST /v1/orders/{quoteId}/submitted`) for a quote made for a session: routed, or the
   * session quote's direct option. The quote must deliver the settlement token to the session's recipient on its
   * chain; anything else cannot pay the session and is ignored (logged). Runs inside the order's own transaction,
   * so the order and the session's payment are committed together or not at all, and a refusal (session no
   * longer takes reports) fails the report itself.
   */
  async onRoutedReported(
    order: { quoteId: string; srcTxHash: string },
    quote: QuoteRecord,
    tx?: Tx,
    how: { broadcast: boolean } = { broadcast: false },
  ): Promise<void> {
    const id = await this.sessionForQuote(quote, tx);
    if (!id) return;
    // Inside the caller's transaction every read goes through `tx` (PGlite has one connection: a read
    // outside the transaction would wait for it to end).
    const session = await (tx ?? this.prisma).checkoutSession.findUnique({ where: { id } });
    if (!session) return;
    const dst = quote.request.dst;
    const vm = SETTLEMENT_CHAINS[session.settleChainId]!.vm;
    if (
      dst.chainId !== session.settleChainId ||
      normalize(vm, dst.address) !== session.settleToken ||
      normalize(vm, quote.request.recipient) !== session.recipient
    ) {
      this.deps.log.warn({ quoteId: order.quoteId, sessionId: id }, 'order reported for a checkout session, but its quote does not pay that session; ignored');
      return;
    }
    await this.recordPayment(
      id,
      {
        kind: quote.provider === DIRECT_PROVIDER ? 'direct' : 'routed',
        payer: normalize(quote.request.srcVm, quote.request.sender),
        srcChainId: quote.request.src.chainId,
        srcToken: quote.request.src.address,
        srcAmount: quote.quote.srcAmount.toString(),
        srcTxHash: normalize(quote.request.srcVm, order.srcTxHash),
        quoteId: order.quoteId,
        provider: quote.provider === DIRECT_PROVIDER ? undefined : quote.provider,
        broadcast: how.broadcast,
      },
      tx,
    );
  }

  /**
   * Refuses (CONFLICT) before a routed payment's signed transaction is forwarded when the session it pays
   * could not take a payment now (not open, or past expiresAt): once forwarded, funds cannot be called back.
   * FORBIDDEN while the merchant's account is suspended.
   */
  async assertAcceptsPayment(quote: QuoteRecord): Promise<void> {
    const id = await this.sessionForQuote(quote);
    if (!id) return;
    const s = await this.prisma.checkoutSession.findUnique({ where: { id } });
    if (!s) throw notFound('Checkout session');
    await this.assertTakesPayments(s);
    const r = transition(s.status, { type: 'payment_reported', now: this.now(), expiresAt: s.expiresAt.getTime() });
    if (!r.ok) throw new ApiError('CONFLICT', `Checkout session ${s.id}: ${r.error}; nothing was sent`);
  }

  /** FORBIDDEN while the session's merchant is suspended: no new payment starts (docs/admin.md, "Suspension"). */
  assertTakesPayments(session: Pick<CheckoutSession, 'accountId'>): Promise<void> {
    return assertTakesPayments(this.prisma, session.accountId);
  }

  /** Checks a report on chain at once (wired to the verifier in src/services.ts): used when a session holds too many unseen reports. */
  setSeenProbe(probe: SeenProbe): void {
    this.probe = probe;
  }

  /**
   * Records a reported payment of a session under its lock. A report is a hint: the payment is `verifying` and
   * unseen, and the session does not move until the verifier sees the transaction on chain with the session's
   * evidence. `seen` (pay by transfer: the deposit reached the session's own one-time address) records it as
   * seen at once, moving an open session to `processing`. At most MAX_UNSEEN_REPORTS unseen reports per session
   * (a stranger's made-up hashes cannot pile up); past that a report is taken only if the chain already shows it.
   */
  async recordPayment(
    id: string,
    p: Pick<CheckoutPayment, 'kind' | 'payer' | 'srcChainId' | 'srcToken' | 'srcAmount' | 'srcTxHash'> & {
      quoteId?: string;
      provider?: string;
      /** The payment was already seen by the service (a detected deposit), not only reported by a payer. */
      seen?: boolean;
      /**
       * The service broadcast the signed transaction itself (the Solana sign-only `…/submit`, `POST /v1/orders/submit`):
       * the hash comes from the node or provider, not from a caller's claim, so the bound of unseen reports (made
       * against made-up hashes) does not apply; it is still only a hint until seen.
       */
      broadcast?: boolean;
    },
    outerTx?: Tx,
  ): Promise<{ session: CheckoutSession; payments: CheckoutPayment[]; created: boolean }> {
    try {
      const out = await this.withLockedSession(
        id,
        async (tx, s) => {
          // One hint per (transaction, quote): the same hash reported under another quote (or as a direct transfer)
          // is another hint, verified under its own kind and quote, so a stranger reporting the payer's hash first
          // under the wrong quote locks nobody out, and nothing one reporter does changes another's report.
          const existing = await tx.checkoutPayment.findFirst({
            where: { sessionId: id, srcChainId: p.srcChainId, srcTxHash: p.srcTxHash, quoteId: p.quoteId ?? null },
          });
          if (existing) {
            // Only "never seen on chain" is not a verdict about the transaction itself: a payment stuck in a
            // mempool past the not-found window may still be mined. Reported again, it is looked for again
            // (else its hash could never pay anything and the payer's funds would be stranded).
            if (existing.status === 'failed' && existing.reason === 'tx_not_found') {
              const now = this.now();
              this.assertTakesReports(s, now);
              // Revived, it waits unseen again: within the same bound as a new report.
              await this.assertUnseenRoom(tx, s, { ...p, sessionId: id });
              await tx.checkoutPayment.update({
                where: { id: existing.id },
                data: { status: 'verifying', reason: null, settledAt: null, seenAt: null, updatedAt: new Date(now) },
              });
              return { session: s, created: true };
            }
            return { session: s, created: false };
          }
          const now = this.now();
          if (!p.seen) {
            this.assertTakesReports(s, now);
            if (!p.broadcast) await this.assertUnseenRoom(tx, s, { ...p, sessionId: id });
          }
          const seen = !!p.seen;
          await tx.checkoutPayment.create({
            data: {
              id: newId('cspay'),
              sessionId: id,
              kind: p.kind,
              status: 'verifying',
              payer: p.payer,
              srcChainId: p.srcChainId,
              srcToken: p.srcToken,
              srcAmount: p.srcAmount,
              srcTxHash: p.srcTxHash,
              quoteId: p.quoteId ?? null,
              provider: p.provider ?? null,
              settleChainId: s.settleChainId,
              seenAt: seen ? new Date(now) : null,
              createdAt: new Date(now),
              updatedAt: new Date(now),
            },
          });
          const updated = seen && s.status === 'open' ? await this.applyTransition(tx, s, { type: 'payment_seen' }) : s;
          return { session: updated, created: true };
        },
        outerTx,
      );
      // Inside a caller's transaction (a routed report) the payment is not visible until that commits: a run
      // woken now could miss it and then idle. The orders domain announces the commit and wakes us then.
      if (out.created && !outerTx) this.wakeVerifier();
      const payments = await (outerTx ?? this.prisma).checkoutPayment.findMany({ where: { sessionId: id } });
      return { ...out, payments };
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ApiError(
          'CONFLICT',
          'This transaction was already reported for this checkout session under this quote, or this quote with another transaction',
        );
      throw err;
    }
  }

  /**
   * Room for one more unseen report, or, past MAX_UNSEEN_REPORTS, a report the chain already shows with the session's
   * evidence (each such one is a real payment); CONFLICT otherwise. The probe only admits the report: it is stored
   * unseen all the same, and the verifier's own look records what the chain says (the payer among it), never the
   * reporter's claim. It reads through `tx` (inside an order's transaction on PGlite, the only connection).
   */
  private async assertUnseenRoom(tx: Tx, s: CheckoutSession, p: Parameters<SeenProbe>[0]): Promise<void> {
    const unseen = await tx.checkoutPayment.count({ where: { sessionId: s.id, status: 'verifying', seenAt: null } });
    if (unseen < MAX_UNSEEN_REPORTS) return;
    if (this.probe && (await this.probe(p, s, tx).catch(() => false))) return;
    throw new ApiError(
      'CONFLICT',
      `Checkout session ${s.id} already holds ${MAX_UNSEEN_REPORTS} reported payments not yet seen on chain; report this one again once its transaction is mined`,
    );
  }

  /** CONFLICT unless the session takes reports now (open or processing, and not past expiresAt). */
  private assertTakesReports(s: CheckoutSession, now: number): void {
    const r = transition(s.status, { type: 'payment_reported', now, expiresAt: s.expiresAt.getTime() });
    if (!r.ok) throw new ApiError('CONFLICT', `Checkout session ${s.id}: ${r.error}`);
  }

  /** A payment report was committed: run verification now, or, when a run is under way, soon after it. */
  wakeVerifier(): void {
    this.deps.wakeVerifier();
  }

  /**
   * Settles one payment with the verifier's finding, under the session lock, and moves the session as the session
   * state machine (state.ts) says. `seen`: the transaction is on chain with the session's evidence; the payment
   * now counts for the session (an open session becomes `processing`) and its payer is what the chain says.
   * A payment never seen (no evidence, never mined, reverted) settles without touching the session: it was only
   * a hint. A payment already settled (by another instance) is left alone.
   */
  async settlePayment(paymentId: string, finding: SettledPayment | SeenFinding, asOf?: Date): Promise<SettleOutcome> {
    const payment = await this.prisma.checkoutPayment.findUnique({ where: { id: paymentId } });
    if (payment?.status !== 'verifying') return null;
    return this.withLockedSession(payment.sessionId, async (tx, s): Promise<SettleOutcome> => {
      const p = await tx.checkoutPayment.findUniqueOrThrow({ where: { id: paymentId } });
      if (p.status !== 'verifying') return null;
      // The finding was made on the payment as the verifier read it (`asOf`: its updatedAt). Reported again since
      // (taken over by a report of another kind, or revived), it is looked at anew by the next run instead.
      if (asOf && p.updatedAt.getTime() !== asOf.getTime()) return null;
      const now = new Date(this.now());
      if (finding.kind === 'seen') {
        if (p.seenAt) return null;
        // updatedAt stays the report's time: it is the payment's version (above) and the start of its windows.
        await tx.checkoutPayment.update({ where: { id: p.id }, data: { seenAt: now, ...(finding.payer ? { payer: finding.payer } : {}) } });
        if (s.status === 'open') await this.applyTransition(tx, s, { type: 'payment_seen' });
        return 'seen';
      }
      if (!p.seenAt) {
        // A hint that came to nothing: recorded on the payment for the merchant to look at, the session untouched,
        // and its transaction not claimed (no delivery hash), so it can still pay the session it was made for.
        const reason = finding.kind === 'succeeded' ? 'no_session_evidence' : finding.reason;
        await tx.checkoutPayment.update({
          where: { id: p.id },
          data: { status: finding.kind === 'failed' ? 'failed' : 'rejected', reason, settledAt: now, updatedAt: now },
        });
        return 'settled';
      }
      // Hashes are stored in the chain's canonical spelling (lower-case on EVM), whoever reported them (a
      // provider's dstTxHash may be checksummed or upper-case): else the unique index could be sidestepped.
      const vm = SETTLEMENT_CHAINS[s.settleChainId]!.vm;
      let f: SettledPayment =
        finding.kind !== 'failed' && finding.deliveryTxHash ? { ...finding, deliveryTxHash: normalize(vm, finding.deliveryTxHash) } : finding;
      // The delivering transaction may already be recorded for another payment (the unique index would
      // refuse it): then it cannot pay this session.
      const taken =
        f.kind !== 'failed' && f.deliveryTxHash
          ? await tx.checkoutPayment.findFirst({
              where: { settleChainId: p.settleChainId, deliveryTxHash: f.deliveryTxHash, id: { not: p.id } },
              select: { id: true },
            })
          : null;
      if (taken && f.kind !== 'failed')
        f = { kind: 'rejected', reason: f.kind === 'succeeded' ? 'tx_already_used' : f.reason, amountReceived: f.amountReceived, blockNumber: f.blockNumber };
      else if (f.kind === 'succeeded' && s.status !== 'processing' && s.status !== 'open') {
        f = { ...f, kind: 'rejected', reason: s.status === 'expired' ? 'session_expired' : 'session_already_paid' };
      }
      const delivery =
        f.kind === 'failed'
          ? {}
          : { deliveryTxHash: f.deliveryTxHash ?? null, amountReceived: f.amountReceived?.toString() ?? null, blockNumber: f.blockNumber ?? null };
      await tx.checkoutPayment.update({
        where: { id: p.id },
        data: { status: f.kind, reason: f.kind === 'succeeded' ? null : f.reason, settledAt: now, updatedAt: now, ...delivery },
      });
      let current = s;
      // Seen and settled in one pass of the verifier (already confirmed when first looked at).
      if (current.status === 'open' && f.kind === 'succeeded') current = await this.applyTransition(tx, current, { type: 'payment_seen' });
      if (current.status !== 'processing') return 'settled';
      // Only payments seen on chain hold the session in `processing`; unseen reports are hints.
      // A rejection the merchant already resolved by reopening the session does not send a later failure to review.
      const reopened = await tx.checkoutReview.findFirst({
        where: { sessionId: s.id, action: 'reopen' },
        orderBy: { createdAt: 'desc' },
        select: { createdAt: true },
      });
      const others = await tx.checkoutPayment.findMany({
        where: {
          sessionId: s.id,
          id: { not: p.id },
          seenAt: { not: null },
          OR: [{ status: 'verifying' }, { status: 'rejected', ...(reopened ? { settledAt: { gt: reopened.createdAt } } : {}) }],
        },
        orderBy: { settledAt: 'desc' },
      });
      const outcome: PaymentOutcome =
        f.kind === 'succeeded' ? { kind: 'succeeded' } : f.kind === 'failed' ? { kind: 'failed' } : { kind: 'rejected', reason: f.reason };
      const action = actionAfterPayment(outcome, {
        verifying: others.filter((o) => o.status === 'verifying').length,
        rejectedReason: others.find((o) => o.status === 'rejected')?.reason,
      });
      if (!action) return 'settled';
      const patch: SessionPatch =
        action.type === 'payment_verified'
          ? { paidAt: now, amountReceived: (f as { amountReceived: bigint }).amountReceived.toString(), reviewReason: null }
          : action.type === 'payment_unverifiable'
            ? { reviewReason: action.reason }
            : { reviewReason: null };
      await this.applyTransition(tx, current, action, patch);
      return 'settled';
    });
  }

  /** Payments the verifier still has to settle, oldest first, with their sessions. */
  pendingPayments(limit = 200) {
    return this.prisma.checkoutPayment.findMany({ where: { status: 'verifying' }, include: { session: true }, orderBy: { createdAt: 'asc' }, take: limit });
  }

  // ---- batch reads for GraphQL references (DataLoaders) ------------------------------------------------

  /**
   * Sessions by id, each as `get` shows it to `auth` (the public view unless `auth` is the owner's key); null
   * for ids that name no session. One query for the batch.
   */
  async getMany(ids: readonly string[], auth: KeyAuth | null): Promise<(SessionView | null)[]> {
    return readByIds(
      ids,
      (id) => SESSION_ID.test(id),
      (valid) => this.prisma.checkoutSession.findMany({ where: { id: { in: valid } }, include: { payments: true, reviews: true } }),
      (r) => r.id,
      ({ payments, reviews, ...session }) =>
        // Open past expiresAt: `get` expires it first, as every read does.
        session.status === 'open' && session.expiresAt.getTime() <= this.now()
          ? this.get(session.id, auth)
          : this.view(session, payments, this.isOwner(session, auth), reviews),
    );
  }

  /** The `list` cursor that resumes right after `s` (GraphQL gives every edge its own cursor). */
  listCursor(s: Pick<SessionView, 'createdAt' | 'id'>): string {
    return encodeCursor({ createdAt: new Date(s.createdAt), id: s.id });
  }

  /** Payments by id as the owner's view shows them; null for unknown ids and for payments of sessions `auth` does not own. */
  async paymentsOwned(ids: readonly string[], auth: KeyAuth): Promise<(PaymentAttemptView | null)[]> {
    return readByIds(
      ids,
      (id) => /^[A-Za-z0-9_]{1,100}$/.test(id),
      async (valid) =>
        (
          await this.prisma.checkoutPayment.findMany({ where: { id: { in: valid } }, include: { session: { select: { accountId: true, livemode: true } } } })
        ).filter((p) => this.isOwner(p.session, auth)),
      (p) => p.id,
      ({ session: _session, ...p }) => attemptView(p),
    );
  }
}

/** Session ids as `newId` makes them. Anything else (NUL bytes, megabytes of text) is NOT_FOUND before the database sees it. */
const SESSION_ID = /^cs_(test_)?[0-9A-Za-z]{1,64}$/;

function assertSessionId(id: string) {
  if (!SESSION_ID.test(id)) throw notFound('Checkout session');
}
