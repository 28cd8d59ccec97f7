import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startJupiterFixture, type JupiterFixture } from '../fixtures/jupiter-ultra-server.js';
import { PgQuoteStore } from '../../src/quotes/store.js';
import { parseQuoteId } from '../../src/quotes/quote-id.js';

/**
 * A routed checkout payment whose provider broadcasts itself (Jupiter Ultra, `submitViaApi`): the signed
 * bytes cannot be called back once forwarded, so the session must still accept a payment BEFORE they go.
 */
const DEAD = 'http://127.0.0.1:9';

describe.each(backends)('POST /v1/orders/submit for a checkout quote (%s)', (backend) => {
  let jup: JupiterFixture;
  let s: TestServer;
  let key: string;
  const wallet = Keypair.generate();
  beforeAll(async () => {
    jup = await startJupiterFixture();
    s = await startTestServer({
      backend,
      env: { PROVIDERS: 'jupiter', JUPITER_API_URL: jup.url, DEFILLAMA_API_URL: DEAD, LIFI_API_URL: DEAD, SOLANA_RPC_URL: DEAD, PROVIDER_TIMEOUT_MS: '4000' },
    });
    ({ key } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await jup?.close();
  });

  /** A Jupiter quote (SOL → USDC to the session's recipient) attached to a fresh Solana-settled session. */
  async function quoteForSession() {
    const recipient = Keypair.generate().publicKey.toBase58();
    const cs = await s.post('/v1/checkout/sessions', { amount: '1000000', settleChain: 'solana', settleToken: 'USDC', recipient, merchantName: 'Shop' }, { 'x-api-key': key });
    expect(cs.status, cs.text).toBe(200);
    const q = await s.get(`/v1/quote?srcChain=solana&srcToken=SOL&amount=100000000&dstChain=solana&dstToken=USDC&sender=${wallet.publicKey.toBase58()}&recipient=${recipient}`);
    expect(q.status, q.text).toBe(200);
    const quoteId = q.body.best.quoteId as string;
    // The payer quote endpoint attaches the session id to the quotes it stores; do the same here
    // (the default Postgres store keeps the response's quote set as JSON text, keyed by the set id).
    const setId = (parseQuoteId(quoteId) as { setId: string }).setId;
    await s.app.db.sql.query(`UPDATE quote_sets SET payload = jsonb_set(payload::jsonb, '{checkoutSessionId}', to_jsonb($2::text))::text WHERE id = $1`, [setId, cs.body.id]);
    expect((await new PgQuoteStore(s.app.db.sql, s.app.clock).find(quoteId))?.checkoutSessionId).toBe(cs.body.id);
    const built = await s.post('/v1/orders', { quoteId });
    expect(built.status, built.text).toBe(200);
    const tx = VersionedTransaction.deserialize(Buffer.from(built.body.tx.serializedTx, 'base64'));
    tx.sign([wallet]);
    return { sessionId: cs.body.id as string, quoteId, signed: Buffer.from(tx.serialize()).toString('base64') };
  }

  it('refuses with 409 before forwarding anything when the session is no longer open', async () => {
    const { sessionId, quoteId, signed } = await quoteForSession();
    expect((await s.post(`/v1/checkout/sessions/${sessionId}/expire`, {}, { 'x-api-key': key })).status).toBe(200);
    const executedBefore = jup.executed.length;
    const r = await s.post('/v1/orders/submit', { quoteId, signedTransaction: signed });
    expect(r.status, r.text).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
    expect(jup.executed.length).toBe(executedBefore); // nothing reached Ultra's execute
    expect(await s.app.services.orders.get(quoteId)).toBeUndefined();
  });

  it('forwards and records the order and the session payment together when the session is open', async () => {
    const { sessionId, quoteId, signed } = await quoteForSession();
    const r = await s.post('/v1/orders/submit', { quoteId, signedTransaction: signed });
    expect(r.status, r.text).toBe(200);
    expect(jup.executed).toContain(signed);
    expect((await s.app.services.orders.get(quoteId))?.status).toBe('submitted');
    const owner = await s.get(`/v1/checkout/sessions/${sessionId}`, { 'x-api-key': key });
    expect(owner.body.status).toBe('processing');
    expect(owner.body.payments).toHaveLength(1);
  });
});
