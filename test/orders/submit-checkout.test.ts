import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startJupiterFixture, type JupiterFixture } from '../fixtures/jupiter-ultra-server.js';
import { PgQuoteStore } from '../../src/quotes/store.js';
import { parseQuoteId } from '../../src/quotes/quote-id.js';
import { waitFor } from '../helpers/wait.js';

/**
 * A routed checkout payment whose provider broadcasts itself (Jupiter Ultra, `submitViaApi`): the signed
 * bytes cannot be called back once forwarded, so the session must still accept a payment BEFORE they go.
 */
const DEAD = 'http://127.0.0.1:9';
const ATTACH = ['link', 'legacy quote set'] as const;
type Attach = (typeof ATTACH)[number];

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

  /**
   * A Jupiter quote (SOL → USDC to the session's recipient) attached to a fresh Solana-settled session: by
   * checkout's own link (what the payer quote endpoint writes), or, as a quote issued before links existed,
   * by the session id its quote set carries.
   */
  async function quoteForSession(attach: Attach) {
    const recipient = Keypair.generate().publicKey.toBase58();
    const cs = await s.post(
      '/v1/checkout/sessions',
      { amount: '1000000', settleChain: 'solana', settleToken: 'USDC', recipient, merchantName: 'Shop' },
      { 'x-api-key': key },
    );
    expect(cs.status, cs.text).toBe(201);
    const q = await s.get(
      `/v1/quote?srcChain=solana&srcToken=SOL&amount=100000000&dstChain=solana&dstToken=USDC&sender=${wallet.publicKey.toBase58()}&recipient=${recipient}`,
    );
    expect(q.status, q.text).toBe(200);
    const quoteId = q.body.best.quoteId as string;
    if (attach === 'link') await s.services.checkout.quoteLinks.link(cs.body.id, [q.body.best]);
    else {
      // The default Postgres store keeps the response's quote set as JSON text, keyed by the set id. On PGlite the set
      // is written behind (src/quotes/embedded-store.ts): edit it once it is in the table.
      const setId = (parseQuoteId(quoteId) as { setId: string }).setId;
      await waitFor(async () => (await s.db.sql.query('SELECT 1 FROM quote_sets WHERE id = $1', [setId])).length, { what: `quote set ${setId} written` });
      await s.db.sql.query(`UPDATE quote_sets SET payload = jsonb_set(payload::jsonb, '{checkoutSessionId}', to_jsonb($2::text))::text WHERE id = $1`, [
        setId,
        cs.body.id,
      ]);
      expect((await new PgQuoteStore(s.db.sql, s.infra.clock).find(quoteId))?.legacyCheckoutSessionId).toBe(cs.body.id);
    }
    const built = await s.post('/v1/orders', { quoteId });
    expect(built.status, built.text).toBe(200);
    const tx = VersionedTransaction.deserialize(Buffer.from(built.body.tx.serializedTx, 'base64'));
    tx.sign([wallet]);
    return { sessionId: cs.body.id as string, quoteId, signed: Buffer.from(tx.serialize()).toString('base64') };
  }

  it.each(ATTACH)('refuses with 409 before forwarding anything when the session is no longer open (%s)', async (attach) => {
    const { sessionId, quoteId, signed } = await quoteForSession(attach);
    expect((await s.post(`/v1/checkout/sessions/${sessionId}/expire`, {}, { 'x-api-key': key })).status).toBe(200);
    const executedBefore = jup.executed.length;
    const r = await s.post('/v1/orders/submit', { quoteId, signedTransaction: signed });
    expect(r.status, r.text).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
    expect(jup.executed.length).toBe(executedBefore); // nothing reached Ultra's execute
    expect(await s.services.orders.get(quoteId)).toBeUndefined();
  });

  it.each(ATTACH)('forwards and records the order and the session payment together when the session is open (%s)', async (attach) => {
    const { sessionId, quoteId, signed } = await quoteForSession(attach);
    const r = await s.post('/v1/orders/submit', { quoteId, signedTransaction: signed });
    expect(r.status, r.text).toBe(200);
    expect(jup.executed).toContain(signed);
    const order = await s.services.orders.get(quoteId);
    expect(order?.status).toBe('submitted');
    expect(order?.checkoutSessionId).toBe(sessionId);
    const owner = await s.get(`/v1/checkout/sessions/${sessionId}`, { 'x-api-key': key });
    expect(owner.body.status).toBe('open'); // recorded as a hint; processing once the chain shows it (no Solana node here)
    expect(owner.body.payments).toHaveLength(1);
    // The merchant finds the paying order without webhooks (the payer's quote carried no account).
    const listed = await s.get(`/v1/orders?checkoutSessionId=${sessionId}`, { 'x-api-key': key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((o: { quoteId: string }) => o.quoteId)).toEqual([quoteId]);
    // Another account naming the session lists nothing, as for an unknown session.
    const other = (await s.createTestKey()).key;
    expect((await s.get(`/v1/orders?checkoutSessionId=${sessionId}`, { 'x-api-key': other })).body.data).toEqual([]);
  });
});
