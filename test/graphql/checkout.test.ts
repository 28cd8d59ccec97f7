import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { sessionTag } from '../../src/checkout/verify/evidence.js';
import { ManualClock } from '../../src/clock.js';
import { graphql } from './generated/index.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const CreateSession = graphql(`
  mutation CreateSession($input: CreateCheckoutSessionInput!) {
    createCheckoutSession(input: $input) {
      ... on CreateCheckoutSessionPayload {
        checkoutSession { id status amount url reference createdAt expiresAt settlement { chainId symbol decimals } }
      }
    }
  }
`);
const ReadSession = graphql(`
  query ReadSession($id: ID!) {
    checkoutSession(id: $id) {
      id
      status
      reference
      metadata
      payments { totalCount nodes { id status kind } }
      refunds { totalCount }
    }
  }
`);
const ListSessions = graphql(`
  query ListSessions($first: Int, $after: String, $status: CheckoutSessionStatus) {
    checkoutSessions(first: $first, after: $after, status: $status) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }
  }
`);
const Refund = graphql(`
  mutation Refund($input: CreateCheckoutRefundInput!) {
    createCheckoutRefund(input: $input) {
      __typename
      ... on CreateCheckoutRefundPayload { refund { id } }
      ... on Error { code message }
    }
  }
`);
const Expire = graphql(`
  mutation Expire($id: ID!) {
    expireCheckoutSession(input: { id: $id }) {
      __typename
      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }
      ... on Error { code message }
    }
  }
`);
const ReportPayment = graphql(`
  mutation ReportPayment($input: ReportCheckoutPaymentInput!) {
    reportCheckoutPayment(input: $input) {
      __typename
      ... on ReportCheckoutPaymentPayload { checkoutSession { status } }
      ... on Error { code }
    }
  }
`);
const SubmitPayment = graphql(`
  mutation SubmitPayment($input: SubmitCheckoutPaymentInput!) {
    submitCheckoutPayment(input: $input) {
      __typename
      ... on SubmitCheckoutPaymentPayload { checkoutSession { status } }
      ... on Error { code }
    }
  }
`);
const PayerQuote = graphql(`
  query PayerQuote($input: CheckoutSessionQuoteInput!) {
    checkoutSessionQuote(input: $input) {
      __typename
      ... on CheckoutPayerQuoteResponse { amountDue }
      ... on Error { code }
    }
  }
`);
const DirectQuote = graphql(`
  query DirectQuote($input: CheckoutSessionQuoteInput!) {
    checkoutSessionQuote(input: $input) {
      __typename
      ... on CheckoutPayerQuoteResponse { direct best { method quoteId provider tx { __typename ... on EvmTx { to data value } } } }
    }
  }
`);
const BuildDirect = graphql(`
  mutation BuildDirect($input: BuildOrderInput!) {
    buildOrder(input: $input) { __typename ... on BuildOrderPayload { provider tx { __typename ... on EvmTx { to data value } } } }
  }
`);
const ReportDirect = graphql(`
  mutation ReportDirect($input: ReportOrderSubmittedInput!) {
    reportOrderSubmitted(input: $input) { __typename ... on ReportOrderSubmittedPayload { order { quoteId provider status checkoutSessionId } } }
  }
`);
const SessionEvents = graphql(`
  query SessionEvents {
    events(type: "checkout.session.*", first: 5) {
      nodes { type resourceId resource { __typename ... on CheckoutSession { id status reference } } }
    }
  }
`);
const WatchSession = graphql(`
  subscription WatchSession($id: ID!) {
    checkoutSession(id: $id) { id status }
  }
