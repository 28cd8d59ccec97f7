import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage } from '../db/generated/client.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import type { MailConfig } from './config.js';
import { notFound } from '../errors.js';
import { errorLine, retryDelayMs } from './retry.js';

export type MailDeps = Pick<Handles, 'log' | 'clock' | 'prisma'> & { config: MailConfig & Pick<CoreConfig, 'PUBLIC_URL' | 'NODE_ENV'> };

/** Called after a message was delivered (e.g. the receipt's `receiptSentAt`). */
export type DeliveredListener = (m: EmailMessage) => Promise<void>;

/** What the dev outbox and the invoice show of a message. */
export interface EmailView {
  id: string;
  kind: string;
  status: string;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  messageId: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

const MSG_ID = /^msg_[0-9A-Za-z]{1,64}$/;

/**
 * The email outbox's sender. Messages are written by `enqueueEmail` in the transaction of the change that
 * causes them; `deliverDue` (the mail job) claims due ones with `FOR UPDATE SKIP LOCKED`, so any number of
 * instances share the work, and sends each through nodemailer over `SMTP_URL`. A failure is retried with
 * backoff (retry.ts) until `MAIL_MAX_ATTEMPTS`; an SMTP outage only delays messages. Without `SMTP_URL`
 * messages are `captured`: kept in the database for the dev outbox. In production without `SMTP_URL` they
 * stay `pending` (a warning is logged) and go out once SMTP is configured.
 */
export class MailService {
  private transport: Transporter | null;
  private listeners: DeliveredListener[] = [];
  private readonly from: string;

  constructor(private readonly deps: MailDeps) {
    const c = deps.config;
    this.from = c.MAIL_FROM ?? `billing@${new URL(c.PUBLIC_URL).hostname}`;
    this.transport = c.SMTP_URL
      ? nodemailer.createTransport({
          url: c.SMTP_URL,
          connectionTimeout: c.MAIL_SEND_TIMEOUT_MS,
          greetingTimeout: c.MAIL_SEND_TIMEOUT_MS,
          socketTimeout: c.MAIL_SEND_TIMEOUT_MS,
          ...(c.DKIM_DOMAIN && c.DKIM_SELECTOR && c.DKIM_PRIVATE_KEY
            ? { dkim: { domainName: c.DKIM_DOMAIN, keySelector: c.DKIM_SELECTOR, privateKey: c.DKIM_PRIVATE_KEY } }
            : {}),
        } as Parameters<typeof nodemailer.createTransport>[0])
      : null;
    if (!this.transport && c.NODE_ENV === 'production') deps.log.warn('SMTP_URL is not set: invoice and receipt emails are kept pending until it is');
  }

  /** The billing sender address (MAIL_FROM, else billing@ the public host). */
  get fromAddress(): string {
    return this.from;
  }

  /** The domain of Message-IDs: the sender's. */
  get messageDomain(): string {
    return this.from.split('@')[1]!;
  }

  /** Whether messages go to a real SMTP server (else the dev outbox keeps them). */
  get delivers(): boolean {
    return !!this.transport;
  }

  onDelivered(l: DeliveredListener) {
    this.listeners.push(l);
  }

  private now() {
    return this.deps.clock.now();
  }

  /**
   * One pass of the mail job: claims up to `batch` due messages and sends them one by one. Returns how many
   * were claimed (a full batch means more may be due).
   */
  async deliverDue(batch = 20, signal?: AbortSignal): Promise<number> {
    const c = this.deps.config;
    if (!this.transport && c.NODE_ENV === 'production') return 0;
    const now = new Date(this.now());
    // The lease: while an attempt is in flight, next_attempt_at is when another worker may take it over. It covers
    // one send, so each message is leased again as its own send starts (below).
    const leaseMs = 3 * c.MAIL_SEND_TIMEOUT_MS + 60_000;
    const lease = new Date(now.getTime() + leaseMs);
    const claimed = await this.deps.prisma.$queryRawUnsafe<Array<{ id: string }>>(
      `UPDATE email_messages SET attempts = attempts + 1, next_attempt_at = $2, updated_at = $1
       WHERE id IN (SELECT id FROM email_messages WHERE status = 'pending' AND next_attempt_at <= $1
                    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      now,
      lease,
      batch,
    );
    if (!claimed.length) return 0;
    const rows = await this.deps.prisma.emailMessage.findMany({ where: { id: { in: claimed.map((r) => r.id) } }, orderBy: { seq: 'asc' } });
    for (const m of rows) {
      if (signal?.aborted) break; // the lease brings unsent ones back
      // Slow sends before this one may have outlasted its lease and another worker may have claimed it (its claim
      // counted an attempt): renew only while the claim is still ours, else leave it to that worker.
      const renewed = await this.deps.prisma.emailMessage.updateMany({
        where: { id: m.id, status: 'pending', attempts: m.attempts },
        data: { nextAttemptAt: new Date(this.now() + leaseMs) },
      });
      if (renewed.count === 0) continue;
      await this.deliverOne(m);
    }
    return claimed.length;
  }

  private async deliverOne(m: EmailMessage): Promise<void> {
    if (!this.transport) {
      const at = new Date(this.now());
      await this.deps.prisma.emailMessage.update({ where: { id: m.id }, data: { status: 'captured', lastError: null, updatedAt: at } });
      return;
    }
    try {
      await this.transport.sendMail({
        from: { name: m.fromName, address: this.from },
        to: m.toAddress,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.messageId,
        date: m.createdAt,
      });
    } catch (err) {
      const c = this.deps.config;
      const delay = retryDelayMs(m.attempts, { baseMs: c.MAIL_RETRY_BASE_MS, maxAttempts: c.MAIL_MAX_ATTEMPTS });
      const at = new Date(this.now());
      this.deps.log.warn({ id: m.id, attempt: m.attempts, err: errorLine(err) }, delay === null ? 'email given up' : 'email delivery failed; will retry');
      await this.deps.prisma.emailMessage.update({
        where: { id: m.id },
        data:
          delay === null
            ? { status: 'failed', lastError: errorLine(err), updatedAt: at }
            : { lastError: errorLine(err), nextAttemptAt: new Date(at.getTime() + delay), updatedAt: at },
      });
      return;
    }
    const at = new Date(this.now());
    const sent = await this.deps.prisma.emailMessage.update({ where: { id: m.id }, data: { status: 'sent', sentAt: at, lastError: null, updatedAt: at } });
    for (const l of this.listeners) await l(sent).catch((err) => this.deps.log.error({ err, id: m.id }, 'email delivered listener failed'));
  }

  view(m: EmailMessage): EmailView {
    return {
      id: m.id,
      kind: m.kind,
      status: m.status,
      to: m.toAddress,
      from: `${m.fromName} <${this.from}>`,
      replyTo: m.replyTo,
      subject: m.subject,
      messageId: m.messageId,
      attempts: m.attempts,
      lastError: m.lastError,
      nextAttemptAt: m.status === 'pending' ? m.nextAttemptAt.toISOString() : null,
      sentAt: m.sentAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    };
  }

  /** Newest messages first, every account (the dev outbox and the CLI; never an API route). */
  async listAll(limit = 50): Promise<EmailMessage[]> {
    return this.deps.prisma.emailMessage.findMany({ orderBy: { seq: 'desc' }, take: Math.min(Math.max(limit, 1), 500) });
  }

  async getMessage(id: string): Promise<EmailMessage> {
    const m = MSG_ID.test(id) ? await this.deps.prisma.emailMessage.findUnique({ where: { id } }) : null;
    if (!m) throw notFound('Email');
    return m;
  }

  close() {
    this.transport?.close();
  }
}
