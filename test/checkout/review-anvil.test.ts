import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { withDevnet } from '../fixtures/devnet.js';
import { graphql } from '../graphql/generated/index.js';
import { USDC, eventTypes, freshAddress, settled, transfer, waitForSession } from './helpers.js';

/**
 * The merchant resolves sessions in `needs_review` (src/checkout/review.ts) on anvil posing as Base: a payer
 * really underpays in USDC, the verifier really puts the session under review, then the owner's key accepts the
 * payment (→ paid, `checkout.session.completed`, a linked invoice paid) or reopens the session (→ open, payable
 * again). Every move is an event and an audit row.
 */
const devnet = withDevnet();

const AcceptReview = graphql(`
  mutation ReviewAccept($input: AcceptCheckoutSessionReviewInput!) {
    acceptCheckoutSessionReview(input: $input) {
      __typename
      ... on AcceptCheckoutSessionReviewPayload {
        checkoutSession {
          id
          status
          amountReceived
          review { reason }
          payments { nodes { id status reason } }
          reviews { totalCount nodes { id action note paymentId payment { id status } reviewReason paymentReason apiKeyId fromStatus toStatus createdAt } }
        }
      }
      ... on Error { code message }
    }
  }
`);
const ReopenSession = graphql(`
  mutation ReviewReopen($input: ReopenCheckoutSessionInput!) {
    reopenCheckoutSession(input: $input) {
      __typename
      ... on ReopenCheckoutSessionPayload { checkoutSession { id status expiresAt reviews { nodes { action note toStatus } } } }
      ... on Error { code message }
    }
  }
`);
const ReadReviews = graphql(`
  query ReviewRead($id: ID!) {
    checkoutSession(id: $id) { id status reviews { totalCount nodes { action note } } }
  }
`);

