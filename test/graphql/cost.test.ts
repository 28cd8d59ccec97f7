import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery, parse } from 'graphql';
import { schema } from '../../src/graphql/schema.js';
import {
  BALANCES_COST_PER_CHAIN,
  cachedOperationCost,
  CHECKOUT_QUOTE_COST,
  FIELD_RULES,
  INTROSPECTION_COST,
  operationCost,
  QUOTE_COST,
} from '../../src/graphql/cost.js';
import { graphqlEnv } from '../../src/graphql/config.js';
import { DEFAULT_BALANCE_CHAINS, QUOTE_WEIGHT } from '../../src/ratelimit/weights.js';

const cost = (query: string, variables?: Record<string, unknown>, operationName?: string) => operationCost(schema, parse(query), variables, operationName);
const DEFAULT_MAX_COST = graphqlEnv.GRAPHQL_MAX_COST.parse(undefined);
const quoteInput =
  '{ srcChain: "base", srcToken: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", dstChain: "base", dstToken: "0x50c5725949a6f0c72e6c4a641f24049a917db0cb", amount: "1000000", sender: "0x000000000000000000000000000000000000bEEF", recipient: "0x000000000000000000000000000000000000bEEF" }';

describe('operation cost (pure)', () => {
  it.each([
    ['scalars only', '{ health { ok } }', 1, { default: 1 }],
    ['__typename alone', '{ __typename }', 0, { default: 1 }],
    ['a connection: nodes times the default page (chains: 200)', '{ chains { nodes { id } } }', 1 + 200 * 1, { default: 1 }],
    ['pageInfo and totalCount count once', '{ chains { totalCount pageInfo { hasNextPage } nodes { id } } }', 1 + 1 + 200, { default: 1 }],
    ['first from a literal', '{ tokens(chain: "base", first: 3) { nodes { symbol } } }', 1 + 3, { default: 1 }],
    ['edges and nodes both count', '{ tokens(chain: "base", first: 3) { edges { node { symbol } } nodes { symbol } } }', 1 + 3 * 2 + 3, { default: 1 }],
    [
      'first past the maximum counts at the maximum (the resolver refuses it)',
      '{ tokens(chain: "base", first: 100000) { nodes { symbol } } }',
      1 + 200,
      { default: 1 },
    ],
    ['a quote', `{ quote(input: ${quoteInput}) { __typename } }`, 1 + QUOTE_COST, { default: QUOTE_WEIGHT }],
    [
      'aliases count each',
      `{ a: quote(input: ${quoteInput}) { __typename } b: quote(input: ${quoteInput}) { __typename } }`,
      2 * (1 + QUOTE_COST),
      { default: 2 * QUOTE_WEIGHT },
    ],
    [
      'checkout payer quote',
      '{ checkoutSessionQuote(input: { id: "cs_x", srcChain: "base", srcToken: "0x0", sender: "0x0" }) { __typename } }',
      1 + CHECKOUT_QUOTE_COST,
      { default: QUOTE_WEIGHT },
    ],
    [
      'balances: default chains',
      '{ balances(address: "0x0") { totalUsd } }',
      1 + BALANCES_COST_PER_CHAIN * DEFAULT_BALANCE_CHAINS,
      { default: DEFAULT_BALANCE_CHAINS },
    ],
    [
      'balances: per chain named (duplicates once)',
      '{ balances(address: "0x0", chains: ["base", "ethereum", "base"]) { totalUsd } }',
      1 + 2 * BALANCES_COST_PER_CHAIN,
      { default: 2 },
    ],
    ['nested connections multiply', '{ events(first: 10) { nodes { deliveries(first: 5) { nodes { id } } } } }', 1 + 10 * (1 + 1 + 5 * 1), { default: 1 }],
    ['several root fields: one point each', '{ health { ok } chain(ref: "base") { id } viewer { mode } }', 3, { default: 3 }],
    [
      'a costly write takes from strict too',
      'mutation { createCheckoutSession(input: { amount: "1", currency: "USDC", settlementChain: "base", recipient: "0x0" }) { __typename } }',
      1,
      { default: 1, strict: 1 },
    ],
    [
      'aliased costly writes each take from strict',
      'mutation { a: triggerWebhookEvent(input: { type: "x" }) { __typename } b: triggerWebhookEvent(input: { type: "x" }) { __typename } }',
      2,
      { default: 2, strict: 2 },
    ],
    ['other mutations are plain', 'mutation { expireCheckoutSession(input: { id: "x" }) { __typename } }', 1, { default: 1 }],
    ['a subscription', 'subscription { events { id } }', 1, { default: 1 }],
  ])('%s', (_name, query, expectedCost, usage) => {
    expect(cost(query)).toEqual({ cost: expectedCost, usage });
  });

  it('variables: first, chains and the operation picked by name', () => {
    const doc =
      'query A($n: Int, $c: [String!]) { tokens(chain: "base", first: $n) { nodes { symbol } } balances(address: "0x0", chains: $c) { totalUsd } } query B { health { ok } }';
    expect(cost(doc, { n: 7, c: ['base'] }, 'A')).toEqual({ cost: 1 + 7 + 1 + BALANCES_COST_PER_CHAIN, usage: { default: 2 } });
    expect(cost(doc, {}, 'A')).toEqual({ cost: 1 + 50 + 1 + BALANCES_COST_PER_CHAIN * DEFAULT_BALANCE_CHAINS, usage: { default: 1 + DEFAULT_BALANCE_CHAINS } });
    expect(cost(doc, {}, 'B').cost).toBe(1);
  });

  it("variables left out count at the document's defaults, as they run", () => {
    const doc =
      'query ($n: Int = 7, $c: [String!] = ["base", "ethereum", "arbitrum"]) { tokens(chain: "base", first: $n) { nodes { symbol } } balances(address: "0x0", chains: $c) { totalUsd } }';
    expect(cost(doc)).toEqual({ cost: 1 + 7 + 1 + 3 * BALANCES_COST_PER_CHAIN, usage: { default: 1 + 3 } });
    expect(cost(doc, { n: 2, c: ['base'] })).toEqual({ cost: 1 + 2 + 1 + BALANCES_COST_PER_CHAIN, usage: { default: 2 } });
  });

  it('cached per document: the same answer as the walk, whatever the operation name and variables; one walk per hot document', () => {
    const doc = parse(
      'query A($n: Int = 7, $c: [String!]) { tokens(chain: "base", first: $n) { nodes { symbol } } balances(address: "0x0", chains: $c) { totalUsd } } query B { health { ok } }',
    );
    const cases: Array<[Record<string, unknown> | null | undefined, string]> = [
      [undefined, 'A'],
      [null, 'A'],
      [{}, 'A'],
      [{ n: 2 }, 'A'],
      [{ n: 2, c: ['base'] }, 'A'],
      [{ c: ['base'], n: 2 }, 'A'],
      // Values JSON text would change or drop: computed afresh, never answered from another request's entry.
      [{ n: undefined }, 'A'],
      [{ n: Number.NaN, c: [Number.NaN] }, 'A'],
      [{ c: [null] }, 'A'],
      [{ c: [new Date(0)] }, 'A'],
      [{}, 'B'],
    ];
    for (let round = 0; round < 2; round++)
      for (const [vars, op] of cases)
        expect(cachedOperationCost(schema, doc, vars, op), `${op} ${String(JSON.stringify(vars))}`).toEqual(operationCost(schema, doc, vars, op));
    expect(cachedOperationCost(schema, doc, { n: 3 }, 'A')).toBe(cachedOperationCost(schema, doc, { n: 3 }, 'A'));
    expect(cachedOperationCost(schema, doc, { n: 3 }, 'A')).not.toBe(cachedOperationCost(schema, doc, { n: 4 }, 'A'));
    // Shared answers cannot be changed by one caller for the next.
    expect(Object.isFrozen(cachedOperationCost(schema, doc, {}, 'B').usage)).toBe(true);
    // More variable sets than a document keeps: still the walk's answer for each.
    for (let n = 1; n <= 200; n++)
      expect(cachedOperationCost(schema, doc, { n }, 'A').cost).toBe(1 + Math.min(n, 200) + 1 + BALANCES_COST_PER_CHAIN * DEFAULT_BALANCE_CHAINS);
  });

  it('fragments count where they are spread, inline fragments on their type', () => {
    const doc = `
      query { a: chains(first: 2) { ...C } b: chains(first: 3) { ...C } quote(input: ${quoteInput}) { ... on QuoteResponse { quotes { provider } } } }
      fragment C on ChainConnection { nodes { id } }`;
    expect(cost(doc).cost).toBe(1 + 2 + 1 + 3 + 1 + QUOTE_COST + 1);
  });

  it("introspection: the standard query (GraphiQL's, codegen's) fits; its nesting is graphql-js's own rule (MaxIntrospectionDepthRule)", () => {
    expect(
      cost(
        getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }),
      ).cost,
    ).toBeLessThanOrEqual(DEFAULT_MAX_COST);
  });

  it('introspection: each __schema / __type root field costs a flat price, so aliased copies of the whole schema add up', () => {
    expect(cost('{ __schema { queryType { name } } }').cost).toBe(INTROSPECTION_COST);
    expect(cost('{ __type(name: "Query") { name } }').cost).toBe(INTROSPECTION_COST);
    const copies = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `s${i}: __schema { types { name fields { name } } }`).join(' ')} }`;
    expect(cost(copies(15)).cost).toBeGreaterThan(DEFAULT_MAX_COST);
    expect(cost(copies(15)).usage.default).toBe(15);
  });

  it('every rule names a field of the schema', () => {
    for (const key of Object.keys(FIELD_RULES)) {
      const [type, field] = key.split('.');
      expect((schema.getType(type) as any)?.getFields?.()[field], key).toBeDefined();
    }
  });

  it('refused with the default limit: 500 aliased quotes, nested lists at full pages', () => {
    const many = `{ ${Array.from({ length: 500 }, (_, i) => `q${i}: quote(input: ${quoteInput}) { __typename }`).join(' ')} }`;
    expect(cost(many).cost).toBeGreaterThan(DEFAULT_MAX_COST);
    expect(cost('{ events(first: 100) { nodes { deliveries(first: 100) { nodes { id } } } } }').cost).toBeGreaterThan(DEFAULT_MAX_COST);
    expect(cost('{ checkoutSessions(first: 100) { nodes { payments { nodes { id } } refunds { nodes { id } } } } }').cost).toBeGreaterThan(DEFAULT_MAX_COST);
    expect(
      cost(
        `{ ${Array.from({ length: 15 }, (_, i) => `b${i}: balances(address: "0x0", chains: [${Array.from({ length: 25 }, (_, j) => `"c${j}"`).join(',')}]) { totalUsd }`).join(' ')} }`,
      ).cost,
    ).toBeGreaterThan(DEFAULT_MAX_COST);
  });

  it('within the default limit: every GraphQL operation in the README and docs/, the wallet screen round trip, a handful of quotes', () => {
    const readme = [
      'README.md',
      ...readdirSync(new URL('../../docs/', import.meta.url))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ]
      .map((f) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8'))
      .join('\n');
    const docs = [...readme.matchAll(/graphql\(`(\s*(?:query|mutation|subscription)\b[\s\S]*?)`\)/g)].map((m) => m[1]);
    expect(docs.length).toBeGreaterThan(1);
    const walletScreen = readFileSync(new URL('../assets/http.test.ts', import.meta.url), 'utf8').match(/const WalletScreen = graphql\(`([\s\S]*?)`\)/)![1];
    for (const d of [...docs, walletScreen]) expect(cost(d).cost, d).toBeLessThanOrEqual(DEFAULT_MAX_COST);
    const five = `{ ${Array.from({ length: 5 }, (_, i) => `q${i}: quote(input: ${quoteInput}) { __typename }`).join(' ')} }`;
    expect(cost(five).cost).toBeLessThanOrEqual(DEFAULT_MAX_COST);
  });
});
