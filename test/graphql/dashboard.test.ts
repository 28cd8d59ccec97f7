import { SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionSchema } from '../../src/checkout/input.js';
import { overviewRange } from '../../src/graphql/modules/dashboard.js';
import { newId } from '../../src/ids.js';
import { parseInput } from '../../src/validation.js';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DAY = 86_400_000;

describe('overviewRange', () => {
  it.each([
    ['2026-03-01T15:00:00Z', '2026-03-03T10:00:00Z', '2026-03-01T00:00:00.000Z', ['2026-03-01', '2026-03-02', '2026-03-03']],
    ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', '2026-03-01T00:00:00.000Z', ['2026-03-01']],
    ['2026-02-28T23:59:59Z', '2026-03-01T00:00:01Z', '2026-02-28T00:00:00.000Z', ['2026-02-28', '2026-03-01']],
  ])('%s → %s starts at %s and covers %j', (from, to, start, days) => {
    const r = overviewRange(new Date(from), new Date(to));
    expect(r.from.toISOString()).toBe(start);
    expect(r.days).toEqual(days);
  });

  it.each([
    ['2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z', 'endAt'],
    ['2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', 'endAt'],
    ['2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z', 'startAt'],
  ])('%s → %s is INVALID_PARAMS on %s', (from, to, field) => {
    expect(() => overviewRange(new Date(from), new Date(to))).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS', details: { field } }));
  });

  it('covers exactly 400 days at most', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(overviewRange(from, new Date(from.getTime() + 400 * DAY)).days).toHaveLength(400);
    expect(() => overviewRange(from, new Date(from.getTime() + 400 * DAY + 1))).toThrow(/at most 400 days/);
  });
});

/**
 * dashboardOverview counts what the request's account and mode own: paid sessions (summed exactly per settlement
 * token) and filled orders per UTC day; another account and the other mode count nothing. dashboardAccounts lists
 * the signed-in wallet's accounts.
 */
