import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { orderTopic } from '../../src/orders/topics.js';
import { RELAY_DEPOSITORY, startRelayFixture, type RelayFixture } from '../fixtures/relay-server.js';

const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TX1 = `0x${'a1'.repeat(32)}`;
const quotePath = (o: Record<string, string> = {}) =>
  '/v1/quote?' +
  new URLSearchParams({ srcChain: 'base', srcToken: 'USDC', amount: '25000000', dstChain: '42161', dstToken: 'USDC', sender: USER, recipient: USER, ...o });

describe.each(backends)('orders with the Relay adapter over HTTP and graphql-ws (%s)', (backend) => {
  let s: TestServer;
  let fx: RelayFixture;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    fx = await startRelayFixture();
    s = await startTestServer({
      backend,
      env: {
        PROVIDERS: 'relay',
        RELAY_API_URL: fx.url,
        ORDER_POLL_INTERVAL_MS: '150',
        RPC_URL_8453: 'http://127.0.0.1:9',
        FEE_RECIPIENT_EVM: '0x1111111111111111111111111111111111111111',
      },
    });
    ({ key, accountId } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await fx?.close();
  });

  it('health lists relay', async () => {
    expect((await s.get('/v1/health')).body.providers).toEqual(['relay']);
  });

  it('quote with gas on arrival → build → report → poller → filled, pushed to a graphql-ws subscriber with events', async () => {
    const q = await s.get(quotePath({ gasOnArrival: 'true', gasOnArrivalUsd: '3' }), { 'x-api-key': key });
    expect(q.status).toBe(200);
    const best = q.body.best;
    expect(best).toMatchObject({ provider: 'relay', fees: { ourFeeBps: 20 }, gasOnArrival: { chainId: 42161 } });
    expect(fx.quoteBodies.at(-1)).toMatchObject({ topupGas: true, topupGasAmount: '3000000', appFees: [{ fee: '20' }] });

    const built = await s.post('/v1/orders', { quoteId: best.quoteId });
    expect(built.status).toBe(200);
    expect(built.body.tx).toMatchObject({
      vm: 'evm',
      chainId: 8453,
      to: RELAY_DEPOSITORY,
      approval: { token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', spender: RELAY_DEPOSITORY, amount: '25000000' },
    });

    const submitted = await s.post('/v1/orders/submit', { quoteId: best.quoteId, signedTransaction: 'AQID' });
    expect([submitted.status, submitted.body.error.code]).toEqual([400, 'INVALID_PARAMS']);

    const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false });
    const seen: any[] = [];
    const finished = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: `subscription { order(quoteId: "${best.quoteId}") { quoteId status providerState srcTxHash dstTxHash ourFeeBps } }` },
        { next: (v) => void seen.push(v.data?.order ?? v), error: reject, complete: resolve },
      );
    });
    await waitFor(() => s.infra.pubsub.isListening(orderTopic(best.quoteId)), { what: 'the order subscription to listen' });

    const reported = await s.post(`/v1/orders/${best.quoteId}/submitted`, { txHash: TX1 });
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({
      quoteId: best.quoteId,
      status: 'submitted',
      provider: 'relay',
      srcChainId: 8453,
      dstChainId: 42161,
      amount: '25000000',
      dstAmount: best.dstAmount,
      srcTxHash: TX1,
      ourFeeBps: 20,
      partnerFeeBps: 0,
    });
    // idempotent for the same hash; another hash is a conflict; a malformed one is rejected
    expect((await s.post(`/v1/orders/${best.quoteId}/submitted`, { txHash: TX1.toUpperCase().replace('0X', '0x') })).status).toBe(200);
    const other = await s.post(`/v1/orders/${best.quoteId}/submitted`, { txHash: `0x${'b2'.repeat(32)}` });
    expect([other.status, other.body.error.code]).toEqual([409, 'CONFLICT']);
    const bad = await s.post(`/v1/orders/${best.quoteId}/submitted`, { txHash: 'nope' });
    expect([bad.status, bad.body.error.code, bad.body.error.message]).toEqual([400, 'INVALID_PARAMS', expect.stringMatching(/^txHash:/)]);

    const requestId = [...fx.requests.keys()].at(-1)!;
    fx.setStatus(requestId, 'pending', { inTx: TX1 });
    await waitFor(() => seen.some((o) => o.providerState === 'pending'));
    fx.setStatus(requestId, 'success', { outTx: `0x${'c3'.repeat(32)}` });
    await finished;
    await client.dispose();
    expect(seen[0]).toMatchObject({ status: 'submitted' });
    expect(seen.at(-1)).toMatchObject({
      quoteId: best.quoteId,
      status: 'filled',
      providerState: 'filled',
      srcTxHash: TX1,
      dstTxHash: `0x${'c3'.repeat(32)}`,
      ourFeeBps: 20,
    });

    const events = await s.db.sql.query<{ type: string; livemode: boolean; resource_id: string }>(
      'SELECT type, livemode, resource_id FROM events WHERE account_id = $1 ORDER BY sequence',
      [accountId],
    );
    expect(events.map((e) => e.type)).toEqual(['order.submitted', 'order.filled']);
    expect(events.every((e) => e.resource_id === best.quoteId && e.livemode === false)).toBe(true);
    const row = await s.db.prisma.order.findUniqueOrThrow({ where: { quoteId: best.quoteId } });
    expect(row).toMatchObject({ status: 'filled', trackingId: requestId, finalizedAt: expect.any(Date) });
  });

  it('GET /v1/orders/{provider}/{id}: state, ORDER_NOT_FOUND, RATE_LIMITED, unknown provider', async () => {
    const q = await s.get(quotePath());
    const requestId = [...fx.requests.keys()].at(-1)!;
    expect(q.status).toBe(200);
    fx.setStatus(requestId, 'refund', { inTx: `0x${'d4'.repeat(32)}` });
    const r = await s.get(`/v1/orders/relay/${requestId}`);
    expect(r.body).toEqual({ provider: 'relay', id: requestId, state: 'refunded', srcTxHash: `0x${'d4'.repeat(32)}` });
    const nf = await s.get(`/v1/orders/relay/0x${'0'.repeat(64)}`);
    expect([nf.status, nf.body.error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    fx.scripted.push({ status: 429, body: { message: 'Rate limit exceeded' } });
    const rl = await s.get(`/v1/orders/relay/${requestId}`);
    expect([rl.status, rl.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    const unknown = await s.get('/v1/orders/nope/123');
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'INVALID_PARAMS']);
  });

  it('subscription orderStatus(provider, id) pushes each change of an untracked id until final', async () => {
    await s.get(quotePath());
    const requestId = [...fx.requests.keys()].at(-1)!;
    const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false });
    const states: string[] = [];
    const finished = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: `subscription { orderStatus(provider: "relay", id: "${requestId}") { state dstTxHash } }` },
        { next: (v: any) => void states.push(v.data.orderStatus.state), error: reject, complete: resolve },
      );
    });
    await waitFor(() => states.length === 1);
    fx.setStatus(requestId, 'failure');
    await finished;
    await client.dispose();
    expect(states).toEqual(['pending', 'failed']);
  });
});
