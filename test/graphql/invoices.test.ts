import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { ManualClock } from '../../src/clock.js';
import { graphql } from './generated/index.js';
import { RECIPIENT } from '../invoices/helpers.js';

const CreateInvoice = graphql(`
  mutation CreateInvoice($input: CreateInvoiceInput!) {
    createInvoice(input: $input) {
      __typename
      ... on CreateInvoicePayload {
        invoice { id number status amount dueAt url customerEmail recipient lineItems { totalCount nodes { description quantity unitAmount amount } } settlement { chainId symbol } }
      }
    }
  }
`);
const UpdateInvoice = graphql(`
  mutation UpdateInvoice($input: UpdateInvoiceInput!) {
    updateInvoice(input: $input) {
      __typename
      ... on UpdateInvoicePayload { invoice { id memo dueAt amount } }
      ... on Error { code message }
    }
  }
`);
const SendInvoice = graphql(`
  mutation SendInvoice($id: ID!) {
    sendInvoice(input: { id: $id }) {
      __typename
      ... on SendInvoicePayload { invoice { id number status sentAt lastEmail { kind status to } } }
      ... on Error { code message }
    }
  }
`);
const VoidInvoice = graphql(`
  mutation VoidInvoice($id: ID!) {
    voidInvoice(input: { id: $id }) {
      __typename
      ... on VoidInvoicePayload { invoice { id status voidedAt } }
      ... on Error { code message }
    }
  }
`);
const PayInvoice = graphql(`
  mutation PayInvoice($id: ID!) {
    payInvoice(input: { id: $id }) {
      __typename
      ... on PayInvoicePayload { newSession sessionId url checkoutSession { id invoiceId description } }
      ... on Error { code message }
    }
  }
`);
const ReadInvoice = graphql(`
  query ReadInvoice($id: ID!) {
    invoice(id: $id) { id status number customerEmail sessionId checkoutSession { id status } }
    publicInvoice(id: $id) { id status customerEmail recipient sessionId lastEmail { status } }
  }
`);
const ListInvoices = graphql(`
  query ListInvoices($first: Int, $after: String, $status: InvoiceStatus) {
    invoices(first: $first, after: $after, status: $status) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } }
  }
`);
const InvoiceEvents = graphql(`
  query InvoiceEvents {
    events(type: "invoice.*", first: 5) {
      nodes { type resourceId resource { __typename ... on Invoice { id status number } } }
    }
  }
`);
const WatchInvoice = graphql(`
  subscription WatchInvoice($id: ID!) {
    invoice(id: $id) { id status number }
  }
`);

const input = {
  customerEmail: 'ap@customer.example',
  customerName: 'Customer GmbH',
  merchantName: 'Acme Tools',
  lineItems: [
    { description: 'Consulting', quantity: 4, unitAmount: '10000000' },
    { description: 'Hosting', quantity: 1, unitAmount: '9000000' },
  ],
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
};

