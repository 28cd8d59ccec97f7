import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_CSV_VERSIONS } from '../../src/ledger/input.js';
import { ledgerColumnNames } from '../../src/ledger/columns.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { fillOrders } from '../helpers/ledger.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const groupBy = <T>(xs: readonly T[], key: (x: T) => string) => {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
};
const ETH = '0x0000000000000000000000000000000000000000';

/**
 * The fee ledger end to end on one server (PGlite): fills written by the real order poller post balanced entries in
 * the fill's transaction (priced before it, from the price book), once; balances, totals, entries, the CSV and
 * reversals over REST and GraphQL; and the database itself refusing changes and unbalanced transactions.
 */
describe('fee ledger', () => {
  const llama = new DefiLlamaServer();
  let s: TestServer;
  const admin = adminHeaders();
  const gql = async (query: string, variables: Record<string, unknown> = {}) => (await s.post('/graphql', { query, variables }, admin)).body;
  const entriesOf = async (orderId: string) => (await s.get(`/v1/admin/ledger/entries?orderId=${orderId}&limit=100`, admin)).body.data as any[];

  // Three live fills in USDC and ETH on Base (priced by the DefiLlama fixture), one on a chain the service does not
  // know (no price: no USD value, never a guess), one without fees.
  let usdcA: string;
  let usdcB: string;
  let eth: string;
  let unknown: string;
  let free: string;
  beforeAll(async () => {
    await llama.start();
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', DEFILLAMA_API_URL: llama.url, ...ADMIN_ENV } });
    [usdcA, usdcB, eth, unknown, free] = await fillOrders(s, [
      { amount: '25000000', ourFeeBps: 20, partnerFeeBps: 10, partnerId: 'acme' },
      { amount: '1000000', ourFeeBps: 30, partnerFeeBps: 0, provider: 'debridge' },
      { amount: (10n ** 18n).toString(), ourFeeBps: 25, partnerFeeBps: 5, partnerId: 'globex', srcToken: ETH, provider: 'lifi' },
      { amount: '5000000', ourFeeBps: 20, srcChainId: 99_999_999, srcToken: '0xabc', provider: 'relay' },
      { amount: '5000000', ourFeeBps: 0, partnerFeeBps: 0 },
    ]);
  });
  afterAll(async () => {
    await s?.close();
    await llama.close();
  });

  it('a fill posts one balanced transaction per fee leg, in the input token, valued at fill time', async () => {
    const entries = await entriesOf(usdcA);
    expect(entries).toHaveLength(4);
    const byTx = groupBy(entries, (e) => e.transactionId);
    expect(byTx.size).toBe(2);
    for (const tx of byTx.values()) expect(tx.reduce((a, e) => a + BigInt(e.amount), 0n)).toBe(0n);
    const row = (account: string) => entries.find((e) => e.account === account && BigInt(e.amount) > 0n);
    // 25 USDC: 20 bps → 50000, 10 bps → 25000 (base units), at DefiLlama's 0.9999.
    expect(row('service_revenue')).toMatchObject({
      object: 'ledger_entry',
      type: 'fee',
      leg: 'service_fee',
      orderId: usdcA,
      partnerId: 'acme',
      chainId: 8453,
      token: USDC,
      decimals: 6,
      amount: '50000',
      usdValue: '0.049995',
      priceUsd: 0.9999,
      priceSource: 'defillama',
      livemode: true,
      provider: 'relay',
      srcChainId: 8453,
      dstChainId: 42161,
    });
    expect(row('partner_payable:acme')).toMatchObject({ leg: 'partner_fee', amount: '25000', usdValue: '0.024998' });
    expect(
      entries
        .filter((e) => e.account === 'payer_volume')
        .map((e) => e.amount)
        .sort(),
    ).toEqual(['-25000', '-50000']);
    // The entry's time is the fill's.
    const order = await s.infra.prisma.order.findUniqueOrThrow({ where: { quoteId: usdcA } });
    expect(order.status).toBe('filled');
    expect(new Set(entries.map((e) => e.createdAt))).toEqual(new Set([order.finalizedAt!.toISOString()]));
  });

  it('no price known: the entry has no USD value and no source, never a guess; no fee: nothing is written', async () => {
    const entries = await entriesOf(unknown);
    expect(entries.map((e) => [e.amount, e.usdValue, e.priceUsd, e.priceSource, e.decimals])).toEqual(
      expect.arrayContaining([
        ['10000', null, null, null, null],
        ['-10000', null, null, null, null],
      ]),
    );
    expect(await entriesOf(free)).toEqual([]);
    expect(await entriesOf(eth)).toHaveLength(4);
    expect((await entriesOf(eth)).find((e) => e.account === 'service_revenue')).toMatchObject({ amount: (25n * 10n ** 14n).toString(), usdValue: '8.001250' });
  });

  it('a replayed fill writes nothing: each (order, leg) is posted once', async () => {
    const row = await s.infra.prisma.order.findUniqueOrThrow({ where: { quoteId: usdcA } });
    const fills = s.services.orders.fills;
    const prepared = await fills.prepare([row]);
    await s.infra.prisma.$transaction((tx) => fills.record(tx, row, prepared));
    expect(await entriesOf(usdcA)).toHaveLength(4);
    // The orders domain refuses to run the fill listeners for an order that is not filled.
    await expect(s.infra.prisma.$transaction((tx) => fills.record(tx, { ...row, status: 'submitted' }, prepared))).rejects.toThrow(/not filled/);
  });

  it('a second order reporting the same source transaction posts nothing: one transaction, one fee', async () => {
    const { srcTxHash } = await s.infra.prisma.order.findUniqueOrThrow({ where: { quoteId: usdcA } });
    const [squatter] = await fillOrders(s, [{ amount: '25000000', ourFeeBps: 20, partnerFeeBps: 40, partnerId: 'mallory', srcTxHash }]);
    expect((await s.infra.prisma.order.findUniqueOrThrow({ where: { quoteId: squatter } })).status).toBe('filled');
    expect(await entriesOf(squatter)).toEqual([]);
  });

  it('balances: per account and currency at a time, every currency summing to zero', async () => {
    const r = await s.get('/v1/admin/ledger/balances', admin);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ object: 'ledger_balances', mode: 'live' });
    const usdc = r.body.data.filter((b: any) => b.chainId === 8453 && b.token === USDC);
    expect(usdc.map((b: any) => [b.account, b.amount, b.entries])).toEqual([
      ['partner_payable:acme', '25000', 1],
      ['payer_volume', '-78000', 3],
      ['service_revenue', '53000', 2],
    ]);
    for (const cur of groupBy(r.body.data as any[], (b) => `${b.chainId}:${b.token}`).values())
      expect(
        cur.reduce((a, b) => a + BigInt(b.amount), 0n),
        JSON.stringify(cur),
      ).toBe(0n);
    // Before the fills there was nothing; test mode has nothing.
    const before = await s.get(`/v1/admin/ledger/balances?at=2020-01-01T00:00:00Z`, admin);
    expect(before.body.data).toEqual([]);
    expect((await s.get('/v1/admin/ledger/balances?mode=test', admin)).body.data).toEqual([]);
    // One partner's fills only.
    const acme = await s.get('/v1/admin/ledger/balances?partner=acme', admin);
    expect(acme.body.data.map((b: any) => [b.account, b.amount])).toEqual([
      ['partner_payable:acme', '25000'],
      ['payer_volume', '-75000'],
      ['service_revenue', '50000'],
    ]);
    // An impossible date is the shared date rule's 400.
    expect((await s.get('/v1/admin/ledger/balances?at=2031-02-30T00:00:00Z', admin)).status).toBe(400);
  });

  it('totals: the fees per partner, account, provider, token, day or month, per leg and currency', async () => {
    const get = async (q: string) => {
      const r = await s.get(`/v1/admin/ledger/totals?${q}`, admin);
      expect(r.status, r.text).toBe(200);
      return (r.body.data as any[]).map((t) => [t.group, t.leg, t.token, t.amount, t.unpricedEntries]);
    };
    expect(await get(`groupBy=partner&token=8453:${USDC.toUpperCase().replace('0X', '0x')}`)).toEqual([
      [null, 'service_fee', USDC, '3000', 0],
      ['acme', 'partner_fee', USDC, '25000', 0],
      ['acme', 'service_fee', USDC, '50000', 0],
    ]);
    expect(await get('groupBy=provider&token=99999999:0xabc')).toEqual([['relay', 'service_fee', '0xabc', '10000', 1]]);
    expect(await get(`groupBy=account&partner=globex`)).toEqual([
      ['partner_payable:globex', 'partner_fee', ETH, (5n * 10n ** 14n).toString(), 0],
      ['service_revenue', 'service_fee', ETH, (25n * 10n ** 14n).toString(), 0],
    ]);
    const day = new Date(s.infra.clock.now()).toISOString().slice(0, 10);
    expect((await get('groupBy=day&account=service_revenue')).map((t) => t[0])).toEqual(expect.arrayContaining([day]));
    expect((await get('groupBy=month&provider=debridge')).map((t) => [t[0], t[3]])).toEqual([[day.slice(0, 7), '3000']]);
    expect(await get('groupBy=token&account=payer_volume&provider=debridge')).toEqual([[`8453:${USDC}`, 'service_fee', USDC, '-3000', 0]]);
    // The metric-friendly call: no arguments, every fee per account, live.
    const all = await s.services.ledger.totals();
    expect(all.groupBy).toBe('account');
    expect(all.data.some((t) => t.group === 'payer_volume')).toBe(false);
    const bad = await s.get('/v1/admin/ledger/totals?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z', admin);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_PARAMS']);
  });

  it('entries: newest first with cursor paging and filters; malformed filters are 400', async () => {
    const first = await s.get('/v1/admin/ledger/entries?limit=3&mode=live', admin);
    expect(first.body).toMatchObject({ object: 'list', hasMore: true });
    const next = await s.get(`/v1/admin/ledger/entries?limit=100&mode=live&cursor=${first.body.nextCursor}`, admin);
    const ids = [...first.body.data, ...next.body.data].map((e: any) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe((await s.get('/v1/admin/ledger/entries?limit=100', admin)).body.data.length);
    const revenue = await s.get('/v1/admin/ledger/entries?account=service_revenue&provider=lifi', admin);
    expect(revenue.body.data.map((e: any) => e.orderId)).toEqual([eth]);
    for (const q of ['account=cash', 'partner=Not_A_Partner', 'token=base:USDC', 'token=99999999999:0xabc', 'orderId=%00', 'cursor=nope'])
      expect((await s.get(`/v1/admin/ledger/entries?${q}`, admin)).status, q).toBe(400);
  });

  it('reversal: the entries negated with the reason, audited in the same transaction, at most once, never of a reversal', async () => {
    const [service] = (await entriesOf(usdcB)).filter((e) => e.account === 'service_revenue');
    const r = await s.post(`/v1/admin/ledger/transactions/${service.transactionId}/reverse`, { reason: '=HYPERLINK("x") refunded' }, admin);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ object: 'ledger_transaction', type: 'reversal', reversesId: service.transactionId, actor: 'ops', orderId: usdcB });
    expect(r.body.entries.map((e: any) => [e.account, e.amount, e.type]).sort()).toEqual([
      ['payer_volume', '3000', 'reversal'],
      ['service_revenue', '-3000', 'reversal'],
    ]);
    // The order's ledger nets to zero now.
    const net = (await entriesOf(usdcB)).reduce((m, e) => m.set(e.account, (m.get(e.account) ?? 0n) + BigInt(e.amount)), new Map<string, bigint>());
    expect([...net.values()]).toEqual([0n, 0n]);
    const audit = await s.get(`/v1/admin/audit-log?targetType=ledger_transaction&targetId=${service.transactionId}`, admin);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({ actor: 'ops', action: 'ledger.reverse', before: { id: service.transactionId }, after: { id: r.body.id } });

    const again = await s.post(`/v1/admin/ledger/transactions/${service.transactionId}/reverse`, { reason: 'again' }, admin);
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(again.body.error.message).toContain(r.body.id);
    const ofReversal = await s.post(`/v1/admin/ledger/transactions/${r.body.id}/reverse`, { reason: 'undo' }, admin);
    expect([ofReversal.status, ofReversal.body.error.code]).toEqual([409, 'CONFLICT']);
    for (const [id, body, status] of [
      ['ltx_0000000000000000000000', { reason: 'x' }, 404],
      ['nope', { reason: 'x' }, 404],
      [service.transactionId, { reason: 'nul \u0000' }, 400],
      [service.transactionId, { reason: '' }, 400],
      [service.transactionId, { reason: 'x', extra: 1 }, 400],
    ] as const)
      expect((await s.post(`/v1/admin/ledger/transactions/${id}/reverse`, body, admin)).status, JSON.stringify(body)).toBe(status);
  });

  it('the database refuses to change or remove an entry or a transaction', async () => {
    await expect(s.db.sql.query(`UPDATE ledger_entries SET amount = 1 WHERE order_id = $1`, [usdcA])).rejects.toThrow(/append-only/);
    await expect(s.db.sql.query(`DELETE FROM ledger_entries WHERE order_id = $1`, [usdcA])).rejects.toThrow(/append-only/);
    await expect(s.db.sql.query(`UPDATE ledger_transactions SET leg = 'partner_fee' WHERE order_id = $1`, [usdcA])).rejects.toThrow(/append-only/);
    await expect(s.db.sql.query(`DELETE FROM ledger_transactions WHERE order_id = $1`, [usdcA])).rejects.toThrow(/append-only/);
    await expect(s.db.sql.query('TRUNCATE ledger_entries, ledger_transactions')).rejects.toThrow(/append-only/);
    expect(await entriesOf(usdcA)).toHaveLength(4);
  });

  it('CSV: a header of the documented columns, one record per entry oldest first, signed amounts as numbers, text guarded', async () => {
    const r = await s.get('/v1/admin/ledger/export.csv?mode=live', admin);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-v1\.csv"$/);
    const [header, ...rows] = parse(r.text) as string[][];
    expect(header).toEqual(ledgerColumnNames(1));
    const col = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength((await s.get('/v1/admin/ledger/entries?limit=100&mode=live', admin)).body.data.length);
    const created = rows.map((x) => x[col('created')]);
    expect(created).toEqual([...created].sort());
    const reversal = rows.find((x) => x[col('type')] === 'reversal' && x[col('account')] === 'service_revenue')!;
    expect(reversal[col('amount')]).toBe('-3000');
    expect(reversal[col('net')]).toBe('-3000');
    expect(reversal[col('fee')]).toBe('0');
    expect(reversal[col('reason')]).toBe(`'=HYPERLINK("x") refunded`);
    expect(reversal[col('currency')]).toBe(`8453:${USDC}`);
    expect(reversal[col('reporting_category')]).toBe('service_fee');
    // GraphQL answers the same text.
    const g = await gql('query { adminLedgerCsv(mode: live) }');
    expect(g.data.adminLedgerCsv).toBe(r.text);
  });

  it('docs/ledger.md lists exactly the CSV columns of each version, in order', () => {
    const doc = readFileSync(new URL('../../docs/ledger.md', import.meta.url), 'utf8');
    for (const v of LEDGER_CSV_VERSIONS) {
      const section = doc.split(`### CSV columns, version ${v}`)[1]?.split('\n## ')[0]?.split('\n### ')[0];
      expect(section, `docs/ledger.md has "### CSV columns, version ${v}"`).toBeDefined();
      const documented = [...section!.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
      expect(documented).toEqual(ledgerColumnNames(v));
    }
  });

  it('GraphQL: entries, balances, totals and the reversal mutation', async () => {
    const entries = await gql(
      'query ($f: AdminLedgerEntryFilter) { adminLedgerEntries(filter: $f, first: 10) { nodes { id transactionId account amount mode leg type priceSource } pageInfo { hasNextPage } } }',
      { f: { orderId: eth, mode: 'live' } },
    );
    expect(entries.errors).toBeUndefined();
    expect(entries.data.adminLedgerEntries.nodes).toHaveLength(4);
    const balances = await gql('query { adminLedgerBalances(filter: { partner: "globex" }) { totalCount nodes { account amount usdValue } } }');
    expect(balances.data.adminLedgerBalances.totalCount).toBe(3);
    const totals = await gql('query { adminLedgerTotals(groupBy: partner, filter: { account: "partner_payable:globex" }) { nodes { group leg amount } } }');
    expect(totals.data.adminLedgerTotals.nodes).toEqual([{ group: 'globex', leg: 'partner_fee', amount: (5n * 10n ** 14n).toString() }]);
    const partnerTx = entries.data.adminLedgerEntries.nodes.find((e: any) => e.leg === 'partner_fee').transactionId;
    const reverse = `mutation ($i: AdminReverseLedgerTransactionInput!) { adminReverseLedgerTransaction(input: $i) {
      __typename ... on AdminReverseLedgerTransactionPayload { reversal { type reversesId actor entries { totalCount nodes { amount } } } } ... on Error { code } } }`;
    const first = await gql(reverse, { i: { id: partnerTx, reason: 'partner paid off chain' } });
    expect(first.data.adminReverseLedgerTransaction).toMatchObject({
      reversal: { type: 'reversal', reversesId: partnerTx, actor: 'ops', entries: { totalCount: 2 } },
    });
    expect((await gql(reverse, { i: { id: partnerTx, reason: 'again' } })).data.adminReverseLedgerTransaction).toEqual({
      __typename: 'ConflictError',
      code: 'CONFLICT',
    });
    expect((await gql(reverse, { i: { id: 'ltx_0000000000000000000000', reason: 'x' } })).data.adminReverseLedgerTransaction.code).toBe('NOT_FOUND');
    const bad = await gql('query ($t: DateTime) { adminLedgerBalances(asOfAt: $t) { totalCount } }', { t: '2031-02-30T00:00:00Z' });
    expect(bad.errors[0].extensions.code).toBe('INVALID_PARAMS');
  });
});
