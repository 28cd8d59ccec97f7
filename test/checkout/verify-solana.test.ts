import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID, decodeTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SolanaChainServer } from '../fixtures/solana-chain-server.js';
import { splTransferTx } from '../../src/checkout/solana-transfer.js';
import { eventTypes, settled, waitForSession } from './helpers.js';
import { sessionReference } from '../../src/checkout/solana-reference.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Solana verification over JSON-RPC: a Solana-settled USDC session paid by a direct SPL transfer that the
 * fixture chain executes (signatures, balances, errors as a node reports them). The service reads it through
 * SOLANA_RPC_URL at CHECKOUT_SOLANA_COMMITMENT=finalized; every abuse case ends in the state the
 * session state machine (src/checkout/state.ts) gives it.
 */
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const AMOUNT = 5_000_000n;

describe.each(backends)('checkout verification on a Solana RPC (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let conn: Connection;
  const offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };
  const sol = new SolanaChainServer();
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    await sol.start();
    sol.mint(USDC, 6);
    sol.mint(USDT, 6);
    conn = new Connection(sol.url, 'confirmed');
    s = await startTestServer({
      backend,
      clock,
      env: { SOLANA_RPC_URL: sol.url, CHECKOUT_SOLANA_COMMITMENT: 'finalized', CHECKOUT_VERIFY_INTERVAL_MS: '100' },
    });
    ({ key } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await sol.close();
  });

  const session = async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const r = await s.post('/v1/checkout/sessions', { amount: AMOUNT.toString(), settleChain: 'solana', settleToken: 'USDC', recipient }, h());
    expect(r.status).toBe(201);
    expect(r.body.settlement).toMatchObject({ chainId: 7565164, token: USDC, decimals: 6 });
    return { id: r.body.id as string, recipient };
  };
  const sessionFor = async (recipient: string) => {
    const r = await s.post('/v1/checkout/sessions', { amount: AMOUNT.toString(), settleChain: 'solana', settleToken: 'USDC', recipient }, h());
    return { id: r.body.id as string, recipient };
  };
  const funded = (mint = USDC, amount = 100_000_000n) => {
    const kp = Keypair.generate();
    sol.fund(kp.publicKey.toBase58(), mint, amount);
    return kp;
  };
  /**
   * Signs and sends an SPL transfer (the same builder the service uses for direct payments), carrying the Solana
   * Pay reference of `opts.session` (the evidence a direct payment must carry) unless `session` is null.
   */
  const pay = async (
    from: Keypair,
    to: string,
    amount = AMOUNT,
    opts: { mint?: string; skipPreflight?: boolean; session: string | null } = { session: null },
  ) => {
    const { blockhash } = await conn.getLatestBlockhash();
    const reference = opts.session ? sessionReference(opts.session) : undefined;
    const tx = VersionedTransaction.deserialize(
      Buffer.from(
        splTransferTx({ from: from.publicKey.toBase58(), to, mint: opts.mint ?? USDC, amount, decimals: 6, recentBlockhash: blockhash, reference }),
        'base64',
      ),
    );
    tx.sign([from]);
    return conn.sendRawTransaction(tx.serialize(), { skipPreflight: opts.skipPreflight ?? false });
  };
  const report = (id: string, txHash: string, payer: Keypair | string) =>
    s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash, payer: typeof payer === 'string' ? payer : payer.publicKey.toBase58() });
  /** Resolves once the verifier has asked the node about `sig` (so a check after it is not a race). */
  const statusAsked = async (sig: string) => {
    const asked = () => sol.requests.some((r) => [r.body].flat().some((c: any) => c?.method === 'getSignatureStatuses' && c.params[0].includes(sig)));
    await waitFor(asked, { intervalMs: 20, what: `the verifier to ask for ${sig}` });
  };

  it('a direct USDC transfer pays the session once the transaction is finalized (jsonParsed, v0)', async () => {
    const cs = await session();
    const payer = funded();
    sol.sendStatus = 'confirmed';
    let sig: string;
    try {
      sig = await pay(payer, cs.recipient, AMOUNT, { session: cs.id });
    } finally {
      sol.sendStatus = 'finalized';
    }
    expect((await report(cs.id, sig, payer)).body.status).toBe('open');
    await statusAsked(sig);
    // Confirmed is not enough at CHECKOUT_SOLANA_COMMITMENT=finalized: the transaction is not even read.
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('open');
    expect(sol.methods()).not.toContain('getTransaction');
    sol.promote(sig, 'finalized');
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done).toMatchObject({
      status: 'paid',
      amountReceived: AMOUNT.toString(),
      payment: { payer: payer.publicKey.toBase58(), srcTxHash: sig, dstTxHash: sig },
    });
    expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
    const call = sol.requests.flatMap((r) => [r.body].flat() as any[]).find((c) => c.method === 'getTransaction' && c.params[0] === sig);
    expect(call.params[1]).toMatchObject({ encoding: 'jsonParsed', commitment: 'finalized', maxSupportedTransactionVersion: 0 });
    expect(sol.balanceOf(cs.recipient, USDC)).toBe(AMOUNT);
  });

  it.each([['underpayment', (to: string, p: Keypair, id: string) => pay(p, to, AMOUNT - 1n, { session: id }), 'underpaid']] as const)(
    '%s (with the session reference) → needs_review with the reason',
    async (_name, send, reason) => {
      const cs = await session();
      const payer = funded();
      const sig = await send(cs.recipient, payer, cs.id);
      await report(cs.id, sig, payer);
      const done = await waitForSession(s, cs.id, settled, key);
      expect(done.status).toBe('needs_review');
      expect(done.review.reason).toBe(reason);
      expect(await eventTypes(s, cs.id)).toEqual(['checkout.session.processing', 'checkout.session.needs_review']);
    },
  );

  it.each([
    ['a transfer of another mint', (to: string, _p: Keypair, id: string) => pay(funded(USDT), to, AMOUNT, { mint: USDT, session: id })],
    ['a transfer to another owner', (_to: string, p: Keypair, id: string) => pay(p, Keypair.generate().publicKey.toBase58(), AMOUNT, { session: id })],
  ] as const)('%s carries the reference but delivers nothing to the recipient: not seen, the session stays open', async (_name, send) => {
    const cs = await session();
    const payer = funded();
    const sig = await send(cs.recipient, payer, cs.id);
    await report(cs.id, sig, payer);
    const done = await waitForSession(s, cs.id, settled, key);
    expect([done.status, done.review]).toEqual(['open', null]);
    expect(done.payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
    expect(await eventTypes(s, cs.id)).toEqual([]);
  });

  it('the reported payer is a hint: a transfer signed by someone else pays, recorded with the signer as payer', async () => {
    const cs = await session();
    const other = funded();
    const sig = await pay(other, cs.recipient, AMOUNT, { session: cs.id });
    await report(cs.id, sig, funded());
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done).toMatchObject({ status: 'paid', payment: { payer: other.publicKey.toBase58() } });
  });

  it('a block time before the session (with its reference, so a clock skew) → needs_review (mined_before_session)', async () => {
    const cs = await session();
    const payer = funded();
    sol.nextBlockTime = Math.floor(Date.now() / 1000) - 600;
    let sig: string;
    try {
      sig = await pay(payer, cs.recipient, AMOUNT, { session: cs.id });
    } finally {
      sol.nextBlockTime = undefined;
    }
    await report(cs.id, sig, payer);
    expect((await waitForSession(s, cs.id, settled, key)).review.reason).toBe('mined_before_session');
  });

  it('a failed transaction (meta.err) fails the attempt without moving the session, which can then be paid', async () => {
    const cs = await session();
    const payer = funded(USDC, AMOUNT - 1n);
    const sig = await pay(payer, cs.recipient, AMOUNT, { skipPreflight: true, session: cs.id });
    expect(sol.txs.get(sig)!.err).toEqual({ InstructionError: [1, { Custom: 1 }] });
    await report(cs.id, sig, payer);
    const done = await waitForSession(s, cs.id, settled, key);
    expect(done.status).toBe('open');
    expect(done.payments[0]).toMatchObject({ status: 'failed', reason: 'tx_reverted' });
    expect(await eventTypes(s, cs.id)).toEqual([]);
    sol.fund(payer.publicKey.toBase58(), USDC, 1n);
    await report(cs.id, await pay(payer, cs.recipient, AMOUNT, { session: cs.id }), payer);
    expect((await waitForSession(s, cs.id, settled, key)).status).toBe('paid');
  });

  it("hijack: a stranger reports the payer's transfer for X on session Y (same recipient) first; Y stays open, X is paid", async () => {
    const x = await session();
    const y = await sessionFor(x.recipient);
    const payer = funded();
    // The honest payer signs X's own direct quote (it carries X's Solana Pay reference).
    const q = await s.post(`/v1/checkout/sessions/${x.id}/quote`, { srcChain: 'solana', srcToken: 'USDC', sender: payer.publicKey.toBase58() });
    expect(q.body.best.reference).toBe(sessionReference(x.id));
    const tx = VersionedTransaction.deserialize(Buffer.from(q.body.best.tx.serializedTx, 'base64'));
    tx.sign([payer]);
    const sig = await conn.sendRawTransaction(tx.serialize());
    expect((await report(y.id, sig, payer)).status).toBe(200);
    expect((await report(x.id, sig, payer)).status).toBe(200);
    expect((await waitForSession(s, x.id, settled, key)).status).toBe('paid');
    const doneY = await waitForSession(s, y.id, settled, key);
    expect(doneY).toMatchObject({ status: 'open', payment: null });
    expect(doneY.payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
    // A transfer without any reference pays nobody either.
    const z = await sessionFor(x.recipient);
    await report(z.id, await pay(payer, x.recipient), payer);
    expect((await waitForSession(s, z.id, settled, key)).payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
  });

  it('a malformed signature or an EVM payer is INVALID_PARAMS naming the field', async () => {
    const cs = await session();
    const payer = funded();
    const bad = (await report(cs.id, `0x${'ab'.repeat(32)}`, payer)).body.error;
    expect(bad.code).toBe('INVALID_PARAMS');
    expect(bad.message).toMatch(/^txHash: .*base58/);
    const sig = await pay(payer, cs.recipient, AMOUNT, { session: cs.id });
    const evmPayer = (await report(cs.id, sig, `0x${'11'.repeat(20)}`)).body.error;
    expect(evmPayer.code).toBe('INVALID_PARAMS');
    expect(evmPayer.message).toMatch(/^payer: .*Solana/);
  });

  it('the direct quote is a v0 transaction: fee payer = payer, idempotent recipient ATA, transferChecked of exactly the amount; valid once the payer signs', async () => {
    const cs = await session();
    const payer = funded();
    const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'solana', srcToken: USDC, sender: payer.publicKey.toBase58() });
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({
      direct: true,
      best: { method: 'direct_transfer', srcAmount: AMOUNT.toString(), fees: { ourFeeBps: 0 }, tx: { vm: 'svm' } },
    });
    // A blockhash is good for ~60-90 s: the quote says so, whatever the session's own expiry.
    expect(q.body.best.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 90);
    const tx = VersionedTransaction.deserialize(Buffer.from(q.body.best.tx.serializedTx, 'base64'));
    expect(tx.version).toBe(0);
    expect(tx.message.header.numRequiredSignatures).toBe(1);
    expect(tx.message.staticAccountKeys[0]!.toBase58()).toBe(payer.publicKey.toBase58());
    expect(tx.message.addressTableLookups).toEqual([]);
    const mint = new PublicKey(USDC);
    const owner = new PublicKey(cs.recipient);
    const msg = TransactionMessage.decompile(tx.message);
    expect(msg.payerKey.toBase58()).toBe(payer.publicKey.toBase58());
    const [create, transfer, ...rest] = msg.instructions;
    // Solana Pay: the session's reference rides as the last, read-only non-signer key of the transfer.
    expect(q.body.best.reference).toBe(sessionReference(cs.id));
    expect(transfer!.keys.at(-1)).toMatchObject({ isSigner: false, isWritable: false });
    expect(transfer!.keys.at(-1)!.pubkey.toBase58()).toBe(sessionReference(cs.id));
    transfer!.keys.pop(); // decoded as plain transferChecked below
    expect(rest).toEqual([]);
    expect(create!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
    expect([...create!.data]).toEqual([1]); // CreateIdempotent
    expect(create!.keys.map((k) => k.pubkey.toBase58())).toEqual(
      [payer.publicKey, getAssociatedTokenAddressSync(mint, owner, true), owner, mint, new PublicKey('11111111111111111111111111111111'), TOKEN_PROGRAM_ID].map(
        (k) => k.toBase58(),
      ),
    );
    const decoded = decodeTransferCheckedInstruction(transfer!, TOKEN_PROGRAM_ID);
    expect(decoded.data).toMatchObject({ amount: AMOUNT, decimals: 6 });
    expect(decoded.keys.source.pubkey.toBase58()).toBe(getAssociatedTokenAddressSync(mint, payer.publicKey, true).toBase58());
    expect(decoded.keys.mint.pubkey.toBase58()).toBe(USDC);
    expect(decoded.keys.destination.pubkey.toBase58()).toBe(getAssociatedTokenAddressSync(mint, owner, true).toBase58());
    expect(decoded.keys.owner.pubkey.toBase58()).toBe(payer.publicKey.toBase58());
    expect(decoded.keys.owner.isSigner).toBe(true);
    // Unsigned, the node refuses it; signed by the payer alone, it lands and pays the session.
    await expect(conn.sendRawTransaction(tx.serialize())).rejects.toThrow(/signature verification failure/);
    tx.sign([payer]);
    const sig = await conn.sendRawTransaction(tx.serialize());
    expect(sig).toBe(bs58.encode(tx.signatures[0]!));
    await report(cs.id, sig, payer);
    expect((await waitForSession(s, cs.id, settled, key)).status).toBe('paid');
    expect(sol.balanceOf(cs.recipient, USDC)).toBe(AMOUNT);
    // The recipient's ATA now exists: the idempotent create does not fail a second payment to it.
    const again = await s.post(`/v1/checkout/sessions/${(await sessionFor(cs.recipient)).id}/quote`, {
      srcChain: 'solana',
      srcToken: 'USDC',
      sender: payer.publicKey.toBase58(),
    });
    const tx2 = VersionedTransaction.deserialize(Buffer.from(again.body.best.tx.serializedTx, 'base64'));
    tx2.sign([payer]);
    await conn.sendRawTransaction(tx2.serialize());
    expect(sol.balanceOf(cs.recipient, USDC)).toBe(2n * AMOUNT);
  });

  it('a transfer the service broadcasts itself (…/submit) is recorded past the bound of unseen reports, and pays', async () => {
    const cs = await session();
    const payer = funded();
    // A stranger fills the bound with made-up signatures.
    for (let i = 0; i < 10; i++) expect((await report(cs.id, bs58.encode(randomBytes(64)), payer)).status).toBe(200);
    expect((await report(cs.id, bs58.encode(randomBytes(64)), payer)).status).toBe(409);
    const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'solana', srcToken: 'USDC', sender: payer.publicKey.toBase58() });
    const tx = VersionedTransaction.deserialize(Buffer.from(q.body.best.tx.serializedTx, 'base64'));
    tx.sign([payer]);
    const sent = await s.post(`/v1/checkout/sessions/${cs.id}/submit`, {
      signedTransaction: Buffer.from(tx.serialize()).toString('base64'),
      payer: payer.publicKey.toBase58(),
    });
    expect(sent.status, sent.text).toBe(200);
    const done = await waitForSession(s, cs.id, (b) => b.status === 'paid', key);
    expect(done.payment).toMatchObject({ payer: payer.publicKey.toBase58(), srcTxHash: bs58.encode(tx.signatures[0]!) });
  });

  it('POST .../submit broadcasts a payer-signed direct transfer and records it; refuses unsigned, foreign or failing ones', async () => {
    const cs = await session();
    const payer = funded();
    const quoteTx = async () => {
      const q = await s.post(`/v1/checkout/sessions/${cs.id}/quote`, { srcChain: 'solana', srcToken: 'USDC', sender: payer.publicKey.toBase58() });
      return VersionedTransaction.deserialize(Buffer.from(q.body.best.tx.serializedTx, 'base64'));
    };
    const submit = (tx: VersionedTransaction, who = payer.publicKey.toBase58()) =>
      s.post(`/v1/checkout/sessions/${cs.id}/submit`, { signedTransaction: Buffer.from(tx.serialize()).toString('base64'), payer: who });
    const unsigned = await quoteTx();
    expect((await submit(unsigned)).body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^signedTransaction: is not signed/) });
    const signed = await quoteTx();
    signed.sign([payer]);
    expect((await submit(signed, Keypair.generate().publicKey.toBase58())).body.error.message).toMatch(/^payer: is not the transaction's fee payer/);
    expect(
      (await s.post(`/v1/checkout/sessions/${cs.id}/submit`, { signedTransaction: 'bm90IGEgdHg=', payer: payer.publicKey.toBase58() })).body.error.message,
    ).toMatch(/^signedTransaction: is not a base64 serialized Solana transaction/);
    // Signed by someone else for the payer's account: the node refuses it, nothing is recorded.
    const forged = await quoteTx();
    forged.signatures[0] = new Uint8Array(64).fill(7);
    const refused = await submit(forged);
    expect(refused.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/Solana node refused it/) });
    expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('open');
    const ok = await submit(signed);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('open'); // sent and reported; processing once the node shows it
    expect((await submit(signed)).status).toBe(200); // a retried request is answered, not broadcast again
    expect((await waitForSession(s, cs.id, settled, key)).payment).toMatchObject({
      payer: payer.publicKey.toBase58(),
      srcTxHash: bs58.encode(signed.signatures[0]!),
    });
    // The session is paid: the same request again is answered; a new transaction is refused (409) unsent.
    const sent = sol.methods().filter((m) => m === 'sendTransaction').length;
    expect((await submit(signed)).status).toBe(200);
    const { blockhash } = await conn.getLatestBlockhash();
    const fresh = VersionedTransaction.deserialize(
      Buffer.from(
        splTransferTx({ from: payer.publicKey.toBase58(), to: cs.recipient, mint: USDC, amount: AMOUNT, decimals: 6, recentBlockhash: blockhash }),
        'base64',
      ),
    );
    fresh.sign([payer]);
    expect((await submit(fresh)).status).toBe(409);
    expect(sol.methods().filter((m) => m === 'sendTransaction').length).toBe(sent);
  });
});
