import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { jupiterLimitOrders } from '../../src/providers/jupiter/limit-orders.js';
import { pollLimitOrder } from '../../src/limit-orders/jobs.js';
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

  async function open(s: TestServer, headers: Record<string, string>) {
    const c = await s.post(
      '/v1/limit-orders',
      { inputToken: 'USDC', outputToken: 'SOL', maker: MAKER, makingAmount: '50000000', takingAmount: '400000000' },
      headers,
    );
    expect(c.status, c.text).toBe(201);
    const sub = await s.post(`/v1/limit-orders/${c.body.id}/submit`, { signedTransaction: sign(c.body.tx.serializedTx) }, headers);
    expect(sub.status, sub.text).toBe(200);
    return c.body;
  }

  it('two instances polling the same order at once record each fill exactly once', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ backend, env: { ...env(), JOBS_ENABLED: 'false' } });
    try {
      const { key } = await s.createTestKey();
      const created = await open(s, { 'x-api-key': key });
      fx.fill(created.providerOrderId, 20_000_000n, 160_000_000n);
      fx.fill(created.providerOrderId, 30_000_000n, 240_000_000n);
      const trigger = jupiterLimitOrders({ baseUrl: fx.url });
      const deps = {
        config: s.config,
        log: s.infra.log,
        clock: s.infra.clock,
        prisma: s.infra.prisma,
        sql: s.db.sql,
        trigger,
        limitOrders: s.services.limitOrders,
        fills: s.services.orders.fills,
      };
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
      const trigger = jupiterLimitOrders({ baseUrl: fx.url });
      const deps = {
        config: s.config,
        log: s.infra.log,
        clock: s.infra.clock,
        prisma: s.infra.prisma,
        sql: s.db.sql,
        trigger,
        limitOrders: s.services.limitOrders,
        fills: s.services.orders.fills,
      };
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
