import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { waitFor } from '../helpers/wait.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { graphql } from './generated/index.js';

const MERCHANT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PAYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';

const CreateSession = graphql(`
  mutation TransferCreateSession($input: CreateCheckoutSessionInput!) {
    createCheckoutSession(input: $input) {
      ... on CreateCheckoutSessionPayload { checkoutSession { id } }
    }
  }
`);
const TransferAddress = graphql(`
  mutation TransferAddress($input: CreateCheckoutTransferAddressInput!) {
    createCheckoutTransferAddress(input: $input) {
      __typename
      ... on CreateCheckoutTransferAddressPayload {
        transfer { sessionId depositAddressId address chainId token tokenSymbol amount amountDue uri livemode status refundTo fees { ourFeeBps integratorFeeBps } }
      }
      ... on Error { code }
    }
  }
`);
const SimulateTransfer = graphql(`
  mutation SimulateTransfer($input: SimulateCheckoutTransferInput!) {
    simulateCheckoutTransfer(input: $input) {
      __typename
      ... on SimulateCheckoutTransferPayload { checkoutSession { id status } }
      ... on Error { code }
    }
  }
`);
const SessionStatus = graphql(`
  query TransferSessionStatus($id: ID!) {
    checkoutSession(id: $id) { status amountReceived payments { nodes { kind status } } }
  }
`);
const ExpireSession = graphql(`
  mutation TransferExpire($id: ID!) {
    expireCheckoutSession(input: { id: $id }) { __typename }
  }
`);

/** Pay by transfer over GraphQL (public, keyless like the pay page): the same service as the REST routes. */
describe.each(backends)('checkout pay by transfer over GraphQL (%s)', (backend) => {
  let g: GraphQLTestApp;
  let key: string;
  const llama = new DefiLlamaServer();
  beforeAll(async () => {
    await llama.start();
    g = await startGraphQLTestApp({
      backend,
      env: { DEFILLAMA_API_URL: llama.url, ORDER_POLL_INTERVAL_MS: '100', DEPOSIT_POLL_INTERVAL_MS: '100', CHECKOUT_VERIFY_INTERVAL_MS: '100' },
    });
    ({ key } = await g.createTestKey());
  }, 180_000);
  afterAll(async () => {
    await g?.close();
    await llama.close();
  });

  const session = async () => {
    const r = await g.gql(CreateSession, { input: { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: MERCHANT } }, key);
    const p = r.data!.createCheckoutSession;
    if (!('checkoutSession' in p)) throw new Error(JSON.stringify(r));
    return p.checkoutSession.id;
  };
  const address = (sessionId: string, idempotencyKey?: string) =>
    g.gql(TransferAddress, { input: { sessionId, srcChain: 'arbitrum', srcToken: 'USDC', refundTo: PAYER, ...(idempotencyKey ? { idempotencyKey } : {}) } });

  it('createCheckoutTransferAddress answers the address and exact amount; simulateCheckoutTransfer pays the test session', async () => {
    const id = await session();
    const r = (await address(id, 'gql-transfer-1')).data!.createCheckoutTransferAddress;
    if (r.__typename !== 'CreateCheckoutTransferAddressPayload') throw new Error(JSON.stringify(r));
    const t = r.transfer;
    expect(t).toMatchObject({
      sessionId: id,
      chainId: 42161,
      token: ARB_USDC,
      tokenSymbol: 'USDC',
      amountDue: '25000000',
      livemode: false,
      status: 'awaiting_deposit',
      refundTo: PAYER,
    });
    expect(BigInt(t.amount)).toBeGreaterThan(25_000_000n);
    expect(t.uri).toBe(`ethereum:${ARB_USDC}@42161/transfer?address=${t.address}&uint256=${t.amount}`);
    // Reused for the same chain, token and refund address (with or without the same key).
    const again = (await address(id)).data!.createCheckoutTransferAddress;
    expect(again).toMatchObject({ transfer: { depositAddressId: t.depositAddressId } });

    // Another session's address is not this session's: NotFoundError.
    const other = await session();
    const wrong = await g.gql(SimulateTransfer, { input: { sessionId: other, depositAddressId: t.depositAddressId } });
    expect(wrong.data!.simulateCheckoutTransfer).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });

    const sim = await g.gql(SimulateTransfer, { input: { sessionId: id, depositAddressId: t.depositAddressId, idempotencyKey: 'gql-sim-1' } });
    expect(sim.data!.simulateCheckoutTransfer).toMatchObject({ __typename: 'SimulateCheckoutTransferPayload', checkoutSession: { id } });
    const paid = await waitFor(
      async () => {
        const s = (await g.gql(SessionStatus, { id }, key)).data!.checkoutSession;
        return s?.status === 'paid' ? s : undefined;
      },
      { what: 'session paid by the simulated transfer' },
    );
    expect(paid.amountReceived).toBe('25000000');
    expect(paid.payments!.nodes).toEqual([{ kind: 'routed', status: 'succeeded' }]);
    // Paid: no new address (ConflictError), and the same idempotency key replays the first answer.
    expect((await address(id)).data!.createCheckoutTransferAddress).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect((await address(id, 'gql-transfer-1')).data!.createCheckoutTransferAddress).toMatchObject({ transfer: { depositAddressId: t.depositAddressId } });
  });

  it('an expired session takes no transfer (ConflictError); bad input is a top-level INVALID_PARAMS', async () => {
    const id = await session();
    await g.gql(ExpireSession, { id }, key);
    expect((await address(id)).data!.createCheckoutTransferAddress).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    const bad = await g.gql(TransferAddress, { input: { sessionId: await session(), srcChain: 'arbitrum', srcToken: 'USDC', refundTo: 'not-an-address' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PARAMS' });
  });
});