describe.each(backends)('invoices over GraphQL, in process (%s)', (backend) => {
  let g: GraphQLTestApp;
  let key: string;
  let other: string;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
  beforeAll(async () => {
    g = await startGraphQLTestApp({ backend, clock, env: { JOBS_ENABLED: 'false' } });
    ({ key } = await g.createTestKey());
    ({ key: other } = await g.createTestKey());
  });
  afterAll(() => g?.close());

  const create = async (extra: Record<string, unknown> = {}) => {
    clock.advance(1000);
    const r = await g.gql(CreateInvoice, { input: { ...input, ...extra } as never }, key);
    const p = r.data?.createInvoice;
    if (p?.__typename !== 'CreateInvoicePayload') throw new Error(JSON.stringify(r));
    return p.invoice;
  };

  it('creates drafts (dueOn is the end of that day UTC), edits them, sends, lists, voids; expected failures are typed', async () => {
    const inv = await create({ dueOn: '2026-12-10' });
    expect(inv).toMatchObject({
      status: 'draft',
      number: null,
      amount: '49000000',
      dueAt: '2026-12-10T23:59:59.999Z',
      customerEmail: 'ap@customer.example',
      recipient: RECIPIENT,
      settlement: { chainId: 8453, symbol: 'USDC' },
    });
    expect(inv.lineItems).toEqual({
      totalCount: 2,
      nodes: [
        { description: 'Consulting', quantity: 4, unitAmount: '10000000', amount: '40000000' },
        { description: 'Hosting', quantity: 1, unitAmount: '9000000', amount: '9000000' },
      ],
    });
    const both = await g.gql(CreateInvoice, { input: { ...input, dueOn: '2026-12-10', dueAt: '2026-12-10T10:00:00Z' } as never }, key);
    expect(both.errors?.[0]?.extensions.code).toBe('INVALID_PARAMS');

    const upd = await g.gql(
      UpdateInvoice,
      { input: { id: inv.id, memo: 'Net 14', dueAt: '2026-12-01T12:00:00.000Z', lineItems: [{ description: 'Audit', quantity: 2, unitAmount: '5000000' }] } },
      key,
    );
    expect(upd.data!.updateInvoice).toEqual({
      __typename: 'UpdateInvoicePayload',
      invoice: { id: inv.id, memo: 'Net 14', dueAt: '2026-12-01T12:00:00.000Z', amount: '10000000' },
    });
    const cleared = await g.gql(UpdateInvoice, { input: { id: inv.id, memo: null, dueOn: null } }, key);
    expect(cleared.data!.updateInvoice).toMatchObject({ invoice: { memo: null, dueAt: null } });

    const sent = await g.gql(SendInvoice, { id: inv.id }, key);
    expect(sent.data!.sendInvoice).toMatchObject({
      __typename: 'SendInvoicePayload',
      invoice: { status: 'open', number: expect.stringMatching(/^INV-\d{4}$/), lastEmail: { kind: 'invoice', status: 'pending', to: 'ap@customer.example' } },
    });
    expect((await g.gql(UpdateInvoice, { input: { id: inv.id, memo: 'x' } }, key)).data!.updateInvoice).toMatchObject({
      __typename: 'ConflictError',
      code: 'CONFLICT',
    });
    expect((await g.gql(SendInvoice, { id: 'inv_test_missing' }, key)).data!.sendInvoice).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    // Another account's invoice is invisible.
    expect((await g.gql(SendInvoice, { id: inv.id }, other)).data!.sendInvoice).toMatchObject({ __typename: 'NotFoundError' });
    expect((await g.gql(ReadInvoice, { id: inv.id }, other)).data!.invoice).toBeNull();

    const draft = await create();
    const page1 = await g.gql(ListInvoices, { first: 1 }, key);
    expect(page1.data!.invoices.edges.map((e) => e.node.id)).toEqual([draft.id]);
    const page2 = await g.gql(ListInvoices, { first: 1, after: page1.data!.invoices.pageInfo.endCursor }, key);
    expect(page2.data!.invoices.edges.map((e) => e.node.id)).toEqual([inv.id]);
    expect((await g.gql(ListInvoices, { status: 'draft' }, key)).data!.invoices.edges.map((e) => e.node.id)).toContain(draft.id);
    expect((await g.gql(ListInvoices, {})).errors?.[0]?.extensions.code).toBe('UNAUTHORIZED');

    expect((await g.gql(VoidInvoice, { id: draft.id }, key)).data!.voidInvoice).toMatchObject({ invoice: { status: 'void', voidedAt: expect.any(String) } });
    expect((await g.gql(VoidInvoice, { id: draft.id }, key)).data!.voidInvoice).toMatchObject({ __typename: 'ConflictError' });
  });

  it('payInvoice is public: starts a session, then reuses it; the customer view hides the private fields; drafts are null', async () => {
    const draft = await create();
    expect((await g.gql(ReadInvoice, { id: draft.id })).data!.publicInvoice).toBeNull();
    expect((await g.gql(PayInvoice, { id: draft.id })).data!.payInvoice).toMatchObject({ __typename: 'NotFoundError' });
    const inv = await create({ send: true });
    const first = await g.gql(PayInvoice, { id: inv.id });
    const p = first.data!.payInvoice;
    if (p.__typename !== 'PayInvoicePayload') throw new Error(JSON.stringify(first));
    expect(p).toMatchObject({
      newSession: true,
      url: `http://localhost:8787/pay/${p.sessionId}`,
      checkoutSession: { id: p.sessionId, invoiceId: inv.id, description: expect.stringMatching(/^Invoice INV-\d{4}$/) },
    });
    expect((await g.gql(PayInvoice, { id: inv.id })).data!.payInvoice).toMatchObject({ newSession: false, sessionId: p.sessionId });
    const read = await g.gql(ReadInvoice, { id: inv.id }, key);
    expect(read.data!.invoice).toMatchObject({
      customerEmail: 'ap@customer.example',
      sessionId: p.sessionId,
      checkoutSession: { id: p.sessionId, status: 'open' },
    });
    expect(read.data!.publicInvoice).toEqual({ id: inv.id, status: 'open', customerEmail: null, recipient: null, sessionId: null, lastEmail: null });
  });

  it('the invoice subscription pushes every status change and completes at paid', async () => {
    const inv = await create({ send: true });
    const sub = g.subscribe(WatchInvoice, { id: inv.id });
    expect((await sub.take(1))[0]!.data!.invoice).toMatchObject({ id: inv.id, status: 'open' });
    const pay = (await g.gql(PayInvoice, { id: inv.id })).data!.payInvoice as { sessionId: string };
    const tx = `0x${'d4'.repeat(32)}`;
    const checkout = g.app.services.checkout;
    await checkout.reportDirect(pay.sessionId, { txHash: tx, payer: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' });
    const payment = await g.app.infra.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: pay.sessionId } });
    // The verifier first sees the transaction on chain with the session's evidence, then settles it.
    await checkout.settlePayment(payment.id, { kind: 'seen' });
    await checkout.settlePayment(payment.id, { kind: 'succeeded', deliveryTxHash: tx, amountReceived: 49_000_000n });
    expect((await sub.take(2))[1]!.data!.invoice).toMatchObject({ id: inv.id, status: 'paid' });
    await sub.completed();
    expect(sub.done).toBe(true);
    // Its events point at the invoice as it is now (null for another account's key).
    const evs = (await g.gql(InvoiceEvents, {}, key)).data!.events.nodes.filter((n) => n.resourceId === inv.id);
    // (Both were made at the same instant of the test clock: their order is the ids'.)
    expect(evs.map((e) => e.type).sort()).toEqual(['invoice.paid', 'invoice.sent']);
    for (const e of evs) expect(e.resource).toMatchObject({ __typename: 'Invoice', id: inv.id, status: 'paid' });
    // A draft is not visible to the public stream.
    const draft = await create();
    const hidden = g.subscribe(WatchInvoice, { id: draft.id });
    await hidden.completed();
    expect(hidden.results[0]!.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });
});