`);

describe.each(backends)('checkout over GraphQL, in process (%s)', (backend) => {
  let g: GraphQLTestApp;
  let key: string;
  const clock = new ManualClock(Date.parse('2026-11-22T10:00:00.000Z'));
  beforeAll(async () => {
    g = await startGraphQLTestApp({ backend, clock, env: { JOBS_ENABLED: 'false' } });
    ({ key } = await g.createTestKey());
  });
  afterAll(() => g?.close());

  const create = async (extra: Record<string, unknown> = {}) => {
    const r = await g.gql(CreateSession, { input: { amount: '990000', settleChain: '8453', settleToken: 'USDC', recipient: RECIPIENT, ...extra } }, key);
    const p = r.data!.createCheckoutSession;
    if (!('checkoutSession' in p)) throw new Error(JSON.stringify(r));
    return p.checkoutSession;
  };

  it('creates, reads (public vs owner), lists and expires through the same service; expected failures are typed', async () => {
    const cs = await create({ reference: 'gql-ref' });
    expect(cs).toMatchObject({ status: 'open', amount: '990000', reference: 'gql-ref', settlement: { chainId: 8453, symbol: 'USDC', decimals: 6 } });
    expect(cs.url).toBe(`http://localhost:8787/pay/${cs.id}`);
    expect(cs.createdAt).toBe('2026-11-22T10:00:00.000Z');
    expect(cs.expiresAt).toBe('2026-11-22T11:00:00.000Z');

    expect((await g.gql(ReadSession, { id: cs.id })).data!.checkoutSession).toEqual({
      id: cs.id,
      status: 'open',
      reference: null,
      metadata: null,
      payments: null,
      refunds: null,
    });
    expect((await g.gql(ReadSession, { id: cs.id }, key)).data!.checkoutSession).toEqual({
      id: cs.id,
      status: 'open',
      reference: 'gql-ref',
      metadata: null,
      payments: { totalCount: 0, nodes: [] },
      refunds: { totalCount: 0 },
    });
    // Another account's key sees the public view.
    const other = await g.createTestKey();
    expect((await g.gql(ReadSession, { id: cs.id }, other.key)).data!.checkoutSession).toMatchObject({ reference: null, payments: null, refunds: null });

    const bad = await g.post(
      { query: 'mutation { createCheckoutSession(input: { amount: "0", settleChain: "base", settleToken: "USDC", recipient: "x" }) { __typename } }' },
      { 'x-api-key': key },
    );
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', requestId: bad.requestId });

    expect((await g.gql(Refund, { input: { sessionId: cs.id } }, key)).data!.createCheckoutRefund).toMatchObject({
      __typename: 'ConflictError',
      code: 'CONFLICT',
    });
    expect((await g.gql(Expire, { id: cs.id }, key)).data!.expireCheckoutSession).toEqual({
      __typename: 'ExpireCheckoutSessionPayload',
      checkoutSession: { id: cs.id, status: 'expired' },
    });
    expect((await g.gql(Expire, { id: cs.id }, key)).data!.expireCheckoutSession).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect((await g.gql(Expire, { id: cs.id }, other.key)).data!.expireCheckoutSession).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    const report = await g.gql(ReportPayment, { input: { sessionId: cs.id, txHash: `0x${'ab'.repeat(32)}`, payer: RECIPIENT } });
    expect(report.data!.reportCheckoutPayment).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect(
      (await g.gql(PayerQuote, { input: { sessionId: cs.id, srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT } })).data!.checkoutSessionQuote,
    ).toMatchObject({ __typename: 'ConflictError' });

    // The event of the expiry references the session itself, in the owner's view (one query, no second round trip).
    const events = (await g.gql(SessionEvents, {}, key)).data!.events.nodes.filter((e) => e.resourceId === cs.id);
    expect(events).toEqual([
      { type: 'checkout.session.expired', resourceId: cs.id, resource: { __typename: 'CheckoutSession', id: cs.id, status: 'expired', reference: 'gql-ref' } },
    ]);
    expect((await g.gql(SessionEvents, {}, other.key)).data!.events.nodes).toEqual([]);
  });

  it('the direct option is a quote: buildOrder gives the session-tagged transfer and reportOrderSubmitted records a hint that moves nothing', async () => {
    const cs = await create();
    const q = (await g.gql(DirectQuote, { input: { sessionId: cs.id, srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT } })).data!.checkoutSessionQuote;
    if (q.__typename !== 'CheckoutPayerQuoteResponse') throw new Error(q.__typename);
    expect(q).toMatchObject({ direct: true, best: { method: 'direct_transfer', provider: 'direct', quoteId: expect.stringMatching(/^q_/) } });
    const quoteId = q.best.quoteId!;
    const built = (await g.gql(BuildDirect, { input: { quoteId } })).data!.buildOrder;
    expect(built).toEqual({ __typename: 'BuildOrderPayload', provider: 'direct', tx: q.best.tx });
    if (built.__typename !== 'BuildOrderPayload' || built.tx.__typename !== 'EvmTx') throw new Error('not an EVM build');
    expect(built.tx.data.endsWith(sessionTag(cs.id))).toBe(true);
    const reported = (await g.gql(ReportDirect, { input: { quoteId, txHash: `0x${'7e'.repeat(32)}` } })).data!.reportOrderSubmitted;
    expect(reported).toEqual({
      __typename: 'ReportOrderSubmittedPayload',
      order: { quoteId, provider: 'direct', status: 'submitted', checkoutSessionId: cs.id },
    });
    expect((await g.gql(ReadSession, { id: cs.id }, key)).data!.checkoutSession).toMatchObject({ status: 'open', payments: { totalCount: 1 } });
  });

  it('lookups of sessions that do not exist are null, not errors', async () => {
    for (const id of ['cs_test_doesnotexist', 'cs_\u0000', 'x'.repeat(5000)]) {
      const r = await g.gql(ReadSession, { id });
      expect(r.errors, id.slice(0, 20)).toBeUndefined();
      expect(r.data!.checkoutSession).toBeNull();
    }
    expect(
      (await g.gql(PayerQuote, { input: { sessionId: 'cs_test_nope', srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT } })).data!.checkoutSessionQuote,
    ).toMatchObject({ __typename: 'NotFoundError' });
  });

  it('pages sessions with a cursor on every edge (newest first)', async () => {
    const { key: k } = await g.createTestKey();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      const r = await g.gql(CreateSession, { input: { amount: String(1000 + i), settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT } }, k);
      ids.unshift((r.data!.createCheckoutSession as { checkoutSession: { id: string } }).checkoutSession.id);
    }
    const all = (await g.gql(ListSessions, { first: 3 }, k)).data!.checkoutSessions;
    expect(all.edges.map((e) => e.node.id)).toEqual(ids);
    expect(all.pageInfo).toEqual({ hasNextPage: false, endCursor: all.edges[2]!.cursor });
    // Resuming after the first edge gives the other two.
    const rest = (await g.gql(ListSessions, { first: 5, after: all.edges[0]!.cursor }, k)).data!.checkoutSessions;
    expect(rest.edges.map((e) => e.node.id)).toEqual(ids.slice(1));
    const one = (await g.gql(ListSessions, { first: 1 }, k)).data!.checkoutSessions;
    expect(one.pageInfo.hasNextPage).toBe(true);
    const tooMany = await g.gql(ListSessions, { first: 101 }, k);
    expect(tooMany.errors![0]!.extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'first' });
    expect((await g.gql(ListSessions, { first: 1 })).errors![0]!.extensions.code).toBe('UNAUTHORIZED');
  });

  it('submitCheckoutPayment (the Solana signed transfer) is there; an EVM-settled session refuses it as REST does', async () => {
    const cs = await create();
    const r = await g.gql(SubmitPayment, { input: { sessionId: cs.id, signedTransaction: 'AAAA', payer: RECIPIENT } });
    expect(r.errors![0]!.extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'signedTransaction' });
    expect(
      (await g.gql(SubmitPayment, { input: { sessionId: 'cs_test_nope', signedTransaction: 'AAAA', payer: RECIPIENT } })).data!.submitCheckoutPayment,
    ).toMatchObject({
      __typename: 'NotFoundError',
    });
  });

  it('the checkoutSession subscription pushes status changes and completes at a final status', async () => {
    const cs = await create();
    const sub = g.subscribe(WatchSession, { id: cs.id });
    expect((await sub.take(1))[0]!.data!.checkoutSession).toEqual({ id: cs.id, status: 'open' });
    await g.gql(Expire, { id: cs.id }, key);
    expect((await sub.take(2))[1]!.data!.checkoutSession).toEqual({ id: cs.id, status: 'expired' });
    await sub.completed();
    expect(sub.done).toBe(true);
    // Subscribing to a session already final answers once and completes.
    const again = g.subscribe(WatchSession, { id: cs.id });
    await again.completed();
    expect(again.results.map((r) => r.data!.checkoutSession.status)).toEqual(['expired']);
  });
});
