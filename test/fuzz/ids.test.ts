import { adminHeaders } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
} from 'graphql';
import { schema } from '../../src/graphql/schema.js';
import { restRoutes } from '../../src/rest/routes.js';
import type { Route } from '../../src/rest/router.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startFuzzTarget, type FuzzTarget } from './target.js';
import { rootFields, type RootField } from './graphql.js';
import { checkAnswer } from './check.js';
import { closeTransport, pct, send, type HttpCase, type HttpResult } from './transport.js';

/**
 * Ids are checked against their shape at the edge: every id a client names (a REST path or query parameter, a
 * GraphQL argument of a query, mutation or subscription, or an id field of a mutation's input) answers a NUL byte,
 * a 10 kB string and an id of another kind (another prefix) as "not found" the way that field answers a missing
 * resource (404 NOT_FOUND / ORDER_NOT_FOUND / QUOTE_NOT_FOUND, a null lookup, an empty filtered list, a
 * NotFoundError member, a subscription ending with NOT_FOUND) or as 400 INVALID_PARAMS, always in the error
 * envelope with the request id, never INTERNAL and never a database error. The cases are derived from the route
 * table and the built schema, so a new route or field is covered without being listed.
 *
 * Regression: `FUZZ_SEED=1173928535 npm run fuzz` found `subscription { checkoutSession(id: "\u0000") }` answering
 * INTERNAL: the NUL byte reached PGlite in the LISTEN of the session's topic ("invalid message format").
 */

const TEN_KB = 'x'.repeat(10 * 1024);
const UNKNOWN_PREFIX = 'zz_test_4Rv8Kq2Lm7Zp1Tb9Xc5Wn';
const NOT_FOUND_CODES = ['NOT_FOUND', 'ORDER_NOT_FOUND', 'QUOTE_NOT_FOUND'];
const ACCEPTED_CODES = [...NOT_FOUND_CODES, 'INVALID_PARAMS'];

/** A real id of another kind than the slot names (so its prefix is wrong), or an unknown prefix. */
function wrongKind(target: FuzzTarget, slot: string): string[] {
  const sessionish = /session/i.test(slot);
  return [UNKNOWN_PREFIX, sessionish ? target.ids.invoices[0] : target.ids.sessions[0]];
}
const badIds = (target: FuzzTarget, slot: string): Array<[string, string]> => [
  ['NUL', '\u0000'],
  ['10 kB', TEN_KB],
  ...wrongKind(target, slot).map((v) => ['wrong prefix', v] as [string, string]),
];

// ---------------------------------------------------------------------------------------------------- REST

interface RestSlot {
  route: Route;
  where: 'path' | 'query';
  name: string;
}

/** Every path parameter of every route, and every query parameter naming an id (`…Id`). */
function restSlots(): RestSlot[] {
  const out: RestSlot[] = [];
  for (const route of restRoutes) {
    for (const seg of route.path.split('/')) if (seg.startsWith(':')) out.push({ route, where: 'path', name: seg.slice(1) });
    const query = route.doc.query as unknown as { shape?: Record<string, unknown> } | undefined;
    for (const name of Object.keys(query?.shape ?? {})) if (/Id$/.test(name)) out.push({ route, where: 'query', name });
  }
  return out;
}

function restCase(target: FuzzTarget, slot: RestSlot, value: string): HttpCase {
  const { route } = slot;
  // The route's first documented example gives the other parameters and a valid body, so the id is what is judged.
  const ex = Object.values(route.doc.examples)[0] ?? { summary: '' };
  const params: Record<string, string> = { ...(ex.params ?? {}) };
  const query: Record<string, string> = { ...(ex.query ?? {}) };
  if (slot.where === 'path') params[slot.name] = value;
  else query[slot.name] = value;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_m, n: string) => pct(params[n] ?? 'x'));
  const qs = Object.entries(query)
    .map(([k, v]) => `${pct(k)}=${pct(v)}`)
    .join('&');
  const withBody = route.method !== 'GET' && ex.body !== undefined;
  return {
    label: `${route.method} ${route.path} ${slot.where} ${slot.name}`,
    method: route.method,
    path: qs ? `${path}?${qs}` : path,
    // Dashboard routes take the owner account's session cookie (and the dashboard's Origin), not a key.
    headers: {
      ...(route.access === 'session' ? target.session : route.access === 'admin' ? adminHeaders() : { 'x-api-key': target.keys.owner }),
      ...(withBody || route.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
    },
    body: withBody ? JSON.stringify(ex.body) : route.method === 'GET' ? undefined : '{}',
  };
}