describe.each(backends)('resolving checkout sessions under review (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let keyId: string;
  let other: string;
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };
  const h = (extra: Record<string, string> = {}) => ({ 'x-api-key': key, ...extra });

  beforeAll(async () => {
    s = await startTestServer({
      backend,
      clock,
      env: { RPC_URL_8453: devnet.rpcUrl, CHECKOUT_CONFIRMATIONS: '8453:1', CHECKOUT_VERIFY_INTERVAL_MS: '100', CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS: '10' },
    });
    ({ key } = await s.createTestKey());
    keyId = (await s.services.accounts.authenticate(key)).keyId;
    ({ key: other } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const payer = (i: number) => devnet.accounts[i]!.address;
  const session = async (extra: Record<string, unknown> = {}) => {
    const recipient = freshAddress();
    const r = await s.post(
      '/v1/checkout/sessions',
      { amount: '5000000', settleChain: 8453, settleToken: 'USDC', recipient, reference: 'ord-review', ...extra },
      h(),
    );
    expect(r.status, r.text).toBe(201);
    return { id: r.body.id as string, recipient: recipient as Address };
  };
  /** A real underpayment (4 of 5 USDC) from devnet account `from`, reported and verified: the session is under review. */
  const underpay = async (cs: { id: string; recipient: Address }, from = 2) => {
    const hash = await transfer(devnet, from, USDC, cs.recipient, 4_000_000n, { session: cs.id });
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash, payer: payer(from) })).status).toBe(200);
    const done = await waitForSession(s, cs.id, settled, key);
    expect([done.status, done.review?.reason]).toEqual(['needs_review', 'underpaid']);
    return { hash, view: done, payment: done.payments.find((p: any) => p.srcTxHash === hash) };
  };
  const accept = (id: string, body: unknown, headers = h()) => s.post(`/v1/checkout/sessions/${id}/review/accept`, body, headers);
  const reopen = (id: string, body: unknown, headers = h()) => s.post(`/v1/checkout/sessions/${id}/review/reopen`, body, headers);
  const eventsOf = (id: string) => s.db.sql.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE resource_id = $1 ORDER BY sequence', [id]);

  it('accept: the underpayment pays the session and its invoice; completed and invoice.paid are sent; the resolution is audited', async () => {
    const recipient = freshAddress();
    const inv = await s.post(
      '/v1/invoices',
      {
        lineItems: [{ description: 'Consulting', quantity: 1, unitAmount: '5000000' }],
        settleChain: 8453,
        settleToken: 'USDC',
        recipient,
        customerEmail: 'ap@customer.example',
        send: true,
      },
      h(),
    );
    expect(inv.status, inv.text).toBe(201);
    const started = await s.post(`/v1/invoices/${inv.body.id}/pay`);
    expect(started.status, started.text).toBe(201);
    const cs = { id: started.body.sessionId as string, recipient: recipient as Address };
    const { payment } = await underpay(cs);
    expect(payment).toMatchObject({ status: 'rejected', reason: 'underpaid', amountReceived: '4000000' });
    // Entering review is an event too, with the reason in the owner's view.
    const review = (await eventsOf(cs.id)).at(-1)!;
    expect(review.type).toBe('checkout.session.needs_review');
    expect(review.data.session).toMatchObject({ status: 'needs_review', review: { reason: 'underpaid' }, reviews: [] });
    expect((await s.get(`/v1/invoices/${inv.body.id}`, h())).body.status).toBe('open');

    // Another account's key: exactly what a session that does not exist gets; nothing changes.
    for (const [path, body] of [
      [`/v1/checkout/sessions/${cs.id}/review/accept`, { note: 'not mine' }],
      [`/v1/checkout/sessions/${cs.id}/review/reopen`, { note: 'not mine' }],
    ] as const) {
      const r = await s.post(path, body, { 'x-api-key': other });
      expect([r.status, r.body.error.code], r.text).toEqual([404, 'NOT_FOUND']);
    }
    // The note is required, 1-500 characters without NUL; options the action does not have are refused.
    for (const body of [{}, { note: '' }, { note: 'x'.repeat(501) }, { note: 'a\u0000b' }, { note: 42 }]) {
      const r = await accept(cs.id, body);
      expect([r.status, r.body.error.code, r.body.error.message], JSON.stringify(body)).toEqual([400, 'INVALID_PARAMS', expect.stringMatching(/^note: /)]);
    }
    expect((await reopen(cs.id, { note: 'ok', refund: true })).body.error).toMatchObject({
      code: 'INVALID_PARAMS',
      message: 'refund: is not a field of this request',
    });
    expect((await accept(cs.id, { note: 'ok', payment: 'cspay_NoSuchPayment0000000000' })).body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/^payment: /),
    });
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`, h())).body).toMatchObject({ status: 'needs_review', reviews: [] });

    const note = 'Customer paid the missing 1 USDC by bank transfer';
    const idem = randomUUID();
    const r = await accept(cs.id, { note }, h({ 'idempotency-key': idem }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'paid', amountReceived: '4000000', review: null, payment: { srcTxHash: payment.srcTxHash } });
    expect(r.body.payment.paidAt).toMatch(/Z$/);
    expect(r.body.payments).toEqual([expect.objectContaining({ id: payment.id, status: 'succeeded', reason: null, amountReceived: '4000000' })]);
    expect(r.body.reviews).toEqual([
      {
        id: expect.stringMatching(/^csrev_test_/),
        object: 'checkout.review',
        action: 'accept',
        note,
        payment: payment.id,
        reviewReason: 'underpaid',
        paymentReason: 'underpaid',
        apiKeyId: keyId,
        fromStatus: 'needs_review',
        toStatus: 'paid',
        createdAt: expect.stringMatching(/Z$/),
      },
    ]);
    // A retry with the same key replays the answer; without one, the session is no longer under review.
    const replay = await accept(cs.id, { note }, h({ 'idempotency-key': idem }));
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body.reviews[0].id]).toEqual([200, 'true', r.body.reviews[0].id]);
    for (const again of [await accept(cs.id, { note }), await reopen(cs.id, { note })])
      expect([again.status, again.body.error.code], again.text).toEqual([409, 'CONFLICT']);

    // Events: the same completed event a verified payment sends, with the resolution; the invoice is paid with it.
    const evs = await eventsOf(cs.id);
    expect(evs.map((e) => e.type)).toEqual(['checkout.session.processing', 'checkout.session.needs_review', 'checkout.session.completed']);
    expect(evs[2]!.data.review).toEqual(r.body.reviews[0]);
    expect(evs[2]!.data.session).toMatchObject({ status: 'paid', amountReceived: '4000000', reviews: [r.body.reviews[0]] });
    expect((await s.get(`/v1/invoices/${inv.body.id}`, h())).body).toMatchObject({ status: 'paid', sessionId: cs.id });
    const invEvents = await eventsOf(inv.body.id);
    expect(invEvents.map((e) => e.type)).toEqual(['invoice.sent', 'invoice.paid']);
    expect(invEvents[1]!.data.session).toMatchObject({ id: cs.id, status: 'paid', reviews: [expect.objectContaining({ action: 'accept', note })] });

    // The audit row, append-only; the public view never shows reviews or notes.
    const rows = await s.db.sql.query<any>(
      'SELECT action, note, payment_id, api_key_id, from_status, to_status, review_reason, payment_reason FROM checkout_reviews WHERE session_id = $1',
      [cs.id],
    );
    expect(rows).toEqual([
      {
        action: 'accept',
        note,
        payment_id: payment.id,
        api_key_id: keyId,
        from_status: 'needs_review',
        to_status: 'paid',
        review_reason: 'underpaid',
        payment_reason: 'underpaid',
      },
    ]);
    await expect(s.db.sql.query("UPDATE checkout_reviews SET note = 'changed' WHERE session_id = $1", [cs.id])).rejects.toThrow(/append-only/);
    const pub = await s.get(`/v1/checkout/sessions/${cs.id}`);
    expect(pub.body.status).toBe('paid');
    expect(pub.body).not.toHaveProperty('reviews');
    expect(pub.text).not.toContain(note);
  });

  it('reopen: the session is open again (a new expiry once past it), the underpayment stays refundable, and the payer can pay in full', async () => {
    const cs = await session({ expiresInMinutes: 5 });
    const { payment } = await underpay(cs, 3);
    // The merchant looks at it 10 minutes later: the session's own expiry has passed.
    offsetMs = 10 * 60_000;
    try {
      const note = 'Asked the customer to pay the full amount; the 4 USDC go back';
      const r = await reopen(cs.id, { note });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({
        status: 'open',
        review: null,
        reviews: [expect.objectContaining({ action: 'reopen', note, payment: payment.id, toStatus: 'open', apiKeyId: keyId })],
      });
      const expiresAt = Date.parse(r.body.expiresAt);
      expect(expiresAt - clock.now()).toBeGreaterThan(59 * 60_000);
      expect(expiresAt - clock.now()).toBeLessThanOrEqual(60 * 60_000);
      // Reading it does not expire it (it is open before its new expiry).
      expect((await s.get(`/v1/checkout/sessions/${cs.id}`, h())).body.status).toBe('open');
      expect(r.body.payments).toEqual([expect.objectContaining({ id: payment.id, status: 'rejected', reason: 'underpaid' })]);
      const evs = await eventsOf(cs.id);
      expect(evs.map((e) => e.type)).toEqual(['checkout.session.processing', 'checkout.session.needs_review', 'checkout.session.reopened']);
      expect(evs[2]!.data).toMatchObject({ session: { status: 'open', reviews: [r.body.reviews[0]] }, review: r.body.reviews[0] });
      for (const again of [await reopen(cs.id, { note }), await accept(cs.id, { note })])
        expect([again.status, again.body.error.code], again.text).toEqual([409, 'CONFLICT']);

      // Refunds are separate: the rejected payment's 4 USDC can be refunded on the open session.
      const refund = await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { payment: payment.id }, h());
      expect(refund.status, refund.text).toBe(201);
      expect(refund.body.refund).toMatchObject({ payment: payment.id, amount: '4000000', status: 'pending' });

      // Payable again: the full amount pays it.
      const full = await transfer(devnet, 3, USDC, cs.recipient, 5_000_000n, { session: cs.id });
      expect((await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: full, payer: payer(3) })).body.status).toBe('open');
      const done = await waitForSession(s, cs.id, settled, key);
      expect(done).toMatchObject({ status: 'paid', amountReceived: '5000000', payment: { srcTxHash: full } });
      expect(await eventTypes(s, cs.id)).toEqual([
        'checkout.session.processing',
        'checkout.session.needs_review',
        'checkout.session.reopened',
        'checkout.session.processing',
        'checkout.session.completed',
      ]);
    } finally {
      offsetMs = 0;
    }
  });

  it("accept refuses a payment that never carried this session's evidence (another session's transaction reported here): one transfer never pays two sessions", async () => {
    const x = await session();
    const z = await session();
    const hx = await transfer(devnet, 1, USDC, x.recipient, 5_000_000n, { session: x.id });
    await s.post(`/v1/checkout/sessions/${x.id}/submitted`, { txHash: hx, payer: payer(1) });
    expect((await waitForSession(s, x.id, settled, key)).status).toBe('paid');
    // A stranger reports X's transfer on Z, then puts Z in review with a real (short) payment of its own.
    await s.post(`/v1/checkout/sessions/${z.id}/submitted`, { txHash: hx, payer: payer(6) });
    await underpay(z, 6);
    const copied = (await s.get(`/v1/checkout/sessions/${z.id}`, h())).body.payments.find((p: any) => p.srcTxHash === hx);
    expect(copied).toMatchObject({ status: 'rejected', reason: 'no_session_evidence', seenAt: null });
    const r = await accept(z.id, { note: 'customer says this is their transfer', payment: copied.id });
    expect([r.status, r.body.error?.code]).toEqual([409, 'CONFLICT']);
    expect((await s.get(`/v1/checkout/sessions/${z.id}`)).body.status).toBe('needs_review');
  });

  it('after a reopen, a seen payment that then fails reopens the session (payment_failed), not back to review', async () => {
    const cs = await session();
    await underpay(cs, 6);
    expect((await reopen(cs.id, { note: 'Customer will pay again' })).body.status).toBe('open');
    // A transfer the chain showed with the session's tag, then lost (a reorg): the verifier sees it, then fails it.
    const lost = `0x${'5e'.repeat(32)}`;
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: lost, payer: payer(6) })).status).toBe(200);
    const p = (await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: cs.id, srcTxHash: lost } })).id;
    await s.services.checkout.settlePayment(p, { kind: 'seen' });
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('processing');
    await s.services.checkout.settlePayment(p, { kind: 'failed', reason: 'tx_not_found' });
    const after = (await s.get(`/v1/checkout/sessions/${cs.id}`, h())).body;
    expect([after.status, after.review]).toEqual(['open', null]);
    expect((await eventsOf(cs.id)).map((e) => e.type).slice(-2)).toEqual(['checkout.session.processing', 'checkout.session.payment_failed']);
  });

  it("an invoice's session under review: paying the invoice is refused until it is reopened, then hands back that same session", async () => {
    const recipient = freshAddress();
    const inv = await s.post(
      '/v1/invoices',
      {
        lineItems: [{ description: 'Hosting', quantity: 1, unitAmount: '5000000' }],
        settleChain: 8453,
        settleToken: 'USDC',
        recipient,
        customerEmail: 'ap@customer.example',
        send: true,
      },
      h(),
    );
    const started = await s.post(`/v1/invoices/${inv.body.id}/pay`);
    const cs = { id: started.body.sessionId as string, recipient: recipient as Address };
    await underpay(cs, 8);
    expect((await s.post(`/v1/invoices/${inv.body.id}/pay`)).status).toBe(409);
    expect((await reopen(cs.id, { note: 'Customer will pay the full amount' })).body.status).toBe('open');
    const again = await s.post(`/v1/invoices/${inv.body.id}/pay`);
    expect([again.status, again.body.sessionId]).toEqual([200, cs.id]);
    expect((await s.get(`/v1/invoices/${inv.body.id}`, h())).body.status).toBe('open');
  });

  it('accept picks a payment that delivered funds: a failed one is refused, and so is one being refunded', async () => {
    const cs = await session();
    // Two payments at once: one reverts (nothing arrives), one underpays. The session goes to review either way.
    const reverted = await transfer(devnet, 4, USDC, cs.recipient, 10n ** 30n, { gas: 100_000n, session: cs.id });
    const short = await transfer(devnet, 5, USDC, cs.recipient, 4_000_000n, { session: cs.id });
    for (const [hash, i] of [
      [reverted, 4],
      [short, 5],
    ] as const)
      expect((await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash, payer: payer(i) })).status).toBe(200);
    const done = await waitForSession(s, cs.id, (b) => b.status !== 'processing' && b.payments.every((p: any) => p.status !== 'verifying'), key);
    expect(done.status).toBe('needs_review');
    const failed = done.payments.find((p: any) => p.srcTxHash === reverted);
    const under = done.payments.find((p: any) => p.srcTxHash === short);
    expect([failed.status, under.status]).toEqual(['failed', 'rejected']);

    const named = await accept(cs.id, { note: 'that one', payment: failed.id });
    expect([named.status, named.body.error.message]).toEqual([409, expect.stringMatching(/is failed/)]);
    const refund = await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { payment: under.id, amount: '1000000' }, h());
    expect(refund.status, refund.text).toBe(201);
    const refunding = await accept(cs.id, { note: 'keep it' });
    expect([refunding.status, refunding.body.error.message]).toEqual([409, expect.stringMatching(/refunded or being refunded/)]);
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/refunds/${refund.body.refund.id}/cancel`, {}, h())).status).toBe(200);

    const ok = await accept(cs.id, { note: 'keep it' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ status: 'paid', amountReceived: '4000000', reviews: [expect.objectContaining({ payment: under.id })] });
    expect(Object.fromEntries(ok.body.payments.map((p: any) => [p.id, p.status]))).toEqual({ [failed.id]: 'failed', [under.id]: 'succeeded' });
  });

  it('GraphQL: acceptCheckoutSessionReview and reopenCheckoutSession, with the same rules', async () => {
    const g = inProcessGraphQL(s);
    const a = await session();
    const b = await session();
    const { payment } = await underpay(a, 6);
    await underpay(b, 7);

    const foreign = await g.gql(AcceptReview, { input: { id: a.id, note: 'not mine' } }, other);
    expect(foreign.data?.acceptCheckoutSessionReview).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    const foreignReopen = await g.gql(ReopenSession, { input: { id: b.id, note: 'not mine' } }, other);
    expect(foreignReopen.data?.reopenCheckoutSession).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    const badNote = await g.gql(AcceptReview, { input: { id: a.id, note: '' } }, key);
    expect(badNote.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PARAMS' });

    const accepted = await g.gql(AcceptReview, { input: { id: a.id, note: 'Paid the rest in cash', paymentId: payment.id } }, key);
    expect(accepted.errors).toBeUndefined();
    const paid = accepted.data!.acceptCheckoutSessionReview;
    expect(paid.__typename).toBe('AcceptCheckoutSessionReviewPayload');
    if (paid.__typename !== 'AcceptCheckoutSessionReviewPayload') throw new Error(paid.__typename);
    expect(paid.checkoutSession).toMatchObject({
      status: 'paid',
      amountReceived: '4000000',
      review: null,
      payments: { nodes: [{ id: payment.id, status: 'succeeded', reason: null }] },
    });
    expect(paid.checkoutSession.reviews).toMatchObject({
      totalCount: 1,
      nodes: [
        {
          action: 'accept',
          note: 'Paid the rest in cash',
          paymentId: payment.id,
          payment: { id: payment.id, status: 'succeeded' },
          reviewReason: 'underpaid',
          paymentReason: 'underpaid',
          apiKeyId: keyId,
          fromStatus: 'needs_review',
          toStatus: 'paid',
        },
      ],
    });
    const again = await g.gql(AcceptReview, { input: { id: a.id, note: 'twice' } }, key);
    expect(again.data?.acceptCheckoutSessionReview).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });

    const reopened = await g.gql(ReopenSession, { input: { id: b.id, note: 'Please pay again', expiresInMinutes: 1440 } }, key);
    expect(reopened.data?.reopenCheckoutSession).toMatchObject({
      __typename: 'ReopenCheckoutSessionPayload',
      checkoutSession: { status: 'open', reviews: { nodes: [{ action: 'reopen', note: 'Please pay again', toStatus: 'open' }] } },
    });
    const r = reopened.data!.reopenCheckoutSession;
    if (r.__typename !== 'ReopenCheckoutSessionPayload') throw new Error(r.__typename);
    expect(Date.parse(r.checkoutSession.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await eventTypes(s, b.id)).toEqual(['checkout.session.processing', 'checkout.session.needs_review', 'checkout.session.reopened']);
    const reopenAgain = await g.gql(ReopenSession, { input: { id: b.id, note: 'twice' } }, key);
    expect(reopenAgain.data?.reopenCheckoutSession).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });

    // Reviews are the owner's: another key and no key read null.
    for (const k of [other, undefined])
      expect((await g.gql(ReadReviews, { id: b.id }, k)).data?.checkoutSession).toEqual({ id: b.id, status: 'open', reviews: null });
    expect((await g.gql(ReadReviews, { id: b.id }, key)).data?.checkoutSession?.reviews).toEqual({
      totalCount: 1,
      nodes: [{ action: 'reopen', note: 'Please pay again' }],
    });
  });
});
