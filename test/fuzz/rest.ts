import { ADMIN_SECRET } from '../helpers/admin.js';
import fc from 'fast-check';
import type { OpenApiDocument, Operation } from './openapi.js';
import { fromSchema, nastyJson, nastyString, rawJsonText } from './values.js';
import { BODY_SEEDS, QUERY_SEEDS } from './seeds.js';
import { headerSafe, pct, type HttpCase } from './transport.js';
import type { FuzzTarget } from './target.js';

/** What case generation reads: the running target's keys and ids, and the document's schemas. */
export interface RestContext {
  target: FuzzTarget;
  doc: OpenApiDocument;
}

/** Path segments that are not valid percent-encoding, or decode to something a router should never see. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%80',
  '%ff%fe',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  'a%00b',
  '%252e',
  '%u0041',
  '%%',
  '%0A%0D',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json, text/plain',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  '*/*',
  '',
  ';;;',
  'application/json; boundary="',
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'];
const PROVIDERS = ['relay', 'debridge', 'lifi', 'jupiter', '0x', 'kyberswap', 'across', 'mock'];

const opKey = (op: Operation) => `${op.method} ${op.path}`;

/** Ids a path parameter can take: the seeded resources its path names, plausible-looking ones, and hostile strings. */
function paramValue(ctx: RestContext, op: Operation, name: string): fc.Arbitrary<string> {
  const before = op.path.split('/').indexOf(`{${name}}`);
  const collection = op.path.split('/')[before - 1];
  const real =
    collection === 'sessions'
      ? ctx.target.ids.sessions
      : collection === 'webhook-endpoints'
        ? ctx.target.ids.endpoints
        : collection === 'events'
          ? ctx.target.ids.events
          : collection === 'invoices'
            ? ctx.target.ids.invoices
            : name === 'provider'
              ? PROVIDERS
              : [];
  const all = [...ctx.target.ids.sessions, ...ctx.target.ids.endpoints, ...ctx.target.ids.events, ...ctx.target.ids.invoices];
  const schema = op.pathParams.find((p) => p.name === name)?.schema ?? {};
  return fc.oneof(
    { weight: 4, arbitrary: real.length ? fc.constantFrom(...real).map(pct) : fc.constantFrom(`cs_test_${'A'.repeat(22)}`, `q_${'A'.repeat(34)}`).map(pct) },
    { weight: 1, arbitrary: fc.constantFrom(...all).map((id) => pct(`${id}x`)) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: nastyString.map(pct) },
    { weight: op.schemaAware ? 2 : 0, arbitrary: fromSchema(ctx.doc, schema).map((v) => pct(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
  );
}

/** A query string: the documented parameters (or known ones) at their edges, junk ones, duplicates, a huge one. */
function queryString(ctx: RestContext, op: Operation): fc.Arbitrary<string> {
  const seeds = QUERY_SEEDS[opKey(op)] ?? [];
  const names = [...new Set([...op.query.map((q) => q.name), ...seeds.flatMap((s) => Object.keys(s))])];
  const scalar = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const documented = op.query.length
    ? fc
        .tuple(
          ...op.query.map((q) =>
            fc.option(
              fromSchema(ctx.doc, q.schema).map((v) => [q.name, Array.isArray(v) ? v.map(scalar).join(',') : scalar(v)] as const),
              { freq: 3 },
            ),
          ),
        )
        .map((pairs) => pairs.filter((p): p is readonly [string, string] => p !== null))
    : fc.constant([] as Array<readonly [string, string]>);
  const seeded = seeds.length
    ? fc.tuple(fc.constantFrom(...seeds), fc.option(fc.tuple(fc.constantFrom(...Object.keys(seeds[0])), nastyString), { freq: 2 })).map(([s, swap]) => {
        const o = { ...s };
        if (swap) o[swap[0]] = swap[1];
        return Object.entries(o) as Array<readonly [string, string]>;
      })
    : fc.constant([] as Array<readonly [string, string]>);
  const junk = fc.array(fc.tuple(names.length ? fc.oneof(fc.constantFrom(...names), nastyString) : nastyString, nastyString), { maxLength: 3 });
  const encode = (pairs: Array<readonly [string, string]>) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.tuple(seeded, documented, junk).map(([a, b, c]) => encode([...a, ...b, ...c])) },
    { weight: 1, arbitrary: fc.tuple(seeded, fc.constantFrom(...RAW_SEGMENTS)).map(([a, raw]) => `${encode(a)}&${raw}=${raw}`) },
    // Huge query strings: inside Node's 16 KiB header limit, and past it.
    { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 15_000 }).map((n) => `${names[0] ?? 'q'}=${'a'.repeat(n)}`) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 400 })
        .map((n) => Array.from({ length: n }, (_, i) => `${names[i % Math.max(names.length, 1)] ?? 'k'}=${i}`).join('&')),
    },
    { weight: 1, arbitrary: fc.constant('a'.repeat(20_000)) },
  );
}

