import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import type { CheckoutSession } from '../../src/db/generated/client.js';
import { InvoicesService } from '../../src/invoices/service.js';
import type { SessionView } from '../../src/checkout/views.js';
import { memoryDb, silentLog, testConfig } from '../helpers/memory-db.js';
import { invoiceBody } from './helpers.js';
import { parseInput } from '../../src/validation.js';
import { createInvoiceSchema } from '../../src/invoices/input.js';
import { internalAuth } from '../../src/accounts/service.js';

/**
 * InvoicesService built alone: checkout is a fake that records what it is asked (sessions are plain rows this
 * test writes), and mail only names the Message-ID domain. The database is real (in-memory PGlite).
 */
const AUTH = internalAuth('acct_inv_unit', 'test', 'key_unit');

describe('InvoicesService (fake checkout and mail)', () => {
  let db: Db;
  let invoices: InvoicesService;
  const clock = new ManualClock(Date.parse('2030-01-01T00:00:00Z'));
  const created: Array<{ input: Record<string, unknown>; invoiceId?: string }> = [];
  const expired: string[] = [];

  beforeAll(async () => {
    db = await memoryDb();
    await db.prisma.account.create({ data: { id: AUTH.accountId, name: 'Unit' } });
    invoices = new InvoicesService({
      config: testConfig(),
      log: silentLog,
      clock,
      prisma: db.prisma,
      mail: { messageDomain: 'mail.test' },
      checkout: {
        async create(auth, input, internal = {}) {
          const i = input as Record<string, unknown>;
          created.push({ input: i, invoiceId: internal.invoiceId });
          const id = `cs_test_fake${created.length}`;
          const now = new Date(clock.now());
          await (internal.tx ?? db.prisma).checkoutSession.create({
            data: {
              id,
              accountId: auth.accountId,
              livemode: false,
              status: 'open',
              amount: String(i.amount),
              settleChainId: Number(i.settleChain),
              settleToken: String(i.settleToken),
              settleSymbol: 'USDC',
              settleDecimals: 6,
              recipient: String(i.recipient),
              invoiceId: internal.invoiceId ?? null,
              expiresAt: new Date(now.getTime() + 3_600_000),
              createdAt: now,
              updatedAt: now,
            },
          });
          return { id, url: `http://localhost:8787/pay/${id}` } as SessionView;
        },
        view: (s: CheckoutSession) => ({ id: s.id, url: `http://localhost:8787/pay/${s.id}`, status: s.status }) as SessionView,
        fullViewInTx: async (_tx: unknown, s: CheckoutSession) => ({ id: s.id, url: `http://localhost:8787/pay/${s.id}`, status: s.status }) as SessionView,
        async expireInternal(id: string) {
          expired.push(id);
          await db.prisma.checkoutSession.update({ where: { id }, data: { status: 'expired' } });
          return true;
        },
      },
    });
  });
  afterAll(() => db?.close());

  it('pay asks checkout for a session of the invoice: amount, settlement, description, reference, metadata, return URLs', async () => {
    const inv = await invoices.create(AUTH, parseInput(createInvoiceSchema, { ...invoiceBody, send: true }));
    const r = await invoices.pay(inv.id);
    expect(r).toEqual({ created: true, sessionId: 'cs_test_fake1', url: 'http://localhost:8787/pay/cs_test_fake1' });
    expect(created[0]).toEqual({
      invoiceId: inv.id,
      input: {
        amount: '49000000',
        settleChain: 8453,
        settleToken: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        recipient: invoiceBody.recipient,
        description: `Invoice ${inv.number}`,
        merchantName: 'Acme Tools',
        reference: inv.number,
        metadata: { invoiceId: inv.id },
        successUrl: `http://localhost:8787/invoice/${inv.id}`,
        cancelUrl: `http://localhost:8787/invoice/${inv.id}`,
        expiresInMinutes: 60,
      },
    });
    expect((await invoices.pay(inv.id)).created).toBe(false);
    // A session under review refuses a new one.
    await db.prisma.checkoutSession.update({ where: { id: r.sessionId }, data: { status: 'needs_review' } });
    await expect(invoices.pay(inv.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('void asks checkout to expire only the open sessions of that invoice', async () => {
    const inv = await invoices.create(AUTH, parseInput(createInvoiceSchema, { ...invoiceBody, send: true }));
    const { sessionId } = await invoices.pay(inv.id);
    const before = expired.length;
    await invoices.void(AUTH, inv.id);
    expect(expired.slice(before)).toEqual([sessionId]);
  });

  it('the paid hook marks the invoice paid in the caller’s transaction, and rolls back with it', async () => {
    const inv = await invoices.create(AUTH, parseInput(createInvoiceSchema, { ...invoiceBody, send: true }));
    const { sessionId } = await invoices.pay(inv.id);
    const session = await db.prisma.checkoutSession.update({
      where: { id: sessionId },
      data: { status: 'paid', paidAt: new Date(clock.now()), amountReceived: '49000000' },
    });
    // The session's transaction fails after the hook: nothing of the invoice's change stays.
    await expect(
      db.prisma.$transaction(async (tx) => {
        await invoices.onSessionStatus(tx, { ...session, status: 'processing' }, session);
        throw new Error('the session change rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await invoices.get(AUTH, inv.id)).status).toBe('open');
    expect(await db.prisma.event.count({ where: { resourceId: inv.id, type: 'invoice.paid' } })).toBe(0);
    await db.prisma.$transaction((tx) => invoices.onSessionStatus(tx, { ...session, status: 'processing' }, session));
    expect((await invoices.get(AUTH, inv.id)).status).toBe('paid');
    expect(await db.prisma.event.count({ where: { resourceId: inv.id, type: 'invoice.paid' } })).toBe(1);
  });
});
