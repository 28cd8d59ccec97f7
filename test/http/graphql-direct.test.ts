import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { checkoutSessionTopic } from '../../src/checkout/topics.js';
import { directExecutor, directParams, PlainResponse } from '../../src/http/graphql-direct.js';
import { waitFor } from '../helpers/wait.js';
import { rawWs } from './ws-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A POST of one JSON operation is answered by yoga's pipeline without its Fetch API layer (src/http/graphql-direct.ts).
 * `application/graphql+json` is the same request to yoga but takes `yoga.fetch` (the direct path takes only
 * `application/json`), so each case is sent both ways and the answers must be the same: status, the headers a client
 * reads, and the body (request ids aside, which differ per request).
 */

describe('directParams takes only bodies yoga would accept as they are', () => {
  it.each([
    ['{"query":"{ __typename }"}', true],
    ['{"query":"{ __typename }","variables":null,"operationName":null,"extensions":null}', true],
    ['{"query":"{ __typename }","variables":{"a":1},"operationName":"A","extensions":{}}', true],
    ['\ufeff{"query":"{ __typename }"}', false], // the transport decodes the BOM away before; raw it is not JSON
    ['{"query":"{ __typename }",', false],
    ['[{"query":"{ __typename }"}]', false], // a batch: yoga refuses it
    ['"{ __typename }"', false],
    ['null', false],
    ['{}', false], // no query: yoga says so
    ['{"query":1}', false],
    ['{"query":"{ __typename }","variables":[]}', false],
    ['{"query":"{ __typename }","variables":"{}"}', false],
    ['{"query":"{ __typename }","extensions":3}', false],
    ['{"query":"{ __typename }","operationName":3}', false],
    ['{"query":"{ __typename }","foo":1}', false], // unexpected parameter
    ['{"query":"{ __typename }","foo":null}', true], // yoga skips null members
  ])('%s → %s', (text, taken) => {
    expect(directParams(text) !== undefined).toBe(taken);
  });
});

