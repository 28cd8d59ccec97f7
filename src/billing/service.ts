import { internalAuth, type KeyAuth } from '../accounts/service.js';
import type { Prisma as PrismaClient } from '../db/client.js';
import type { CheckoutSession, Prisma, Subscription, SubscriptionPeriod, TestClock } from '../db/generated/client.js';
import { readByIds } from '../db/by-ids.js';
import { decodeCursor, encodeCursor, NEWEST_FIRST, after, pageOf, type Page } from '../db/keyset.js';
import { ApiError, notFound } from '../errors.js';
import { notifyInTx, recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import type { BillingConfig } from './config.js';
import { invoiceRow, type InvoicesService } from '../invoices/service.js';
import { invoicePageUrl, type LineItem } from '../invoices/views.js';
import { enqueueEmail } from '../mail/outbox.js';
import { nextDunningStep, type DunningStepKind } from './dunning.js';
import { reminderEmail } from './emails.js';
import {
  LIMITS,
  SUBSCRIPTION_ID,
  TEST_CLOCK_ID,
  validateSettlement,
  type AdvanceTestClock,
  type CancelSubscription,
  type CreateSubscription,
  type CreateTestClock,
  type ListSubscriptions,
  type ListTestClocks,
  type UpdateSubscription,
} from './input.js';
import { addDays, billingAnchor, period, type Interval } from './periods.js';
import { transition, type SubscriptionAction, type SubscriptionEventType } from './state.js';
import { subscriptionTopic } from './topics.js';
import { subscriptionView, testClockView, type SubscriptionView, type TestClockView } from './views.js';
import { totalOf } from '../invoices/input.js';
import { DUNNING } from './dunning.js';
import { withLockedRow } from '../db/locked-row.js';

type Tx = Prisma.TransactionClient;

const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;
/** A subscription that falls far behind (a long outage, a clock advanced years) catches up in bounded passes. */
const MAX_STEPS_PER_PASS = 500;
/** The most invoices (newest first) `get` shows with a subscription. */
const INVOICES_SHOWN = 100;
/** A subscription whose step failed (its transaction rolled back) is tried again after this long. */
const RETRY_AFTER_MS = 5 * 60_000;
/**
 * An advance bumps its clock's `updatedAt` with every step it commits (each step's transaction is bounded by
 * TX_OPTIONS.timeout); a clock still `advancing` with no step for this long was left by a process that stopped
 * mid-advance, and counts as ready again (else it could never be advanced, attached to or deleted).
 */
const STALE_ADVANCE_MS = 5 * 60_000;

/** The billing scheduler's job name (src/billing/jobs.ts), on its per-subscription log lines too. */
export const SUBSCRIPTIONS_JOB = 'subscriptions-billing';

export interface SubscriptionsDeps extends Pick<Handles, 'log' | 'clock'> {
  config: BillingConfig & Pick<CoreConfig, 'PUBLIC_URL'>;
  prisma: PrismaClient;
  /** Each period's invoice is an invoice like any other: created, numbered, emailed and voided there. */
  invoices: Pick<InvoicesService, 'create' | 'voidInTx' | 'expireSessionsOfVoided' | 'getManyOwned'>;
  mail: { readonly messageDomain: string };
}

/** A step the scheduler takes for one subscription, at `at` (in its clock's time). */
type Step =
  | { kind: 'issue'; at: number; index: number }
  | { kind: 'period_end'; at: number }
  | { kind: DunningStepKind; at: number; period: SubscriptionPeriod };

/** What a pass did that must happen after its transaction commits. */
interface AfterCommit {
  voidedInvoices: string[];
}

const ownerAuth = (s: Pick<Subscription, 'accountId' | 'livemode'>): KeyAuth => internalAuth(s.accountId, s.livemode ? 'live' : 'test', 'subscription');

/**
 * Subscriptions: each period an invoice is issued through the invoices service (numbered like any other, its
 * pay link emailed); paying it keeps or makes the subscription `active`; unpaid, dunning moves it to
 * `past_due`, emails two reminders and cancels it (voiding the invoice). Every change runs under the
 * subscription's row lock; the scheduler claims due subscriptions with `FOR UPDATE SKIP LOCKED`, and a
 * period's row (primary key subscription + index) is written with its invoice in one transaction, so a period
 * is invoiced exactly once across instances and crashes. Test clocks (test mode) give subscriptions a time of
 * their own, moved by `advanceTestClock`, which runs every step due in between, in order, inside the call.
 */
export class SubscriptionsService {
  private readonly prisma: PrismaClient;

  constructor(private readonly deps: SubscriptionsDeps) {
    this.prisma = deps.prisma;
  }

  private realNow() {
    return this.deps.clock.now();
  }

  /** The subscription's time: its test clock's, else the real one. */
  private async nowOf(tx: Tx, s: Pick<Subscription, 'testClockId'>): Promise<number> {
    if (!s.testClockId) return this.realNow();
    const c = await tx.testClock.findUnique({ where: { id: s.testClockId }, select: { frozenTime: true } });
    return c ? c.frozenTime.getTime() : this.realNow();
  }

  isOwner(s: Pick<Subscription, 'accountId' | 'livemode'>, auth: KeyAuth | null): boolean {
    return !!auth && auth.accountId === s.accountId && (auth.mode === 'live') === s.livemode;
  }

  private async latestInvoiceIds(ids: string[], tx?: Tx): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!ids.length) return out;
    const rows = await (tx ?? this.prisma).subscriptionPeriod.findMany({
      where: { subscriptionId: { in: ids } },
      orderBy: { periodIndex: 'desc' },
      select: { subscriptionId: true, invoiceId: true },
    });
    for (const r of rows) if (!out.has(r.subscriptionId)) out.set(r.subscriptionId, r.invoiceId);
    return out;
  }

  private async view(s: Subscription, tx?: Tx): Promise<SubscriptionView> {
    return subscriptionView(s, { latestInvoiceId: (await this.latestInvoiceIds([s.id], tx)).get(s.id) ?? null });
  }

  /** Runs `fn` with the subscription row locked, after checking it belongs to `auth` (NOT_FOUND otherwise). */
  private async withLocked<T>(id: string, auth: KeyAuth | null, fn: (tx: Tx, s: Subscription) => Promise<T>, outerTx?: Tx): Promise<T> {
    if (!SUBSCRIPTION_ID.test(id)) throw notFound('Subscription');
    const lock = {
      table: 'subscriptions',
      id,
      read: (tx: Tx) => tx.subscription.findUnique({ where: { id } }),
      visible: (s: Subscription) => !auth || this.isOwner(s, auth),
      missing: () => notFound('Subscription'),
    };
    return withLockedRow(this.prisma, lock, fn, { outerTx, txOptions: TX_OPTIONS });
  }

  /** Applies one state-machine move: the row, its events and the live notification. CONFLICT when refused. */
  private async apply(tx: Tx, s: Subscription, action: SubscriptionAction, patch: Prisma.SubscriptionUpdateInput = {}, at?: number): Promise<Subscription> {
    const r = transition({ status: s.status, cancelAtPeriodEnd: s.cancelAtPeriodEnd }, action);
    if (!r.ok) throw new ApiError('CONFLICT', `Subscription ${s.id}: ${r.error}`);
    const data: Prisma.SubscriptionUpdateInput = {
      ...patch,
      status: r.next.status,
      cancelAtPeriodEnd: r.next.cancelAtPeriodEnd,
      updatedAt: new Date(this.realNow()),
    };
    if (r.next.status === 'canceled')
      Object.assign(data, {
        canceledAt: new Date(at ?? (await this.nowOf(tx, s))),
        cancellationReason: r.cancellationReason ?? 'requested',
        nextActionAt: null,
      });
    const updated = await tx.subscription.update({ where: { id: s.id }, data });
    await this.announce(tx, updated, r.events);
    return updated;
  }

  private async announce(tx: Tx, s: Subscription, events: readonly SubscriptionEventType[], extra: Record<string, unknown> = {}): Promise<void> {
    if (!events.length) return;
    const view = await this.view(s, tx);
    for (const type of events) {
      await recordEvent(tx, {
        accountId: s.accountId,
        livemode: s.livemode,
        type,
        resourceId: s.id,
        data: { subscription: view, ...extra },
        createdAt: new Date(this.realNow()),
      });
    }
    await notifyInTx(tx, subscriptionTopic(s.id), { id: s.id });
  }

  // ---- merchant (key) -------------------------------------------------------------------------------------

  async create(auth: KeyAuth, v: CreateSubscription): Promise<SubscriptionView> {
    const { settlement, recipient } = validateSettlement(v.settleChain, v.settleToken, v.recipient);
    const livemode = auth.mode === 'live';
    if (v.testClockId && livemode)
      throw new ApiError('INVALID_PARAMS', 'testClockId: test clocks exist in test mode only; a live subscription runs on real time', { field: 'testClockId' });
    const amount = totalOf(v.lineItems);
    const { view, after } = await this.prisma.$transaction(async (tx) => {
      let now = this.realNow();
      if (v.testClockId) {
        const rows = await tx.$queryRawUnsafe<Array<{ id: string }>>('SELECT id FROM test_clocks WHERE id = $1 FOR UPDATE', v.testClockId);
        const clock = rows.length ? await tx.testClock.findUnique({ where: { id: v.testClockId } }) : null;
        if (!clock || clock.accountId !== auth.accountId || clock.livemode)
          throw new ApiError('INVALID_PARAMS', 'testClockId: no such test clock for this key', { field: 'testClockId' });
        if (this.clockBusy(clock)) throw new ApiError('CONFLICT', `Test clock ${clock.id} is advancing; attach subscriptions while it is ready`);
        // The clock's row lock serialises creations on it, so the count cannot be raced past.
        const attached = await tx.subscription.count({ where: { testClockId: clock.id, status: { not: 'canceled' } } });
        if (attached >= LIMITS.subscriptionsPerClock)
          throw new ApiError(
            'INVALID_PARAMS',
            `testClockId: a test clock takes at most ${LIMITS.subscriptionsPerClock} subscriptions that are not canceled; use another clock`,
            { field: 'testClockId' },
          );
        now = clock.frozenTime.getTime();
      }
      const startAt = v.startAt ? v.startAt.getTime() : now;
      // A minute of leeway for a client's clock; a start further back would bill periods that already passed.
      if (startAt < now - 60_000) throw new ApiError('INVALID_PARAMS', 'startAt: must not be in the past', { field: 'startAt' });
      const anchor = billingAnchor(startAt, v.trialDays);
      const at = new Date(this.realNow());
      const s = await tx.subscription.create({
        data: {
          id: newId(livemode ? 'sub' : 'sub_test'),
          accountId: auth.accountId,
          livemode,
          status: v.trialDays > 0 ? 'trialing' : 'active',
          customerEmail: v.customerEmail,
          customerName: v.customerName ?? null,
          merchantName: v.merchantName ?? null,
          replyTo: v.replyTo ?? null,
          settleChainId: settlement.chainId,
          settleToken: settlement.token,
          settleSymbol: settlement.symbol,
          settleDecimals: settlement.decimals,
          recipient,
          lineItems: v.lineItems as unknown as Prisma.InputJsonValue,
          amount,
          interval: v.interval,
          intervalCount: v.intervalCount,
          daysUntilDue: v.daysUntilDue,
          metadata: (v.metadata ?? {}) as Prisma.InputJsonValue,
          testClockId: v.testClockId ?? null,
          startAt: new Date(startAt),
          trialEndAt: v.trialDays > 0 ? new Date(anchor) : null,
          billingAnchor: new Date(anchor),
          nextActionAt: new Date(anchor),
          createdAt: at,
          updatedAt: at,
        },
      });
      await this.announce(tx, s, ['subscription.created']);
      // The first invoice goes out now when billing starts now (no trial, no later start).
      const after: AfterCommit = { voidedInvoices: [] };
      const done = await this.runDueSteps(tx, s, now, after);
      return { view: await this.view(done, tx), after };
    }, TX_OPTIONS);
    await this.afterCommit(after);
    return view;
  }

  async get(auth: KeyAuth, id: string): Promise<SubscriptionView> {
    const s = SUBSCRIPTION_ID.test(id) ? await this.prisma.subscription.findUnique({ where: { id } }) : null;
    if (!s || !this.isOwner(s, auth)) throw notFound('Subscription');
    const periods = await this.prisma.subscriptionPeriod.findMany({ where: { subscriptionId: id }, orderBy: { periodIndex: 'desc' }, take: INVOICES_SHOWN });
    const invoices = (
      await this.deps.invoices.getManyOwned(
        periods.map((p) => p.invoiceId),
        auth,
      )
    ).filter((x) => x !== null);
    return subscriptionView(s, { latestInvoiceId: periods[0]?.invoiceId ?? null, periods, invoices });
  }

  async list(auth: KeyAuth, q: ListSubscriptions): Promise<Page<SubscriptionView>> {
    const where: Prisma.SubscriptionWhereInput = { accountId: auth.accountId, livemode: auth.mode === 'live' };
    if (q.status) where.status = q.status;
    const from = q.cursor ? decodeCursor(q.cursor, (id) => SUBSCRIPTION_ID.test(id)) : null;
    const rows = await this.prisma.subscription.findMany({ where: { ...where, ...after(from) }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    const latest = await this.latestInvoiceIds(rows.slice(0, q.limit).map((r) => r.id));
    return pageOf(rows, q.limit, (s) => subscriptionView(s, { latestInvoiceId: latest.get(s.id) ?? null }), encodeCursor);
  }

  /** Subscriptions by id as the owner sees them; null for unknown ids and other tenants' (GraphQL loaders). */
  async getManyOwned(ids: readonly string[], auth: KeyAuth): Promise<(SubscriptionView | null)[]> {
    const rows = await readByIds(
      ids,
      (id) => SUBSCRIPTION_ID.test(id),
      async (valid) => (await this.prisma.subscription.findMany({ where: { id: { in: valid } } })).filter((s) => this.isOwner(s, auth)),
      (s) => s.id,
      (s) => s,
    );
    const latest = await this.latestInvoiceIds(rows.filter((r) => r !== null).map((r) => r!.id));
    return rows.map((s) => (s ? subscriptionView(s, { latestInvoiceId: latest.get(s.id) ?? null }) : null));
  }

  listCursor(v: Pick<SubscriptionView, 'createdAt' | 'id'>): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** Line items and metadata; they apply from the next period's invoice. CONFLICT once canceled. */
  async update(auth: KeyAuth, id: string, v: UpdateSubscription): Promise<SubscriptionView> {
    return this.withLocked(id, auth, async (tx, s) => {
      const patch: Prisma.SubscriptionUpdateInput = {};
      if (v.lineItems !== undefined) Object.assign(patch, { lineItems: v.lineItems as unknown as Prisma.InputJsonValue, amount: totalOf(v.lineItems) });
      if (v.metadata !== undefined) patch.metadata = v.metadata as Prisma.InputJsonValue;
      return this.view(await this.apply(tx, s, { type: 'update' }, patch), tx);
    });
  }

  /**
   * Cancel now (`canceled`; invoices already issued stay as they are: an open one can still be paid or voided
   * by the merchant), or at the end of the current period (`cancelAtPeriodEnd`; no further invoice).
   */
  async cancel(auth: KeyAuth, id: string, v: CancelSubscription): Promise<SubscriptionView> {
    return this.withLocked(id, auth, async (tx, s) => {
      let updated = await this.apply(tx, s, { type: 'cancel', atPeriodEnd: v.atPeriodEnd });
      if (v.atPeriodEnd)
        updated = await tx.subscription.update({ where: { id }, data: { nextActionAt: this.nextAt(updated, await this.openPeriods(tx, id)) } });
      return this.view(updated, tx);
    });
  }

  /** Undoes a cancel at period end not yet reached; CONFLICT otherwise. */
  async resume(auth: KeyAuth, id: string): Promise<SubscriptionView> {
    return this.withLocked(id, auth, async (tx, s) => {
      let updated = await this.apply(tx, s, { type: 'resume' });
      updated = await tx.subscription.update({ where: { id }, data: { nextActionAt: this.nextAt(updated, await this.openPeriods(tx, id)) } });
      return this.view(updated, tx);
    });
  }

  // ---- the scheduler ----------------------------------------------------------------------------------------

  private openPeriods(tx: Tx, subscriptionId: string) {
    return tx.subscriptionPeriod.findMany({ where: { subscriptionId, paidAt: null, voidedAt: null }, orderBy: { periodIndex: 'asc' } });
  }

  /**
   * The subscription's next step, due or not: the next period's invoice (or, with cancelAtPeriodEnd, the end
   * of the current period), and the next dunning step of every unpaid invoice. Earliest first; at the same
   * instant dunning of older invoices goes before a new period.
   */
  private nextAction(s: Subscription, open: SubscriptionPeriod[]): Step | null {
    if (s.status === 'canceled') return null;
    const steps: Step[] = [];
    for (const p of open) {
      const d = nextDunningStep({
        dueAt: p.dueAt.getTime(),
        paid: false,
        voided: false,
        pastDueAt: p.pastDueAt?.getTime() ?? null,
        reminder1At: p.reminder1At?.getTime() ?? null,
        reminder2At: p.reminder2At?.getTime() ?? null,
      });
      if (d) steps.push({ kind: d.kind, at: d.at, period: p });
    }
    const index = (s.currentPeriodIndex ?? -1) + 1;
    const start = period(s.billingAnchor.getTime(), s.interval as Interval, s.intervalCount, index).start;
    steps.push(s.cancelAtPeriodEnd && s.currentPeriodIndex !== null ? { kind: 'period_end', at: start } : { kind: 'issue', at: start, index });
    return steps.reduce((a, b) => (b.at < a.at ? b : a));
  }

  private nextAt(s: Subscription, open: SubscriptionPeriod[]): Date | null {
    const step = this.nextAction(s, open);
    return step ? new Date(step.at) : null;
  }

  /** Runs every step due at `now` (the subscription's time), in order, and stores when the next one is due. */
  private async runDueSteps(tx: Tx, s: Subscription, now: number, after: AfterCommit): Promise<Subscription> {
    let cur = s;
    for (let i = 0; i < MAX_STEPS_PER_PASS; i++) {
      const step = this.nextAction(cur, await this.openPeriods(tx, cur.id));
      if (!step || step.at > now) {
        const next = step ? new Date(step.at) : null;
        if ((cur.nextActionAt?.getTime() ?? null) !== (next?.getTime() ?? null))
          cur = await tx.subscription.update({ where: { id: cur.id }, data: { nextActionAt: next } });
        return cur;
      }
      cur = await this.runStep(tx, cur, step, after);
    }
    // Still behind: the next pass continues from here.
    return tx.subscription.update({ where: { id: cur.id }, data: { nextActionAt: new Date(now) } });
  }

  private async runStep(tx: Tx, s: Subscription, step: Step, after: AfterCommit): Promise<Subscription> {
    const at = new Date(step.at);
    switch (step.kind) {
      case 'issue': {
        const p = period(s.billingAnchor.getTime(), s.interval as Interval, s.intervalCount, step.index);
        const dueAt = new Date(addDays(p.start, s.daysUntilDue));
        const day = (t: number) => new Date(t).toISOString().slice(0, 10);
        const invoice = await this.deps.invoices.create(
          ownerAuth(s),
          {
            customerEmail: s.customerEmail,
            ...(s.customerName ? { customerName: s.customerName } : {}),
            ...(s.merchantName ? { merchantName: s.merchantName } : {}),
            ...(s.replyTo ? { replyTo: s.replyTo } : {}),
            // Stored from a parsed create or update body (src/billing/input.ts): the invoice rules held then.
            lineItems: s.lineItems as unknown as LineItem[],
            settleChain: s.settleChainId,
            settleToken: s.settleToken,
            recipient: s.recipient,
            memo: `Subscription ${s.id}: ${day(p.start)} to ${day(p.end)} (UTC)`,
            dueAt,
            send: true,
          },
          { tx },
        );
        // The primary key (subscription, index) refuses a second invoice for this period, whatever raced.
        await tx.subscriptionPeriod.create({
          data: {
            subscriptionId: s.id,
            periodIndex: step.index,
            startAt: new Date(p.start),
            endAt: new Date(p.end),
            invoiceId: invoice.id,
            dueAt,
            createdAt: new Date(this.realNow()),
          },
        });
        return this.apply(
          tx,
          s,
          { type: 'period_started', index: step.index },
          { currentPeriodIndex: step.index, currentPeriodStart: new Date(p.start), currentPeriodEnd: new Date(p.end) },
          step.at,
        );
      }
      case 'period_end':
        return this.apply(tx, s, { type: 'period_ended' }, {}, step.at);
      case 'past_due':
        await tx.subscriptionPeriod.update({
          where: { subscriptionId_periodIndex: { subscriptionId: s.id, periodIndex: step.period.periodIndex } },
          data: { pastDueAt: at },
        });
        return this.apply(tx, s, { type: 'invoice_overdue' }, {}, step.at);
      case 'reminder_1':
      case 'reminder_2': {
        const n = step.kind === 'reminder_1' ? 1 : 2;
        const inv = await invoiceRow(tx, step.period.invoiceId);
        if (!inv) throw new Error(`billing: period invoice ${step.period.invoiceId} is missing`);
        const mail = reminderEmail(inv, invoicePageUrl(this.deps.config.PUBLIC_URL, inv.id), {
          n,
          cancelAt: new Date(addDays(step.period.dueAt.getTime(), DUNNING.cancelDays)),
        });
        const realAt = new Date(this.realNow());
        await enqueueEmail(
          tx,
          {
            accountId: s.accountId,
            livemode: s.livemode,
            invoiceId: inv.id,
            kind: 'reminder',
            fromName: s.merchantName ?? 'Billing',
            to: s.customerEmail,
            replyTo: s.replyTo,
            ...mail,
          },
          { now: realAt, messageDomain: this.deps.mail.messageDomain },
        );
        await tx.subscriptionPeriod.update({
          where: { subscriptionId_periodIndex: { subscriptionId: s.id, periodIndex: step.period.periodIndex } },
          data: n === 1 ? { reminder1At: at } : { reminder2At: at },
        });
        const r = transition({ status: s.status, cancelAtPeriodEnd: s.cancelAtPeriodEnd }, { type: 'reminder_sent' });
        if (r.ok) await this.announce(tx, s, r.events, { invoiceId: inv.id, reminder: n });
        return s;
      }
      case 'cancel': {
        // Dunning ran out: the subscription ends and every invoice of it still unpaid is voided.
        const open = await this.openPeriods(tx, s.id);
        for (const p of open) {
          await this.deps.invoices.voidInTx(tx, p.invoiceId);
          await tx.subscriptionPeriod.update({
            where: { subscriptionId_periodIndex: { subscriptionId: s.id, periodIndex: p.periodIndex } },
            data: { voidedAt: at },
          });
          after.voidedInvoices.push(p.invoiceId);
        }
        return this.apply(tx, s, { type: 'dunning_exhausted' }, {}, step.at);
      }
    }
  }

  private async afterCommit(after: AfterCommit): Promise<void> {
    for (const id of after.voidedInvoices)
      await this.deps.invoices
        .expireSessionsOfVoided(id)
        .catch((err) => this.deps.log.warn({ err, invoiceId: id }, 'could not expire the sessions of a voided subscription invoice'));
  }

  /**
   * The scheduler's pass (live and test subscriptions on real time): claims one due subscription at a time
   * with `FOR UPDATE SKIP LOCKED` (another instance takes the next one), runs its due steps and commits.
   * Returns how many subscriptions it handled.
   */
  async runDue(opts: { limit?: number; signal?: AbortSignal } = {}): Promise<number> {
    const limit = opts.limit ?? 100;
    let handled = 0;
    while (handled < limit && !opts.signal?.aborted) {
      const after: AfterCommit = { voidedInvoices: [] };
      let claimed: string | null = null;
      let did: boolean;
      try {
        did = await this.prisma.$transaction(async (tx) => {
          const now = this.realNow();
          const rows = await tx.$queryRawUnsafe<Array<{ id: string }>>(
            `SELECT id FROM subscriptions WHERE next_action_at <= $1 AND test_clock_id IS NULL ORDER BY next_action_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
            new Date(now),
          );
          if (!rows.length) return false;
          claimed = rows[0]!.id;
          const s = await tx.subscription.findUniqueOrThrow({ where: { id: claimed } });
          await this.runDueSteps(tx, s, now, after);
          return true;
        }, TX_OPTIONS);
        // One line per unit of work, naming the job: which instance billed it (docs/deployment.md).
        if (did) this.deps.log.debug({ job: SUBSCRIPTIONS_JOB, subscriptionId: claimed }, 'subscription billing pass');
      } catch (err) {
        if (!claimed) throw err;
        // Its steps rolled back: try it again later, so one failing subscription never holds up the others.
        this.deps.log.error({ err, subscriptionId: claimed }, 'subscription billing step failed; retrying in 5 minutes');
        await this.prisma.subscription.updateMany({
          where: { id: claimed, status: { not: 'canceled' } },
          data: { nextActionAt: new Date(this.realNow() + RETRY_AFTER_MS) },
        });
        did = true;
      }
      if (!did) break;
      handled++;
      await this.afterCommit(after);
    }
    return handled;
  }

  // ---- payments -----------------------------------------------------------------------------------------

  /**
   * The checkout status listener, registered after the invoices' one (src/services.ts): in the transaction
   * where the session paying a subscription's invoice becomes `paid` (and the invoice with it), the period is
   * marked paid, its dunning stops and the subscription becomes `active` again unless another of its invoices
   * is still past due.
   */
  async onSessionStatus(tx: Tx, _before: CheckoutSession, session: CheckoutSession): Promise<void> {
    if (!session.invoiceId || session.status !== 'paid') return;
    const p = await tx.subscriptionPeriod.findUnique({ where: { invoiceId: session.invoiceId } });
    if (!p || p.paidAt || p.voidedAt) return;
    const inv = await invoiceRow(tx, session.invoiceId);
    if (inv?.status !== 'paid') return;
    await this.withLocked(
      p.subscriptionId,
      null,
      async (tx2, s) => {
        const now = await this.nowOf(tx2, s);
        await tx2.subscriptionPeriod.update({
          where: { subscriptionId_periodIndex: { subscriptionId: s.id, periodIndex: p.periodIndex } },
          data: { paidAt: new Date(now) },
        });
        if (s.status === 'canceled') return;
        const open = await this.openPeriods(tx2, s.id);
        const stillOverdue = open.some((o) => o.pastDueAt !== null);
        const updated = await this.apply(tx2, s, { type: 'invoice_paid', stillOverdue }, {}, now);
        await tx2.subscription.update({
          where: { id: s.id },
          data: {
            nextActionAt: this.nextAt(
              updated,
              open.filter((o) => o.periodIndex !== p.periodIndex),
            ),
          },
        });
      },
      tx,
    );
  }

  // ---- test clocks ------------------------------------------------------------------------------------------

  /** Advancing, by an advance still making progress (a stale one, left by a stopped process, is not). */
  private clockBusy(c: Pick<TestClock, 'status' | 'updatedAt'>): boolean {
    return c.status !== 'ready' && c.updatedAt.getTime() > this.realNow() - STALE_ADVANCE_MS;
  }

  /** Rows of a clock that may be claimed: ready, or left advancing by a stopped process. */
  private claimable(): Prisma.TestClockWhereInput {
    return { OR: [{ status: 'ready' }, { status: 'advancing', updatedAt: { lt: new Date(this.realNow() - STALE_ADVANCE_MS) } }] };
  }

  private testOnly(auth: KeyAuth) {
    if (auth.mode === 'live') throw new ApiError('FORBIDDEN', 'Test clocks exist in test mode only; use a test key');
  }

  private async findClock(auth: KeyAuth, id: string, tx?: Tx): Promise<TestClock> {
    const c = TEST_CLOCK_ID.test(id) ? await (tx ?? this.prisma).testClock.findUnique({ where: { id } }) : null;
    if (!c || c.accountId !== auth.accountId || auth.mode === 'live') throw notFound('Test clock');
    return c;
  }

  async createTestClock(auth: KeyAuth, v: CreateTestClock): Promise<TestClockView> {
    this.testOnly(auth);
    const at = new Date(this.realNow());
    const c = await this.prisma.testClock.create({
      data: {
        id: newId('clock'),
        accountId: auth.accountId,
        livemode: false,
        name: v.name ?? null,
        frozenTime: v.frozenTime ?? at,
        status: 'ready',
        createdAt: at,
        updatedAt: at,
      },
    });
    return testClockView(c);
  }

  async getTestClock(auth: KeyAuth, id: string): Promise<TestClockView> {
    return testClockView(await this.findClock(auth, id));
  }

  async listTestClocks(auth: KeyAuth, q: ListTestClocks): Promise<Page<TestClockView>> {
    if (auth.mode === 'live') return { object: 'list', data: [], hasMore: false, nextCursor: null };
    const from = q.cursor ? decodeCursor(q.cursor, (id) => TEST_CLOCK_ID.test(id)) : null;
    const rows = await this.prisma.testClock.findMany({
      where: { accountId: auth.accountId, livemode: false, ...after(from) },
      orderBy: NEWEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, testClockView, encodeCursor);
  }

  testClockCursor(v: Pick<TestClockView, 'createdAt' | 'id'>): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** Deletes the clock and, as with Stripe, the subscriptions attached to it (their invoices stay). */
  async deleteTestClock(auth: KeyAuth, id: string): Promise<{ id: string; object: 'test_clock'; deleted: true }> {
    const c = await this.findClock(auth, id);
    if (this.clockBusy(c)) throw new ApiError('CONFLICT', `Test clock ${c.id} is advancing; delete it once it is ready`);
    const gone = await this.prisma.testClock.deleteMany({ where: { id, ...this.claimable() } });
    if (gone.count !== 1) throw new ApiError('CONFLICT', `Test clock ${c.id} is advancing; delete it once it is ready`);
    return { id, object: 'test_clock', deleted: true };
  }

  /**
   * Moves the clock forward to `frozenTime` and, inside the call, runs every step due in between for the
   * subscriptions attached to it, in time order across them: the clock stops at each step's instant (so a
   * payment made then sees that time), one subscription step-batch per transaction. CONFLICT while another
   * advance runs; INVALID_PARAMS for a time not later than now or more than 1100 days ahead.
   */
  async advanceTestClock(auth: KeyAuth, id: string, v: AdvanceTestClock): Promise<TestClockView> {
    // A live key finds no clock (NOT_FOUND, as for any id of the other mode).
    const c = await this.findClock(auth, id);
    const target = v.frozenTime.getTime();
    if (target <= c.frozenTime.getTime())
      throw new ApiError('INVALID_PARAMS', "frozenTime: must be later than the clock's current time", { field: 'frozenTime' });
    if (target > addDays(c.frozenTime.getTime(), LIMITS.advanceDays))
      throw new ApiError('INVALID_PARAMS', `frozenTime: a clock advances at most ${LIMITS.advanceDays} days at a time`, { field: 'frozenTime' });
    const claimed = await this.prisma.testClock.updateMany({
      where: { id, frozenTime: c.frozenTime, ...this.claimable() },
      data: { status: 'advancing', updatedAt: new Date(this.realNow()) },
    });
    if (claimed.count !== 1) throw new ApiError('CONFLICT', `Test clock ${id} is already advancing`);
    try {
      for (;;) {
        const after: AfterCommit = { voidedInvoices: [] };
        const did = await this.prisma.$transaction(async (tx) => {
          const rows = await tx.$queryRawUnsafe<Array<{ id: string; next_action_at: Date }>>(
            `SELECT id, next_action_at FROM subscriptions WHERE test_clock_id = $1 AND next_action_at <= $2 ORDER BY next_action_at, id LIMIT 1 FOR UPDATE`,
            id,
            new Date(target),
          );
          if (!rows.length) return false;
          const at = new Date(rows[0]!.next_action_at).getTime();
          await tx.testClock.update({ where: { id }, data: { frozenTime: new Date(at), updatedAt: new Date(this.realNow()) } });
          const s = await tx.subscription.findUniqueOrThrow({ where: { id: rows[0]!.id } });
          await this.runDueSteps(tx, s, at, after);
          return true;
        }, TX_OPTIONS);
        await this.afterCommit(after);
        if (!did) break;
      }
      const done = await this.prisma.testClock.update({
        where: { id },
        data: { frozenTime: new Date(target), status: 'ready', updatedAt: new Date(this.realNow()) },
      });
      return testClockView(done);
    } catch (err) {
      // The clock stays where the last committed step left it, ready for another advance.
      await this.prisma.testClock.update({ where: { id }, data: { status: 'ready', updatedAt: new Date(this.realNow()) } }).catch(() => {});
      throw err;
    }
  }
}
