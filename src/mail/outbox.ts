import type { EmailMessage, Prisma } from '../db/generated/client.js';
import { newId } from '../ids.js';
import { notifyInTx } from '../events/outbox.js';
import { mailWakeTopic } from './topics.js';

export interface NewEmail {
  accountId: string;
  livemode: boolean;
  invoiceId?: string;
  kind: 'invoice' | 'receipt' | 'reminder';
  fromName: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

/**
 * Writes a message to the email outbox inside the caller's transaction: it exists if and only if the change
 * that caused it commits, and the mail job sends it afterwards (never inside the API call). The Message-ID is
 * fixed here, so every retry of this message is the same message to the receiving side.
 */
export async function enqueueEmail(tx: Prisma.TransactionClient, m: NewEmail, opts: { now: Date; messageDomain: string }): Promise<string> {
  const id = newId('msg');
  await tx.emailMessage.create({
    data: {
      id,
      accountId: m.accountId,
      livemode: m.livemode,
      invoiceId: m.invoiceId ?? null,
      kind: m.kind,
      status: 'pending',
      fromName: m.fromName,
      toAddress: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: `<${id}@${opts.messageDomain}>`,
      nextAttemptAt: opts.now,
      createdAt: opts.now,
      updatedAt: opts.now,
    },
  });
  // Delivered only if the transaction commits (NOTIFY is transactional).
  await notifyInTx(tx, mailWakeTopic, 1);
  return id;
}

type Db = Prisma.TransactionClient | { emailMessage: Prisma.TransactionClient['emailMessage'] };

/** The newest message queued for an invoice (null when none). */
export function lastInvoiceEmail(db: Db, invoiceId: string): Promise<EmailMessage | null> {
  return db.emailMessage.findFirst({ where: { invoiceId }, orderBy: { seq: 'desc' } });
}

/** The newest message of each invoice, in one query. */
export async function lastInvoiceEmails(db: Db, invoiceIds: string[]): Promise<Map<string, EmailMessage>> {
  const out = new Map<string, EmailMessage>();
  if (!invoiceIds.length) return out;
  const rows = await db.emailMessage.findMany({ where: { invoiceId: { in: invoiceIds } }, orderBy: { seq: 'desc' } });
  for (const m of rows) if (m.invoiceId && !out.has(m.invoiceId)) out.set(m.invoiceId, m);
  return out;
}
