import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { graphql } from './generated/index.js';
import { RECIPIENT } from '../invoices/helpers.js';

const CreateClock = graphql(`
  mutation CreateClock($at: DateTime!) {
    createTestClock(input: { name: "gql", frozenAt: $at }) {
      __typename
      ... on CreateTestClockPayload { testClock { id frozenAt status livemode } }
      ... on Error { code message }
    }
  }
`);
const CreateSub = graphql(`
  mutation CreateSub($input: CreateBillingSubscriptionInput!) {
    createBillingSubscription(input: $input) {
      __typename
      ... on CreateBillingSubscriptionPayload {
        billingSubscription { id status interval currentPeriodIndex nextInvoiceAt latestInvoice { id number status dueAt } }
      }
      ... on Error { code message }
    }
  }
`);
const Advance = graphql(`
  mutation AdvanceClock($id: ID!, $at: DateTime!) {
    advanceTestClock(input: { id: $id, frozenAt: $at }) {
      __typename
      ... on AdvanceTestClockPayload { testClock { id frozenAt status } }
      ... on Error { code message }
    }
  }
`);
const SandboxPay = graphql(`
  mutation SandboxPay($id: ID!) {
    payInvoiceInSandbox(input: { id: $id }) {
      __typename
      ... on PayInvoiceInSandboxPayload { invoice { id status customerEmail } }
      ... on Error { code message }
    }
  }
`);
const Cancel = graphql(`
  mutation CancelSub($id: ID!, $atPeriodEnd: Boolean) {
    cancelBillingSubscription(input: { id: $id, atPeriodEnd: $atPeriodEnd }) {
      __typename
      ... on CancelBillingSubscriptionPayload { billingSubscription { id status cancelAtPeriodEnd cancellationReason } }
      ... on Error { code message }
    }
  }
`);
const Resume = graphql(`
  mutation ResumeSub($id: ID!) {
    resumeBillingSubscription(input: { id: $id }) {
      __typename
      ... on ResumeBillingSubscriptionPayload { billingSubscription { id cancelAtPeriodEnd } }
      ... on Error { code message }
    }
  }
`);
const Read = graphql(`
  query ReadSub($id: ID!) {
    billingSubscription(id: $id) { id status periods(first: 20) { nodes { index dueAt paidAt pastDueAt remindersSentAt invoice { id status } } } }
    billingSubscriptions(first: 10) { nodes { id } }
  }
`);
const SubEvents = graphql(`
  query SubEvents {
    events(type: "subscription.*", first: 20) {
      nodes { type resourceId resource { __typename ... on BillingSubscription { id status } } }
    }
  }
`);
const Watch = graphql(`
  subscription WatchSub($id: ID!) {
    billingSubscription(id: $id) { id status }
  }
`);

