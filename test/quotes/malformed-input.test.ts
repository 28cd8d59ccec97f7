import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { FixtureProvider, startFixtureProviderServer, type FixtureProviderServer } from '../fixtures/fixture-provider.js';
import { inProcessGraphQL } from '../helpers/graphql.js';

/**
 * Malformed input on every quote/order surface gets a precise 4xx code, never a 500.
 * One server; each row is [what is sent, expected status, expected code].
 */

const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const base = { srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: 'base', dstToken: 'DAI', sender: SENDER, recipient: SENDER };
const quotePath = (o: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...base, ...o })) if (v !== undefined) q.set(k, v);
  return `/v1/quote?${q}`;
};

describe.each(backends)('malformed quote/order input → precise codes (%s)', (backend) => {
  let s: TestServer;
  let fx: FixtureProviderServer;
  let quoteId: string;

  beforeAll(async () => {
    fx = await startFixtureProviderServer();
    s = await startTestServer({ backend, env: { PROVIDER_TIMEOUT_MS: '2000', RPC_URL_8453: 'http://127.0.0.1:9', JOBS_ENABLED: '0' } });
    s.services.providers.register(new FixtureProvider('debridge', fx.url));
    fx.configure('debridge', { behaviour: 'ok', delayMs: 0 });
    const r = await s.get(quotePath({}));
    expect(r.status).toBe(200);
    quoteId = r.body.best.quoteId;
  });
  afterAll(async () => {
    await s?.close();
    await fx?.close();
  });

  it('GET /v1/quote', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ amount: undefined }, 'INVALID_PARAMS'],
      [{ srcChain: undefined }, 'INVALID_PARAMS'],
      [{ sender: '' }, 'INVALID_PARAMS'],
      [{ recipient: undefined }, 'INVALID_PARAMS'],
      [{ amount: '-1' }, 'INVALID_PARAMS'],
      [{ amount: '1e18' }, 'INVALID_PARAMS'],
      [{ amount: ' 100' }, 'INVALID_PARAMS'],
      [{ amount: '0x10' }, 'INVALID_PARAMS'],
      [{ amount: '000' }, 'INVALID_PARAMS'],
      [{ amount: '9'.repeat(5000) }, 'AMOUNT_TOO_LARGE'],
      [{ amount: undefined, dstAmount: 'abc' }, 'INVALID_PARAMS'],
      [{ dstAmount: '1000' }, 'INVALID_PARAMS'], // both amount and dstAmount
      [{ tradeType: 'SIDEWAYS' }, 'INVALID_PARAMS'],
      [{ slippageBps: '0' }, 'INVALID_PARAMS'],
      [{ slippageBps: '5001' }, 'INVALID_PARAMS'],
      [{ slippageBps: '1.5' }, 'INVALID_PARAMS'],
      [{ slippageBps: 'abc' }, 'INVALID_PARAMS'],
      [{ slippageBps: '99999999999999999999999' }, 'INVALID_PARAMS'],
      [{ gasOnArrivalUsd: '0.4' }, 'INVALID_PARAMS'],
      [{ gasOnArrivalUsd: '20.01' }, 'INVALID_PARAMS'],
      [{ gasOnArrivalUsd: 'NaN' }, 'INVALID_PARAMS'],
      [{ gasOnArrivalUsd: 'Infinity' }, 'INVALID_PARAMS'],
      [{ gasOnArrival: 'maybe' }, 'INVALID_PARAMS'],
      [{ channel: 'tv' }, 'INVALID_PARAMS'],
      [{ integratorFeeBps: '-1' }, 'INVALID_PARAMS'],
      [{ integratorFeeBps: 'x' }, 'INVALID_PARAMS'],
      [{ sender: 'not-an-address' }, 'INVALID_PARAMS'],
      [{ recipient: `0x${'g'.repeat(40)}` }, 'INVALID_PARAMS'],
      [{ srcChain: '99999999999999999999' }, 'UNSUPPORTED_CHAIN'],
      [{ dstChain: '-1' }, 'UNSUPPORTED_CHAIN'],
      [{ srcToken: `0x${'1'.repeat(39)}` }, 'INVALID_PARAMS'],
      [{ dstToken: 'NOSUCHSYMBOL' }, 'UNSUPPORTED_TOKEN'],
    ];
    for (const [over, code] of cases) {
      const r = await s.get(quotePath(over));
      expect([over, r.status >= 400 && r.status < 500, r.body?.error?.code]).toEqual([over, true, code]);
    }
  });

  it('POST /v1/orders, /submit, /{quoteId}/submitted and GET /v1/orders/{provider}/{id}', async () => {
    const post = async (path: string, body: unknown) =>
      s.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/v1/orders', undefined, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', '{not json', 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', [], 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', 'null', 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', { quoteId: 5 }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', { quoteId: {} }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', { quoteId: '' }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders', { quoteId: `q_${'x'.repeat(10_000)}` }, 404, 'QUOTE_NOT_FOUND'],
      ['POST', '/v1/orders', { quoteId: "q_'; drop table quotes; --" }, 404, 'QUOTE_NOT_FOUND'],
      ['POST', '/v1/orders/submit', {}, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/submit', { quoteId: 'q_abcdefghij' }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/submit', { quoteId: 'q_abcdefghij', signedTransaction: '***' }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/submit', { quoteId: 'q_abcdefghij', signedTransaction: 'AAAA' }, 404, 'QUOTE_NOT_FOUND'],
      ['POST', '/v1/orders/submit', { quoteId: 'QUOTE', signedTransaction: 'AAAA' }, 404, 'QUOTE_NOT_FOUND'],
      ['POST', '/v1/orders/submit', { quoteId: 'QUOTEID', signedTransaction: 'AAAA' }, 400, 'INVALID_PARAMS'], // fixture provider broadcasts via wallet
      ['POST', '/v1/orders/QUOTEID/submitted', undefined, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/QUOTEID/submitted', {}, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/QUOTEID/submitted', { txHash: 7 }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/QUOTEID/submitted', { txHash: '0x1234' }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/QUOTEID/submitted', { txHash: 'x'.repeat(5000) }, 400, 'INVALID_PARAMS'],
      ['POST', '/v1/orders/q_abcdefghij/submitted', { txHash: `0x${'a'.repeat(64)}` }, 404, 'QUOTE_NOT_FOUND'],
      ['POST', '/v1/orders/%E0%A4%A/submitted', { txHash: `0x${'a'.repeat(64)}` }, 400, 'INVALID_PARAMS'],
      ['GET', `/v1/orders/nobody/0x${'a'.repeat(64)}`, undefined, 400, 'INVALID_PARAMS'],
      ['GET', '/v1/orders/debridge/%E0%A4%A', undefined, 400, 'INVALID_PARAMS'],
      ['GET', `/v1/orders/debridge/${'x'.repeat(300)}`, undefined, 400, 'INVALID_PARAMS'],
    ];
    for (const [method, rawPath, body, status, code] of cases) {
      const path = rawPath.replace('QUOTEID', quoteId);
      const sent = body && typeof body === 'object' && (body as { quoteId?: unknown }).quoteId === 'QUOTEID' ? { ...body, quoteId } : body;
      const r = method === 'GET' ? await s.get(path) : await post(path, sent);
      expect([method, rawPath, body, r.status, r.body?.error?.code]).toEqual([method, rawPath, body, status, code]);
    }
  });

  it('a provider answer that is already expired is not offered as an executable quote', async () => {
    fx.configure('debridge', { behaviour: 'ok', delayMs: 0, ttlSeconds: -5 });
    try {
      const r = await s.get(quotePath({}));
      expect([r.status, r.body.error?.code]).toEqual([404, 'NO_ROUTE']);
      expect(r.body.error.message).toMatch(/debridge PROVIDER_ERROR .*already expired/);
    } finally {
      fx.configure('debridge', { behaviour: 'ok', delayMs: 0, ttlSeconds: 60 });
    }
  });

  it('GraphQL quote and order fields (in process): invalid input is a top-level error, expected outcomes are typed', async () => {
    const { post } = inProcessGraphQL(s);
    const q = (args: string) =>
      `{ quote(input: { srcChain: "8453", srcToken: "USDC", dstChain: "base", dstToken: "DAI", sender: "${SENDER}", recipient: "${SENDER}", ${args} }) { __typename ... on Error { code } } }`;
    // [query, code, where the code is: a top-level error, or the `code` of the field's result union member]
    const cases: [string, string, 'error' | 'typed'][] = [
      [q('amount: "abc"'), 'INVALID_PARAMS', 'error'],
      [q('amount: "0"'), 'INVALID_PARAMS', 'error'],
      [q('amount: "100", slippageBps: 0'), 'INVALID_PARAMS', 'error'],
      [q('amount: "100", slippageBps: 5001'), 'INVALID_PARAMS', 'error'],
      [q('amount: "100", gasOnArrivalUsd: 0.1'), 'INVALID_PARAMS', 'error'],
      [q('amount: "100", integratorFeeBps: -5'), 'INVALID_PARAMS', 'error'],
      [q(''), 'INVALID_PARAMS', 'error'],
      ['mutation { buildOrder(input: { quoteId: "" }) { __typename } }', 'INVALID_PARAMS', 'error'],
      ['mutation { buildOrder(input: { quoteId: "q_nothing_here" }) { __typename ... on Error { code } } }', 'QUOTE_NOT_FOUND', 'typed'],
      ['mutation { submitOrder(input: { quoteId: "q_nothing_here", signedTransaction: "%%%" }) { __typename } }', 'INVALID_PARAMS', 'error'],
      [`mutation { reportOrderSubmitted(input: { quoteId: "${'QUOTEID'}", txHash: "nope" }) { __typename } }`, 'INVALID_PARAMS', 'error'],
      ['{ orderStatus(provider: "nobody", id: "x") { state } }', 'INVALID_PARAMS', 'error'],
    ];
    for (const [query, code, where] of cases) {
      const r = await post({ query: query.replace('QUOTEID', quoteId) });
      const got = where === 'error' ? r.body.errors?.[0]?.extensions?.code : (Object.values(r.body.data ?? {})[0] as { code?: string } | undefined)?.code;
      expect([query, r.status < 500, got], JSON.stringify(r.body)).toEqual([query, true, code]);
    }
  });
});