/** Problems with a REST answer to a malformed id (empty when it is a not-found or an INVALID_PARAMS). */
function judgeRest(c: HttpCase, r: HttpResult, slot: RestSlot): string[] {
  const problems = checkAnswer(c, r);
  if (r.status === 200 && slot.where === 'query') {
    // A list filtered by an id nothing has: the empty list.
    const body = JSON.parse(r.text) as { data?: unknown[] };
    if (!Array.isArray(body.data) || body.data.length) problems.push(`200 with a non-empty list: ${r.text.slice(0, 200)}`);
    return problems;
  }
  let code: unknown;
  try {
    code = (JSON.parse(r.text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  if (!ACCEPTED_CODES.includes(String(code))) problems.push(`answered ${r.status} ${String(code)}: ${r.text.slice(0, 200)}`);
  return problems;
}

// ------------------------------------------------------------------------------------------------- GraphQL

interface GqlSlot {
  rf: RootField;
  /** The argument, or `input.<field>` of the single input argument. */
  arg: GraphQLArgument;
  field?: GraphQLInputField;
}

const isIdLike = (name: string, type: GraphQLInputType) => getNamedType(type).name === 'ID' || /^id$|Id$/.test(name);

/** Every id argument of every root field, and every id field of a root field's input object. */
function graphqlSlots(): GqlSlot[] {
  const out: GqlSlot[] = [];
  for (const rf of rootFields(schema)) {
    for (const arg of rf.field.args) {
      if (isIdLike(arg.name, arg.type)) out.push({ rf, arg });
      const named = getNamedType(arg.type);
      if (isInputObjectType(named)) for (const f of Object.values(named.getFields())) if (isIdLike(f.name, f.type)) out.push({ rf, arg, field: f });
    }
  }
  return out;
}

/** A value of `type` that passes GraphQL's own checks (the service may still refuse it). */
function filler(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return filler(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const o: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) if (isNonNullType(f.type) && f.defaultValue === undefined) o[f.name] = filler(f.type);
    return o;
  }
  switch (type.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'DateTime':
      return '2030-01-01T00:00:00Z';
    case 'JSON':
      return {};
    default:
      return '1';
  }
}

const asSlotValue = (type: GraphQLInputType, v: string): unknown => {
  const t = isNonNullType(type) ? type.ofType : type;
  return isListType(t) ? [v] : v;
};

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (isLeafType(named)) return '';
  if (named.name.endsWith('Connection')) return '{ __typename edges { cursor } }';
  return '{ __typename }';
}

/** Whether a root field takes only a dashboard session (its scopes name the session, or the team). */
function sessionOnly(field: { extensions?: unknown }): boolean {
  const scopes = (field.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } } | undefined)?.pothosOptions?.authScopes ?? {};
  return 'session' in scopes || Object.values(scopes).includes('team');
}

function graphqlCase(target: FuzzTarget, slot: GqlSlot, value: string): HttpCase {
  const { rf } = slot;
  const vars: Record<string, unknown> = {};
  const defs: string[] = [];
  for (const a of rf.field.args) {
    let v: unknown;
    if (a === slot.arg && !slot.field) v = asSlotValue(a.type, value);
    else if (a === slot.arg && slot.field) v = { ...(filler(a.type) as object), [slot.field.name]: asSlotValue(slot.field.type, value) };
    else if (isNonNullType(a.type)) v = filler(a.type);
    else continue;
    vars[a.name] = v;
    defs.push(`$${a.name}: ${a.type.toString()}`);
  }
  const call = defs.length
    ? `(${Object.keys(vars)
        .map((n) => `${n}: $${n}`)
        .join(', ')})`
    : '';
  const query = `${rf.root}${defs.length ? `(${defs.join(', ')})` : ''} { ${rf.field.name}${call} ${selectionOf(rf.field)} }`;
  const stream = rf.root === 'subscription';
  return {
    label: `graphql ${rf.root} ${rf.field.name}(${slot.field ? `${slot.arg.name}.${slot.field.name}` : slot.arg.name})`,
    method: 'POST',
    path: '/graphql',
    headers: {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      // Session-only fields (the team, the wallet's sessions) take the owner account's session; the rest the key.
      ...(sessionOnly(rf.field) ? target.session : { 'x-api-key': target.keys.owner, ...adminHeaders() }),
    },
    body: JSON.stringify({ query, variables: vars }),
    stream,
  };
}

