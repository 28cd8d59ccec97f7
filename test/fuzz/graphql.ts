import { ADMIN_SECRET } from '../helpers/admin.js';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { nastyJson, nastyNumber, nastyString, rawJsonText } from './values.js';
import { headerSafe, pct, type HttpCase } from './transport.js';
import type { FuzzTarget } from './target.js';
import { RECIPIENT, SOL_WALLET, TX_HASH } from './seeds.js';

/**
 * GraphQL cases from the schema: for every root field of Query, Mutation and Subscription a document selecting
 * its result, with arguments generated from their input types (valid at the edges, or of the wrong type),
 * passed as variables or inline; plus malformed documents and transports (GET, odd content types, batches).
 */

type Root = 'query' | 'mutation' | 'subscription';

export interface RootField {
  root: Root;
  field: GraphQLField<unknown, unknown>;
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = [];
  const add = (root: Root, type: ReturnType<GraphQLSchema['getQueryType']>) => {
    for (const field of Object.values(type?.getFields() ?? {})) out.push({ root, field });
  };
  add('query', schema.getQueryType());
  add('mutation', schema.getMutationType());
  add('subscription', schema.getSubscriptionType());
  return out;
}

/** The selection for a result type: its leaves, and at shallow depth the leaves of its objects, through unions. */
function selection(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isUnionType(named)) {
    const parts = named.getTypes().map((t) => `... on ${t.name} ${selection(t, depth + 1) || '{ __typename }'}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  if (isObjectType(named) || isInterfaceType(named)) {
    const fields: string[] = ['__typename'];
    for (const f of Object.values(named.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
      const leaf = isLeafType(getNamedType(f.type));
      if (leaf) fields.push(f.name);
      else if (depth < 2) {
        const sub = selection(f.type, depth + 1);
        if (sub) fields.push(`${f.name} ${sub}`);
      }
    }
    return `{ ${fields.join(' ')} }`;
  }
  return '';
}

const typeString = (t: GraphQLInputType): string => t.toString();

interface Ctx {
  ids: string[];
}

/** Strings worth sending where the schema asks for one: seeded ids, plausible values, hostile ones. */
const stringValue = (ctx: Ctx): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: ctx.ids.length ? fc.constantFrom(...ctx.ids) : nastyString },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'base',
        '8453',
        'solana',
        'USDC',
        '1000000',
        RECIPIENT,
        SOL_WALLET,
        TX_HASH,
        'checkout.session.*',
        'https://hooks.example.com/x',
        'relay',
        `q_${'A'.repeat(34)}`,
      ),
    },
    { weight: 4, arbitrary: nastyString },
  );

/** A value for `type`: right-typed at its edges, or (wrong) anything at all. */
function inputValue(type: GraphQLInputType, ctx: Ctx, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(nastyJson, fc.constant(null));
  if (depth > 5) return fc.constant(null);
  if (isNonNullType(type)) return fc.oneof({ weight: 12, arbitrary: inputValue(type.ofType, ctx, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  const right: fc.Arbitrary<unknown> = (() => {
    if (isListType(type)) {
      const item = inputValue(type.ofType, ctx, depth + 1);
      // Past the list limits (25 chains, 100 ids): one value repeated, so generation stays cheap at any depth.
      const long = fc.tuple(item, fc.integer({ min: 26, max: 120 })).map(([v, n]) => Array.from({ length: n }, () => v));
      return fc.oneof(fc.array(item, { maxLength: 4 }), item, long);
    }
    if (isEnumType(type))
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: nastyString });
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of fields) record[f.name] = inputValue(f.type, ctx, depth + 1);
      const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name);
      return fc.oneof(
        { weight: 6, arbitrary: fc.record(record, { requiredKeys: required }) },
        { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.record(record, { requiredKeys: required }), fc.string({ maxLength: 10 }), nastyJson)
            .map(([o, k, v]) => ({ ...o, [k || 'unknown']: v })),
        },
      );
    }
    switch (type.name) {
      case 'Int':
        return fc.oneof(fc.constantFrom(0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 53, 1e21, 0.5, -0), fc.integer());
      case 'Float':
        return nastyNumber;
      case 'Boolean':
        return fc.boolean();
      case 'DateTime':
        return fc.constantFrom(
          '2026-11-22T12:00:00Z',
          '2026-02-30T00:00:00Z',
          '9999-12-31T23:59:59.999Z',
          '0000-01-01T00:00:00Z',
          '',
          'now',
          '1e400',
          '2026-11-22T12:00:00+25:00',
        );
      case 'JSON':
        return fc.oneof(
          nastyJson,
          fc.integer({ min: 50, max: 3_000 }).map((n) => deepObject(n)),
        );
      default:
        return stringValue(ctx);
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

const deepObject = (n: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = i % 2 ? { k: v } : [v];
  return v;
};

/** A GraphQL literal for `value` (strings as JSON strings, enum names bare where the type is an enum). */
function literal(value: unknown, type?: GraphQLInputType, depth = 0): string {
  const t = type && isNonNullType(type) ? type.ofType : type;
  if (value === null || value === undefined) return 'null';
  // Deep enough to be refused by the service's nesting limit, shallow enough for this recursion.
  if (depth > 1_000) return '"deep"';
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, t && isListType(t) ? t.ofType : undefined, depth + 1)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = t && isInputObjectType(t) ? t.getFields() : {};
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(k) ? k : 'bad_name'}: ${literal(v, fields[k]?.type, depth + 1)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'string' && t && isEnumType(t) && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  return JSON.stringify(value);
}

interface GqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** A document for one root field with generated arguments. */
function operationFor(rf: RootField, ctx: Ctx): fc.Arbitrary<GqlRequest> {
  const args: readonly GraphQLArgument[] = rf.field.args;
  const values = fc.tuple(...args.map((a) => fc.option(inputValue(a.type, ctx), { freq: isNonNullType(a.type) ? 20 : 2, nil: undefined })));
  const sel = selection(rf.field.type);
  return fc.tuple(values, fc.boolean(), fc.boolean()).map(([vals, asVariables, named]) => {
    const present = args.map((a, i) => [a, vals[i]] as const).filter(([, v]) => v !== undefined);
    const opName = named ? `Fuzz_${rf.field.name}` : '';
    if (asVariables) {
      const defs = present.map(([a]) => `$${a.name}: ${typeString(a.type)}`).join(', ');
      const call = present.length ? `(${present.map(([a]) => `${a.name}: $${a.name}`).join(', ')})` : '';
      const query = `${rf.root} ${opName}${defs ? `(${defs})` : ''} { ${rf.field.name}${call} ${sel} }`;
      return { query, variables: Object.fromEntries(present.map(([a, v]) => [a.name, v])), ...(named ? { operationName: opName } : {}) };
    }
    const call = present.length ? `(${present.map(([a, v]) => `${a.name}: ${literal(v, a.type)}`).join(', ')})` : '';
    return { query: `${rf.root} ${opName} { ${rf.field.name}${call} ${sel} }`, ...(named ? { operationName: opName } : {}) };
  });
}

/** Documents no client should send: garbage, deep nesting, huge, many aliases, unknown fields, wrong operation names. */
const malformedDocument = (fields: RootField[]): fc.Arbitrary<GqlRequest> =>
  fc.oneof(
    fc
      .constantFrom(
        '',
        '{',
        '}',
        'query',
        '{ __typename ',
        'mutation { }',
        'subscription { a b }',
        '{ unknownField }',
        'query Q { __typename } query Q { __typename }',
        '{ __schema { types { name } } }',
        '#',
        'fragment F on Query { ...F } { ...F }',
      )
      .map((query) => ({ query })),
    nastyString.map((query) => ({ query })),
    fc.integer({ min: 20, max: 5_000 }).map((n) => ({ query: '{ chains '.repeat(1) + '{ nodes '.repeat(n) + '}'.repeat(n + 1) })),
    fc.integer({ min: 16, max: 200 }).map((n) => ({ query: `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }` })),
    fc.integer({ min: 21, max: 300 }).map((n) => ({ query: `{ __typename ${'@include(if: true) '.repeat(n)} }` })),
    fc.integer({ min: 1_000, max: 100_000 }).map((n) => ({ query: `{ __typename } #${'x'.repeat(n)}` })),
    fc.constantFrom(...fields).map((rf) => ({ query: `${rf.root} { ${rf.field.name} }` })),
    fc
      .tuple(fc.constantFrom(...fields), nastyString)
      .map(([rf, name]) => ({ query: `${rf.root} Op { ${rf.field.name} ${selection(rf.field.type)} }`, operationName: name })),
  );