function bodyFor(ctx: RestContext, op: Operation): fc.Arbitrary<string | undefined> {
  const seeds = BODY_SEEDS[opKey(op)] ?? [];
  const seedArb = seeds.length ? fc.constantFrom(...seeds) : fc.constant({} as Record<string, unknown>);
  // A valid body with one field replaced, removed or added.
  const mutated = fc.tuple(seedArb, fc.nat(), nastyJson, fc.constantFrom('replace', 'remove', 'add')).map(([s, i, v, how]) => {
    const keys = Object.keys(s);
    const o: Record<string, unknown> = { ...s };
    if (!keys.length || how === 'add') o[typeof v === 'string' && v.length < 30 ? v : 'extra'] = v;
    else if (how === 'remove') delete o[keys[i % keys.length]];
    else o[keys[i % keys.length]] = v;
    return o;
  });
  const schemaObject =
    op.schemaAware && op.body
      ? fromSchema(ctx.doc, op.body, 0, [...ctx.target.ids.sessions, ...ctx.target.ids.endpoints, ...ctx.target.ids.events, ...ctx.target.ids.invoices])
      : nastyJson;
  const objects = fc.oneof(seedArb, mutated);
  return fc.oneof(
    { weight: 2, arbitrary: seedArb.map((s) => JSON.stringify(s)) },
    { weight: 5, arbitrary: mutated.map((o) => JSON.stringify(o)) },
    { weight: 3, arbitrary: schemaObject.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 3, arbitrary: rawJsonText(objects) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    // Past BODY_LIMIT_BYTES (1 MiB by default): 413 before the body is parsed.
    { weight: 1, arbitrary: fc.constant(`{"a":"${'x'.repeat(1_100_000)}"}`) },
  );
}

/** Every kind of malformed request for one operation; `ctx.target` provides keys and seeded ids. */
export function restCase(ctx: RestContext, op: Operation): fc.Arbitrary<HttpCase> {
  const names = op.pathParams.map((p) => p.name);
  const pathArb = fc.tuple(...names.map((n) => paramValue(ctx, op, n))).map((values) => {
    let p = op.path;
    for (const [i, n] of names.entries()) p = p.replace(`{${n}}`, values[i] || '%20');
    return p;
  });
  const oddPath = fc.oneof(
    { weight: 12, arbitrary: pathArb },
    { weight: 1, arbitrary: pathArb.map((p) => `${p}/`) },
    { weight: 1, arbitrary: pathArb.map((p) => p.replace('/v1/', '/v1//')) },
    { weight: 1, arbitrary: fc.tuple(pathArb, fc.constantFrom(...RAW_SEGMENTS)).map(([p, s]) => `${p}/${s}`) },
  );
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.constant(ctx.target.keys.owner) },
    { weight: 1, arbitrary: fc.constant(ctx.target.keys.other) },
    { weight: 1, arbitrary: fc.constant(ctx.target.keys.live) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${ctx.target.keys.owner.slice(0, -1)}x`,
        ctx.target.keys.owner.toUpperCase(),
        `${ctx.target.keys.owner} `,
        '',
        'swapgate_test_',
        `Bearer ${ctx.target.keys.owner}`,
      ),
    },
    { weight: 1, arbitrary: nastyString.map((s) => headerSafe(s.slice(0, 8_000))) },
  );
  const method = fc.oneof({ weight: 10, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  const requestId = fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: nastyString.map((s) => headerSafe(s.slice(0, 200))) },
  );
  // Operator routes: mostly the configured admin token (test/helpers/admin.ts), sometimes none or a wrong one.
  const admin = op.path.startsWith('/v1/admin')
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant(`Bearer ${ADMIN_SECRET}`) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: nastyString.map((s) => headerSafe(`Bearer ${s.slice(0, 200)}`)) },
      )
    : fc.constant(undefined);
  // Bodies go with POST/PATCH/PUT, and now and then with GET and DELETE too.
  const body = op.body ? bodyFor(ctx, op) : fc.option(bodyFor(ctx, op), { freq: 6 }).map((b) => b ?? undefined);
  return fc.record({ path: oddPath, query: queryString(ctx, op), key, admin, method, contentType, requestId, body }).map((r) => {
    const headers: Record<string, string> = {};
    if (r.key !== undefined) headers['x-api-key'] = r.key;
    if (r.admin !== undefined) headers.authorization = r.admin;
    if (r.requestId !== undefined) headers['x-request-id'] = r.requestId;
    if (r.body !== undefined && r.contentType !== undefined) headers['content-type'] = r.contentType;
    return {
      label: opKey(op),
      method: r.method,
      path: r.query ? `${r.path}?${r.query}` : r.path,
      headers,
      body: r.body,
    };
  });
}
