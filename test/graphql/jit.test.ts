import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledDocuments } from '../../src/graphql/jit.js';
import { schema } from '../../src/graphql/schema.js';
import { backends } from '../helpers/db.js';
import { inProcessGraphQL, startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';

/**
 * Hot queries run compiled by graphql-jit (src/graphql/jit.ts). The same services behind two yoga instances, one
 * compiling every query from its first run (GRAPHQL_JIT_AFTER=0) and one never (-1): each query here, with every
 * feature the schema's queries use (connections, unions and interfaces, fragments, directives, variables and their
 * coercion errors, enums, nullability, field errors with codes, auth refusals), must get the same status and body
 * from both, run several times (the compiled function is reused).
 */
const SESSION_FIELDS = 'id status amount amountReceived createdAt expiresAt settlement { chainId token symbol decimals } payments { totalCount }';

describe.each(backends)('compiled queries answer as graphql-js does (%s)', (backend) => {
  let g: GraphQLTestApp;
  let key: string;
  let otherKey: string;
  let sessionId: string;
  let compiled: ReturnType<typeof inProcessGraphQL>;
  let interpreted: ReturnType<typeof inProcessGraphQL>;

  beforeAll(async () => {
    g = await startGraphQLTestApp({ backend, env: { JOBS_ENABLED: 'false', PROVIDERS: 'mock' } });
    ({ key } = await g.createTestKey());
    ({ key: otherKey } = await g.createTestKey());
    const withJit = (after: number) =>
      inProcessGraphQL({ services: g.app.services, infra: { ...g.app.infra, config: { ...g.app.infra.config, GRAPHQL_JIT_AFTER: after } } });
    compiled = withJit(0);
    interpreted = withJit(-1);
    const created = await g.post(
      {
        query: `mutation($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { ... on CreateCheckoutSessionPayload { checkoutSession { id } } } }`,
        variables: { input: { amount: '990000', settleChain: 'base', settleToken: 'USDC', recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } },
      },
      { 'x-api-key': key },
    );
    sessionId = created.body.data.createCheckoutSession.checkoutSession.id;
  });
  afterAll(() => g?.close());

  const cases: Array<[string, () => { query: string; variables?: Record<string, unknown>; operationName?: string }, 'key' | 'other' | 'none']> = [
    ['a connection with paging', () => ({ query: '{ chains(first: 3) { edges { cursor node { id name } } pageInfo { hasNextPage endCursor } } }' }), 'none'],
    [
      'variables, fragments and directives',
      () => ({
        query:
          'query T($chain: String!, $n: Int, $logo: Boolean!) { tokens(chain: $chain, first: $n) { nodes { ...T logoURI @include(if: $logo) } } } fragment T on Token { symbol address decimals }',
        variables: { chain: 'base', n: 4, logo: false },
      }),
      'none',
    ],
    ['a variable of the wrong type', () => ({ query: 'query($n: Int) { chains(first: $n) { nodes { id } } }', variables: { n: 'many' } }), 'none'],
    ['a null for a non-null variable', () => ({ query: 'query($c: String!) { tokens(chain: $c) { nodes { symbol } } }', variables: { c: null } }), 'none'],
    ['an argument out of range (a coded field error)', () => ({ query: '{ chains(first: 100000) { nodes { id } } }' }), 'none'],
    ['an unknown chain', () => ({ query: '{ tokens(chain: "no-such-chain") { nodes { symbol } } }' }), 'none'],
    [
      'a union: the quote',
      () => ({
        query: `{ quote(input: { srcChain: "base", srcToken: "USDC", amount: "25000000", dstChain: "base", dstToken: "DAI", sender: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" }) { __typename ... on QuoteResponse { best { provider dstAmount fees { ourFeeBps } } quotes { provider } errors { provider code } } ... on Error { code message } } }`,
      }),
      'key',
    ],
    [
      'a union: no route',
      () => ({
        query: `{ quote(input: { srcChain: "base", srcToken: "USDC", amount: "1", dstChain: "base", dstToken: "USDC", sender: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" }) { __typename ... on Error { code message } } }`,
      }),
      'none',
    ],
    ["the owner's session", () => ({ query: `query($id: ID!) { checkoutSession(id: $id) { ${SESSION_FIELDS} } }`, variables: { id: sessionId } }), 'key'],
    [
      "another account's key on it",
      () => ({ query: `query($id: ID!) { checkoutSession(id: $id) { ${SESSION_FIELDS} } }`, variables: { id: sessionId } }),
      'other',
    ],
    [
      'a list of sessions with an enum filter',
      () => ({ query: `{ checkoutSessions(first: 5, status: open) { totalCount nodes { ${SESSION_FIELDS} } } }` }),
      'key',
    ],
    ['a keyed field without a key', () => ({ query: '{ webhookEndpoints { totalCount } }' }), 'none'],
    ['the viewer', () => ({ query: '{ viewer { __typename } health { __typename } }' }), 'key'],
    ['its operation asked for by name', () => ({ query: 'query Chains { chains(first: 2) { nodes { id } } }', operationName: 'Chains' }), 'none'],
    ['another operation name than the one it has', () => ({ query: 'query Chains { chains(first: 2) { nodes { id } } }', operationName: 'Other' }), 'none'],
    [
      'aliases and __typename',
      () => ({ query: '{ a: chains(first: 1) { nodes { id } } b: chains(first: 2) { nodes { id name __typename } } __typename }' }),
      'none',
    ],
  ];

  it.each(cases)('%s', async (_name, make, who) => {
    const headers: Record<string, string> = who === 'key' ? { 'x-api-key': key } : who === 'other' ? { 'x-api-key': otherKey } : {};
    for (let run = 0; run < 3; run++) {
      const body = make();
      const [a, b] = [await compiled.post(body, headers), await interpreted.post(body, headers)];
      // Request ids differ per request; the quote ids and expiry of a fresh quote differ per call.
      const view = (r: typeof a) => ({
        status: r.status,
        body: JSON.parse(JSON.stringify(r.body).replaceAll(r.requestId, '<id>')),
      });
      expect(view(a)).toEqual(view(b));
    }
  });
});

describe('compiled documents are bounded', () => {
  it('keeps at most its limit, dropping the least recently run, and compiles a dropped document again', () => {
    const cache = new CompiledDocuments(2, 100);
    const [a, b, c] = ['{ chains { nodes { id } } }', '{ health { __typename } }', '{ viewer { __typename } }'].map((q) => parse(q));
    const first = cache.get(schema, a!);
    expect(first).not.toBeNull();
    expect(cache.get(schema, a!)).toBe(first); // reused
    cache.get(schema, b!);
    cache.get(schema, a!); // a is now the most recently run
    cache.get(schema, c!); // drops b
    expect(cache.size).toBe(2);
    expect(cache.get(schema, a!)).toBe(first);
    const bAgain = cache.get(schema, b!); // compiled again, dropping c
    expect(bAgain).not.toBeNull();
    expect(cache.size).toBe(2);
  });

  it('starts at most its budget of compiles per second; a document over budget runs uncompiled and is compiled later', () => {
    let t = 0;
    const cache = new CompiledDocuments(64, 2, () => t);
    const docs = Array.from({ length: 4 }, (_, i) => parse(`{ a${i}: chains(first: 1) { nodes { id } } }`));
    expect(cache.get(schema, docs[0]!)).not.toBeNull();
    expect(cache.get(schema, docs[1]!)).not.toBeNull();
    expect(cache.get(schema, docs[2]!)).toBeNull(); // budget spent: graphql-js runs it
    expect(cache.get(schema, docs[0]!)).not.toBeNull(); // already compiled: no budget needed
    expect(cache.size).toBe(2);
    t += 500; // one more compile's worth
    expect(cache.get(schema, docs[2]!)).not.toBeNull();
    expect(cache.get(schema, docs[3]!)).toBeNull();
  });
});
