import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { graphql } from './generated/index.js';
import { parseInput } from '../../src/validation.js';
import { createSessionSchema } from '../../src/checkout/input.js';
import { internalAuth } from '../../src/accounts/service.js';

const SessionStream = graphql(`
  subscription SessionEventsWithResource {
    events(types: ["checkout.session.*"]) {
      type
      resource { ... on CheckoutSession { id status } }
    }
  }
`);
const WatchSession = graphql(`
  subscription WatchSession($id: ID!) {
    checkoutSession(id: $id) { id status }
  }
`);
const SessionsPage = graphql(`
  query SessionsAfter($after: String) {
    checkoutSessions(first: 5, after: $after) { nodes { id } }
  }
`);
const OrderLookup = graphql(`
  query OrderLookup($quoteId: ID!) {
    order(quoteId: $quoteId) { quoteId }
  }
`);
const Keys = graphql(`
  query ViewerKeys {
    viewer { mode apiKeys { totalCount nodes { id mode } } }
  }
`);
const Revoke = graphql(`
  mutation RevokeKey($id: ID!) {
    revokeApiKey(input: { id: $id }) {
      __typename
      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }
      ... on NotFoundError { code }
    }
  }
`);

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const session = { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT };

/** What a long-lived stream must not keep: stale references, a revoked key, unmapped errors. */
describe('GraphQL streams and lookups stay correct over time, in process', () => {
  let g: GraphQLTestApp;
  beforeAll(async () => {
    g = await startGraphQLTestApp({ env: { JOBS_ENABLED: 'false' } });
  });
  afterAll(() => g?.close());

  it("a pushed event reads its references as they are now, not from the first push's cache", async () => {
    const { accountId, key } = await g.createTestKey();
    const auth = internalAuth(accountId, 'test', 'k');
    const sub = g.subscribe(SessionStream, {}, key);
    await sub.ready;
    const cs = await g.app.services.checkout.create(auth, parseInput(createSessionSchema, session));
    await g.app.services.checkout.reportDirect(cs.id, { txHash: `0x${'ab'.repeat(32)}`, payer: RECIPIENT });
    const payment = await g.app.infra.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: cs.id } });
    // The verifier first sees the transaction on chain with the session's evidence (processing), then settles it.
    await g.app.services.checkout.settlePayment(payment.id, { kind: 'seen' });
    await sub.take(1);
    await g.app.services.checkout.settlePayment(payment.id, { kind: 'failed', reason: 'tx_failed' });
    const got = await sub.take(2);
    await sub.close();
    expect(got.map((r) => r.data?.events)).toEqual([
      { type: 'checkout.session.processing', resource: { id: cs.id, status: 'processing' } },
      { type: 'checkout.session.payment_failed', resource: { id: cs.id, status: 'open' } },
    ]);
  });

  it('a key revoked mid-stream ends its event stream with UNAUTHORIZED instead of streaming on', async () => {
    const { accountId, key } = await g.createTestKey();
    const auth = internalAuth(accountId, 'test', 'k');
    const sub = g.subscribe(SessionStream, {}, key);
    await sub.ready;
    const [k] = await g.app.services.accounts.listKeys(accountId);
    await g.app.services.accounts.revokeKey(accountId, k!.id);
    // An event for the account: a reported payment seen on chain (checkout.session.processing).
    const cs = await g.app.services.checkout.create(auth, parseInput(createSessionSchema, session));
    await g.app.services.checkout.reportDirect(cs.id, { txHash: `0x${'cd'.repeat(32)}`, payer: RECIPIENT });
    const payment = await g.app.infra.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: cs.id } });
    await g.app.services.checkout.settlePayment(payment.id, { kind: 'seen' });
    await sub.completed();
    expect(sub.results).toHaveLength(1);
    expect(sub.results[0]!.data ?? null).toBeNull();
    expect(sub.results[0]!.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('an error thrown by a stream carries its code, never the internals', async () => {
    const sub = g.subscribe(WatchSession, { id: 'cs_test_doesnotexist' });
    await sub.completed();
    expect(sub.results).toHaveLength(1);
    const [err] = sub.results[0]!.errors!;
    expect(err!.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(err!.message).toBe('Checkout session not found');
  });

  it('lookups of ids no quote could have answer null (no database error); a refused cursor is reported as `after`', async () => {
    expect((await g.gql(OrderLookup, { quoteId: 'q_a\u0000b' })).data).toEqual({ order: null });
    expect((await g.gql(OrderLookup, { quoteId: 'q'.repeat(100_000) })).data).toEqual({ order: null });
    const { key } = await g.createTestKey();
    const bad = await g.gql(SessionsPage, { after: 'zzz' }, key);
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'after' });
    expect(bad.errors![0]!.message).toMatch(/^after: /);
  });

  it("a test key neither sees nor revokes the account's live keys", async () => {
    const { accountId, key } = await g.createTestKey();
    await g.app.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const live = await g.app.services.accounts.createKey(accountId, 'live');
    expect((await g.gql(Keys, {}, key)).data!.viewer.apiKeys).toMatchObject({ totalCount: 1, nodes: [{ mode: 'test' }] });
    expect((await g.gql(Revoke, { id: live.apiKey.id }, key)).data!.revokeApiKey).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    // The live key still works, and sees only live keys.
    expect((await g.gql(Keys, {}, live.key)).data!.viewer).toMatchObject({
      mode: 'live',
      apiKeys: { totalCount: 1, nodes: [{ id: live.apiKey.id, mode: 'live' }] },
    });
  });
});
