import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { ApiError } from '../../src/errors.js';
import { DepositsService } from '../../src/deposits/service.js';
import { sandboxProvider } from '../../src/deposits/sandbox.js';
import type { DepositProvider, DepositRoute } from '../../src/providers/deposit-addresses.js';
import type { OrderView } from '../../src/orders/views.js';
import { memoryDb, silentLog, testConfig } from '../helpers/memory-db.js';
import { parseInput } from '../../src/validation.js';
import { createDepositAddressSchema, listDepositAddressesSchema, simulateDepositSchema } from '../../src/deposits/input.js';
import { internalAuth } from '../../src/accounts/service.js';

/**
 * DepositsService built alone: assets, partners, the live provider and orders are fakes that record what they are
 * asked; the database is real (in-memory PGlite).
 */
const TEST = internalAuth('acct_dep_unit', 'test', 'key_test');
const LIVE = internalAuth('acct_dep_unit', 'live', 'key_partner');
const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const REFUND = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const USDC = { base: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', arb: '0xaf88d065e77c8cc2239327c5edb3a432268e5831' };
const BODY = { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', recipient: RECIPIENT, refundTo: REFUND };

describe('DepositsService (fake assets, partners, provider and orders)', () => {
  let db: Db;
  let svc: DepositsService;
  const clock = new ManualClock(Date.parse('2030-01-01T00:00:00Z'));
  const routes: DepositRoute[] = [];
  const published: OrderView[] = [];
  let wakes = 0;
  let liveAnswer: () => Promise<{ address: string; providerRef?: string }> = async () => ({ address: `0x${'77'.repeat(20)}`, providerRef: '0xref' });
  const live: DepositProvider = {
    id: 'relay',
    supports: (r) => r.src.chainId !== 5000,
    create: async (route) => {
      routes.push(route);
      return liveAnswer();
    },
    detect: async () => [],
  };

  beforeAll(async () => {
    db = await memoryDb();
    await db.prisma.account.create({ data: { id: TEST.accountId, name: 'Unit' } });
    svc = new DepositsService({
      config: testConfig(),
      log: silentLog,
      clock,
      prisma: db.prisma,
      pubsub: { publish: async () => {} },
      assets: {
        resolveChain: (ref) => {
          const m: Record<string, { id: number; slug: string; vm: 'evm' | 'svm' }> = {
            base: { id: 8453, slug: 'base', vm: 'evm' },
            arbitrum: { id: 42161, slug: 'arbitrum', vm: 'evm' },
            mantle: { id: 5000, slug: 'mantle', vm: 'evm' },
          };
          const c = m[String(ref)];
          if (!c) throw new ApiError('UNSUPPORTED_CHAIN', `unknown chain ${ref}`);
          return { ...c, name: c.slug, nativeSymbol: 'ETH', nativeDecimals: 18 };
        },
        resolveToken: async (chainId) => ({ chainId, address: chainId === 8453 ? USDC.base : USDC.arb, symbol: 'USDC', name: 'USD Coin', decimals: 6 }),
        prices: async (ids) => Object.fromEntries(ids.map((id) => [id, 1])),
      },
      partners: {
        forApiKey: async (keyId) =>
          (keyId === 'key_partner'
            ? { id: 'acme', kind: 'fee', feeBps: 30, maxFeeBps: 50, active: true, feeRecipientEvm: '0x2222222222222222222222222222222222222222' }
            : null) as never,
        forIntegrator: async () => null,
      },
      feeSettings: { channelBps: { web: 30, widget: 30, api: 20, bot: 90 }, capBps: 150 },
      feeRecipients: { evm: '0x1111111111111111111111111111111111111111' },
      live,
      sandbox: sandboxProvider(),
      orders: { publish: async (o) => void published.push(o), notifyChanged: async () => {} },
      wakeOrderPoller: () => void wakes++,
      wakeDetector: () => void wakes++,
    });
  });
  afterAll(() => db?.close());

  it('live: asks the live provider with the route, refundTo and the fees fixed now (api channel + partner within its max)', async () => {
    const a = await svc.create(LIVE, { ...BODY, reusable: false, amount: '25000000', integratorFeeBps: 40 });
    const r = routes.at(-1)!;
    expect(r).toMatchObject({
      reusable: false,
      amount: 25_000_000n,
      recipient: RECIPIENT,
      refundTo: REFUND,
      fees: {
        ourFeeBps: 20,
        partnerFeeBps: 40,
        partnerId: 'acme',
        recipients: { evm: '0x1111111111111111111111111111111111111111' },
        partnerRecipients: { evm: '0x2222222222222222222222222222222222222222' },
      },
    });
    expect(a).toMatchObject({
      provider: 'relay',
      livemode: true,
      address: `0x${'77'.repeat(20)}`,
      fees: { ourFeeBps: 20, integratorFeeBps: 40, integrator: 'acme' },
      amount: '25000000',
    });
    await expect(svc.create(LIVE, parseInput(createDepositAddressSchema, { ...BODY, integratorFeeBps: 60 }))).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
  });

  it('a route the provider turns down (NO_ROUTE, UNSUPPORTED_TOKEN) or does not serve is UNSUPPORTED_CHAIN; its timeouts pass through', async () => {
    liveAnswer = () => Promise.reject(new ApiError('NO_ROUTE', 'relay: UNSUPPORTED_ROUTE'));
    await expect(svc.create(LIVE, parseInput(createDepositAddressSchema, BODY))).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' });
    liveAnswer = () => Promise.reject(new ApiError('PROVIDER_TIMEOUT', 'slow'));
    await expect(svc.create(LIVE, parseInput(createDepositAddressSchema, BODY))).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
    liveAnswer = () => Promise.reject(new ApiError('AMOUNT_TOO_SMALL', 'relay: AMOUNT_TOO_LOW'));
    await expect(svc.create(LIVE, parseInput(createDepositAddressSchema, BODY))).rejects.toMatchObject({ code: 'AMOUNT_TOO_SMALL' });
    liveAnswer = async () => ({ address: `0x${'78'.repeat(20)}` });
    await expect(svc.create(LIVE, parseInput(createDepositAddressSchema, { ...BODY, srcChain: 'mantle' }))).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    });
  });

  it('AMOUNT_TOO_SMALL below 1 USD by the price service; exactly 1 USD is accepted', async () => {
    await expect(svc.create(TEST, { ...BODY, reusable: false, amount: '999999' })).rejects.toMatchObject({
      code: 'AMOUNT_TOO_SMALL',
      details: { field: 'amount' },
    });
    expect((await svc.create(TEST, { ...BODY, reusable: false, amount: '1000000' })).amount).toBe('1000000');
  });

  it('amounts: above 2^256-1 is AMOUNT_TOO_LARGE (never a 500); leading zeros are refused as everywhere (one spelling per amount), not read away', async () => {
    const huge = ((1n << 256n) + 1n).toString();
    // The transports parse with these schemas before the service runs (src/rest/deposits.ts, src/graphql/modules/deposits.ts).
    const create = async (body: unknown) => svc.create(TEST, parseInput(createDepositAddressSchema, body));
    const simulate = async (id: string, body: unknown) => svc.simulate(TEST, id, parseInput(simulateDepositSchema, body));
    await expect(create({ ...BODY, reusable: false, amount: huge })).rejects.toMatchObject({
      code: 'AMOUNT_TOO_LARGE',
      details: { field: 'amount' },
    });
    await expect(create({ ...BODY, reusable: false, amount: '0025000000' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      details: { field: 'amount' },
    });
    const oneTime = await create({ ...BODY, reusable: false, amount: '25000000' });
    await expect(simulate(oneTime.id, { amount: huge })).rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE', details: { field: 'amount' } });
    await expect(simulate(oneTime.id, { amount: '0025000000' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      message: expect.stringMatching(/^amount: must have no leading zeros/),
    });
    expect((await simulate(oneTime.id, { amount: '25000000' })).amount).toBe('25000000');
    const reusable = await create(BODY);
    await expect(simulate(reusable.id, { amount: '000123004001' })).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    expect((await simulate(reusable.id, { amount: '123004001' })).amount).toBe('123004001');
  });

  it('a cursor with a date the database cannot hold is INVALID_PARAMS, not a 500', async () => {
    const cursor = Buffer.from(JSON.stringify(['-271821-04-20T00:00:00.000Z', 'da_test_x'])).toString('base64url');
    await expect(svc.list(TEST, parseInput(listDepositAddressesSchema, { cursor }))).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      details: { field: 'cursor' },
    });
  });

  it('recordDeposit: once per provider deposit id, counters and wake-ups; nothing at a disabled address', async () => {
    const a = await svc.create(TEST, parseInput(createDepositAddressSchema, BODY));
    const row = await db.prisma.depositAddress.findUniqueOrThrow({ where: { id: a.id } });
    const dep = { providerDepositId: 'p-1', amount: '10000000', srcTxHash: `0x${'aa'.repeat(32)}`, trackingId: 'sandbox:filled:-' };
    const before = wakes;
    const first = await svc.recordDeposit(row, dep);
    expect(first).toMatchObject({ status: 'submitted', depositAddressId: a.id, amount: '10000000', ourFeeBps: 20, partnerFeeBps: 0 });
    // The order keeps the address's source token (earnings are summed per token).
    expect((await db.prisma.order.findUniqueOrThrow({ where: { quoteId: first!.quoteId } })).srcToken).toBe(row.token);
    expect(first!.dstAmount).toBe(((10_000_000n * BigInt(a.estimate.dstAmount)) / BigInt(a.estimate.amount)).toString());
    expect(await svc.recordDeposit(row, dep)).toBeNull();
    expect(wakes).toBe(before + 1);
    expect(published.at(-1)!.quoteId).toBe(first!.quoteId);
    const got = await svc.get(TEST, a.id);
    expect(got).toMatchObject({ depositCount: 1, lastDepositAt: '2030-01-01T00:00:00.000Z', deposits: [{ quoteId: first!.quoteId, status: 'submitted' }] });
    await svc.disable(TEST, a.id);
    expect(await svc.recordDeposit(row, { ...dep, providerDepositId: 'p-2', srcTxHash: `0x${'bb'.repeat(32)}` })).toBeNull();
    expect((await svc.get(TEST, a.id)).depositCount).toBe(1);
  });

  it('nextCheckDelay follows the curve: 15 s while in flight or fresh, 15 min when idle', async () => {
    const a = await svc.create(TEST, parseInput(createDepositAddressSchema, BODY));
    const row = await db.prisma.depositAddress.findUniqueOrThrow({ where: { id: a.id } });
    expect(await svc.nextCheckDelay(row)).toBe(15_000);
    clock.advance(24 * 3_600_000);
    expect(await svc.nextCheckDelay(row)).toBe(15 * 60_000);
    await svc.recordDeposit(row, { providerDepositId: 'p-3', amount: '5000000', srcTxHash: `0x${'cc'.repeat(32)}`, trackingId: 't' });
    clock.advance(24 * 3_600_000);
    const fresh = await db.prisma.depositAddress.findUniqueOrThrow({ where: { id: a.id } });
    expect(await svc.nextCheckDelay(fresh)).toBe(15_000); // its order is still in flight
  });
});