describe.each(backends)('billing subscriptions over GraphQL, in process (%s)', (backend) => {
  let g: GraphQLTestApp;
  let key: string;
  beforeAll(async () => {
    g = await startGraphQLTestApp({ backend, env: { JOBS_ENABLED: 'false' } });
    ({ key } = await g.createTestKey());
  });
  afterAll(() => g?.close());

  it('creates on a clock, streams past_due → active → canceled, and cancel at period end can be resumed', async () => {
    const t0 = Date.parse('2027-05-31T12:00:00.000Z');
    const clock = (await g.gql(CreateClock, { at: new Date(t0).toISOString() }, key)).data!.createTestClock;
    if (clock.__typename !== 'CreateTestClockPayload') throw new Error(JSON.stringify(clock));
    const made = (
      await g.gql(
        CreateSub,
        {
          input: {
            customerEmail: 'gql@customer.example',
            lineItems: [{ description: 'Plan', quantity: 1, unitAmount: '5000000' }],
            settleChain: 'base',
            settleToken: 'USDC',
            recipient: RECIPIENT,
            interval: 'month' as never,
            daysUntilDue: 3,
            testClockId: clock.testClock.id,
          },
        },
        key,
      )
    ).data!.createBillingSubscription;
    if (made.__typename !== 'CreateBillingSubscriptionPayload') throw new Error(JSON.stringify(made));
    const sub = made.billingSubscription;
    expect(sub).toMatchObject({
      status: 'active',
      currentPeriodIndex: 0,
      nextInvoiceAt: '2027-06-30T12:00:00.000Z',
      latestInvoice: { status: 'open', dueAt: '2027-06-03T12:00:00.000Z' },
    });

    const stream = g.subscribe(Watch, { id: sub.id }, key);
    expect((await stream.take(1))[0]!.data!.billingSubscription).toEqual({ id: sub.id, status: 'active' });
    const adv = (await g.gql(Advance, { id: clock.testClock.id, at: '2027-06-04T12:00:00.000Z' }, key)).data!.advanceTestClock;
    expect(adv).toMatchObject({ testClock: { frozenAt: '2027-06-04T12:00:00.000Z', status: 'ready' } });
    expect((await stream.take(2))[1]!.data!.billingSubscription.status).toBe('past_due');
    const paid = (await g.gql(SandboxPay, { id: sub.latestInvoice!.id })).data!.payInvoiceInSandbox;
    // Public: the customer's view, without the customer's email.
    expect(paid).toMatchObject({ __typename: 'PayInvoiceInSandboxPayload', invoice: { status: 'paid', customerEmail: null } });
    expect((await stream.take(3))[2]!.data!.billingSubscription.status).toBe('active');

    const read = (await g.gql(Read, { id: sub.id }, key)).data!;
    expect(read.billingSubscription!.periods.nodes).toEqual([
      {
        index: 0,
        dueAt: '2027-06-03T12:00:00.000Z',
        paidAt: '2027-06-04T12:00:00.000Z',
        pastDueAt: '2027-06-03T12:00:00.000Z',
        remindersSentAt: ['2027-06-04T12:00:00.000Z'],
        invoice: { id: sub.latestInvoice!.id, status: 'paid' },
      },
    ]);
    expect(read.billingSubscriptions.nodes.map((n) => n.id)).toContain(sub.id);

    const atEnd = (await g.gql(Cancel, { id: sub.id, atPeriodEnd: true }, key)).data!.cancelBillingSubscription;
    expect(atEnd).toMatchObject({ billingSubscription: { status: 'active', cancelAtPeriodEnd: true } });
    expect((await g.gql(Resume, { id: sub.id }, key)).data!.resumeBillingSubscription).toMatchObject({ billingSubscription: { cancelAtPeriodEnd: false } });
    expect((await g.gql(Resume, { id: sub.id }, key)).data!.resumeBillingSubscription).toMatchObject({ __typename: 'ConflictError' });
    await g.gql(Cancel, { id: sub.id, atPeriodEnd: true }, key);
    // The period ends: canceled, and no invoice for the next period.
    await g.gql(Advance, { id: clock.testClock.id, at: '2027-07-01T00:00:00.000Z' }, key);
    expect((await stream.take(4))[3]!.data!.billingSubscription.status).toBe('canceled');
    await stream.completed();
    const after = (await g.gql(Read, { id: sub.id }, key)).data!.billingSubscription!;
    expect(after.periods.nodes).toHaveLength(1);
    expect((await g.gql(Cancel, { id: sub.id }, key)).data!.cancelBillingSubscription).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });

    // Its events resolve to the subscription as it is now.
    const evs = (await g.gql(SubEvents, {}, key)).data!.events.nodes.filter((n) => n.resourceId === sub.id);
    expect(evs.map((e) => e.type)).toEqual(
      expect.arrayContaining(['subscription.created', 'subscription.past_due', 'subscription.updated', 'subscription.canceled']),
    );
    for (const e of evs) expect(e.resource).toEqual({ __typename: 'BillingSubscription', id: sub.id, status: 'canceled' });
  });
});
