import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { invoiceBody } from './helpers.js';

describe.each(backends)('invoice numbering (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    // 50 creates and 50 sends from one key: past the strict bucket's default 60/min, which is not what this tests.
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false', DATABASE_POOL_SIZE: '20', RATE_LIMIT_STRICT: '1000/60' } });
  });
  afterAll(() => s?.close());

  it('50 drafts sent at once get 50 distinct consecutive numbers; test and live count apart', async () => {
    const { key, accountId } = await s.createTestKey();
    const h = { 'x-api-key': key };
    const drafts = await Promise.all(Array.from({ length: 50 }, () => s.post('/v1/invoices', invoiceBody, h).then((r) => r.body.id as string)));
    const sent = await Promise.all(drafts.map((id) => s.post(`/v1/invoices/${id}/send`, {}, h)));
    expect(sent.map((r) => r.status)).toEqual(drafts.map(() => 200));
    const numbers = sent.map((r) => r.body.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`));
    // Each number belongs to exactly one invoice in the database too.
    const rows = await s.db.sql.query<{ number: string }>('SELECT number FROM invoices WHERE account_id = $1 ORDER BY number', [accountId]);
    expect(rows.map((r) => r.number)).toEqual(numbers);

    // Live mode of the same account numbers from INV-0001.
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const live = await s.services.accounts.createKey(accountId, 'live');
    const r = await s.post('/v1/invoices', { ...invoiceBody, send: true }, { 'x-api-key': live.key });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ livemode: true, number: 'INV-0001', id: expect.stringMatching(/^inv_(?!test_)[0-9A-Za-z]{22,}$/) });
  });

  it('a send that rolls back gives its number back (no gap)', async () => {
    const { key, accountId } = await s.createTestKey();
    const h = { 'x-api-key': key };
    const a = (await s.post('/v1/invoices', { ...invoiceBody, send: true }, h)).body;
    expect(a.number).toBe('INV-0001');
    // A draft whose send fails inside its transaction: its row is made invalid for an open invoice.
    const b = (await s.post('/v1/invoices', invoiceBody, h)).body;
    await s.db.sql.query(`ALTER TABLE invoices ADD CONSTRAINT t_no_open_${accountId.slice(-6).toLowerCase()} CHECK (id <> '${b.id}' OR status = 'draft')`);
    expect((await s.post(`/v1/invoices/${b.id}/send`, {}, h)).status).toBe(500);
    await s.db.sql.query(`ALTER TABLE invoices DROP CONSTRAINT t_no_open_${accountId.slice(-6).toLowerCase()}`);
    expect((await s.post(`/v1/invoices/${b.id}/send`, {}, h)).body.number).toBe('INV-0002');
  });
});
