import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
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

const CREATE = `mutation Create($input: CreateLimitOrderInput!) {
  createLimitOrder(input: $input) {
    __typename
    ... on CreateLimitOrderPayload { limitOrder { id status makingAmount takingAmount price { outputPerInput inputPerOutput } fees { ourFeeBps } providerOrderId } transaction { serializedTx submitViaApi } }
    ... on Error { code message }
  }
}`;
const SUBMIT = `mutation Submit($input: SubmitLimitOrderInput!) {
  submitLimitOrder(input: $input) {
    __typename
    ... on SubmitLimitOrderPayload { limitOrder { id status openTxHash } }
    ... on Error { code message }
  }
}`;
const READ = `query Read($id: ID!, $maker: String) {
  limitOrder(id: $id) { id status filledMakingAmount remainingMakingAmount }
  limitOrders(maker: $maker, first: 50) { nodes { id } }
}`;

describe.each(backends)('limit orders over GraphQL (%s)', (backend) => {
  let s: TestServer;
  let fx: TriggerFixture;
  let rpc: SolanaRpcServer;
  let key: string;

  beforeAll(async () => {
    fx = await startTriggerFixture();
    rpc = await new SolanaRpcServer().start();
    s = await startTestServer({
      backend,
      env: {
        PROVIDERS: 'jupiter',
        JUPITER_API_URL: fx.url,
        FEE_RECIPIENT_SOLANA: Keypair.generate().publicKey.toBase58(),
        SOLANA_RPC_URL: rpc.url,
        LIMIT_ORDER_POLL_INTERVAL_MS: '100',
      },
    });
    ({ key } = await s.createTestKey());
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await fx?.close();
    await rpc?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown>, apiKey?: string) => {
    const r = await s.post('/graphql', { query, variables }, apiKey ? { 'x-api-key': apiKey } : {});
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  async function createAndSubmit(apiKey?: string) {
    const c = (await gql(CREATE, { input: { inputToken: 'USDC', outputToken: 'SOL', maker: MAKER, makingAmount: '50000000', limitPrice: '0.008' } }, apiKey))
      .createLimitOrder;
    expect(c.__typename, JSON.stringify(c)).toBe('CreateLimitOrderPayload');
    expect(c.limitOrder).toMatchObject({
      status: 'pending_signature',
      takingAmount: '400000000',
      price: { outputPerInput: '0.008', inputPerOutput: '125' },
      fees: { ourFeeBps: apiKey ? 20 : 30 },
    });
    const signed = sign(c.transaction.serializedTx);
    const sub = (await gql(SUBMIT, { input: { id: c.limitOrder.id, signedTransaction: signed } }, apiKey)).submitLimitOrder;
    expect(sub).toMatchObject({ __typename: 'SubmitLimitOrderPayload', limitOrder: { id: c.limitOrder.id, status: 'open', openTxHash: expect.any(String) } });
    expect(fx.executed.at(-1)).toBe(signed);
    return c.limitOrder as { id: string; providerOrderId: string };
  }

  it('create → submit signed with the maker key → fills pushed by the limitOrder subscription until filled', { timeout: 120_000 }, async () => {
    const order = await createAndSubmit(key);
    const client = createClient({
      url: `${s.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      lazy: false,
      connectionParams: { 'x-api-key': key },
    });
    try {
      const seen: Array<{ status: string; filledMakingAmount: string }> = [];
      const finished = new Promise<void>((resolve, reject) => {
        client.subscribe(
          { query: `subscription { limitOrder(id: "${order.id}") { id status filledMakingAmount } }` },
          { next: (v) => void seen.push((v.data as any)?.limitOrder ?? v), error: reject, complete: resolve },
        );
      });
      await waitFor(() => s.infra.pubsub.isListening(limitOrderTopic(order.id)), { what: 'the subscription to listen' });
      await waitFor(() => seen.length >= 1, { what: 'the first push' });
      fx.fill(order.providerOrderId, 20_000_000n, 160_000_000n);
      await waitFor(() => seen.some((v) => v.filledMakingAmount === '20000000'), { what: 'the partial fill pushed' });
      fx.fill(order.providerOrderId, 30_000_000n, 240_000_000n);
      await finished;
      expect(seen.map((v) => [v.status, v.filledMakingAmount])).toEqual([
        ['open', '0'],
        ['partially_filled', '20000000'],
        ['filled', '50000000'],
      ]);
      const fills = await s.infra.prisma.order.findMany({ where: { limitOrderId: order.id } });
      expect(fills.map((f) => f.amount).sort()).toEqual(['20000000', '30000000']);
    } finally {
      await client.dispose();
    }
  });

  it('keyed and keyless orders stay apart: another key or no key sees no keyed order, and cannot submit to it', { timeout: 120_000 }, async () => {
    const keyed = await createAndSubmit(key);
    const keyless = await createAndSubmit();
    const other = await s.createTestKey();

    const mine = await gql(READ, { id: keyed.id, maker: MAKER }, key);
    expect(mine.limitOrder).toMatchObject({ id: keyed.id, status: 'open' });
    expect(mine.limitOrders.nodes.map((n: { id: string }) => n.id)).toContain(keyed.id);
    expect(mine.limitOrders.nodes.map((n: { id: string }) => n.id)).not.toContain(keyless.id);

    const theirs = await gql(READ, { id: keyed.id, maker: MAKER }, other.key);
    expect(theirs.limitOrder).toBeNull();
    expect(theirs.limitOrders.nodes).toEqual([]);

    const anon = await gql(READ, { id: keyed.id, maker: MAKER });
    expect(anon.limitOrder).toBeNull();
    expect(anon.limitOrders.nodes.map((n: { id: string }) => n.id)).toContain(keyless.id);
    expect(anon.limitOrders.nodes.map((n: { id: string }) => n.id)).not.toContain(keyed.id);
    expect((await gql(READ, { id: keyless.id, maker: MAKER })).limitOrder).toMatchObject({ id: keyless.id });

    const refused = (await gql(SUBMIT, { input: { id: keyed.id, signature: '1'.repeat(64) } }, other.key)).submitLimitOrder;
    expect(refused).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    const cancel = await s.post('/graphql', { query: `mutation { cancelLimitOrders(input: { ids: ["${keyed.id}"] }) { __typename ... on Error { code } } }` });
    expect(cancel.body.data.cancelLimitOrders).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
  });
});