type GqlBody = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

/** The GraphQL result of a case: the JSON body, or the first event of a subscription's stream. */
function resultOf(r: HttpResult): GqlBody | undefined {
  if (/^text\/event-stream/.test(String(r.headers['content-type'] ?? ''))) {
    const data = r.text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trim())
      .find((l) => l.length > 0);
    return data ? (JSON.parse(data) as GqlBody) : undefined;
  }
  try {
    return JSON.parse(r.text) as GqlBody;
  } catch {
    return undefined;
  }
}

/** Problems with a GraphQL answer to a malformed id (empty when the field answered "not found" its way). */
function judgeGraphQL(c: HttpCase, r: HttpResult, slot: GqlSlot): string[] {
  const problems = checkAnswer(c, r);
  const body = resultOf(r);
  if (!body) return [...problems, `no result (${r.status}): ${r.text.slice(0, 200)}`];
  if (body.errors?.length) {
    for (const e of body.errors)
      if (!ACCEPTED_CODES.includes(String(e.extensions?.code))) problems.push(`error ${String(e.extensions?.code)}: ${e.message.slice(0, 200)}`);
    return problems;
  }
  const value = body.data?.[slot.rf.field.name] as { __typename?: string; edges?: unknown[] } | null | undefined;
  if (value === null) return problems; // a nullable lookup: nothing has this id
  if (value?.__typename?.endsWith('NotFoundError')) return problems;
  if (Array.isArray(value?.edges) && value.edges.length === 0) return problems; // a list filtered by it: empty
  return [...problems, `answered as if found: ${JSON.stringify(body).slice(0, 200)}`];
}

describe.each(backends)('malformed ids at the edge: NUL, 10 kB and wrong-prefix ids are "not found" or INVALID_PARAMS, never INTERNAL (%s)', (backend) => {
  let target: FuzzTarget;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    target = await startFuzzTarget({ env: database.env });
  });
  afterAll(async () => {
    await target?.close();
    await database?.drop();
    closeTransport();
  });

  it('the tables reach every id the transports take', () => {
    const rest = restSlots().map((s) => `${s.route.method} ${s.route.path} ${s.where} ${s.name}`);
    const gql = graphqlSlots().map((s) => `${s.rf.root} ${s.rf.field.name}`);
    // Spot checks that the derivation works; the lists themselves grow with the API.
    expect(rest).toEqual(
      expect.arrayContaining([
        'GET /v1/checkout/sessions/:id path id',
        'POST /v1/checkout/sessions/:id/refunds/:refundId/cancel path refundId',
        'GET /v1/orders/:provider/:id path id',
        'GET /v1/orders query depositAddressId',
      ]),
    );
    expect(gql).toEqual(
      expect.arrayContaining([
        'subscription checkoutSession',
        'subscription order',
        'subscription orderStatus',
        'query order',
        'mutation cancelLimitOrders',
        'query orders',
      ]),
    );
    expect(rest.length).toBeGreaterThan(40);
    expect(gql.length).toBeGreaterThan(50);
  });

  it('REST: every path parameter and id query parameter', async () => {
    const problems: string[] = [];
    for (const slot of restSlots()) {
      for (const [kind, value] of badIds(target, `${slot.route.path} ${slot.name}`)) {
        const c = restCase(target, slot, value);
        const r = await send(target.url, c);
        for (const p of judgeRest(c, r, slot)) problems.push(`${c.label} [${kind}]: ${p}`);
      }
    }
    expect(problems).toEqual([]);
    expect(target.incidents).toEqual([]);
  }, 120_000);

  it('GraphQL: every id argument of every query, mutation and subscription, and every id field of their inputs', async () => {
    const problems: string[] = [];
    for (const slot of graphqlSlots()) {
      for (const [kind, value] of badIds(target, `${slot.rf.field.name} ${slot.field?.name ?? slot.arg.name}`)) {
        const c = graphqlCase(target, slot, value);
        const r = await send(target.url, c);
        for (const p of judgeGraphQL(c, r, slot)) problems.push(`${c.label} [${kind}]: ${p}`);
      }
    }
    expect(problems).toEqual([]);
    expect(target.incidents).toEqual([]);
  }, 120_000);
});
