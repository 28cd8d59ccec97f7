import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { freshAddress } from './helpers.js';
import { VERIFY_JOB } from '../../src/checkout/shared.js';

/**
 * A routed payment's order and its checkout payment are written in one transaction: two reports of the same
 * checkout quote racing with different hashes end with exactly one order, one payment (the winner's), and a
 * 409 for the loser — never an order without its payment or a payment without its order.
 */
const devnet = withDevnet();

describe.each(backends)('concurrent reports of one checkout quote (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({
      backend,
      // Jobs off: only the report path writes orders and payments here.
      env: { PROVIDERS: 'mock', MOCK_PROVIDER: '1', RPC_URL_8453: devnet.rpcUrl, JOBS_ENABLED: 'false' },
    });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const hash = () => `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

  it('exactly one of two hashes wins; the session has exactly one payment, matching the one order', async () => {
    for (let round = 0; round < 4; round++) {
      const cs = await s.post(
        '/v1/checkout/sessions',
        { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: freshAddress() },
        { 'x-api-key': key },
      );
      const q = await s.post(`/v1/checkout/sessions/${cs.body.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: devnet.accounts[1]!.address });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      const quoteId = q.body.best.quoteId as string;
      const hashes = [hash(), hash(), hash()];
      const rs = await Promise.all(hashes.map((txHash) => s.post(`/v1/orders/${quoteId}/submitted`, { txHash })));
      const statuses = rs.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(rs.map((r) => r.body))).toEqual([200, 409, 409]);
      for (const r of rs.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('CONFLICT');
      const winner = hashes[rs.findIndex((r) => r.status === 200)]!;

      const orders = await s.db.sql.query<{ src_tx_hash: string }>('SELECT src_tx_hash FROM orders WHERE quote_id = $1', [quoteId]);
      expect(orders.map((o) => o.src_tx_hash)).toEqual([winner]);
      const payments = await s.db.sql.query<{ src_tx_hash: string; quote_id: string }>(
        'SELECT src_tx_hash, quote_id FROM checkout_payments WHERE session_id = $1',
        [cs.body.id],
      );
      expect(payments).toEqual([{ src_tx_hash: winner, quote_id: quoteId }]);
      const view = (await s.get(`/v1/checkout/sessions/${cs.body.id}`, { 'x-api-key': key })).body;
      expect(view.status).toBe('open'); // a hint until the chain shows it
      expect(view.payments).toHaveLength(1);
      // The winner reporting again is idempotent; the losers stay refused.
      expect((await s.post(`/v1/orders/${quoteId}/submitted`, { txHash: winner })).status).toBe(200);
      expect((await s.post(`/v1/orders/${quoteId}/submitted`, { txHash: hashes.find((h) => h !== winner)! })).status).toBe(409);
    }
  });
  it("wakes the verifier only after the routed payment is committed, never from inside the report's transaction", async () => {
    const kicks: string[] = [];
    const jobs = s.services.jobs;
    const kick = jobs.kick.bind(jobs);
    jobs.kick = (name: string) => {
      kicks.push(name);
      kick(name);
    };
    // Runs inside the report's transaction, after the checkout listener has recorded the payment.
    const wokenInsideTx: number[] = [];
    s.services.orders.onReported(async () => {
      wokenInsideTx.push(kicks.filter((k) => k === VERIFY_JOB).length);
    });
    try {
      const cs = await s.post(
        '/v1/checkout/sessions',
        { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: freshAddress() },
        { 'x-api-key': key },
      );
      const q = await s.post(`/v1/checkout/sessions/${cs.body.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: devnet.accounts[1]!.address });
      expect((await s.post(`/v1/orders/${q.body.best.quoteId}/submitted`, { txHash: hash() })).status).toBe(200);
      expect(wokenInsideTx).toEqual([0]);
      expect(kicks.filter((k) => k === VERIFY_JOB)).toHaveLength(1);
    } finally {
      jobs.kick = kick;
    }
  });

  it('the same hash reported as a direct transfer and under a quote is two hints, each judged on its own (a stranger reporting first locks nobody out)', async () => {
    const cs = await s.post(
      '/v1/checkout/sessions',
      { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: freshAddress() },
      { 'x-api-key': key },
    );
    const q = await s.post(`/v1/checkout/sessions/${cs.body.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: devnet.accounts[1]!.address });
    const quoteId = q.body.best.quoteId as string;
    const h = hash();
    const direct = await s.post(`/v1/checkout/sessions/${cs.body.id}/submitted`, { txHash: h, payer: devnet.accounts[1]!.address });
    expect(direct.status).toBe(200);
    const r = await s.post(`/v1/orders/${quoteId}/submitted`, { txHash: h });
    expect(r.status, r.text).toBe(200);
    expect(await s.db.sql.query('SELECT quote_id FROM orders WHERE quote_id = $1', [quoteId])).toEqual([{ quote_id: quoteId }]);
    const rows = await s.db.sql.query<{ kind: string; quote_id: string | null }>(
      'SELECT kind, quote_id FROM checkout_payments WHERE session_id = $1 ORDER BY kind',
      [cs.body.id],
    );
    expect(rows).toEqual([
      { kind: 'direct', quote_id: null },
      { kind: 'routed', quote_id: quoteId },
    ]);
    // Each report stays idempotent on its own.
    expect((await s.post(`/v1/checkout/sessions/${cs.body.id}/submitted`, { txHash: h, payer: devnet.accounts[1]!.address })).status).toBe(200);
    expect((await s.post(`/v1/orders/${quoteId}/submitted`, { txHash: h })).status).toBe(200);
    expect(await s.db.sql.query('SELECT id FROM checkout_payments WHERE session_id = $1', [cs.body.id])).toHaveLength(2);
    // The database refuses a second row for the same session, transaction and quote.
    await expect(
      s.db.sql.query(
        `INSERT INTO checkout_payments (id, session_id, kind, status, payer, src_chain_id, src_tx_hash, settle_chain_id, created_at, updated_at)
         VALUES ('cspay_dup_direct', $1, 'direct', 'verifying', $2, 8453, $3, 8453, now(), now())`,
        [cs.body.id, devnet.accounts[1]!.address.toLowerCase(), h],
      ),
    ).rejects.toThrow();
  });
});