describe('the direct GraphQL path answers as yoga.fetch does', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const READ_HEADERS = ['content-type', 'content-length', 'transfer-encoding', 'allow', 'accept', 'idempotent-replayed', 'cache-control', 'ratelimit-policy'];

  async function both(body: unknown, headers: Record<string, string> = {}) {
    const send = (contentType: string) =>
      s.request('/graphql', { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: JSON.stringify(body) });
    const [direct, viaFetch] = [await send('application/json'), await send('application/graphql+json')];
    const view = (r: Awaited<ReturnType<typeof send>>) => ({
      status: r.status,
      headers: Object.fromEntries(READ_HEADERS.map((h) => [h, r.headers.get(h)])),
      body: r.text.replaceAll(r.headers.get('x-request-id') ?? '\u0000', '<request id>'),
    });
    expect(view(direct)).toEqual(view(viaFetch));
    return direct;
  }

  it.each([
    ['a query', { query: '{ __typename }' }],
    ['null members', { query: '{ __typename }', variables: null, operationName: null, extensions: null }],
    [
      'variables and an operation chosen by name',
      { query: 'query A($n: Int) { a: __typename } query B { b: __typename }', operationName: 'A', variables: { n: 1 } },
    ],
    ['two operations and no name', { query: 'query A { __typename } query B { __typename }' }],
    ['an unknown operation name', { query: 'query A { __typename }', operationName: 'Z' }],
    ['a syntax error', { query: '{ __typename ' }],
    ['a validation error', { query: '{ noSuchField }' }],
    ['a variable of the wrong type', { query: 'query($n: Int!) { __typename }', variables: { n: 'x' } }],
    ['a missing variable', { query: 'query($n: Int!) { __typename }' }],
    ['nesting past the limit', { query: `${'{ a: __typename '.repeat(1)}${'('.repeat(70)}` }],
    ['too many aliases', { query: `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: __typename`).join(' ')} }` }],
    ['a field error from a resolver (not found)', { query: '{ checkoutSession(id: "cs_doesnotexist") { id } }' }],
    ['a subscription asked for as JSON', { query: 'subscription { checkoutSession(id: "cs_doesnotexist") { id } }' }],
  ])('%s', async (_name, body) => {
    await both(body);
    await both(body, { 'x-api-key': key });
    await both(body, { accept: 'application/graphql-response+json' });
    await both(body, { accept: 'application/graphql-response+json, application/json;q=0.9' });
  });

  it.each([['text/html'], ['application/json; charset=latin1'], ['*/*'], ['application/*']])('Accept: %s', async (accept) => {
    await both({ query: '{ __typename }' }, { accept });
    await both({ query: '{ noSuchField }' }, { accept });
  });

  it('a wrong API key', async () => {
    const r = await both({ query: '{ webhookEndpoints { totalCount } }' }, { 'x-api-key': 'sk_test_wrong' });
    expect(r.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('a replayed mutation carries Idempotent-Replayed either way', async () => {
    const input = {
      amount: '990000',
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      idempotencyKey: randomUUID(),
    };
    const query =
      'mutation($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { __typename ... on CreateCheckoutSessionPayload { checkoutSession { id } } } }';
    const first = await s.post('/graphql', { query, variables: { input } }, { 'x-api-key': key });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await both({ query, variables: { input } }, { 'x-api-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  /** A new open checkout session of the test key's account: something a subscription can follow. */
  async function newSessionId(): Promise<string> {
    const created = await s.post(
      '/graphql',
      {
        query:
          'mutation($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { ... on CreateCheckoutSessionPayload { checkoutSession { id } } } }',
        variables: { input: { amount: '990000', settleChain: 'base', settleToken: 'USDC', recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } },
      },
      { 'x-api-key': key },
    );
    return created.body.data.createCheckoutSession.checkoutSession.id;
  }

  it('a subscription asked for as an event stream streams from the direct path, and ends when the client leaves', async () => {
    const id = await newSessionId();
    const topic = checkoutSessionTopic(id);
    const abort = new AbortController();
    const r = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: `subscription { checkoutSession(id: "${id}") { id status } }` }),
      signal: abort.signal,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await waitFor(() => s.infra.pubsub.isListening(topic), { what: 'the subscription to listen' });
    abort.abort();
    // The stream is canceled and yoga ends the subscription: its listener goes.
    await waitFor(() => !s.infra.pubsub.isListening(topic), { what: 'the subscription to stop listening once the client left' });
  });
  it('over WebSocket too: a completed operation and a closed socket each end what their subscription listens to', async () => {
    const [a, b] = [await newSessionId(), await newSessionId()];
    const c = await rawWs(s.url);
    await c.init({ 'x-api-key': key });
    c.subscribe('a', `subscription { checkoutSession(id: "${a}") { id status } }`);
    c.subscribe('b', `subscription { checkoutSession(id: "${b}") { id status } }`);
    await waitFor(() => s.infra.pubsub.isListening(checkoutSessionTopic(a)) && s.infra.pubsub.isListening(checkoutSessionTopic(b)), {
      what: 'both subscriptions to listen',
    });
    c.ws.send(JSON.stringify({ id: 'a', type: 'complete' }));
    await waitFor(() => !s.infra.pubsub.isListening(checkoutSessionTopic(a)), { what: 'the completed subscription to stop listening' });
    expect(s.infra.pubsub.isListening(checkoutSessionTopic(b))).toBe(true);
    await c.close();
    await waitFor(() => !s.infra.pubsub.isListening(checkoutSessionTopic(b)), { what: "the closed socket's subscription to stop listening" });
  });
});

describe('an error thrown on the way is answered as yoga.fetch answers it', () => {
  it('a params hook that throws: the same masked GraphQL error, status and headers', async () => {
    const yoga = createYoga({
      schema: buildSchema('type Query { a: Int }'),
      logging: false,
      plugins: [
        {
          onParams() {
            throw new Error('internal detail that must not leak');
          },
        },
      ],
    });
    const body = { query: '{ a }' };
    const direct = await directExecutor(yoga as never)(body, {
      url: 'http://localhost/graphql',
      headers: { 'content-type': 'application/json' },
      signal: new AbortController().signal,
      gqlContext: {} as never,
    });
    const viaFetch = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(direct).toBeInstanceOf(PlainResponse);
    const d = direct as PlainResponse;
    expect({ status: d.status, type: d.headers.get('content-type'), body: d.text }).toEqual({
      status: viaFetch.status,
      type: viaFetch.headers.get('content-type'),
      body: await viaFetch.text(),
    });
    expect(d.text).not.toMatch(/internal detail/);
  });
});
