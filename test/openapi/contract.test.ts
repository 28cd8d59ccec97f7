import { ADMIN_ENV, adminHeaders, SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startRelayFixture, type RelayFixture } from '../fixtures/relay-server.js';
import { startTriggerFixture, type TriggerFixture } from '../fixtures/jupiter-trigger-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { EvmRpcServer } from '../fixtures/evm-rpc-server.js';
import { EX } from '../../src/openapi/examples.js';
import { restRoutes } from '../../src/rest/routes.js';
import { openApiPath } from '../../src/openapi/document.js';
import { checkResponse, validatorFor } from '../helpers/openapi.js';
import { fillOrders } from '../helpers/ledger.js';

/**
 * The contract: every request example of GET /v1/openapi.json is sent to a real server (the resources it
 * names are created first and substituted for the example ids of src/openapi/examples.ts), and every answer
 * is checked against the document: the status is the one the example expects and is documented for the
 * operation, the body validates against that response's schema (ajv, JSON Schema 2020-12 with formats), and
 * every header the response documents as required is present.
 */

type Json = Record<string, any>;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe.each(backends)('OpenAPI contract: every documented example against a real server (%s)', (backend) => {
  let s: TestServer;
  let relay: RelayFixture;
  let trigger: TriggerFixture;
  const lifi = new LifiTokensServer();
  const llama = new DefiLlamaServer();
  const base = new EvmRpcServer(8453);
  let key: string;
  let doc: Json;
  let validate: ReturnType<typeof validatorFor>;
  const h = () => ({ 'x-api-key': key });
  /** A fresh dashboard session of the key's account for each example (one of them signs out). */
  const sessionHeaders = async () => {
    const { accountId } = await s.services.accounts.authenticate(key);
    const member = await s.services.accounts.ensureMember(accountId, 'evm', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'owner');
    const { token } = await s.services.auth.createSession(member, {});
    return { cookie: `${s.services.auth.cookieName}=${token}`, origin: s.config.PUBLIC_URL };
  };

  beforeAll(async () => {
    relay = await startRelayFixture();
    trigger = await startTriggerFixture();
    await Promise.all([lifi, llama, base].map((f) => f.start()));
    base.set('native', EX.payer, 10n ** 17n);
    base.set(EX.baseUsdc, EX.payer, 125_000_000n);
    s = await startTestServer({
      backend,
      env: {
        JOBS_ENABLED: 'false',
        PROVIDERS: 'relay,jupiter',
        RELAY_API_URL: relay.url,
        JUPITER_API_URL: trigger.url,
        SOLANA_RPC_URL: 'http://127.0.0.1:9',
        LIFI_API_URL: lifi.url,
        DEFILLAMA_API_URL: llama.url,
        RPC_URL_8453: base.url,
        RPC_TIMEOUT_MS: '1000',
        PRICE_TIMEOUT_MS: '1000',
        BALANCES_CHAIN_TIMEOUT_MS: '2000',
        // Every example creates its own sessions and invoices with one key: more strict-bucket writes than 60/min.
        RATE_LIMIT_STRICT: '1000/60',
        ...ADMIN_ENV,
      },
    });
    ({ key } = await s.createTestKey());
    const r = await s.get('/v1/openapi.json');
    expect(r.status).toBe(200);
    doc = r.body;
    validate = validatorFor(doc);
  });
  afterAll(async () => {
    await s?.close();
    await relay?.close();
    await trigger?.close();
    await Promise.all([lifi, llama, base].map((f) => f.close()));
  });

  // Resources an example names by an EX id; each example gets fresh ones so one example's state change
  // (expiring a session, deleting an endpoint) cannot decide another's answer.
  const createSession = async () => {
    const r = await s.post('/v1/checkout/sessions', { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: EX.merchant }, h());
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const paidSession = async () => {
    const id = await createSession();
    const tx = `0x${randomBytes(32).toString('hex')}`;
    expect((await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: tx, payer: EX.payer })).status).toBe(200);
    const { payments } = await s.services.checkout.load(id);
    // The verifier first sees the transaction on chain with the session's evidence, then settles it.
    await s.services.checkout.settlePayment(payments[0].id, { kind: 'seen' });
    await s.services.checkout.settlePayment(payments[0].id, { kind: 'succeeded', deliveryTxHash: tx, amountReceived: 25_000_000n });
    return { id, paymentId: payments[0].id };
  };
  // Under review: 24 of 25 USDC arrived (rejected as underpaid), as the verifier settles an underpayment.
  const reviewSession = async () => {
    const id = await createSession();
    const tx = `0x${randomBytes(32).toString('hex')}`;
    expect((await s.post(`/v1/checkout/sessions/${id}/submitted`, { txHash: tx, payer: EX.payer })).status).toBe(200);
    const { payments } = await s.services.checkout.load(id);
    await s.services.checkout.settlePayment(payments[0].id, { kind: 'seen' });
    await s.services.checkout.settlePayment(payments[0].id, { kind: 'rejected', reason: 'underpaid', deliveryTxHash: tx, amountReceived: 24_000_000n });
    expect((await s.get(`/v1/checkout/sessions/${id}`)).body.status).toBe('needs_review');
    return id;
  };
  // Invoices: a draft, an open (sent) one, and a paid one (paid through its checkout session, like paidSession).
  const invoiceBody = {
    lineItems: [{ description: 'Consulting', quantity: 1, unitAmount: '25000000' }],
    settleChain: 'base',
    settleToken: 'USDC',
    recipient: EX.merchant,
    customerEmail: 'ap@customer.example',
  };
  const createInvoice = async (send: boolean) => {
    const r = await s.post('/v1/invoices', { ...invoiceBody, send }, h());
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const payInvoice = async (id: string) => {
    const r = await s.post(`/v1/invoices/${id}/pay`);
    expect(r.status, r.text).toBe(201);
    return r.body.sessionId as string;
  };
  const paidInvoice = async () => {
    const id = await createInvoice(true);
    const sessionId = await payInvoice(id);
    const tx = `0x${randomBytes(32).toString('hex')}`;
    expect((await s.post(`/v1/checkout/sessions/${sessionId}/submitted`, { txHash: tx, payer: EX.payer })).status).toBe(200);
    const { payments } = await s.services.checkout.load(sessionId);
    // The verifier first sees the transaction on chain with the session's evidence, then settles it.
    await s.services.checkout.settlePayment(payments[0].id, { kind: 'seen' });
    await s.services.checkout.settlePayment(payments[0].id, { kind: 'succeeded', deliveryTxHash: tx, amountReceived: 25_000_000n });
    const r = await s.get(`/v1/invoices/${id}`, h());
    expect(r.body.status, r.text).toBe('paid');
    return id;
  };
  const createTestClock = async () => {
    const r = await s.post('/v1/test-clocks', { frozenTime: '2026-11-22T00:00:00Z' }, h());
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const createSubscription = async (cancelAtPeriodEnd: boolean) => {
    const r = await s.post(
      '/v1/subscriptions',
      {
        customerEmail: 'ap@customer.example',
        lineItems: invoiceBody.lineItems,
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: invoiceBody.recipient,
        interval: 'month',
      },
      h(),
    );
    expect(r.status, r.text).toBe(201);
    if (cancelAtPeriodEnd) expect((await s.post(`/v1/subscriptions/${r.body.id}/cancel`, { atPeriodEnd: true }, h())).status).toBe(200);
    return r.body.id as string;
  };
  const quoteId = async () => {
    const q = new URLSearchParams({
      srcChain: 'base',
      srcToken: 'USDC',
      amount: '25000000',
      dstChain: '42161',
      dstToken: 'USDC',
      sender: EX.payer,
      recipient: EX.payer,
    });
    const r = await s.get(`/v1/quote?${q}`, h());
    expect(r.status, r.text).toBe(200);
    return r.body.best.quoteId as string;
  };

  // Deposit addresses (test mode: the sandbox): a reusable one, a one-time one for 25 USDC, a disabled one.
  const createDepositAddress = async (extra: Record<string, unknown> = {}) => {
    const r = await s.post(
      '/v1/deposit-addresses',
      { srcChain: 'base', srcToken: 'USDC', dstChain: '42161', dstToken: 'USDC', recipient: EX.merchant, refundTo: EX.payer, ...extra },
      h(),
    );
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };

  /** Real values for the EX ids an example mentions. */
  async function resourcesFor(operationId: string, name: string, example: string): Promise<Map<string, string>> {
    const m = new Map<string, string>();
    const uses = (v: string) => example.includes(v);
    if (uses(EX.refundId)) {
      const { id, paymentId } = await paidSession();
      const r = await s.post(`/v1/checkout/sessions/${id}/refunds`, { amount: '1000000' }, h());
      expect(r.status, r.text).toBe(201);
      m.set(EX.sessionId, id).set(EX.paymentId, paymentId).set(EX.refundId, r.body.refund.id);
    } else if (uses(EX.sessionId)) {
      // Refunding needs a paid session, resolving a review one under review (but for the example that shows the
      // refusal of a session that is not); everything else an open one.
      const underReview = ['acceptCheckoutSessionReview', 'reopenCheckoutSession'].includes(operationId) && name !== 'notUnderReview';
      m.set(EX.sessionId, operationId === 'createCheckoutRefund' ? (await paidSession()).id : underReview ? await reviewSession() : await createSession());
    }
    if (uses(EX.endpointId)) {
      // A fresh endpoint per example; the earlier examples' go first (an account and mode holds at most 16).
      for (const old of (await s.get('/v1/webhook-endpoints', h())).body.data as Array<{ id: string }>)
        expect((await s.request(`/v1/webhook-endpoints/${old.id}`, { method: 'DELETE', headers: h() })).status).toBe(200);
      const r = await s.post('/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hook' }, h());
      expect(r.status, r.text).toBe(201);
      m.set(EX.endpointId, r.body.id);
    }
    if (uses(EX.eventId)) {
      const r = await s.post('/v1/webhook-endpoints/trigger', { type: 'checkout.session.completed' }, h());
      expect(r.status, r.text).toBe(200);
      m.set(EX.eventId, r.body.id);
    }
    if (uses(EX.invoiceId)) m.set(EX.invoiceId, await createInvoice(false));
    if (uses(EX.openInvoiceId)) {
      const id = await createInvoice(true);
      // The reused-session answer (200) needs a session already started for the invoice.
      if (operationId === 'payInvoice' && name === 'again') await payInvoice(id);
      m.set(EX.openInvoiceId, id);
    }
    if (uses(EX.paidInvoiceId)) m.set(EX.paidInvoiceId, await paidInvoice());
    if (uses(EX.depositAddressId) && operationId === 'simulateCheckoutTransfer' && name === 'simulate') {
      // Pay by transfer: the session's own one-time address (made by the public route).
      const r = await s.post(`/v1/checkout/sessions/${m.get(EX.sessionId)}/deposit-address`, { srcChain: 'arbitrum', srcToken: 'USDC', refundTo: EX.payer });
      expect(r.status, r.text).toBe(200);
      m.set(EX.depositAddressId, r.body.depositAddressId);
    } else if (uses(EX.depositAddressId)) m.set(EX.depositAddressId, await createDepositAddress());
    if (uses(EX.oneTimeDepositAddressId)) m.set(EX.oneTimeDepositAddressId, await createDepositAddress({ reusable: false, amount: '25000000' }));
    if (uses(EX.disabledDepositAddressId)) {
      const id = await createDepositAddress();
      expect((await s.post(`/v1/deposit-addresses/${id}/disable`, {}, h())).status).toBe(200);
      m.set(EX.disabledDepositAddressId, id);
    }
    if (uses(EX.testClockId)) m.set(EX.testClockId, await createTestClock());
    if (uses(EX.apiKeyId)) {
      // The operator's partner examples link the key: a fresh account's, so no earlier example's partner owns it.
      const accountId = operationId.startsWith('admin')
        ? (await s.services.accounts.createAccount('Partner Co')).id
        : (await s.services.accounts.authenticate(key)).accountId;
      m.set(EX.apiKeyId, (await s.services.accounts.createKey(accountId, 'test', { name: 'example' })).apiKey.id);
    }
    if (uses(EX.partnerId)) {
      const id = `p-${randomBytes(6).toString('hex')}`;
      await s.services.partners.create({ id, label: 'Northwind Pay', kind: 'fee', feeBps: 25, maxFeeBps: 60 }, SETUP_WRITE);
      if (operationId === 'adminUnlinkPartnerKey') await s.services.partners.linkKey(id, m.get(EX.apiKeyId)!, SETUP_WRITE);
      m.set(EX.partnerId, id);
    }
    if (uses(EX.accountId)) m.set(EX.accountId, (await s.services.accounts.createAccount('Acme Store')).id);
    if (uses(EX.subscriptionId)) m.set(EX.subscriptionId, await createSubscription(operationId === 'resumeSubscription'));
    if (uses(EX.quoteId)) m.set(EX.quoteId, await quoteId());
    if (uses(EX.orderId)) {
      await quoteId();
      m.set(EX.orderId, [...relay.requests.keys()].at(-1)!);
    }
    if (uses(EX.limitOrderId)) {
      const r = await s.post(
        '/v1/limit-orders',
        { inputToken: 'USDC', outputToken: 'SOL', maker: EX.solanaMaker, makingAmount: '50000000', takingAmount: '400000000' },
        h(),
      );
      expect(r.status, r.text).toBe(201);
      m.set(EX.limitOrderId, r.body.id);
    }
    if (uses(EX.requestLogId)) {
      // Any request of the key's account is an entry once the log has written it.
      expect((await s.get('/v1/account', h())).status).toBe(200);
      await s.services.requestLogs.flush();
      const page = await s.services.requestLogs.list(await s.services.accounts.authenticate(key), { limit: 1 });
      m.set(EX.requestLogId, page.data[0]!.id);
    }
    if (operationId === 'getPartnerProfile' || operationId === 'updatePartnerProfile') {
      // The profile exists only for an account the operator made a partner: the key's account, fee 25 of at most 60.
      const { accountId } = await s.services.accounts.authenticate(key);
      if (!(await s.services.partners.forAccount(accountId)))
        await s.services.partners.create({ id: 'acme-wallet', label: 'Acme Wallet', kind: 'fee', feeBps: 25, maxFeeBps: 60, accountId }, SETUP_WRITE);
    }
    if (uses(EX.ledgerTransactionId) || uses(EX.reversedLedgerTransactionId)) {
      // A fill through the order poller posts its service fee: a fee transaction; reversed once for the 409 example.
      const [orderId] = await fillOrders(s, [{ amount: '25000000', ourFeeBps: 20 }]);
      const { transactionId } = (await s.services.ledger.entries({ orderId, limit: 1 })).data[0]!;
      if (uses(EX.reversedLedgerTransactionId)) {
        await s.services.ledger.reverse({ actor: { name: 'ops' }, requestId: null }, transactionId, { reason: 'example' });
        m.set(EX.reversedLedgerTransactionId, transactionId);
      } else m.set(EX.ledgerTransactionId, transactionId);
    }
    for (const tx of [EX.payerTx, EX.refundTx]) if (uses(tx)) m.set(tx, `0x${randomBytes(32).toString('hex')}`);
    return m;
  }

  const substitute = (text: string, m: Map<string, string>) => [...m].reduce((t, [from, to]) => t.split(from).join(to), text);

  /** Every (operation, example) pair of the document, with the request rebuilt from the examples. */
  function examplesOf(doc: Json) {
    const out: Array<{
      path: string;
      method: string;
      name: string;
      op: Json;
      params: Record<string, string>;
      query: Record<string, string>;
      body: unknown;
      expected: number;
    }> = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        for (const [name, meta] of Object.entries((op['x-request-examples'] ?? {}) as Json)) {
          const params: Record<string, string> = {};
          const query: Record<string, string> = {};
          for (const p of (op.parameters ?? []) as Json[]) {
            const v = p.examples?.[name]?.value;
            if (v === undefined) continue;
            (p.in === 'path' ? params : query)[p.name] = String(v);
          }
          const body = op.requestBody?.content?.['application/json']?.examples?.[name]?.value;
          const success = Object.keys(op.responses)
            .map(Number)
            .filter((n) => n >= 200 && n < 300)
            .sort()[0];
          out.push({ path, method, name, op, params, query, body, expected: meta['x-expected-status'] ?? success });
        }
      }
    }
    return out;
  }

  it('documents every route of restRoutes, each with at least one request example', () => {
    for (const r of restRoutes) {
      expect(r.doc, `${r.method} ${r.path} has no doc`).toBeDefined();
      const op = doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path} is missing from the document`).toBeDefined();
      expect(Object.keys(op['x-request-examples'] ?? {}).length, `${r.method} ${r.path} has no request example`).toBeGreaterThan(0);
    }
    expect(examplesOf(doc).length).toBeGreaterThan(restRoutes.length);
  });

  it('answers every documented request example as documented', async () => {
    const failures: string[] = [];
    for (const ex of examplesOf(doc)) {
      const m = await resourcesFor(ex.op.operationId, ex.name, JSON.stringify({ params: ex.params, query: ex.query, body: ex.body }));
      let url = ex.path.replace(/\{([^}]+)\}/g, (_, n) => encodeURIComponent(substitute(ex.params[n] ?? `missing-${n}`, m)));
      const q = new URLSearchParams(Object.entries(ex.query).map(([k, v]) => [k, substitute(v, m)]));
      if ([...q].length) url += `?${q}`;
      const security = (ex.op.security ?? []) as Array<Record<string, unknown>>;
      const needsSession = security.some((x) => 'DashboardSession' in x);
      const needsAdmin = security.some((x) => 'AdminToken' in x);
      const needsKey = security.length > 0 && !needsSession && !needsAdmin;
      const body = ex.body === undefined ? undefined : JSON.parse(substitute(JSON.stringify(ex.body), m));
      const r = await s.request(url, {
        method: ex.method.toUpperCase(),
        headers: {
          ...(needsKey ? h() : {}),
          ...(needsSession ? await sessionHeaders() : {}),
          ...(needsAdmin ? adminHeaders() : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const where = `${ex.method.toUpperCase()} ${ex.path} example "${ex.name}"`;
      if (r.status !== ex.expected) failures.push(`${where}: status ${r.status}, expected ${ex.expected}: ${r.text.slice(0, 300)}`);
      for (const p of checkResponse(doc, validate, ex.path, ex.method, r)) failures.push(`${where}: ${p}`);
      if (r.status < 300 && r.headers.get('content-type') === 'application/pdf' && !r.text.startsWith('%PDF-'))
        failures.push(`${where}: the body is not a PDF`);
    }
    expect(failures).toEqual([]);
  });

  it('checks the error answers too: unknown ids, missing keys, malformed bodies', async () => {
    const cases: Array<[string, string, RequestInit, number]> = [
      ['/v1/checkout/sessions/{id}', 'get', {}, 404],
      ['/v1/account', 'get', {}, 401],
      ['/v1/webhook-endpoints', 'post', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"url":' }, 400],
      ['/v1/checkout/sessions', 'get', { headers: { 'x-api-key': 'swapgate_test_nope' } }, 401],
    ];
    const urls: Record<string, string> = { '/v1/checkout/sessions/{id}': '/v1/checkout/sessions/cs_test_doesnotexist00000000' };
    for (const [path, method, init, status] of cases) {
      const authed = path === '/v1/webhook-endpoints' ? { ...init, headers: { ...(init.headers as Record<string, string>), ...h() } } : init;
      const r = await s.request(urls[path] ?? path, authed);
      expect(r.status, r.text).toBe(status);
      expect(checkResponse(doc, validate, path, method, r)).toEqual([]);
    }
  });

  it('fails when an answer drifts from the document', async () => {
    const r = await s.get('/v1/account', h());
    expect(checkResponse(doc, validate, '/v1/account', 'get', r)).toEqual([]);
    const extra = { ...r, body: { ...r.body, surprise: 1 } };
    expect(checkResponse(doc, validate, '/v1/account', 'get', extra).join()).toMatch(/additional/);
    const { mode: _mode, ...missing } = r.body;
    expect(checkResponse(doc, validate, '/v1/account', 'get', { ...r, body: missing }).join()).toMatch(/required/);
    expect(checkResponse(doc, validate, '/v1/account', 'get', { ...r, body: { ...r.body, createdAt: 'yesterday' } }).join()).toMatch(/date-time/);
    expect(checkResponse(doc, validate, '/v1/account', 'get', { ...r, status: 418 }).join()).toMatch(/not documented/);
    const headers = new Headers(r.headers);
    headers.delete('x-request-id');
    expect(checkResponse(doc, validate, '/v1/account', 'get', { ...r, headers })).toEqual(['required header x-request-id is missing']);
    // A documented PDF answered as JSON is caught too.
    const pdfHeaders = new Headers(r.headers);
    pdfHeaders.set('content-disposition', 'inline; filename="receipt.pdf"');
    expect(checkResponse(doc, validate, '/v1/invoices/{id}/receipt.pdf', 'get', { ...r, headers: pdfHeaders })).toEqual([
      'content-type application/json; charset=utf-8 is not the documented application/pdf',
    ]);
  });
});
