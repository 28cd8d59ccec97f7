import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { whileHeld } from '../helpers/held-lock.js';
import { jupiterLimitOrders } from '../../src/providers/jupiter/limit-orders.js';
import { limitOrderPollerJob, pollLimitOrder } from '../../src/limit-orders/jobs.js';
import { ManualClock } from '../../src/clock.js';
import { limitOrderTopic } from '../../src/limit-orders/topics.js';
import { startTriggerFixture, type TriggerFixture } from '../fixtures/jupiter-trigger-server.js';
import { SolanaRpcServer } from '../fixtures/solana-rpc-server.js';

const wallet = Keypair.generate();
const MAKER = wallet.publicKey.toBase58();
const sign = (b64: string) => {
  const tx = VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
  tx.sign([wallet]);
  return Buffer.from(tx.serialize()).toString('base64');
};

describe.each(backends)('limit order fill poller (%s)', (backend) => {
  let fx: TriggerFixture;
  let rpc: SolanaRpcServer;
  beforeAll(async () => {
    fx = await startTriggerFixture();
    rpc = await new SolanaRpcServer().start();
  });
  afterAll(async () => {
    await fx?.close();
    await rpc?.close();
  });

  const env = () => ({ PROVIDERS: 'jupiter', JUPITER_API_URL: fx.url, FEE_RECIPIENT_SOLANA: Keypair.generate().publicKey.toBase58(), SOLANA_RPC_URL: rpc.url });

  /** A created order, not signed yet (`pending_signature`). */
  async function create(s: TestServer, headers: Record<string, string>) {
    const c = await s.post(
      '/v1/limit-orders',
      { inputToken: 'USDC', outputToken: 'SOL', maker: MAKER, makingAmount: '50000000', takingAmount: '400000000' },
      headers,
    );
    expect(c.status, c.text).toBe(201);
    return c;
  }

  async function open(s: TestServer, headers: Record<string, string>) {
    const c = await create(s, headers);
    const sub = await s.post(`/v1/limit-orders/${c.body.id}/submit`, { signedTransaction: sign(c.body.tx.serializedTx) }, headers);
    expect(sub.status, sub.text).toBe(200);
    return c.body;
  }

  /** What the poller job runs with, as the app wires it: for tests that drive the poller by hand (JOBS_ENABLED=false). */
  const pollerDeps = (s: TestServer) => ({
    config: s.config,
    log: s.infra.log,
    clock: s.infra.clock,
    prisma: s.infra.prisma,
    sql: s.db.sql,
    trigger: jupiterLimitOrders({ baseUrl: fx.url }),
    limitOrders: s.services.limitOrders,
    fills: s.services.orders.fills,
  });

  it('two instances polling the same order at once record each fill exactly once', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const created = await open(s, { 'x-api-key': key });
      fx.fill(created.providerOrderId, 20_000_000n, 160_000_000n);
      fx.fill(created.providerOrderId, 30_000_000n, 240_000_000n);
      const deps = pollerDeps(s);
      const row = await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: created.id } });
      // Both read the same row version, as two instances would.
      await Promise.all([pollLimitOrder(deps, row), pollLimitOrder(deps, row), pollLimitOrder(deps, row)]);
      await pollLimitOrder(deps, await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: created.id } }));
      const fills = await s.infra.prisma.order.findMany({ where: { limitOrderId: created.id } });
      expect(fills.map((f) => f.amount).sort()).toEqual(['20000000', '30000000']);
      const events = await s.infra.prisma.event.findMany({ where: { type: 'limit_order.filled', resourceId: created.id } });
      expect(events).toHaveLength(2);
      // Each fill's service fee is posted once, in the fill's own transaction, whatever the race.
      const entries = (await s.services.ledger.entries({ limit: 100 })).data.filter((e) => fills.some((f) => f.quoteId === e.orderId));
      expect(entries.map((e) => [e.account, e.amount]).sort()).toEqual([
        ['payer_volume', '-40000'],
        ['payer_volume', '-60000'],
        ['service_revenue', '40000'],
        ['service_revenue', '60000'],
      ]);
      expect((await s.get(`/v1/limit-orders/${created.id}`, { 'x-api-key': key })).body).toMatchObject({
        status: 'filled',
        filledMakingAmount: '50000000',
        filledTakingAmount: '400000000',
      });
    } finally {
      await s.close();
    }
  });

  it('one keeper transaction filling two orders records a fill for each (and a swap reported with that hash blocks neither)', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const a = await open(s, { 'x-api-key': key });
      const b = await open(s, {});
      const shared = fx.fill(a.providerOrderId, 50_000_000n, 400_000_000n).txId;
      fx.fill(b.providerOrderId, 20_000_000n, 160_000_000n, 0n, shared);
      // Someone reports that public transaction as the source of an unrelated order record first.
      const now = new Date();
      await s.infra.prisma.order.create({
        data: {
          quoteId: 'q_squatter',
          provider: 'jupiter',
          status: 'submitted',
          srcChainId: 7565164,
          dstChainId: 7565164,
          amount: '1',
          dstAmount: '1',
          srcTxHash: shared,
          trackingId: shared,
          ourFeeBps: 0,
          partnerFeeBps: 0,
          submittedAt: now,
          updatedAt: now,
          nextPollAt: now,
        },
      });
      const deps = pollerDeps(s);
      for (const id of [a.id, b.id]) await pollLimitOrder(deps, await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id } }));
      const recorded = await s.infra.prisma.order.findMany({ where: { srcTxHash: shared, limitOrderId: { not: null } } });
      expect(recorded.map((r) => [r.limitOrderId, r.amount]).sort()).toEqual(
        [
          [a.id, '50000000'],
          [b.id, '20000000'],
        ].sort(),
      );
      expect((await s.get(`/v1/limit-orders/${a.id}`, { 'x-api-key': key })).body.status).toBe('filled');
      // One keeper transaction, two fills: each is posted (the ledger's source key names the limit order).
      for (const r of recorded) expect((await s.services.ledger.entries({ orderId: r.quoteId, limit: 10 })).data.length, r.quoteId).toBeGreaterThan(0);
      expect((await s.get(`/v1/limit-orders/${b.id}`)).body).toMatchObject({ status: 'partially_filled', filledMakingAmount: '20000000' });
      // The database itself refuses a second record of the same fill of the same order.
      await expect(
        s.infra.prisma.order.create({
          data: { ...recorded[0], quoteId: 'lof_duplicate' },
        }),
      ).rejects.toThrow();
    } finally {
      await s.close();
    }
  });

  // The poller can see a cancel land (the provider lists the order as cancelled) and finalise the order, with its
  // event, while the submit that sent the cancel is between its read and its write.
  it.skipIf(backend === 'pglite')(
    'a cancel the poller closed while submit was in flight is neither moved nor announced again by submit',
    { timeout: 90_000 },
    async () => {
      const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false' } });
      try {
        const { key } = await s.createTestKey();
        const h = { 'x-api-key': key };
        const created = await open(s, h);
        const c = await s.post(`/v1/limit-orders/${created.id}/cancel`, {}, h);
        expect(c.status, c.text).toBe(200);
        const signed = sign(c.body.txs[0].serializedTx);
        const done = await whileHeld(
          s,
          [`UPDATE limit_orders SET status = 'cancelled', pending_action = NULL, pending_txs = '[]', version = version + 1 WHERE id = $1`, [created.id]],
          () => s.post(`/v1/limit-orders/${created.id}/submit`, { signedTransaction: signed }, h),
        );
        expect(done.status, done.text).toBe(200);
        expect(done.body.status).toBe('cancelled');
        // The poller's own transaction writes its event with the move; submit, which moved nothing, writes none.
        expect(await s.infra.prisma.event.findMany({ where: { type: 'limit_order.cancelled', resourceId: created.id } })).toEqual([]);
        // A second submit of the same bytes finds nothing waiting for it.
        const again = await s.post(`/v1/limit-orders/${created.id}/submit`, { signedTransaction: signed }, h);
        expect(again.status, again.text).toBe(409);
      } finally {
        await s.close();
      }
    },
  );

  // Filled while the provider was building the cancel: the order is final, so the cancel is refused, not parked.
  it.skipIf(backend === 'pglite')('a cancel asked for while the poller finalises the order is a conflict', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const h = { 'x-api-key': key };
      const created = await open(s, h);
      const c = await whileHeld(s, [`UPDATE limit_orders SET status = 'filled', version = version + 1 WHERE id = $1`, [created.id]], () =>
        s.post(`/v1/limit-orders/${created.id}/cancel`, {}, h),
      );
      expect(c.status, c.text).toBe(409);
      expect(c.body.error.code).toBe('CONFLICT');
      const row = await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: created.id } });
      expect(row).toMatchObject({ status: 'filled', pendingAction: null });
    } finally {
      await s.close();
    }
  });

  // Signed just before the signing window closes: while the provider lands the create transaction, the window
  // passes and the poller runs. The lease submit took keeps the poller from failing an order that is landing.
  it('a create transaction in flight as the signing window closes is not failed under it', { timeout: 90_000 }, async () => {
    const clock = new ManualClock();
    const s = await startTestServer({ backend, clock, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const h = { 'x-api-key': key };
      const c = await create(s, h);
      const before = await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: c.body.id } });
      clock.advance(s.config.LIMIT_ORDER_SIGN_WINDOW_MS - 1_000);
      const held = fx.hold('execute');
      const submitted = s.post(`/v1/limit-orders/${c.body.id}/submit`, { signedTransaction: sign(c.body.tx.serializedTx) }, h);
      await held.reached;
      clock.advance(2_000);
      const deps = pollerDeps(s);
      // The job finds nothing due; a poller that read the row before the lease fails its version guard.
      await limitOrderPollerJob(deps).run(new AbortController().signal);
      await pollLimitOrder(deps, before);
      expect(await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: c.body.id } })).toMatchObject({ status: 'pending_signature' });
      held.release();
      const done = await submitted;
      expect(done.status, done.text).toBe(200);
      expect(done.body).toMatchObject({ status: 'open', openTxHash: expect.any(String) });
    } finally {
      await s.close();
    }
  });

  // A rolling restart: the stopping instance's poll waits on the provider. It ends at the stop, not at the provider's
  // deadline, and the order is due again at once for the other instance, not after this one's lease.
  it('a poll in flight when the instance stops ends at the stop, and the order is due again now', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false', PROVIDER_TIMEOUT_MS: '60000' } });
    const stop = new AbortController();
    let held: ReturnType<TriggerFixture['hold']> | undefined;
    let run: Promise<unknown> | undefined;
    try {
      const { key } = await s.createTestKey();
      const created = await open(s, { 'x-api-key': key });
      await s.infra.prisma.limitOrder.update({ where: { id: created.id }, data: { nextPollAt: new Date() } });
      held = fx.hold('getTriggerOrders');
      run = limitOrderPollerJob(pollerDeps(s)).run(stop.signal);
      await held.reached;
      const leased = await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: created.id } });
      expect(leased.nextPollAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      stop.abort();
      // Ends with the provider still holding the answer (a 60 s deadline).
      await run;
      const released = await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: created.id } });
      expect(released.nextPollAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(released).toMatchObject({ status: 'open', quietPolls: leased.quietPolls });
    } finally {
      stop.abort();
      held?.release();
      await run?.catch(() => {});
      await s.close();
    }
  });

  // A keeper fills part of the order just before the maker's cancel lands; the provider lists that fill, but the
  // poller has not seen it when submit closes the order from the fills recorded so far. The closed order settles:
  // the poller's next look records the fill (order record, event, fee) and the order stays cancelled.
  it('a fill made before the cancel landed is recorded after the order closed, once', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const h = { 'x-api-key': key };
      const created = await open(s, h);
      const trade = fx.fill(created.providerOrderId, 20_000_000n, 160_000_000n);
      const c = await s.post(`/v1/limit-orders/${created.id}/cancel`, {}, h);
      const done = await s.post(`/v1/limit-orders/${created.id}/submit`, { signedTransaction: sign(c.body.txs[0].serializedTx) }, h);
      expect(done.body).toMatchObject({ status: 'cancelled', filledMakingAmount: '0' });
      const job = limitOrderPollerJob(pollerDeps(s));
      await job.run(new AbortController().signal);
      expect((await s.get(`/v1/limit-orders/${created.id}`, h)).body).toMatchObject({
        status: 'cancelled',
        filledMakingAmount: '20000000',
        filledTakingAmount: '160000000',
      });
      // Looked at again while it settles: nothing more is recorded.
      await s.infra.prisma.limitOrder.update({ where: { id: created.id }, data: { nextPollAt: new Date() } });
      await job.run(new AbortController().signal);
      const fills = await s.infra.prisma.order.findMany({ where: { limitOrderId: created.id } });
      expect(fills.map((f) => [f.srcTxHash, f.amount])).toEqual([[trade.txId, '20000000']]);
      const events = await s.infra.prisma.event.findMany({ where: { resourceId: created.id }, orderBy: { sequence: 'asc' } });
      expect(events.map((e) => e.type)).toEqual(['limit_order.cancelled', 'limit_order.filled']);
      expect((await s.services.ledger.entries({ orderId: fills[0]!.quoteId, limit: 10 })).data.length).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });

  // The maker sent the create transaction through their own RPC and never reported it: past the signing window the
  // poller asks the provider before failing the order, and finds it open.
  it('an order landed but never reported is found open at the provider, not failed, when its signing window closes', { timeout: 90_000 }, async () => {
    const clock = new ManualClock();
    const s = await startTestServer({ backend, clock, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const c = await create(s, { 'x-api-key': key });
      const row = await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: c.body.id } });
      const landed = await fetch(`${fx.url}/trigger/v1/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signedTransaction: sign(c.body.tx.serializedTx), requestId: row.requestId }),
      });
      expect(landed.status).toBe(200);
      const job = limitOrderPollerJob(pollerDeps(s));
      await job.run(new AbortController().signal);
      expect((await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: c.body.id } })).status).toBe('pending_signature');
      clock.advance(s.config.LIMIT_ORDER_SIGN_WINDOW_MS + 1_000);
      await job.run(new AbortController().signal);
      expect(await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: c.body.id } })).toMatchObject({ status: 'open', openTxHash: expect.any(String) });
      // One that never landed still fails once the provider does not list it.
      const other = await create(s, { 'x-api-key': key });
      clock.advance(s.config.LIMIT_ORDER_SIGN_WINDOW_MS + 1_000);
      await job.run(new AbortController().signal);
      expect((await s.infra.prisma.limitOrder.findUniqueOrThrow({ where: { id: other.body.id } })).status).toBe('failed');
    } finally {
      await s.close();
    }
  });

  it('the limitOrder subscription pushes every change, fills included, and completes when filled', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), LIMIT_ORDER_POLL_INTERVAL_MS: '100' } });
    const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false });
    try {
      const created = await open(s, {});
      const seen: Array<{ status: string; filledMakingAmount: string }> = [];
      const finished = new Promise<void>((resolve, reject) => {
        client.subscribe(
          { query: `subscription { limitOrder(id: "${created.id}") { id status filledMakingAmount remainingMakingAmount } }` },
          { next: (v) => void seen.push((v.data as any)?.limitOrder ?? v), error: reject, complete: resolve },
        );
      });
      await waitFor(() => s.infra.pubsub.isListening(limitOrderTopic(created.id)), { what: 'the subscription to listen' });
      await waitFor(() => seen.length >= 1, { what: 'the first push' });
      fx.fill(created.providerOrderId, 20_000_000n, 160_000_000n);
      await waitFor(() => seen.some((v) => v.filledMakingAmount === '20000000'), { what: 'the partial fill pushed' });
      fx.fill(created.providerOrderId, 30_000_000n, 240_000_000n);
      await finished;
      expect(seen.map((v) => [v.status, v.filledMakingAmount])).toEqual([
        ['open', '0'],
        ['partially_filled', '20000000'],
        ['filled', '50000000'],
      ]);
    } finally {
      await client.dispose();
      await s.close();
    }
  });
});
