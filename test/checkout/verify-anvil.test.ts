import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, type Address } from 'viem';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { DAI, USDC, eventTypes, freshAddress, settled, transfer, transferData, waitForSession } from './helpers.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Verification against a real chain: anvil posing as Base with USDC at its real address. Every abuse case
 * ends in the state the session state machine (src/checkout/state.ts) gives it, and races end with exactly one `paid`.
 */
const devnet = withDevnet();

describe.each(backends)('checkout verification on anvil (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    s = await startTestServer({
      backend,
      clock,
      env: { RPC_URL_8453: devnet.rpcUrl, CHECKOUT_CONFIRMATIONS: '8453:1', CHECKOUT_VERIFY_INTERVAL_MS: '100', CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS: '10' },
    });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const session = async (amount = 5_000_000n, recipient: Address = freshAddress()) => {
    const r = await s.post('/v1/checkout/sessions', { amount: amount.toString(), settleChain: 8453, settleToken: 'USDC', recipient }, h());
    expect(r.status).toBe(201);
    return { id: r.body.id as string, recipient };
  };
  const report = (id: string, txHash: string, payer: Address) => s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash, payer });
  const payer = (i: number) => devnet.accounts[i]!.address;

  it('a direct USDC transfer of exactly the amount pays the session, once, with checkout.session.completed', async () => {
    const cs = await session();
    const hash = await transfer(devnet, 1, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    const r = await report(cs.id, hash, payer(1));
    // A report is a hint: the session moves when the verifier sees the tagged transfer on chain.
    expect(r.body.status).toBe('open');
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done).toMatchObject({ status: 'paid', amountReceived: '5000000', payment: { payer: payer(1).toLowerCase(), srcTxHash: hash, dstTxHash: hash } });
    expect(done.payment.paidAt).toMatch(/Z$/);
    expect(done.payments).toHaveLength(1);
    expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
    const [evt] = await s.db.sql.query<{ data: any }>("SELECT data FROM events WHERE resource_id = $1 AND type = 'checkout.session.completed'", [cs.id]);
    expect(evt.data.session).toMatchObject({ id: cs.id, status: 'paid', amountReceived: '5000000' });
  });

  it.each([['underpayment', async (to: Address, id: string) => transfer(devnet, 2, USDC, to, 4_999_999n, { session: id }), 'underpaid']] as const)(
    '%s (tagged for the session) → needs_review with the reason shown to the merchant only',
    async (_name, send, reason) => {
      const cs = await session();
      const hash = await send(cs.recipient, cs.id);
      await report(cs.id, hash, payer(2));
      const done = await waitForSession(s, cs.id, settled, key);
      expect(done.status).toBe('needs_review');
      expect(done.review.reason).toBe(reason);
      expect(done.review.message).toMatch(/\w/);
      const pub = (await s.get(`/v1/checkout/sessions/${cs.id}`)).body;
      expect(pub.status).toBe('needs_review');
      expect(pub).not.toHaveProperty('review');
      expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.needs_review']);
    },
  );

  it.each([
    ['a transfer of another token', async (to: Address, id: string) => transfer(devnet, 2, DAI, to, 5n * 10n ** 18n, { session: id })],
    ['a transfer to another address', async (_to: Address, id: string) => transfer(devnet, 2, USDC, freshAddress(), 5_000_000n, { session: id })],
    ['a tagged call that moves nothing (0 USDC)', async (to: Address, id: string) => transfer(devnet, 2, USDC, to, 0n, { session: id })],
  ] as const)(
    '%s carries the tag but delivers nothing to the recipient: not seen, the session stays open and payable (no free needs_review)',
    async (_name, send) => {
      const cs = await session();
      const hash = await send(cs.recipient, cs.id);
      await report(cs.id, hash, payer(2));
      const done = await waitForSession(s, cs.id, settled, key);
      expect([done.status, done.review, done.payment]).toEqual(['open', null, null]);
      expect(done.payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence', seenAt: null });
      expect(await eventTypes(s, cs.id)).toEqual([]);
    },
  );

  it("the reported payer is a hint: the payer recorded is the tagged transaction's sender, so a false `payer` cannot push a session into review", async () => {
    const cs = await session();
    const hash = await transfer(devnet, 3, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    // A stranger reports the payer's transaction first, naming themselves as the payer.
    await report(cs.id, hash, payer(4));
    await report(cs.id, hash, payer(3));
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done).toMatchObject({ status: 'paid', review: null, payment: { payer: payer(3).toLowerCase() } });
  });

  it('a transfer sent after the session, in a block the chain stamped seconds earlier than our clock, pays (block time tolerance)', async () => {
    // The chain's clock runs 3 s behind ours, as a sequencer stamping blocks at their slot start, or an anvil
    // whose offset from the wall clock was fixed a second late at startup, does: the block's timestamp is
    // before the session's creation although the transfer was sent after it. Within the tolerance it pays.
    offsetMs = 3_000;
    let cs: { id: string; recipient: Address };
    try {
      cs = await session();
    } finally {
      offsetMs = 0;
    }
    const hash = await transfer(devnet, 2, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    const block = await devnet.publicClient.getBlock({ blockNumber: (await devnet.publicClient.getTransactionReceipt({ hash })).blockNumber });
    const created = Date.parse((await s.get(`/v1/checkout/sessions/${cs.id}`, h())).body.createdAt);
    expect(Number(block.timestamp)).toBeLessThan(Math.floor(created / 1000)); // what the zero-tolerance rule flagged
    await report(cs.id, hash, payer(2));
    const done = await waitForSession(s, cs.id, settled, key);
    expect([done.status, done.review]).toEqual(['paid', null]);
  });

  it('a transaction mined before the session was created cannot carry its tag: recorded for the merchant, the session stays open and payable', async () => {
    const recipient = freshAddress();
    const hash = await transfer(devnet, 2, USDC, recipient, 5_000_000n);
    offsetMs = 15_000; // the session is created 15 s after that block: past CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS (10)
    try {
      const cs = await session(5_000_000n, recipient);
      await report(cs.id, hash, payer(2));
      const done = await waitForSession(s, cs.id, settled, key);
      expect(done).toMatchObject({ status: 'open', review: null, payment: null });
      expect(done.payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
      expect(await eventTypes(s, cs.id)).toEqual([]);
    } finally {
      offsetMs = 0;
    }
  });

  it('a reverted transfer fails the attempt without ever moving the session; the payer can try again', async () => {
    const cs = await session();
    const hash = await transfer(devnet, 5, USDC, cs.recipient, 10n ** 30n, { gas: 100_000n, session: cs.id });
    await report(cs.id, hash, payer(5));
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done.status).toBe('open');
    expect(done.payment).toBeNull();
    expect(done.payments[0]).toMatchObject({ status: 'failed', reason: 'tx_reverted' });
    expect(await eventTypes(s, cs.id)).toEqual([]);
    // The payer can try again.
    const retry = await transfer(devnet, 5, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    await report(cs.id, retry, payer(5));
    expect((await waitForSession(s, cs.id, settled, key)).status).toBe('paid');
  });

  it('a payment never seen in time fails; once it is mined, reporting it again verifies it and pays', async () => {
    const cs = await session();
    const wallet = devnet.walletClient(devnet.accounts[0]!);
    const request = await wallet.prepareTransactionRequest({ to: USDC, data: transferData(cs.recipient, 5_000_000n, cs.id) });
    const signed = await wallet.signTransaction(request);
    const hash = keccak256(signed); // signed, not yet broadcast (stuck in a mempool, as far as the service can tell)
    expect((await report(cs.id, hash, payer(0))).body.status).toBe('open');
    offsetMs = 31 * 60_000;
    try {
      const failed = await waitForSession(s, cs.id, settled, key);
      expect(failed.payments[0]).toMatchObject({ status: 'failed', reason: 'tx_not_found' });
    } finally {
      offsetMs = 0;
    }
    await devnet.publicClient.waitForTransactionReceipt({ hash: await devnet.publicClient.sendRawTransaction({ serializedTransaction: signed }) });
    expect((await report(cs.id, hash, payer(0))).status).toBe(200);
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done).toMatchObject({ status: 'paid', amountReceived: '5000000' });
    expect(done.payments).toHaveLength(1);
    expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
  });

  it("hijack (same account): a stranger reports the payer's transfer for X on session Y first; Y stays open, X is paid", async () => {
    // A shop makes one session per cart: X and Y have the same recipient and amount.
    const recipient = freshAddress();
    const x = await session(5_000_000n, recipient);
    const y = await session(5_000_000n, recipient);
    // The honest payer follows X's own instructions: the session quote's direct transfer, as built.
    const q = await s.post(`/v1/checkout/sessions/${x.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: payer(6) });
    expect(q.body.best).toMatchObject({ method: 'direct_transfer', quoteId: expect.stringMatching(/^q_/) });
    const wallet = devnet.walletClient(devnet.accounts[6]!);
    const hash = await wallet.sendTransaction({ to: q.body.best.tx.to, data: q.body.best.tx.data });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    // A stranger with no key claims it for Y before the payer reports it, also at the same time as the payer.
    expect((await report(y.id, hash, payer(6))).status).toBe(200);
    const [ry, rx] = await Promise.all([report(y.id, hash, payer(6)), report(x.id, hash, payer(6))]);
    expect([ry.status, rx.status]).toEqual([200, 200]);
    const doneY = await waitForSession(s, y.id, settled, key);
    expect(doneY).toMatchObject({ status: 'open', payment: null });
    expect(doneY.payments).toEqual([expect.objectContaining({ status: 'rejected', reason: 'no_session_evidence', dstTxHash: null })]);
    const doneX = await waitForSession(s, x.id, settled, key);
    expect(doneX).toMatchObject({ status: 'paid', amountReceived: '5000000', payment: { srcTxHash: hash } });
    expect(await eventTypes(s, y.id)).toEqual([]);
    // Y remains payable by its own payer.
    expect((await s.post(`/v1/checkout/sessions/${y.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: payer(6) })).status).toBe(200);
  });

  it("hijack (cross-account): account B makes a session with A's recipient after A's customer paid, and claims the transfer; A is paid, B is not", async () => {
    const recipient = freshAddress();
    const a = await session(5_000_000n, recipient);
    const hash = await transfer(devnet, 6, USDC, recipient, 5_000_000n, { session: a.id });
    const other = await s.createTestKey();
    const b = (await s.post('/v1/checkout/sessions', { amount: '5000000', settleChain: 8453, settleToken: 'USDC', recipient }, { 'x-api-key': other.key }))
      .body;
    expect((await report(b.id, hash, payer(6))).status).toBe(200);
    const doneB = await waitForSession(s, b.id, settled, other.key);
    expect(doneB).toMatchObject({ status: 'open', payment: null });
    expect(doneB.payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
    expect((await report(a.id, hash, payer(6))).status).toBe(200);
    expect((await waitForSession(s, a.id, settled, key)).status).toBe('paid');
  });

  it('the payer flow for a direct transfer: session quote → POST /v1/orders → sign → POST /v1/orders/{quoteId}/submitted → paid', async () => {
    const cs = await session();
    const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: payer(5) });
    const quoteId = q.body.best.quoteId as string;
    expect(q.body.best).toMatchObject({ method: 'direct_transfer', provider: 'direct', quoteId: expect.stringMatching(/^q_/) });
    const built = await s.post('/v1/orders', { quoteId });
    expect(built.status).toBe(200);
    // The build is the session-tagged transfer: the same transaction the quote carries inline.
    expect(built.body).toMatchObject({
      quoteId,
      provider: 'direct',
      tx: { vm: 'evm', chainId: 8453, to: USDC.toLowerCase(), value: '0', data: transferData(cs.recipient.toLowerCase() as Address, 5_000_000n, cs.id) },
    });
    expect(built.body.tx).not.toHaveProperty('approval');
    const wallet = devnet.walletClient(devnet.accounts[5]!);
    const hash = await wallet.sendTransaction({ to: built.body.tx.to, data: built.body.tx.data });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    const reported = await s.post(`/v1/orders/${quoteId}/submitted`, { txHash: hash });
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ quoteId, provider: 'direct', status: 'submitted', srcTxHash: hash, checkoutSessionId: cs.id });
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done).toMatchObject({ status: 'paid', payment: { payer: payer(5).toLowerCase(), srcTxHash: hash } });
    expect(done.payments).toEqual([expect.objectContaining({ kind: 'direct', quoteId, status: 'succeeded' })]);
    // The order is followed on chain like any other (no provider tracks a plain transfer).
    const order = await waitFor(
      async () => ((await s.get(`/v1/orders?checkoutSessionId=${cs.id}`, h())).body.data[0]?.status === 'filled' ? true : undefined),
      {
        what: 'the direct order to be filled',
      },
    );
    expect(order).toBe(true);
  });

  it('griefing: made-up hashes never stop the session; unseen reports are bounded, and the real payment still pays past the bound', async () => {
    const cs = await session();
    const fakes = Array.from({ length: 10 }, (_, i) => `0x${(i + 1).toString(16).padStart(2, '0').repeat(32)}`);
    for (const f of fakes) expect((await report(cs.id, f, payer(9))).status).toBe(200);
    // Still open and payable: quotes answer, pay by transfer answers, the session is not processing.
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('open');
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: payer(9) })).status).toBe(200);
    // The 11th unseen report is refused (CONFLICT) while its transaction is nowhere on chain…
    const over = await report(cs.id, `0x${'ee'.repeat(32)}`, payer(9));
    expect([over.status, over.body.error?.code]).toEqual([409, 'CONFLICT']);
    // …but the honest payer's mined transfer is taken and pays, bound or not — even when a stranger reports it
    // first naming themselves as the payer: the report is only admitted, the chain's payer is recorded.
    const hash = await transfer(devnet, 9, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    expect((await report(cs.id, hash, payer(4))).status).toBe(200);
    expect((await report(cs.id, hash, payer(9))).status).toBe(200);
    const done = await waitForSession(s, cs.id, (b) => b.status === 'paid', key);
    expect(done.payment).toMatchObject({ srcTxHash: hash, payer: payer(9).toLowerCase() });
    expect(done.payments.filter((p: any) => p.status === 'verifying')).toHaveLength(10);
  });

  it('the same hash reported twice at once creates one payment and one completed event', async () => {
    const cs = await session();
    const hash = await transfer(devnet, 7, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    const rs = await Promise.all([report(cs.id, hash, payer(7)), report(cs.id, hash, payer(7)), report(cs.id, hash, payer(7))]);
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done.status).toBe('paid');
    expect(done.payments).toHaveLength(1);
    expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
  });

  it('two payers paying at once: exactly one payment pays, the other is flagged as extra for a refund', async () => {
    const cs = await session();
    const [h1, h2] = await Promise.all([
      transfer(devnet, 1, USDC, cs.recipient, 5_000_000n, { session: cs.id }),
      transfer(devnet, 8, USDC, cs.recipient, 5_000_000n, { session: cs.id }),
    ]);
    const rs = await Promise.all([report(cs.id, h1, payer(1)), report(cs.id, h2, payer(8))]);
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    const done = await waitForSession(s, cs.id, (b) => b.status === 'paid' && b.payments.every((p: any) => p.status !== 'verifying'), key);
    const statuses = done.payments.map((p: any) => `${p.status}:${p.reason}`).sort();
    expect(statuses).toEqual(['rejected:session_already_paid', 'succeeded:null']);
    expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
    const succeeded = await s.db.sql.query("SELECT id FROM checkout_payments WHERE session_id = $1 AND status = 'succeeded'", [cs.id]);
    expect(succeeded).toHaveLength(1);
  });

  it('the database itself refuses a second succeeded payment and a reused transaction', async () => {
    const cs = await session();
    const hash = await transfer(devnet, 2, USDC, cs.recipient, 5_000_000n, { session: cs.id });
    await report(cs.id, hash, payer(2));
    await waitForSession(s, cs.id, settled, key);
    const [p] = await s.db.sql.query<{ id: string }>('SELECT id FROM checkout_payments WHERE session_id = $1', [cs.id]);
    const insert = (id: string, tx: string, status: string) =>
      s.db.sql.query(
        `INSERT INTO checkout_payments (id, session_id, kind, status, payer, src_chain_id, src_tx_hash, settle_chain_id, delivery_tx_hash, created_at, updated_at)
         VALUES ($1, $2, 'direct', $3::checkout_payment_status, $4, 8453, $5, 8453, $6, now(), now())`,
        [id, cs.id, status, payer(2), tx, tx],
      );
    await expect(insert('cspay_dup_success', `0x${'01'.repeat(32)}`, 'succeeded')).rejects.toThrow();
    await expect(insert('cspay_dup_tx', hash, 'verifying')).rejects.toThrow();
    expect(p.id).toMatch(/^cspay_/);
  });

  it('GraphQL subscription checkoutSession(id) pushes open → (processing →) paid, then completes (public view)', async () => {
    const cs = await session();
    const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false });
    const seen: any[] = [];
    const completed = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($id: ID!) { checkoutSession(id: $id) { id status reference payment { srcTxHash } } }', variables: { id: cs.id } },
        { next: (v) => seen.push(v), error: reject, complete: resolve },
      );
    });
    try {
      await waitFor(() => seen.length, { what: "the subscription's first answer" });
      const hash = await transfer(devnet, 3, USDC, cs.recipient, 5_000_000n, { session: cs.id });
      await report(cs.id, hash, payer(3));
      await completed;
      // Each push is the session as read after a change: `processing` is skipped when the payment verified
      // before that read (a loaded machine); the final status is always pushed, last.
      const statuses = seen.map((v) => v.data.checkoutSession.status);
      expect([
        ['open', 'processing', 'paid'],
        ['open', 'paid'],
      ]).toContainEqual(statuses);
      expect(seen.at(-1).data.checkoutSession).toEqual({ id: cs.id, status: 'paid', reference: null, payment: { srcTxHash: hash } });
    } finally {
      await client.dispose();
    }
  });

  it('refunds: the merchant wallet signs a transfer back; verified on chain; never more than was paid', async () => {
    const merchant = devnet.accounts[2]!;
    const cs = await session(5_000_000n, merchant.address);
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, {}, h())).body.error.code).toBe('CONFLICT'); // not paid yet
    const hash = await transfer(devnet, 1, USDC, merchant.address, 5_000_000n, { session: cs.id });
    await report(cs.id, hash, payer(1));
    await waitForSession(s, cs.id, settled, key);

    const first = await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { amount: '2000000', reason: 'partial' }, h());
    expect(first.status).toBe(201);
    expect(first.body.refund).toMatchObject({
      id: expect.stringMatching(/^re_test_/),
      status: 'pending',
      amount: '2000000',
      to: payer(1).toLowerCase(),
      txHash: null,
    });
    expect(first.body.tx).toMatchObject({ vm: 'evm', chainId: 8453, to: USDC.toLowerCase(), value: '0', from: merchant.address.toLowerCase() });
    // 3 USDC left: 4 is too much, and a pending refund reserves its amount.
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { amount: '4000000' }, h())).body.error.code).toBe('AMOUNT_TOO_LARGE');
    const second = await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, {}, h());
    expect(second.body.refund.amount).toBe('3000000');
    expect((await s.post(`/v1/checkout/sessions/${cs.id}/refunds`, { amount: '1' }, h())).body.error.code).toBe('CONFLICT');
    const canceled = await s.post(`/v1/checkout/sessions/${cs.id}/refunds/${second.body.refund.id}/cancel`, {}, h());
    expect(canceled.body.status).toBe('canceled');

    const wallet = devnet.walletClient(merchant);
    const refundHash = await wallet.sendTransaction({ to: first.body.tx.to, data: first.body.tx.data });
    await devnet.publicClient.waitForTransactionReceipt({ hash: refundHash });
    const reported = await s.post(`/v1/checkout/sessions/${cs.id}/refunds/${first.body.refund.id}/submitted`, { txHash: refundHash }, h());
    expect(reported.body.status).toBe('submitted');
    const list = await waitFor(
      async () => {
        const body = (await s.get(`/v1/checkout/sessions/${cs.id}/refunds`, h())).body;
        return body.data[0].status !== 'submitted' ? body : undefined;
      },
      { intervalMs: 50, what: 'the refund to be verified' },
    );
    expect(list.data.map((r: any) => `${r.amount}:${r.status}`)).toEqual(['2000000:succeeded', '3000000:canceled']);
    const full = await s.get(`/v1/checkout/sessions/${cs.id}`, h());
    expect(full.body).toMatchObject({ status: 'paid', amountReceived: '5000000', amountRefunded: '2000000' });
    // Another account sees nothing.
    const other = await s.createTestKey();
    expect((await s.get(`/v1/checkout/sessions/${cs.id}/refunds`, { 'x-api-key': other.key })).body.error.code).toBe('NOT_FOUND');
  });

  it('paying an expired session: the report is refused and the session stays expired', async () => {
    const cs = await session();
    await s.post(`/v1/checkout/sessions/${cs.id}/expire`, {}, h());
    const hash = await transfer(devnet, 3, USDC, cs.recipient, 5_000_000n);
    const r = await report(cs.id, hash, payer(3));
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('expired');
  });
});