describe.each(backends)('dashboardOverview and dashboardAccounts (%s)', (backend) => {
  let s: TestServer;
  let keyA: string;
  let keyALive: string;
  let keyB: string;
  let accountA: string;
  const day1 = '2026-05-10';
  const day2 = '2026-05-11';
  const hex = (n: number) => `0x${randomBytes(n).toString('hex')}`;

  const paidSession = async (key: string, amount: string, paidAt: string) => {
    const auth = await s.services.accounts.authenticate(key);
    const cs = await s.services.checkout.create(
      auth,
      parseInput(createSessionSchema, { amount, settleChain: 'base', settleToken: 'USDC', recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }),
    );
    await s.db.prisma.checkoutSession.update({ where: { id: cs.id }, data: { status: 'paid', amountReceived: amount, paidAt: new Date(paidAt) } });
  };
  const order = async (key: string, status: string, finalizedAt: string | null, updatedAt: string) => {
    const auth = await s.services.accounts.authenticate(key);
    await s.db.prisma.order.create({
      data: {
        quoteId: newId('q'),
        provider: 'sandbox',
        status,
        accountId: auth.accountId,
        livemode: auth.mode === 'live',
        srcChainId: 8453,
        dstChainId: 42161,
        amount: '1000',
        dstAmount: '990',
        srcTxHash: hex(32),
        trackingId: hex(32),
        ourFeeBps: 20,
        partnerFeeBps: 0,
        finalizedAt: finalizedAt ? new Date(finalizedAt) : null,
        updatedAt: new Date(updatedAt),
      },
    });
  };
  const overview = (key: string, startAt = `${day1}T08:00:00Z`, endAt = `${day2}T23:59:59Z`) =>
    s.post(
      '/graphql',
      {
        query: `query($a: DateTime!, $b: DateTime!) { dashboardOverview(startAt: $a, endAt: $b) {
          startAt endAt days { day paidSessions filledOrders } volume { day chain chainId symbol decimals count amount } } }`,
        variables: { a: startAt, b: endAt },
      },
      { 'x-api-key': key },
    );

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false' } });
    const a = await s.createTestKey();
    accountA = a.accountId;
    keyA = a.key;
    await s.services.accounts.setLiveEnabled(a.accountId, true, SETUP_WRITE);
    keyALive = (await s.services.accounts.createKey(a.accountId, 'live')).key;
    keyB = (await s.createTestKey()).key;
    // A, test: two sessions on day 1 (their sum exceeds 2^64, exactly summed), one on day 2, one the day before the range.
    await paidSession(keyA, '18446744073709551615', `${day1}T09:00:00Z`);
    await paidSession(keyA, '5', `${day1}T23:59:59.999Z`);
    await paidSession(keyA, '25000000', `${day2}T00:00:00Z`);
    await paidSession(keyA, '7', '2026-05-09T23:59:59Z');
    // Orders: filled on day 2 (one by finalizedAt, one written filled by another domain: updatedAt); not filled ones don't count.
    await order(keyA, 'filled', `${day2}T12:00:00Z`, `${day2}T12:00:00Z`);
    await order(keyA, 'filled', null, `${day2}T13:00:00Z`);
    await order(keyA, 'submitted', null, `${day2}T13:00:00Z`);
    await order(keyA, 'failed', `${day2}T14:00:00Z`, `${day2}T14:00:00Z`);
    // The other mode and another account, on the same days.
    await paidSession(keyALive, '1000', `${day1}T10:00:00Z`);
    await order(keyALive, 'filled', `${day1}T10:00:00Z`, `${day1}T10:00:00Z`);
    await paidSession(keyB, '2000', `${day2}T10:00:00Z`);
    await order(keyB, 'filled', `${day2}T10:00:00Z`, `${day2}T10:00:00Z`);
  }, 60_000);
  afterAll(() => s?.close());

  it("counts the key's own account and mode per UTC day, volume summed exactly per settlement token", async () => {
    const r = await overview(keyA);
    expect(r.body.errors).toBeUndefined();
    const o = r.body.data.dashboardOverview;
    expect(o.startAt).toBe(`${day1}T00:00:00.000Z`);
    expect(o.days).toEqual([
      { day: day1, paidSessions: 2, filledOrders: 0 },
      { day: day2, paidSessions: 1, filledOrders: 2 },
    ]);
    expect(o.volume).toEqual([
      { day: day1, chain: 'base', chainId: 8453, symbol: 'USDC', decimals: 6, count: 2, amount: '18446744073709551620' },
      { day: day2, chain: 'base', chainId: 8453, symbol: 'USDC', decimals: 6, count: 1, amount: '25000000' },
    ]);
  });

  it('the other mode and another account see only their own', async () => {
    const live = (await overview(keyALive)).body.data.dashboardOverview;
    expect(live.days).toEqual([
      { day: day1, paidSessions: 1, filledOrders: 1 },
      { day: day2, paidSessions: 0, filledOrders: 0 },
    ]);
    expect(live.volume.map((v: { amount: string }) => v.amount)).toEqual(['1000']);
    const b = (await overview(keyB)).body.data.dashboardOverview;
    expect(b.days).toEqual([
      { day: day1, paidSessions: 0, filledOrders: 0 },
      { day: day2, paidSessions: 1, filledOrders: 1 },
    ]);
    expect(b.volume.map((v: { amount: string }) => v.amount)).toEqual(['2000']);
  });

  it('a range ending before it starts, or longer than 400 days, is INVALID_PARAMS; no key is UNAUTHORIZED', async () => {
    const r = await overview(keyA, `${day2}T00:00:00Z`, `${day1}T00:00:00Z`);
    expect(r.body.errors[0].extensions.code).toBe('INVALID_PARAMS');
    expect((await overview(keyA, '2024-01-01T00:00:00Z', `${day1}T00:00:00Z`)).body.errors[0].extensions.code).toBe('INVALID_PARAMS');
    const anon = await s.post('/graphql', { query: '{ dashboardOverview(startAt: "2026-05-10T00:00:00Z", endAt: "2026-05-11T00:00:00Z") { days { day } } }' });
    expect(anon.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it("dashboardAccounts lists the signed-in wallet's accounts with its role in each; an API key is FORBIDDEN", async () => {
    const wallet = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
    const other = await s.services.accounts.createAccount('Second shop');
    await s.services.accounts.ensureMember(other.id, 'evm', wallet, 'viewer');
    const member = await s.services.accounts.ensureMember(accountA, 'evm', wallet, 'admin');
    const { token } = await s.services.auth.createSession(member, {});
    const r = await s.post(
      '/graphql',
      { query: '{ dashboardAccounts { totalCount nodes { accountId accountName role current } } }' },
      { cookie: `${s.services.auth.cookieName}=${token}`, origin: 'http://localhost:8787' },
    );
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const nodes = r.body.data.dashboardAccounts.nodes;
    expect(nodes).toHaveLength(2);
    expect(nodes).toEqual(
      expect.arrayContaining([
        { accountId: accountA, accountName: 'Test account', role: 'admin', current: true },
        { accountId: other.id, accountName: 'Second shop', role: 'viewer', current: false },
      ]),
    );
    const byKey = await s.post('/graphql', { query: '{ dashboardAccounts { nodes { accountId } } }' }, { 'x-api-key': keyA });
    expect(byKey.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