/** The HTTP request carrying a GraphQL request, over the transports (and non-transports) clients use. */
function carry(req: fc.Arbitrary<GqlRequest>, label: fc.Arbitrary<string>, subscription: boolean, target: FuzzTarget): fc.Arbitrary<HttpCase> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.constant(target.keys.owner) },
    { weight: 1, arbitrary: fc.constantFrom(target.keys.other, target.keys.live) },
    { weight: 1, arbitrary: nastyString.map((s) => headerSafe(s.slice(0, 2_000))) },
  );
  // The operator token now and then, so `admin*` fields are reached too (test/helpers/admin.ts).
  const admin = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(`Bearer ${ADMIN_SECRET}`) });
  const shape = fc.oneof(
    { weight: 12, arbitrary: fc.constant('post') },
    { weight: 2, arbitrary: fc.constant('get') },
    { weight: 1, arbitrary: fc.constant('batch') },
    { weight: 2, arbitrary: fc.constant('raw') },
    { weight: 1, arbitrary: fc.constant('odd-type') },
    { weight: 1, arbitrary: fc.constant('graphql-type') },
  );
  const oddType = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/jsonx',
    '',
    'application/xml',
    '*/*',
  );
  const accept = subscription
    ? fc.constantFrom('text/event-stream', 'application/json', 'application/graphql-response+json', 'multipart/mixed')
    : fc.constantFrom('application/graphql-response+json, application/json', 'application/json', 'text/event-stream', '*/*', 'text/html', 'image/png');
  return fc.record({ req, label, key, admin, shape, oddType, accept, raw: rawJsonText(req.map((r) => r as unknown as Record<string, unknown>)) }).map((r) => {
    const headers: Record<string, string> = { accept: r.accept };
    if (r.key !== undefined) headers['x-api-key'] = r.key;
    if (r.admin !== undefined) headers.authorization = r.admin;
    const base = { label: r.label, stream: r.accept === 'text/event-stream' || r.accept === 'multipart/mixed' };
    const json = JSON.stringify(r.req);
    switch (r.shape) {
      case 'get': {
        const q = [`query=${pct(r.req.query)}`];
        if (r.req.variables) q.push(`variables=${pct(JSON.stringify(r.req.variables))}`);
        if (r.req.operationName !== undefined) q.push(`operationName=${pct(r.req.operationName)}`);
        return { ...base, method: 'GET', path: `/graphql?${q.join('&')}`, headers };
      }
      case 'batch':
        return { ...base, method: 'POST', path: '/graphql', headers: { ...headers, 'content-type': 'application/json' }, body: `[${json},${json}]` };
      case 'raw':
        return { ...base, method: 'POST', path: '/graphql', headers: { ...headers, 'content-type': 'application/json' }, body: r.raw };
      case 'odd-type':
        return { ...base, method: 'POST', path: '/graphql', headers: r.oddType ? { ...headers, 'content-type': r.oddType } : headers, body: json };
      case 'graphql-type':
        return { ...base, method: 'POST', path: '/graphql', headers: { ...headers, 'content-type': 'application/graphql' }, body: r.req.query };
      default:
        return { ...base, method: 'POST', path: '/graphql', headers: { ...headers, 'content-type': 'application/json' }, body: json };
    }
  });
}

/** Cases for every root field (one generator each, labelled), and malformed documents. */
export function graphqlCases(
  schema: GraphQLSchema,
  target: FuzzTarget,
): { perField: Array<{ label: string; arb: fc.Arbitrary<HttpCase> }>; malformed: fc.Arbitrary<HttpCase> } {
  const fields = rootFields(schema);
  const ctx: Ctx = { ids: [...target.ids.sessions, ...target.ids.endpoints, ...target.ids.events, ...target.ids.invoices] };
  return {
    perField: fields.map((rf) => {
      const label = `graphql ${rf.root} ${rf.field.name}`;
      return { label, arb: carry(operationFor(rf, ctx), fc.constant(label), rf.root === 'subscription', target) };
    }),
    malformed: carry(malformedDocument(fields), fc.constant('graphql malformed document'), false, target),
  };
}