describe.each(backends)('verification survives a restart (%s)', (backend) => {
  it('a payment reported to a stopped instance is verified by the next one', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createTestDatabase } = await import('../helpers/db.js');
    // PGlite persists in a directory here so that the second instance sees the first one's data.
    const dir = backend === 'pglite' ? await mkdtemp(join(tmpdir(), 'checkout-restart-')) : undefined;
    const database =
      backend === 'pglite' ? { env: { DATA_DIR: dir! }, drop: async () => rm(dir!, { recursive: true, force: true }) } : await createTestDatabase('postgres');
    const env = { RPC_URL_8453: devnet.rpcUrl, CHECKOUT_CONFIRMATIONS: '8453:1', CHECKOUT_VERIFY_INTERVAL_MS: '100' };
    try {
      const first = await startTestServer({ database, env: { ...env, JOBS_ENABLED: 'false' } });
      const { key } = await first.createTestKey();
      const recipient = freshAddress();
      const cs = (await first.post('/v1/checkout/sessions', { amount: '1000000', settleChain: 'base', settleToken: 'USDC', recipient }, { 'x-api-key': key }))
        .body;
      const hash = await transfer(devnet, 4, USDC, recipient, 1_000_000n, { session: cs.id });
      expect((await first.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: hash, payer: devnet.accounts[4]!.address })).body.status).toBe('open');
      await first.close();

      const second = await startTestServer({ database, env });
      try {
        const done = await waitForSession(second, cs.id, settled, key);
        expect(done.status).toBe('paid');
        expect(await eventTypes(second, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
