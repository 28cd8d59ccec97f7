import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/clock.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SOL_RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const base = { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT };

describe.each(backends)('checkout sessions API (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  const clock = new ManualClock(Date.parse('2026-11-22T10:00:00.000Z'));
  const h = () => ({ 'x-api-key': key });
  const create = (body: Record<string, unknown>, k = key) => s.post('/v1/checkout/sessions', body, { 'x-api-key': k });

  beforeAll(async () => {
    s = await startTestServer({ backend, clock, env: { JOBS_ENABLED: 'false' } });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  it('creates a session with a cs_test_ id, the pay url and the settlement token facts', async () => {
    const r = await create({
      ...base,
      description: 'Order #1',
      merchantName: 'Shop',
      reference: 'ord-1',
      metadata: { cart: 'c1' },
      successUrl: 'https://shop.example/ok',
    });
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^cs_test_[0-9A-Za-z]{22,}$/);
    expect(r.body).toMatchObject({
      object: 'checkout.session',
      livemode: false,
      status: 'open',
      amount: '25000000',
      settlement: { chainId: 8453, token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 },
      recipient: RECIPIENT,
      description: 'Order #1',
      merchantName: 'Shop',
      reference: 'ord-1',
      metadata: { cart: 'c1' },
      successUrl: 'https://shop.example/ok',
      cancelUrl: null,
      url: `http://localhost:8787/pay/${r.body.id}`,
      expiresAt: '2026-11-22T11:00:00.000Z',
      payment: null,
    });
  });

  it('ids carry at least 128 bits of randomness and never repeat', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => create(base).then((r) => r.body.id as string)));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id.slice('cs_test_'.length).length * Math.log2(62)).toBeGreaterThanOrEqual(128);
  });

  it('BNB Chain USDT settles with 18 decimals; Solana USDC takes a base58 recipient', async () => {
    const bnb = await create({ ...base, settleChain: 56, settleToken: 'usdt' });
    expect(bnb.body.settlement).toEqual({ chainId: 56, token: '0x55d398326f99059ff775485246999027b3197955', symbol: 'USDT', decimals: 18 });
    const sol = await create({ ...base, settleChain: 'solana', recipient: SOL_RECIPIENT });
    expect(sol.status).toBe(201);
    expect(sol.body.settlement.token).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expect(sol.body.recipient).toBe(SOL_RECIPIENT);
  });

  it.each([
    [{ amount: '0' }, 'INVALID_PARAMS', 'amount'],
    [{ amount: '1.5' }, 'INVALID_PARAMS', 'amount'],
    [{ amount: 100 }, 'INVALID_PARAMS', 'amount'],
    [{ amount: '-1' }, 'INVALID_PARAMS', 'amount'],
    [{ settleChain: 'avalanche' }, 'UNSUPPORTED_CHAIN', 'settleChain'],
    [{ settleChain: 137, settleToken: 'USDT' }, 'UNSUPPORTED_TOKEN', 'settleToken'],
    [{ settleToken: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb' }, 'UNSUPPORTED_TOKEN', 'settleToken'],
    [{ recipient: SOL_RECIPIENT }, 'INVALID_PARAMS', 'recipient'],
    [{ recipient: '0x0000000000000000000000000000000000000000' }, 'INVALID_PARAMS', 'recipient'],
    [{ settleChain: 'solana', recipient: RECIPIENT }, 'INVALID_PARAMS', 'recipient'],
    [{ expiresInMinutes: 4 }, 'INVALID_PARAMS', 'expiresInMinutes'],
    [{ expiresInMinutes: 10081 }, 'INVALID_PARAMS', 'expiresInMinutes'],
    [{ expiresInMinutes: 6.5 }, 'INVALID_PARAMS', 'expiresInMinutes'],
    [{ successUrl: 'javascript:alert(1)' }, 'INVALID_PARAMS', 'successUrl'],
    [{ cancelUrl: 'ftp://x.example' }, 'INVALID_PARAMS', 'cancelUrl'],
    [{ description: 'x'.repeat(1001) }, 'INVALID_PARAMS', 'description'],
    [{ merchantName: 'x'.repeat(101) }, 'INVALID_PARAMS', 'merchantName'],
    [{ reference: 'x'.repeat(201) }, 'INVALID_PARAMS', 'reference'],
    [{ metadata: { a: 1 } }, 'INVALID_PARAMS', 'metadata'],
    [{ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'INVALID_PARAMS', 'metadata'],
    [{ metadata: { ['k'.repeat(41)]: 'v' } }, 'INVALID_PARAMS', 'metadata'],
    // Postgres text cannot store NUL: without a rule these were 500s.
    [{ description: 'a\u0000b' }, 'INVALID_PARAMS', 'description'],
    [{ reference: 'r\u0000' }, 'INVALID_PARAMS', 'reference'],
    [{ metadata: { k: 'v\u0000' } }, 'INVALID_PARAMS', 'metadata'],
    // jsonb refuses lone surrogates: these were 500s too.
    [{ metadata: { k: 'v\ud800' } }, 'INVALID_PARAMS', 'metadata'],
    [{ metadata: { '\udfff': 'v' } }, 'INVALID_PARAMS', 'metadata'],
    [{ successUrl: 'https://shop.example/\u0000' }, 'INVALID_PARAMS', 'successUrl'],
  ])('rejects %j with %s', async (over, code, field) => {
    const r = await create({ ...base, ...over });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).toContain(field);
  });

  it('an amount above 2^256-1 is AMOUNT_TOO_LARGE at creation, REST and GraphQL (it used to be stored, and its payer quote then answered 500 INTERNAL)', async () => {
    const tooLarge = (1n << 256n).toString();
    const r = await create({ ...base, amount: tooLarge });
    expect([r.status, r.body.error?.code, r.body.error?.message]).toEqual([400, 'AMOUNT_TOO_LARGE', 'amount: exceeds the largest token amount (2^256-1)']);
    const g = await s.post(
      '/graphql',
      {
        query: 'mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { __typename } }',
        variables: { input: { ...base, amount: tooLarge } },
      },
      h(),
    );
    expect(g.body.data).toBeNull();
    expect(g.body.errors).toMatchObject([
      { message: 'amount: exceeds the largest token amount (2^256-1)', extensions: { code: 'AMOUNT_TOO_LARGE', field: 'amount' } },
    ]);
    // Nothing was stored: the key's sessions hold no such amount.
    const list = await s.get('/v1/checkout/sessions?limit=100', h());
    expect(list.body.data.some((x: { amount: string }) => x.amount.length > 77)).toBe(false);
    // The largest amount is accepted, and quoting it is never a 500.
    const max = await create({ ...base, amount: ((1n << 256n) - 1n).toString() });
    expect(max.status).toBe(201);
    const quote = await s.post(`/v1/checkout/sessions/${max.body.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT });
    expect(quote.status).toBeLessThan(500);
  });

  it('leading zeros are refused, not read away: "0001000000" is INVALID_PARAMS on create and refund (one spelling per amount)', async () => {
    const r = await create({ ...base, amount: '0001000000' });
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, 'INVALID_PARAMS', 'amount: must have no leading zeros (send "1000000")']);
    const { body: cs } = await create(base);
    const refund = await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { amount: '01' }, h());
    expect([refund.status, refund.body.error.code, refund.body.error.message]).toEqual([
      400,
      'INVALID_PARAMS',
      'amount: must have no leading zeros (send "1")',
    ]);
    const tooLarge = await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { amount: (1n << 256n).toString() }, h());
    expect([tooLarge.status, tooLarge.body.error.code]).toEqual([400, 'AMOUNT_TOO_LARGE']);
  });

  it('malformed session, refund and cursor ids are NOT_FOUND / INVALID_PARAMS on every route, never a 500', async () => {
    const { body: cs } = await create(base);
    for (const id of ['%00', 'cs_test_%00', `cs_test_${'a'.repeat(5000)}`, 'cs_test_%F0%9F%98%80']) {
      // Each route gets a valid body of its own (an unknown field would be refused before the id is looked at).
      for (const [method, path, body] of [
        ['GET', `/v1/checkout/sessions/${id}`],
        ['POST', `/v1/checkout/sessions/${id}/expire`, {}],
        ['POST', `/v1/checkout/sessions/${id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT }],
        ['POST', `/v1/checkout/sessions/${id}/submitted`, { txHash: `0x${'ab'.repeat(32)}`, payer: RECIPIENT }],
        ['POST', `/v1/checkout/sessions/${id}/refunds`, {}],
        ['GET', `/v1/checkout/sessions/${id}/refunds`],
        ['POST', `/v1/checkout/sessions/${cs.id}/refunds/${id.replace('cs_', 're_')}/cancel`, {}],
      ] as const) {
        const r = await s.request(path, {
          method,
          headers: { 'content-type': 'application/json', ...h() },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect([r.status, r.body.error.code], `${method} ${path.slice(0, 60)}`).toEqual([404, 'NOT_FOUND']);
      }
    }
    const cursor = Buffer.from(JSON.stringify(['2026-11-22T10:00:00.000Z', 'cs_\u0000'])).toString('base64url');
    expect((await s.get(`/v1/checkout/sessions?cursor=${cursor}`, h())).body.error.code).toBe('INVALID_PARAMS');
  });

  it('one delivering transaction pays one session even when it is reported in another spelling (hash case)', async () => {
    const checkout = s.services.checkout;
    const [{ body: a }, { body: b }] = await Promise.all([create(base), create(base)]);
    await s.post(`/v1/checkout/sessions/${a.id}/submitted`, { txHash: `0x${'11'.repeat(32)}`, payer: RECIPIENT });
    await s.post(`/v1/checkout/sessions/${b.id}/submitted`, { txHash: `0x${'22'.repeat(32)}`, payer: RECIPIENT });
    // Each report seen on chain with its session's evidence (what the verifier establishes first).
    const pay = async (id: string) => {
      const p = (await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: id } })).id;
      await checkout.settlePayment(p, { kind: 'seen' });
      return p;
    };
    const delivery = `0x${'ef'.repeat(32)}`;
    // As a routed payment's provider-reported dstTxHash could arrive: once lower-case, once upper-case.
    await checkout.settlePayment(await pay(a.id), { kind: 'succeeded', deliveryTxHash: delivery, amountReceived: 25_000_000n });
    await checkout.settlePayment(await pay(b.id), { kind: 'succeeded', deliveryTxHash: `0x${delivery.slice(2).toUpperCase()}`, amountReceived: 25_000_000n });
    expect((await s.get(`/v1/checkout/sessions/${a.id}`)).body.status).toBe('paid');
    const second = (await s.get(`/v1/checkout/sessions/${b.id}`, h())).body;
    expect(second.status).toBe('needs_review');
    expect(second.payments[0]).toMatchObject({ status: 'rejected', reason: 'tx_already_used' });
  });

  it('two verifiers settling the same payment at once (two instances): one writes each step, the other finds it done', async () => {
    const checkout = s.services.checkout;
    const { body: cs } = await create(base);
    await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: `0x${'33'.repeat(32)}`, payer: RECIPIENT });
    const p = await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: cs.id } });
    // Both read the payment as it was reported (the same `asOf`), as each instance's verifier run does.
    const seen = await Promise.all([checkout.settlePayment(p.id, { kind: 'seen' }, p.updatedAt), checkout.settlePayment(p.id, { kind: 'seen' }, p.updatedAt)]);
    expect(seen.sort()).toEqual([null, 'seen']); // (sort: 'null' < 'seen')
    const finding = { kind: 'succeeded' as const, deliveryTxHash: `0x${'33'.repeat(32)}`, amountReceived: 25_000_000n };
    const settled = await Promise.all([checkout.settlePayment(p.id, finding, p.updatedAt), checkout.settlePayment(p.id, finding, p.updatedAt)]);
    expect(settled.sort()).toEqual([null, 'settled']);
    // Settled already: a later finding writes nothing.
    expect(await checkout.settlePayment(p.id, finding, p.updatedAt)).toBeNull();
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('paid');
    const events = await s.db.sql.query<{ type: string }>('SELECT type FROM events WHERE resource_id = $1 ORDER BY sequence', [cs.id]);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
  });

  it('needs a key to create', async () => {
    const r = await s.post('/v1/checkout/sessions', base);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('UNAUTHORIZED');
  });

  it('public GET omits reference and metadata; the owner sees them; other accounts see the public view', async () => {
    const { body: cs } = await create({ ...base, reference: 'secret-ref', metadata: { k: 'v' } });
    const pub = await s.get(`/v1/checkout/sessions/${cs.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.id).toBe(cs.id);
    expect(pub.body).not.toHaveProperty('reference');
    expect(pub.body).not.toHaveProperty('metadata');
    expect(pub.text).not.toContain('secret-ref');
    const own = await s.get(`/v1/checkout/sessions/${cs.id}`, h());
    expect(own.body).toMatchObject({ reference: 'secret-ref', metadata: { k: 'v' }, payments: [] });
    const other = await s.createTestKey();
    const foreign = await s.get(`/v1/checkout/sessions/${cs.id}`, { 'x-api-key': other.key });
    expect(foreign.body).not.toHaveProperty('reference');
    expect((await s.get('/v1/checkout/sessions/cs_test_doesnotexist')).body.error.code).toBe('NOT_FOUND');
  });

  it("lists newest first with cursor paging and a status filter, only for the key's account and mode", async () => {
    const other = await s.createTestKey();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      made.push((await create(base, other.key)).body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/v1/checkout/sessions?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const r = await s.get(q, { 'x-api-key': other.key });
      expect(r.status).toBe(200);
      expect(r.body.object).toBe('list');
      expect(r.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.data.map((x: { id: string }) => x.id));
      cursor = r.body.nextCursor;
      expect(r.body.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    await s.post(`/v1/checkout/sessions/${made[1]}/expire`, {}, { 'x-api-key': other.key });
    const expired = await s.get('/v1/checkout/sessions?status=expired', { 'x-api-key': other.key });
    expect(expired.body.data.map((x: { id: string }) => x.id)).toEqual([made[1]]);
    expect((await s.get('/v1/checkout/sessions?status=bogus', { 'x-api-key': other.key })).body.error.code).toBe('INVALID_PARAMS');
    expect((await s.get('/v1/checkout/sessions?cursor=garbage', { 'x-api-key': other.key })).body.error.code).toBe('INVALID_PARAMS');
    expect((await s.get('/v1/checkout/sessions?limit=101', { 'x-api-key': other.key })).body.error.code).toBe('INVALID_PARAMS');
  });

  it('the merchant expires an open session once, writing checkout.session.expired; others get NOT_FOUND', async () => {
    const { body: cs } = await create(base);
    const other = await s.createTestKey();
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/expire`, {}, { 'x-api-key': other.key })).body.error.code).toBe('NOT_FOUND');
    const r = await s.post(`/v1/checkout/sessions/${cs.id}/expire`, {}, h());
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('expired');
    const again = await s.post(`/v1/checkout/sessions/${cs.id}/expire`, {}, h());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    const events = await s.db.sql.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE resource_id = $1', [cs.id]);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect(events[0].data.session).toMatchObject({ id: cs.id, status: 'expired' });
  });

  it('the expiry job expires open sessions at expiresAt (and not before), once', async () => {
    const { body: cs } = await create({ ...base, expiresInMinutes: 5 });
    clock.advance(5 * 60_000 - 1);
    await s.services.checkout.expireDue();
    expect((await s.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: cs.id } })).status).toBe('open');
    clock.advance(1);
    await s.services.checkout.expireDue();
    await s.services.checkout.expireDue();
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('expired');
    const events = await s.db.sql.query<{ type: string }>('SELECT type FROM events WHERE resource_id = $1', [cs.id]);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.expired']);
  });

  it('reading a session past expiresAt shows it expired even before the job runs', async () => {
    const { body: cs } = await create({ ...base, expiresInMinutes: 5 });
    clock.advance(5 * 60_000);
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('expired');
  });

  it('a direct report validates its fields, is a hint that moves nothing until seen on chain, and is idempotent', async () => {
    const { body: cs } = await create(base);
    const hash = `0x${'ab'.repeat(32)}`;
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: '0x1234', payer: RECIPIENT })).body.error.message).toContain('txHash');
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash, payer: 'nope' })).body.error.message).toContain('payer');
    const r = await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash.toUpperCase().replace('0X', '0x'), payer: RECIPIENT });
    expect(r.status).toBe(200);
    // Not seen on chain yet: the session stays open, and the hint is not shown as its payment (anyone could send it).
    expect(r.body.status).toBe('open');
    expect(r.body.payment).toBeNull();
    expect(r.body).not.toHaveProperty('payments');
    const owner = (await s.get(`/v1/checkout/sessions/${cs.id}`, h())).body;
    expect(owner.payments).toEqual([
      expect.objectContaining({ payer: RECIPIENT, srcChainId: 8453, srcTxHash: hash, srcAmount: '25000000', status: 'verifying', seenAt: null }),
    ]);
    const again = await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash, payer: RECIPIENT });
    expect(again.status).toBe(200);
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`, h())).body.payments).toHaveLength(1);
    // The same hash reported for another session is that session's own hint: it blocks neither session.
    const { body: other } = await create(base);
    const stolen = await s.post(`/v1/checkout/sessions/${other.id}/submitted`, { txHash: hash, payer: RECIPIENT });
    expect(stolen.status).toBe(200);
    expect((await s.get(`/v1/checkout/sessions/${other.id}`)).body.status).toBe('open');
    const events = await s.db.sql.query<{ type: string; account_id: string }>('SELECT type, account_id FROM events WHERE resource_id = $1', [cs.id]);
    expect(events).toEqual([]);
  });

  it('an expired session takes no payment report', async () => {
    const { body: cs } = await create({ ...base, expiresInMinutes: 5 });
    clock.advance(5 * 60_000);
    const r = await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: `0x${'cd'.repeat(32)}`, payer: RECIPIENT });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
  });

  it("status listeners run inside the change's transaction: a failing listener rolls the change and its event back", async () => {
    const seen: string[] = [];
    let fail = true;
    s.services.checkout.onStatusChange(async (_tx, before, after) => {
      seen.push(`${before.status}->${after.status}`);
      if (fail && after.description === 'listener-test') throw new Error('dependent change failed');
    });
    const { body: cs } = await create({ ...base, description: 'listener-test' });
    await expect(s.services.checkout.expireInternal(cs.id)).rejects.toThrow('dependent change failed');
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('open');
    expect(await s.db.sql.query('SELECT id FROM events WHERE resource_id = $1', [cs.id])).toEqual([]);
    fail = false;
    expect(await s.services.checkout.expireInternal(cs.id)).toBe(true);
    expect(await s.services.checkout.expireInternal(cs.id)).toBe(false);
    expect(seen).toEqual(['open->expired', 'open->expired']);
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('expired');
  });
});
