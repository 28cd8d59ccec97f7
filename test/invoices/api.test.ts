import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/clock.js';
import { invoiceBody, RECIPIENT } from './helpers.js';
import { randomBytes } from 'node:crypto';
import { parseInput } from '../../src/validation.js';
import { createSessionSchema } from '../../src/checkout/input.js';
import { internalAuth } from '../../src/accounts/service.js';

const randomHex = () => randomBytes(32).toString('hex');

const PAYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

describe.each(backends)('invoices API (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let other: string;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
  const h = (k = key) => ({ 'x-api-key': k });
  const create = (body: Record<string, unknown> = invoiceBody, k = key) => s.post('/v1/invoices', body, h(k));
  const patch = (id: string, body: unknown, k = key) =>
    s.request(`/v1/invoices/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...h(k) }, body: JSON.stringify(body) });
  const events = async (id: string) =>
    await s.db.sql.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE resource_id = $1 ORDER BY sequence', [id]);

  beforeAll(async () => {
    s = await startTestServer({ backend, clock, env: { JOBS_ENABLED: 'false' } });
    ({ key } = await s.createTestKey());
    ({ key: other } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  it('creates a draft (201) with the total in bigint, an inv_test_ id of 128+ random bits and the hosted page url', async () => {
    const r = await create();
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^inv_test_[0-9A-Za-z]{22,}$/);
    expect(r.body.id.slice('inv_test_'.length).length * Math.log2(62)).toBeGreaterThanOrEqual(128);
    expect(r.body).toMatchObject({
      object: 'invoice',
      livemode: false,
      number: null,
      status: 'draft',
      amount: '49000000',
      settlement: { chainId: 8453, token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 },
      lineItems: invoiceBody.lineItems,
      customerEmail: 'ap@customer.example',
      customerName: 'Customer GmbH',
      merchantName: 'Acme Tools',
      recipient: RECIPIENT,
      memo: 'Thank you for your business.',
      dueAt: '2026-12-10T23:59:59.999Z',
      url: `http://localhost:8787/invoice/${r.body.id}`,
      receiptUrl: null,
      sessionId: null,
      sentAt: null,
      paidAt: null,
      voidedAt: null,
      lastEmail: null,
    });
    // Amounts beyond 2^53 stay exact.
    const big = await create({ ...invoiceBody, lineItems: [{ description: 'x', quantity: 10000, unitAmount: '123456789012345678901234567890' }] });
    expect(big.body.amount).toBe('1234567890123456789012345678900000');
  });

  it('takes dueAt as a timestamp with a zone', async () => {
    const r = await create({ ...invoiceBody, dueAt: '2026-12-10T12:00:00+02:00' });
    expect(r.body.dueAt).toBe('2026-12-10T10:00:00.000Z');
  });

  it.each([
    ['INVALID_PARAMS', 'lineItems', { lineItems: [] }],
    ['INVALID_PARAMS', 'lineItems', { lineItems: Array.from({ length: 51 }, () => ({ description: 'a', quantity: 1, unitAmount: '1' })) }],
    ['INVALID_PARAMS', 'lineItems.0.quantity', { lineItems: [{ description: 'a', quantity: 0, unitAmount: '1' }] }],
    ['INVALID_PARAMS', 'lineItems.0.quantity', { lineItems: [{ description: 'a', quantity: 10001, unitAmount: '1' }] }],
    ['INVALID_PARAMS', 'lineItems.0.quantity', { lineItems: [{ description: 'a', quantity: 1.5, unitAmount: '1' }] }],
    ['INVALID_PARAMS', 'lineItems.0.unitAmount', { lineItems: [{ description: 'a', quantity: 1, unitAmount: '1.5' }] }],
    ['INVALID_PARAMS', 'lineItems.0.unitAmount', { lineItems: [{ description: 'a', quantity: 1, unitAmount: 5 }] }],
    ['INVALID_PARAMS', 'lineItems.0.description', { lineItems: [{ description: '', quantity: 1, unitAmount: '5' }] }],
    ['INVALID_PARAMS', 'lineItems.0.description', { lineItems: [{ description: '\ud800x', quantity: 1, unitAmount: '5' }] }],
    ['INVALID_PARAMS', 'merchantName', { merchantName: 'Acme \udfff' }],
    ['INVALID_PARAMS', 'memo', { memo: 'Thanks \ud83d' }],
    ['INVALID_PARAMS', 'lineItems', { lineItems: [{ description: 'a', quantity: 1, unitAmount: '0' }] }],
    // Every amount is at most 2^256-1 (the shared amount rule): a unit amount above it names itself…
    ['AMOUNT_TOO_LARGE', 'lineItems.0.unitAmount', { lineItems: [{ description: 'a', quantity: 1, unitAmount: '9'.repeat(78) }] }],
    // …and valid unit amounts whose total is above it name lineItems.
    ['AMOUNT_TOO_LARGE', 'lineItems', { lineItems: [{ description: 'a', quantity: 10000, unitAmount: `1${'0'.repeat(76)}` }] }],
    ['INVALID_PARAMS', 'lineItems.0.unitAmount', { lineItems: [{ description: 'a', quantity: 1, unitAmount: '0010000000' }] }],
    [
      'INVALID_PARAMS',
      'lineItems.1.unitAmount',
      {
        lineItems: [
          { description: 'a', quantity: 1, unitAmount: '0' },
          { description: 'b', quantity: 1, unitAmount: 'x' },
        ],
      },
    ],
    ['INVALID_PARAMS', 'memo', { memo: 'x'.repeat(1001) }],
    ['INVALID_PARAMS', 'dueAt', { dueAt: '2026-02-30' }],
    ['INVALID_PARAMS', 'dueAt', { dueAt: '2026-12-10T12:00:00' }],
    ['INVALID_PARAMS', 'dueAt', { dueAt: 1767225600 }],
    ['INVALID_PARAMS', 'dueAt', { dueAt: '0000-01-01T00:00:00Z' }],
    ['INVALID_PARAMS', 'dueAt', { dueAt: '9999-12-31T23:59:59-14:00' }],
    ['INVALID_PARAMS', 'customerEmail', { customerEmail: 'not-an-email' }],
    ['INVALID_PARAMS', 'customerEmail', { customerEmail: 'a@b.example\r\nBcc: x@y.example' }],
    ['INVALID_PARAMS', 'merchantName', { merchantName: 'Acme\r\nBcc: x@y.example' }],
    ['INVALID_PARAMS', 'merchantName', { merchantName: '' }],
    ['UNSUPPORTED_CHAIN', 'settleChain', { settleChain: 'avalanche' }],
    ['UNSUPPORTED_TOKEN', 'settleToken', { settleChain: 137, settleToken: 'USDT' }],
    ['INVALID_PARAMS', 'recipient', { recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }],
    ['INVALID_PARAMS', 'send', { send: 'yes' }],
    ['INVALID_PARAMS', 'unknownField', { unknownField: 1 }],
  ])('refuses a bad body with %s naming %s (%#)', async (code, field, patchBody) => {
    const r = await create({ ...invoiceBody, ...patchBody });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message.startsWith(`${field}:`), r.body.error.message).toBe(true);
  });

  it('needs a key; other accounts and bad ids get NOT_FOUND', async () => {
    expect((await s.post('/v1/invoices', invoiceBody)).body.error.code).toBe('UNAUTHORIZED');
    const { body: inv } = await create();
    for (const [method, path] of [
      ['GET', `/v1/invoices/${inv.id}`],
      ['PATCH', `/v1/invoices/${inv.id}`],
      ['POST', `/v1/invoices/${inv.id}/send`],
      ['POST', `/v1/invoices/${inv.id}/void`],
    ] as const) {
      const r = await s.request(path, { method, headers: { 'content-type': 'application/json', ...h(other) }, body: method === 'GET' ? undefined : '{}' });
      expect([r.status, r.body.error.code], `${method} ${path}`).toEqual([404, 'NOT_FOUND']);
    }
    expect((await s.get('/v1/invoices/inv_%00', h())).status).toBe(404);
    expect((await s.get(`/v1/invoices/${'x'.repeat(5000)}`, h())).status).toBe(404);
  });

  it('PATCH edits drafts only: fields, line items (total recomputed), null clears; CONFLICT once sent; send is refused', async () => {
    const { body: inv } = await create();
    const r = await patch(inv.id, { lineItems: [{ description: 'Audit', quantity: 3, unitAmount: '7000000' }], memo: null, customerName: 'Other Ltd' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ amount: '21000000', memo: null, customerName: 'Other Ltd', status: 'draft' });
    expect((await patch(inv.id, { send: true })).body.error.code).toBe('INVALID_PARAMS');
    // Another settlement token with other decimals needs the line items again in its units.
    expect((await patch(inv.id, { settleChain: 'bsc', settleToken: 'USDT' })).body.error.code).toBe('INVALID_PARAMS');
    expect((await patch(inv.id, { settleChain: 'arbitrum' })).body.settlement.chainId).toBe(42161);
    await s.post(`/v1/invoices/${inv.id}/send`, {}, h());
    const late = await patch(inv.id, { memo: 'late' });
    expect([late.status, late.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('send numbers the invoice, queues the email, records invoice.sent; re-send keeps the number; drafts are invisible to customers', async () => {
    const { body: inv } = await create();
    expect((await s.get(`/v1/invoices/${inv.id}/public`)).body.error.code).toBe('NOT_FOUND');
    expect((await s.post(`/v1/invoices/${inv.id}/pay`)).body.error.code).toBe('NOT_FOUND');
    const sent = await s.post(`/v1/invoices/${inv.id}/send`, {}, h());
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'open',
      sentAt: '2026-11-25T10:00:00.000Z',
      lastEmail: { kind: 'invoice', status: 'pending', to: 'ap@customer.example' },
    });
    expect(sent.body.number).toMatch(/^INV-\d{4}$/);
    const again = await s.post(`/v1/invoices/${inv.id}/send`, {}, h());
    expect(again.body.number).toBe(sent.body.number);
    const evs = await events(inv.id);
    expect(evs.map((e) => e.type)).toEqual(['invoice.sent', 'invoice.sent']);
    expect(evs[0]!.data.invoice).toMatchObject({ id: inv.id, status: 'open', number: sent.body.number, customerEmail: 'ap@customer.example' });
    expect(await s.db.prisma.emailMessage.count({ where: { invoiceId: inv.id, kind: 'invoice' } })).toBe(2);
    const pub = await s.get(`/v1/invoices/${inv.id}/public`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: inv.id, number: sent.body.number, status: 'open', customerName: 'Customer GmbH', merchantName: 'Acme Tools' });
    for (const hidden of ['customerEmail', 'recipient', 'sessionId', 'replyTo', 'lastEmail']) expect(pub.body, hidden).not.toHaveProperty(hidden);
  });

  it('numbers are per account and mode, consecutive from INV-0001; without an email sending queues nothing', async () => {
    const { key: k } = await s.createTestKey();
    const nums: string[] = [];
    for (let i = 0; i < 3; i++, clock.advance(1000)) nums.push((await create({ ...invoiceBody, customerEmail: undefined, send: true }, k)).body.number);
    expect(nums).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
    const { body: last } = await s.get(`/v1/invoices?limit=1`, h(k));
    expect(last.data[0]).toMatchObject({ number: 'INV-0003', lastEmail: null });
  });

  it('lists newest first with status filter and cursor paging, the checkout list envelope', async () => {
    const { key: k } = await s.createTestKey();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push((await create({ ...invoiceBody, send: i % 2 === 0 }, k)).body.id);
    }
    const p1 = await s.get('/v1/invoices?limit=2', h(k));
    expect(p1.body).toMatchObject({ object: 'list', hasMore: true });
    expect(p1.body.data.map((x: any) => x.id)).toEqual([ids[4], ids[3]]);
    const p2 = await s.get(`/v1/invoices?limit=2&cursor=${p1.body.nextCursor}`, h(k));
    expect(p2.body.data.map((x: any) => x.id)).toEqual([ids[2], ids[1]]);
    const open = await s.get('/v1/invoices?status=open', h(k));
    expect(open.body.data.map((x: any) => x.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect((await s.get('/v1/invoices?status=overdue', h(k))).body.error.code).toBe('INVALID_PARAMS');
    expect((await s.get('/v1/invoices?limit=101', h(k))).body.error.code).toBe('INVALID_PARAMS');
    expect((await s.get('/v1/invoices?cursor=nope', h(k))).body.error.code).toBe('INVALID_PARAMS');
    expect((await s.get('/v1/invoices', h(other))).body.data.some((x: any) => ids.includes(x.id))).toBe(false);
  });

  it('pay starts a checkout session (201) and reuses it while open (200); paying it pays the invoice with invoice.paid and a receipt email', async () => {
    const { body: inv } = await create({ ...invoiceBody, send: true });
    const first = await s.post(`/v1/invoices/${inv.id}/pay`);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ sessionId: expect.stringMatching(/^cs_test_/), url: `http://localhost:8787/pay/${first.body.sessionId}` });
    const again = await s.post(`/v1/invoices/${inv.id}/pay`);
    expect([again.status, again.body.sessionId]).toEqual([200, first.body.sessionId]);
    const cs = (await s.get(`/v1/checkout/sessions/${first.body.sessionId}`, h())).body;
    expect(cs).toMatchObject({
      invoiceId: inv.id,
      amount: '49000000',
      description: `Invoice ${inv.number ?? (await s.get(`/v1/invoices/${inv.id}`, h())).body.number}`,
      metadata: { invoiceId: inv.id },
      recipient: RECIPIENT,
    });
    const number = (await s.get(`/v1/invoices/${inv.id}`, h())).body.number;
    expect(cs.reference).toBe(number);

    // The payer reports a direct transfer; it stays processing (reused), then verifies.
    await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: `0x${'a1'.repeat(32)}`, payer: PAYER });
    const processing = await s.post(`/v1/invoices/${inv.id}/pay`);
    expect([processing.status, processing.body.sessionId]).toEqual([200, cs.id]);
    const payment = await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: cs.id } });
    // The verifier first sees the transaction on chain with the session's evidence, then settles it.
    await s.services.checkout.settlePayment(payment.id, { kind: 'seen' });
    await s.services.checkout.settlePayment(payment.id, { kind: 'succeeded', deliveryTxHash: `0x${'a1'.repeat(32)}`, amountReceived: 49_000_000n });

    const paid = (await s.get(`/v1/invoices/${inv.id}`, h())).body;
    expect(paid).toMatchObject({
      status: 'paid',
      paidAt: new Date(clock.now()).toISOString(),
      sessionId: cs.id,
      receiptUrl: `http://localhost:8787/v1/invoices/${inv.id}/receipt.pdf`,
      lastEmail: { kind: 'receipt', status: 'pending' },
    });
    const evs = await events(inv.id);
    expect(evs.map((e) => e.type)).toEqual(['invoice.sent', 'invoice.paid']);
    expect(evs[1]!.data.invoice).toMatchObject({ id: inv.id, status: 'paid', sessionId: cs.id });
    expect(evs[1]!.data.session).toMatchObject({ id: cs.id, status: 'paid', invoiceId: inv.id });
    // checkout.session.* events are still emitted for the session, carrying invoiceId.
    const csEvents = await events(cs.id);
    expect(csEvents.map((e) => e.type)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
    expect(csEvents[1]!.data.session.invoiceId).toBe(inv.id);

    // Paid is final.
    for (const action of ['send', 'void', 'pay']) {
      const r = await s.post(`/v1/invoices/${inv.id}/${action}`, {}, h());
      expect([r.status, r.body.error.code], action).toEqual([409, 'CONFLICT']);
    }
    const pdf = await s.get(`/v1/invoices/${inv.id}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });

  it('a paid session that names the invoice but does not match it (another account, another amount) leaves it open', async () => {
    const { body: inv } = await create({ ...invoiceBody, send: true });
    const { accountId: otherAccount } = await s.createTestKey();
    for (const [auth, amount] of [
      [internalAuth(otherAccount, 'test', 'x'), '49000000'],
      [internalAuth((await s.db.prisma.invoice.findUniqueOrThrow({ where: { id: inv.id } })).accountId, 'test', 'x'), '1'],
    ] as const) {
      const cs = await s.services.checkout.create(
        auth,
        parseInput(createSessionSchema, { amount, settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT }),
        { invoiceId: inv.id },
      );
      const tx = `0x${randomHex()}`;
      await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: tx, payer: PAYER });
      const payment = await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: cs.id } });
      // The verifier first sees the transaction on chain with the session's evidence, then settles it.
      await s.services.checkout.settlePayment(payment.id, { kind: 'seen' });
      await s.services.checkout.settlePayment(payment.id, { kind: 'succeeded', deliveryTxHash: tx, amountReceived: BigInt(amount) });
      expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('paid');
      expect((await s.get(`/v1/invoices/${inv.id}`, h())).body.status).toBe('open');
    }
    expect((await events(inv.id)).map((e) => e.type)).toEqual(['invoice.sent']);
  });

  it('a new session replaces an expired one; receipt.pdf is NOT_FOUND before paid', async () => {
    const { body: inv } = await create({ ...invoiceBody, send: true });
    expect((await s.get(`/v1/invoices/${inv.id}/receipt.pdf`)).body.error.code).toBe('NOT_FOUND');
    const first = await s.post(`/v1/invoices/${inv.id}/pay`);
    clock.advance(61 * 60_000);
    const second = await s.post(`/v1/invoices/${inv.id}/pay`);
    expect(second.status).toBe(201);
    expect(second.body.sessionId).not.toBe(first.body.sessionId);
    expect((await s.get(`/v1/invoices/${inv.id}`, h())).body.sessionId).toBe(second.body.sessionId);
  });

  it('void: drafts and open invoices; expires the open session; final afterwards; public view shows void', async () => {
    const { body: draft } = await create();
    const v1 = await s.post(`/v1/invoices/${draft.id}/void`, {}, h());
    expect(v1.body).toMatchObject({ status: 'void', number: null, voidedAt: expect.any(String) });
    expect((await s.get(`/v1/invoices/${draft.id}/public`)).status).toBe(200);

    const { body: inv } = await create({ ...invoiceBody, send: true });
    const { body: pay } = await s.post(`/v1/invoices/${inv.id}/pay`);
    const v2 = await s.post(`/v1/invoices/${inv.id}/void`, {}, h());
    expect(v2.body.status).toBe('void');
    expect((await s.get(`/v1/checkout/sessions/${pay.sessionId}`)).body.status).toBe('expired');
    for (const action of ['send', 'void']) expect((await s.post(`/v1/invoices/${inv.id}/${action}`, {}, h())).status).toBe(409);
    expect((await s.post(`/v1/invoices/${inv.id}/pay`)).status).toBe(409);
    expect((await patch(inv.id, { memo: 'x' })).status).toBe(409);
  });
});
