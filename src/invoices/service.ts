import type { KeyAuth } from '../accounts/service.js';
import { openSessionIdsOfInvoice, sessionPayments, sessionRow, sessionWithPayments, type CheckoutService } from '../checkout/service.js';
import type { Prisma as PrismaClient } from '../db/client.js';
import type { CheckoutSession, EmailMessage, Invoice, Prisma } from '../db/generated/client.js';
import { readByIds } from '../db/by-ids.js';
import { decodeCursor, encodeCursor, NEWEST_FIRST, OLDEST_FIRST, after, afterAscending, pageOf, type Page, type RangePageQuery } from '../db/keyset.js';
import { ApiError, notFound } from '../errors.js';
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { SETTLEMENT_CHAINS } from '../checkout/config.js';
import { SESSION_EXPIRY_MINUTES } from '../checkout/input.js';
import { notifyInTx, recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import { enqueueEmail, lastInvoiceEmail, lastInvoiceEmails } from '../mail/outbox.js';
import { invoiceEmail, receiptEmail } from './emails.js';
import { INVOICE_ID, totalOf, validateSettlement, type CreateInvoice, type ListInvoices, type UpdateInvoice } from './input.js';
import { receiptData, type ReceiptData } from './receipt-data.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { formatNumber, transition, type InvoiceAction } from './state.js';
import { invoiceTopic } from './topics.js';
import { isOverdue } from './due.js';
import { invoicePageUrl, invoiceView, receiptUrl, type InvoiceView, type PayResult } from './views.js';
import { withLockedRow } from '../db/locked-row.js';
import { assertTakesPayments, internalAuth } from '../accounts/service.js';

type Tx = Prisma.TransactionClient;

/** Sends of many drafts queue on the account's counter row; generous limits keep a burst from failing. */
const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

const RECEIPT_CACHE = 200;

/** The payer of sandbox payments (test mode): recognisable, and owned by nobody. */
const SANDBOX_PAYER_EVM = '0x5a4db0c0000000000000000000000000000000aa';
const SANDBOX_PAYER_SVM = 'Sandbox1111111111111111111111111111111111111';

export interface InvoicesDeps extends Pick<Handles, 'log' | 'clock'> {
  config: Pick<CoreConfig, 'PUBLIC_URL'>;
  prisma: PrismaClient;
  /** Paying an invoice is a checkout session. */
  checkout: Pick<CheckoutService, 'create' | 'view' | 'fullViewInTx' | 'expireInternal'>;
  /** Test mode's sandbox payment records and settles a payment as the verifier would (unset: no sandbox). */
  checkoutPayments?: Pick<CheckoutService, 'recordPayment' | 'settlePayment'>;
  /** Where Message-IDs of queued emails point. */
  mail: { readonly messageDomain: string };
}

/** An invoice row by id inside the caller's transaction (billing's dunning emails and paid check); null when unknown. */
export function invoiceRow(tx: Tx, id: string): Promise<Invoice | null> {
  return tx.invoice.findUnique({ where: { id } });
}

/**
 * Invoices: drafts, gap-free numbering, sending (email through the outbox), paying through checkout, voiding
 * and receipts. Every change runs under the invoice's row lock (`SELECT … FOR UPDATE`) and writes its event,
 * its emails and its live-update notification in the same transaction.
 */
export class InvoicesService {
  private readonly prisma: PrismaClient;
  private readonly pdfs = new Map<string, Buffer>();

  constructor(private readonly deps: InvoicesDeps) {
    this.prisma = deps.prisma;
  }

  private now() {
    return this.deps.clock.now();
  }

  private async lastEmail(id: string, tx?: Tx): Promise<EmailMessage | null> {
    return lastInvoiceEmail(tx ?? this.prisma, id);
  }

  private async fullView(inv: Invoice, tx?: Tx): Promise<InvoiceView> {
    return invoiceView(inv, { publicUrl: this.deps.config.PUBLIC_URL, full: true, lastEmail: await this.lastEmail(inv.id, tx) });
  }

  private publicView(inv: Invoice): InvoiceView {
    return invoiceView(inv, { publicUrl: this.deps.config.PUBLIC_URL, full: false });
  }

  isOwner(inv: Pick<Invoice, 'accountId' | 'livemode'>, auth: KeyAuth | null): boolean {
    return !!auth && auth.accountId === inv.accountId && (auth.mode === 'live') === inv.livemode;
  }

  private async find(id: string, tx?: Tx): Promise<Invoice | null> {
    if (!INVOICE_ID.test(id)) return null;
    return (tx ?? this.prisma).invoice.findUnique({ where: { id } });
  }

  /** Runs `fn` with the invoice row locked, after checking it belongs to `auth` (NOT_FOUND otherwise). */
  private async withLocked<T>(id: string, auth: KeyAuth | null, fn: (tx: Tx, inv: Invoice) => Promise<T>, outerTx?: Tx): Promise<T> {
    if (!INVOICE_ID.test(id)) throw notFound('Invoice');
    const lock = {
      table: 'invoices',
      id,
      read: (tx: Tx) => tx.invoice.findUnique({ where: { id } }),
      visible: (inv: Invoice) => !auth || this.isOwner(inv, auth),
      missing: () => notFound('Invoice'),
    };
    return withLockedRow(this.prisma, lock, fn, { outerTx, txOptions: TX_OPTIONS });
  }

  private check(inv: Invoice, action: InvoiceAction) {
    const r = transition(inv.status, action);
    if (!r.ok) throw new ApiError('CONFLICT', `Invoice ${inv.number ?? inv.id}: ${r.error}`);
    return r;
  }

  // ---- merchant (key) -------------------------------------------------------------------------------------

  /**
   * `internal.tx`: create (and send) inside the caller's transaction: a subscription issues its period's invoice
   * in the transaction that records the period, so the two exist together or not at all.
   */
  async create(auth: KeyAuth, v: CreateInvoice, internal: { tx?: Tx } = {}): Promise<InvoiceView> {
    const { settlement, recipient } = validateSettlement(v.settleChain, v.settleToken, v.recipient);
    const amount = totalOf(v.lineItems);
    const livemode = auth.mode === 'live';
    const at = new Date(this.now());
    const run = async (tx: Tx) => {
      let inv = await tx.invoice.create({
        data: {
          id: newId(livemode ? 'inv' : 'inv_test'),
          accountId: auth.accountId,
          livemode,
          status: 'draft',
          amount,
          settleChainId: settlement.chainId,
          settleToken: settlement.token,
          settleSymbol: settlement.symbol,
          settleDecimals: settlement.decimals,
          recipient,
          lineItems: v.lineItems as unknown as Prisma.InputJsonValue,
          customerEmail: v.customerEmail ?? null,
          customerName: v.customerName ?? null,
          merchantName: v.merchantName ?? null,
          replyTo: v.replyTo ?? null,
          memo: v.memo ?? null,
          dueAt: v.dueAt ?? null,
          createdAt: at,
          updatedAt: at,
        },
      });
      if (v.send) inv = await this.sendLocked(tx, inv);
      return this.fullView(inv, tx);
    };
    return internal.tx ? run(internal.tx) : this.prisma.$transaction(run, TX_OPTIONS);
  }

  async get(auth: KeyAuth, id: string): Promise<InvoiceView> {
    const inv = await this.find(id);
    if (!inv || !this.isOwner(inv, auth)) throw notFound('Invoice');
    return this.fullView(inv);
  }

  async list(auth: KeyAuth, q: ListInvoices): Promise<Page<InvoiceView>> {
    const where: Prisma.InvoiceWhereInput = { accountId: auth.accountId, livemode: auth.mode === 'live' };
    if (q.status) where.status = q.status;
    const from = q.cursor ? decodeCursor(q.cursor, (id) => INVOICE_ID.test(id)) : null;
    const rows = await this.prisma.invoice.findMany({ where: { ...where, ...after(from) }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    const emails = await this.lastEmails(rows.slice(0, q.limit).map((r) => r.id));
    return pageOf(
      rows,
      q.limit,
      (inv) => invoiceView(inv, { publicUrl: this.deps.config.PUBLIC_URL, full: true, lastEmail: emails.get(inv.id) ?? null }),
      encodeCursor,
    );
  }

  /** The key's invoices (owner's view, without the last email) created in [from, to), oldest first: the CSV export's rows (src/exports/). */
  async exportPage(auth: KeyAuth, q: RangePageQuery): Promise<Page<InvoiceView>> {
    const from = q.cursor ? decodeCursor(q.cursor, (id) => INVOICE_ID.test(id)) : null;
    const rows = await this.prisma.invoice.findMany({
      where: { accountId: auth.accountId, livemode: auth.mode === 'live', createdAt: { gte: q.from, lt: q.to }, ...afterAscending(from) },
      orderBy: OLDEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, (inv) => invoiceView(inv, { publicUrl: this.deps.config.PUBLIC_URL, full: true }), encodeCursor);
  }

  /** The newest email of each invoice, in one query. */
  private async lastEmails(ids: string[]): Promise<Map<string, EmailMessage>> {
    return lastInvoiceEmails(this.prisma, ids);
  }

  /** Invoices by id as the owner sees them; null for unknown ids and for invoices `auth` does not own (one query per batch). */
  async getManyOwned(ids: readonly string[], auth: KeyAuth): Promise<(InvoiceView | null)[]> {
    const rows = await readByIds(
      ids,
      (id) => INVOICE_ID.test(id),
      async (valid) => (await this.prisma.invoice.findMany({ where: { id: { in: valid } } })).filter((inv) => this.isOwner(inv, auth)),
      (inv) => inv.id,
      (inv) => inv,
    );
    const emails = await this.lastEmails(rows.filter((r) => r !== null).map((r) => r!.id));
    return rows.map((inv) => (inv ? invoiceView(inv, { publicUrl: this.deps.config.PUBLIC_URL, full: true, lastEmail: emails.get(inv.id) ?? null }) : null));
  }

  /** The `list` cursor that resumes right after `v` (GraphQL gives every edge its own cursor). */
  listCursor(v: Pick<InvoiceView, 'createdAt' | 'id'>): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** PATCH: drafts only (CONFLICT otherwise). Settlement fields are checked together, merged with the stored ones. */
  async update(auth: KeyAuth, id: string, v: UpdateInvoice): Promise<InvoiceView> {
    return this.withLocked(id, auth, async (tx, inv) => {
      this.check(inv, { type: 'edit' });
      const data: Prisma.InvoiceUpdateInput = { updatedAt: new Date(this.now()) };
      if (v.settleChain !== undefined || v.settleToken !== undefined || v.recipient !== undefined) {
        const { settlement, recipient } = validateSettlement(
          v.settleChain ?? inv.settleChainId,
          v.settleToken ?? inv.settleSymbol,
          v.recipient ?? inv.recipient,
        );
        Object.assign(data, {
          settleChainId: settlement.chainId,
          settleToken: settlement.token,
          settleSymbol: settlement.symbol,
          settleDecimals: settlement.decimals,
          recipient,
        });
        // A line item's unit amount is in base units of the settlement token: a new token with other decimals
        // would silently change every price by a power of ten.
        if (settlement.decimals !== inv.settleDecimals && v.lineItems === undefined) {
          throw new ApiError(
            'INVALID_PARAMS',
            `lineItems: ${settlement.symbol} on this chain has ${settlement.decimals} decimals, not ${inv.settleDecimals}; send the line items again in its base units`,
            { field: 'lineItems' },
          );
        }
      }
      if (v.lineItems !== undefined) Object.assign(data, { lineItems: v.lineItems as unknown as Prisma.InputJsonValue, amount: totalOf(v.lineItems) });
      for (const k of ['customerEmail', 'customerName', 'merchantName', 'replyTo', 'memo', 'dueAt'] as const)
        if (v[k] !== undefined) (data as Record<string, unknown>)[k] = v[k];
      const updated = await tx.invoice.update({ where: { id }, data });
      return this.fullView(updated, tx);
    });
  }

  /** Sends (draft → open, numbered) or re-sends (open) the invoice; CONFLICT when paid or void. */
  async send(auth: KeyAuth, id: string): Promise<InvoiceView> {
    return this.withLocked(id, auth, async (tx, inv) => this.fullView(await this.sendLocked(tx, inv), tx));
  }

  /**
   * The send itself, inside the caller's transaction with the invoice locked (or just created). The first send
   * takes the next number from the account's counter row, which stays locked until this transaction ends: two
   * sends of one account queue there, so numbers are consecutive, and a send that rolls back gives its number back.
   */
  private async sendLocked(tx: Tx, inv: Invoice): Promise<Invoice> {
    const r = this.check(inv, { type: 'send' });
    const at = new Date(this.now());
    let number = inv.number;
    if (r.assignNumber) {
      const [{ n }] = await tx.$queryRawUnsafe<Array<{ n: number }>>(
        `INSERT INTO invoice_counters (account_id, livemode, last_number) VALUES ($1, $2, 1)
         ON CONFLICT (account_id, livemode) DO UPDATE SET last_number = invoice_counters.last_number + 1
         RETURNING last_number AS n`,
        inv.accountId,
        inv.livemode,
      );
      number = formatNumber(Number(n));
    }
    const updated = await tx.invoice.update({ where: { id: inv.id }, data: { status: r.next, number, sentAt: at, updatedAt: at } });
    if (updated.customerEmail) {
      const mail = invoiceEmail(updated, invoicePageUrl(this.deps.config.PUBLIC_URL, updated.id));
      await enqueueEmail(
        tx,
        {
          accountId: updated.accountId,
          livemode: updated.livemode,
          invoiceId: updated.id,
          kind: 'invoice',
          fromName: updated.merchantName ?? 'Billing',
          to: updated.customerEmail,
          replyTo: updated.replyTo,
          ...mail,
        },
        { now: at, messageDomain: this.deps.mail.messageDomain },
      );
    }
    await recordEvent(tx, {
      accountId: updated.accountId,
      livemode: updated.livemode,
      type: 'invoice.sent',
      resourceId: updated.id,
      data: { invoice: await this.fullView(updated, tx) },
      createdAt: at,
    });
    await notifyInTx(tx, invoiceTopic(updated.id), { id: updated.id });
    return updated;
  }

  /** Voids a draft or open invoice (CONFLICT when paid or void), then expires any open session for it. */
  async void(auth: KeyAuth, id: string): Promise<InvoiceView> {
    const view = await this.withLocked(id, auth, async (tx, inv) => this.voidLocked(tx, inv));
    await this.expireSessionsOfVoided(id);
    return view;
  }

  /**
   * Voids an invoice inside the caller's transaction (a subscription's dunning cancels it together with the
   * subscription). The caller runs `expireSessionsOfVoided` once that transaction has committed.
   */
  async voidInTx(tx: Tx, id: string): Promise<InvoiceView> {
    return this.withLocked(id, null, async (tx2, inv) => this.voidLocked(tx2, inv), tx);
  }

  private async voidLocked(tx: Tx, inv: Invoice): Promise<InvoiceView> {
    this.check(inv, { type: 'void' });
    const at = new Date(this.now());
    const updated = await tx.invoice.update({ where: { id: inv.id }, data: { status: 'void', voidedAt: at, updatedAt: at } });
    await notifyInTx(tx, invoiceTopic(inv.id), { id: inv.id });
    return this.fullView(updated, tx);
  }

  /**
   * After a void commits, in the sessions' own transactions: a session locks itself before its invoice (the
   * paid hook), so taking them in the other order could deadlock. A pay call in between sees void.
   */
  async expireSessionsOfVoided(id: string): Promise<void> {
    for (const sessionId of await openSessionIdsOfInvoice(this.prisma, id))
      await this.deps.checkout
        .expireInternal(sessionId)
        .catch((err) => this.deps.log.warn({ err, invoiceId: id, sessionId }, 'could not expire the session of a voided invoice'));
  }

  // ---- customer (public; the unguessable id is the access token) -------------------------------------------

  /** The customer's view; drafts (and unknown ids) are NOT_FOUND. */
  async getPublic(id: string): Promise<InvoiceView> {
    const inv = await this.find(id);
    if (!inv || inv.status === 'draft') throw notFound('Invoice');
    return this.publicView(inv);
  }

  /** The owner's view for the owner's key, else the customer's view (drafts NOT_FOUND): GraphQL lookups. */
  async getFor(id: string, auth: KeyAuth | null): Promise<InvoiceView> {
    const inv = await this.find(id);
    if (inv && this.isOwner(inv, auth)) return this.fullView(inv);
    if (!inv || inv.status === 'draft') throw notFound('Invoice');
    return this.publicView(inv);
  }

  /** The row for the hosted page, and whether it is overdue now (null for drafts and unknown ids). */
  async forPage(id: string): Promise<{ invoice: Invoice; overdue: boolean } | null> {
    const inv = await this.find(id);
    return inv && inv.status !== 'draft' ? { invoice: inv, overdue: isOverdue(inv.dueAt, inv.status, this.now()) } : null;
  }

  get publicUrl(): string {
    return this.deps.config.PUBLIC_URL;
  }

  /**
   * Starts a checkout session for an open invoice, or hands back the one in flight: an open session (not past
   * its expiry) or one whose payment is being verified is reused (`created: false`), so a customer clicking
   * twice never gets two sessions to pay. A session under review means funds moved: CONFLICT, the merchant
   * settles it. Draft → NOT_FOUND; paid or void → CONFLICT.
   */
  async pay(id: string): Promise<PayResult> {
    if (!INVOICE_ID.test(id)) throw notFound('Invoice');
    return this.withLocked(id, null, async (tx, inv) => {
      if (inv.status === 'draft') throw notFound('Invoice');
      this.check(inv, { type: 'pay' });
      if (inv.sessionId) {
        const s = await sessionRow(tx, inv.sessionId);
        if (s && ((s.status === 'open' && s.expiresAt.getTime() > this.now()) || s.status === 'processing')) {
          return { created: false, sessionId: s.id, url: this.deps.checkout.view(s, [], false).url };
        }
        if (s?.status === 'needs_review')
          throw new ApiError('CONFLICT', `Invoice ${inv.number}: its last payment is under review by the merchant; no new payment was started`);
      }
      // A suspended merchant takes no new payment (an open session of the invoice is still answered above).
      await assertTakesPayments(tx, inv.accountId);
      const page = invoicePageUrl(this.deps.config.PUBLIC_URL, inv.id);
      const session = await this.deps.checkout.create(
        internalAuth(inv.accountId, inv.livemode ? 'live' : 'test', 'invoice'),
        {
          amount: inv.amount,
          settleChain: inv.settleChainId,
          settleToken: inv.settleToken,
          recipient: inv.recipient,
          description: `Invoice ${inv.number}`,
          ...(inv.merchantName ? { merchantName: inv.merchantName } : {}),
          reference: inv.number!,
          metadata: { invoiceId: inv.id },
          successUrl: page,
          cancelUrl: page,
          expiresInMinutes: SESSION_EXPIRY_MINUTES,
        },
        { invoiceId: inv.id, tx },
      );
      await tx.invoice.update({ where: { id }, data: { sessionId: session.id, updatedAt: new Date(this.now()) } });
      return { created: true, sessionId: session.id, url: session.url };
    });
  }

  /**
   * Test mode only: pays an open invoice in the sandbox. It starts (or reuses) the invoice's checkout session as
   * `pay` does, records a payment of exactly the amount from a sandbox payer and settles it as verified, so the
   * session becomes `processing` then `paid` and the invoice `paid`, with the same events, emails and receipt as
   * a real payment (`checkout.session.processing`, `checkout.session.completed`, `invoice.paid`). Live invoices
   * → FORBIDDEN; draft → NOT_FOUND; paid or void → CONFLICT.
   */
  async sandboxPay(id: string): Promise<InvoiceView> {
    const inv = await this.find(id);
    if (!inv || inv.status === 'draft') throw notFound('Invoice');
    if (inv.livemode) throw new ApiError('FORBIDDEN', 'Sandbox payments exist in test mode only; a live invoice is paid from a wallet');
    const payments = this.deps.checkoutPayments;
    if (!payments) throw new ApiError('SERVICE_UNAVAILABLE', 'Sandbox payments are not available in this deployment');
    const { sessionId } = await this.pay(id);
    const vm = SETTLEMENT_CHAINS[inv.settleChainId]?.vm ?? 'evm';
    const txHash = () => (vm === 'evm' ? `0x${randomBytes(32).toString('hex')}` : bs58.encode(randomBytes(64)));
    const srcTxHash = txHash();
    const recorded = await payments.recordPayment(sessionId, {
      kind: 'direct',
      payer: vm === 'evm' ? SANDBOX_PAYER_EVM : SANDBOX_PAYER_SVM,
      srcChainId: inv.settleChainId,
      srcToken: inv.settleToken,
      srcAmount: inv.amount,
      srcTxHash,
      // The sandbox stands for the chain (test mode only): the payment is seen at once, as a mined one would be.
      seen: true,
    });
    const mine = recorded.payments.find((p) => p.srcTxHash === srcTxHash && p.status === 'verifying');
    if (mine) await payments.settlePayment(mine.id, { kind: 'succeeded', deliveryTxHash: txHash(), amountReceived: BigInt(inv.amount) });
    // Public (the invoice id is the access token): the customer's view, as `getPublic` shows it.
    return this.publicView((await this.find(id))!);
  }

  /**
   * The checkout status listener (wired in src/services.ts): runs inside the transaction that moves a session,
   * so when the session paying an invoice becomes `paid`, the invoice becomes `paid`, `invoice.paid` is
   * recorded and the receipt email is queued in that same transaction. A session paying an invoice that is no
   * longer open (voided while its payment was in flight) leaves the invoice as it is; the merchant refunds it.
   */
  async onSessionStatus(tx: Tx, _before: CheckoutSession, session: CheckoutSession): Promise<void> {
    if (!session.invoiceId || session.status !== 'paid') return;
    await this.withLocked(
      session.invoiceId,
      null,
      async (tx2, inv) => {
        // Only sessions this service started for the invoice carry its id; still, a session of another account,
        // mode, amount or settlement never pays it.
        if (
          inv.accountId !== session.accountId ||
          inv.livemode !== session.livemode ||
          inv.amount !== session.amount ||
          inv.settleChainId !== session.settleChainId ||
          inv.settleToken !== session.settleToken ||
          inv.recipient !== session.recipient
        ) {
          this.deps.log.error(
            { invoiceId: inv.id, sessionId: session.id },
            'a paid checkout session names an invoice it does not match; the invoice is left as it is',
          );
          return;
        }
        const r = transition(inv.status, { type: 'session_paid' });
        if (!r.ok) {
          this.deps.log.warn(
            { invoiceId: inv.id, sessionId: session.id, status: inv.status },
            'a checkout session paid an invoice that is not open; the invoice is left as it is',
          );
          return;
        }
        const at = new Date(this.now());
        const updated = await tx2.invoice.update({
          where: { id: inv.id },
          data: { status: 'paid', paidAt: session.paidAt ?? at, sessionId: session.id, updatedAt: at },
        });
        const payments = await sessionPayments(tx2, session.id);
        if (updated.customerEmail) {
          const paying = payments.find((p) => p.status === 'succeeded');
          if (paying) {
            const data = receiptData(updated, session, paying, invoicePageUrl(this.deps.config.PUBLIC_URL, updated.id));
            const mail = receiptEmail(data, receiptUrl(this.deps.config.PUBLIC_URL, updated.id));
            await enqueueEmail(
              tx2,
              {
                accountId: updated.accountId,
                livemode: updated.livemode,
                invoiceId: updated.id,
                kind: 'receipt',
                fromName: updated.merchantName ?? 'Billing',
                to: updated.customerEmail,
                replyTo: updated.replyTo,
                ...mail,
              },
              { now: at, messageDomain: this.deps.mail.messageDomain },
            );
          }
        }
        await recordEvent(tx2, {
          accountId: updated.accountId,
          livemode: updated.livemode,
          type: 'invoice.paid',
          resourceId: updated.id,
          data: { invoice: await this.fullView(updated, tx2), session: await this.deps.checkout.fullViewInTx(tx2, session) },
          createdAt: at,
        });
        await notifyInTx(tx2, invoiceTopic(updated.id), { id: updated.id });
      },
      tx,
    );
  }

  /** A receipt email went out: record when (the invoice's `receiptSentAt`). */
  async onEmailDelivered(m: EmailMessage): Promise<void> {
    if (m.kind !== 'receipt' || !m.invoiceId) return;
    await this.prisma.invoice.updateMany({ where: { id: m.invoiceId, receiptSentAt: null }, data: { receiptSentAt: m.sentAt ?? new Date(this.now()) } });
  }

  /** What the receipt shows; NOT_FOUND before the invoice is paid. */
  async receipt(id: string): Promise<ReceiptData> {
    const inv = await this.find(id);
    if (inv?.status !== 'paid' || !inv.sessionId) throw notFound('Receipt');
    const session = await sessionWithPayments(this.prisma, inv.sessionId);
    const paying = session?.payments.find((p) => p.status === 'succeeded');
    if (!session || !paying) throw notFound('Receipt');
    return receiptData(inv, session, paying, invoicePageUrl(this.deps.config.PUBLIC_URL, inv.id));
  }

  /**
   * GET /v1/invoices/{id}/receipt.pdf. A paid invoice's receipt never changes, so rendered PDFs are kept (the
   * last RECEIPT_CACHE of them): a public link fetched again and again costs one render.
   */
  async receiptPdf(id: string): Promise<{ pdf: Buffer; filename: string }> {
    const data = await this.receipt(id);
    const filename = `receipt-${data.number}.pdf`;
    const hit = this.pdfs.get(id);
    if (hit) return { pdf: hit, filename };
    const pdf = await renderReceiptPdf(data);
    this.pdfs.set(id, pdf);
    if (this.pdfs.size > RECEIPT_CACHE) this.pdfs.delete(this.pdfs.keys().next().value!);
    return { pdf, filename };
  }
}
