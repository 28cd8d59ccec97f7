import { SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyAuth } from '../../src/accounts/service.js';
import { createSessionSchema } from '../../src/checkout/input.js';
import { columnNames } from '../../src/exports/columns.js';
import { newId } from '../../src/ids.js';
import { createInvoiceSchema } from '../../src/invoices/input.js';
import { parseInput } from '../../src/validation.js';
import { backends } from '../helpers/db.js';
import { dashboardHeaders } from '../helpers/dashboard-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const hex = (n: number) => `0x${randomBytes(n).toString('hex')}`;
type Row = Record<string, string>;
const rowsOf = (text: string): Row[] => parse(text, { columns: true }) as Row[];
const headerOf = (text: string): string[] => (parse(text, { to_line: 1 }) as string[][])[0]!;

/** The CSV exports through REST and GraphQL: columns, quoting and the guard read back by a real parser; isolation by account and mode. */
describe.each(backends)('CSV exports (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let auth: KeyAuth;
  let other: KeyAuth;
  let live: KeyAuth;
  const made = { invoice: '', otherInvoice: '', liveInvoice: '', session: '', depositQuote: '', deposit: '' };

  const invoice = (a: KeyAuth, customerName: string, memo: string) =>
    s.services.invoices.create(
      a,
      parseInput(createInvoiceSchema, {
        lineItems: [{ description: 'Consulting', quantity: 2, unitAmount: '12500000' }],
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: RECIPIENT,
        customerName,
        customerEmail: 'ap@customer.example',
        memo,
      }),
    );

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' } });
    const a = await s.createTestKey();
    key = a.key;
    auth = await s.services.accounts.authenticate(key);
    other = await s.services.accounts.authenticate((await s.createTestKey()).key);
    await s.services.accounts.setLiveEnabled(auth.accountId, true, SETUP_WRITE);
    live = await s.services.accounts.authenticate((await s.services.accounts.createKey(auth.accountId, 'live')).key);

    made.invoice = (await invoice(auth, '=HYPERLINK("http://evil.example","Ada")', 'Net 30, "rush"\nsecond line')).id;
    made.otherInvoice = (await invoice(other, 'Other account', 'not yours')).id;
    made.liveInvoice = (await invoice(live, 'Live mode', 'not this mode')).id;
    made.session = (
      await s.services.checkout.create(
        auth,
        parseInput(createSessionSchema, { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT, reference: '@order-17' }),
      )
    ).id;
    // A deposit and its order record, as the detection poller writes them.
    const at = new Date();
    const addressId = newId('da_test');
    await s.db.prisma.depositAddress.create({
      data: {
        id: addressId,
        accountId: auth.accountId,
        livemode: false,
        provider: 'sandbox',
        address: hex(20),
        chainId: 8453,
        token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        tokenSymbol: 'USDC',
        tokenDecimals: 6,
        dstChainId: 42161,
        dstToken: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
        dstSymbol: 'USDC',
        dstDecimals: 6,
        recipient: RECIPIENT,
        refundTo: RECIPIENT,
        reusable: true,
        ourFeeBps: 20,
        integratorFeeBps: 0,
        label: '+label',
        estimate: {},
        nextCheckAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    made.depositQuote = newId('dep');
    await s.db.prisma.order.create({
      data: {
        quoteId: made.depositQuote,
        provider: 'sandbox',
        status: 'filled',
        accountId: auth.accountId,
        livemode: false,
        srcChainId: 8453,
        dstChainId: 42161,
        amount: '25000000',
        dstAmount: '24950000',
        srcTxHash: hex(32),
        trackingId: hex(32),
        ourFeeBps: 20,
        partnerFeeBps: 0,
        depositAddressId: addressId,
        submittedAt: at,
        updatedAt: at,
      },
    });
    made.deposit = newId('dpt');
    await s.db.prisma.deposit.create({
      data: {
        id: made.deposit,
        depositAddressId: addressId,
        provider: 'sandbox',
        providerDepositId: hex(8),
        quoteId: made.depositQuote,
        amount: '25000000',
        srcTxHash: hex(32),
        detectedAt: at,
      },
    });
  });
  afterAll(() => s?.close());

  let dashboard: Record<string, string> | undefined;
  const download = async (kind: string, query = '', headers?: Record<string, string>) => {
    dashboard ??= await dashboardHeaders(s, auth.accountId);
    return s.get(`/v1/dashboard/exports/${kind}.csv${query}`, headers ?? dashboard);
  };

  it('invoices: the documented header, base-unit amounts with decimals, quoting and the formula guard read back by a CSV parser', async () => {
    const r = await download('invoices');
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-v1\.csv"$/);
    expect(r.text.endsWith('\r\n')).toBe(true);
    expect(headerOf(r.text)).toEqual(columnNames('invoices', 1));
    const rows = rowsOf(r.text);
    expect(rows.map((x) => x.id)).toEqual([made.invoice]);
    expect(rows[0]).toMatchObject({
      status: 'draft',
      amount: '25000000',
      decimals: '6',
      settle_chain_id: '8453',
      settle_symbol: 'USDC',
      customer_name: '\'=HYPERLINK("http://evil.example","Ada")',
      memo: 'Net 30, "rush"\nsecond line',
      number: '',
      paid_at: '',
    });
    expect(rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('checkout sessions, orders and deposits: each with its documented header and the account-and-mode rows', async () => {
    const sessions = await download('checkout_sessions');
    expect(headerOf(sessions.text)).toEqual(columnNames('checkout_sessions', 1));
    expect(rowsOf(sessions.text)).toEqual([
      expect.objectContaining({ id: made.session, status: 'open', amount: '25000000', amount_refunded: '0', decimals: '6', reference: "'@order-17" }),
    ]);
    const orders = await download('orders');
    expect(headerOf(orders.text)).toEqual(columnNames('orders', 1));
    expect(rowsOf(orders.text)).toEqual([
      expect.objectContaining({ quote_id: made.depositQuote, status: 'filled', amount: '25000000', dst_amount: '24950000', checkout_session_id: '' }),
    ]);
    const deposits = await download('deposits');
    expect(headerOf(deposits.text)).toEqual(columnNames('deposits', 1));
    expect(rowsOf(deposits.text)).toEqual([
      expect.objectContaining({
        id: made.deposit,
        quote_id: made.depositQuote,
        order_status: 'filled',
        amount: '25000000',
        decimals: '6',
        dst_amount: '24950000',
        dst_decimals: '6',
        label: "'+label",
      }),
    ]);
  });

  it("never lists another account's or the other mode's rows", async () => {
    const texts = await Promise.all(['invoices', 'checkout_sessions', 'orders', 'deposits'].map((k) => download(k).then((r) => r.text)));
    for (const t of texts) for (const id of [made.otherInvoice, made.liveInvoice]) expect(t).not.toContain(id);
    // The same account in live mode sees its live invoice only; another account sees nothing.
    const liveRows = rowsOf((await download('invoices', '', await dashboardHeaders(s, auth.accountId, 'live'))).text);
    expect(liveRows.map((r) => r.id)).toEqual([made.liveInvoice]);
    const stranger = await dashboardHeaders(s, (await s.createTestKey()).accountId);
    for (const kind of ['invoices', 'checkout_sessions', 'orders', 'deposits']) {
      const r = await download(kind, '', stranger);
      expect(r.status).toBe(200);
      expect(rowsOf(r.text), kind).toEqual([]);
    }
  });

  it('the range and the version: rows outside [from, to) are left out; an unknown version or an inverted range is INVALID_PARAMS', async () => {
    const future = await download('invoices', '?from=2099-01-01T00:00:00Z&to=2099-02-01T00:00:00Z');
    expect(future.status).toBe(200);
    expect(future.text).toBe(`${columnNames('invoices', 1).join(',')}\r\n`);
    expect((await download('invoices', '?version=1')).text).toContain(made.invoice);
    const v2 = await download('invoices', '?version=2');
    expect(v2.status).toBe(400);
    expect(v2.body.error).toMatchObject({ code: 'INVALID_PARAMS' });
    expect(v2.body.error.message).toMatch(/^version:/);
    const inverted = await download('invoices', '?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z');
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.message).toMatch(/^from:/);
    expect((await s.get('/v1/dashboard/exports/invoices.csv')).status).toBe(401);
    // A key is not a dashboard session.
    expect((await s.get('/v1/dashboard/exports/invoices.csv', { 'x-api-key': key })).status).toBe(401);
  });

  it('pages oldest first with a keyset cursor that loses and repeats nothing', async () => {
    const ids = [made.invoice];
    for (let i = 0; i < 4; i++) ids.push((await invoice(auth, `Customer ${i}`, 'memo')).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await s.services.invoices.exportPage(auth, { from: new Date(0), to: new Date(Date.now() + 60_000), cursor, limit: 2 });
      seen.push(...page.data.map((v) => v.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const all = rowsOf((await download('invoices')).text).map((r) => r.id);
    expect(all).toEqual(ids);
  });

  it('GraphQL csvExport answers the same text; beyond its size bound it is INVALID_PARAMS', async () => {
    const to = new Date(Date.now() + 60_000).toISOString();
    const from = '2020-01-01T00:00:00.000Z';
    const rest = await download('invoices', `?from=${from}&to=${to}`);
    const gql = await s.post(
      '/graphql',
      { query: 'query($from: DateTime, $to: DateTime) { csvExport(kind: invoices, startAt: $from, endAt: $to, version: 1) }', variables: { from, to } },
      { 'x-api-key': key },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.csvExport).toBe(rest.text);
    const bad = await s.post('/graphql', { query: 'query { csvExport(kind: invoices, version: 7) }' }, { 'x-api-key': key });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'version' });
    const range = s.services.exports.range({ from, to, version: 1 });
    await expect(s.services.exports.text(auth, 'invoices', range, 200)).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    expect(await s.services.exports.text(auth, 'invoices', range)).toBe(rest.text);
  });
});
