import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLArgument, type GraphQLInputField, type GraphQLSchema } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { schema as graphqlSchema } from '../../src/graphql/schema.js';
import { baseUnitAmount, baseUnitAmountOrZero, isoDateTime, sharedKindOf, type SharedKind } from '../../src/validation.js';
import type { Route } from '../../src/rest/router.js';

/**
 * Every input the transports take that carries an amount or a date uses the API's one rule for it (src/validation.ts):
 * the shared `baseUnitAmount` / `baseUnitAmountOrZero` schemas, and the strict ISO 8601 date-time schema (REST) or
 * the `DateTime` scalar that parses with it (GraphQL). The walks below read the REST routes' documented schemas
 * (`Route.doc`: the zod schemas the services validate with, the OpenAPI document's source) and the built GraphQL
 * schema (input object fields and arguments, with the zod validation Pothos attaches to them), so a new field is
 * checked without being listed anywhere.
 *
 * What carries an amount (the rule):
 *   - a field whose name ends in `amount` / `Amount` (`amount`, `unitAmount`, `dstAmount`, `makingAmount`…);
 *   - a field named `value` beside `to` and `data` (a call's native value, wei: destination calls and actions).
 * What carries a date: a field whose name ends in `At` or `Time` (`startAt`, `dueAt`, `expiresAt`, `frozenTime`).
 * Exceptions (a field matching the rule that is not such an input) are listed with their reason in EXCEPTIONS.
 */

type Want = 'amount' | 'date';
const AMOUNT_NAME = /amount$/i;
const DATE_NAME = /(At|Time)$/;
const wants = (name: string, siblings: readonly string[]): Want | null => {
  if (AMOUNT_NAME.test(name)) return 'amount';
  if (name === 'value' && siblings.includes('to') && siblings.includes('data')) return 'amount';
  if (DATE_NAME.test(name)) return 'date';
  return null;
};
const satisfies = (want: Want, kind: SharedKind | null) => (want === 'amount' ? kind === 'amount' || kind === 'amountOrZero' : kind === 'dateTime');

/** Fields that match the naming rule but are not amount / date inputs, with the reason. None today. */
const EXCEPTIONS: Record<string, string> = {};

interface Found {
  where: string;
  want: Want;
  ok: boolean;
}

type AnyDef = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: AnyDef } })._zod.def;

/** Every object field under `schema` (through wrappers, pipes, unions, arrays, records, intersections, lazies). */
export function zodFields(schema: z.ZodType, at: string, out: Found[] = [], seen = new Set<unknown>()): Found[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const next = (s: unknown, where = at) => s && zodFields(s as z.ZodType, where, out, seen);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const names = Object.keys(shape);
      for (const [name, field] of Object.entries(shape)) {
        const where = `${at}.${name}`;
        const want = wants(name, names);
        if (want && !(where in EXCEPTIONS)) out.push({ where, want, ok: satisfies(want, sharedKindOf(field)) });
        next(field, where);
      }
      break;
    }
    case 'array':
      next(def.element, `${at}[]`);
      break;
    case 'record':
      next(def.valueType, `${at}{}`);
      break;
    case 'union':
      for (const o of def.options as z.ZodType[]) next(o);
      break;
    case 'intersection':
      next(def.left);
      next(def.right);
      break;
    case 'tuple':
      for (const o of def.items as z.ZodType[]) next(o, `${at}[]`);
      break;
    case 'lazy':
      next((def.getter as () => z.ZodType)());
      break;
    case 'pipe':
      next(def.in);
      next(def.out);
      break;
    default:
      next(def.innerType);
  }
  return out;
}

/** Every REST route's path, query and body schema, walked. */
export function restFields(routes: readonly Route[]): Found[] {
  const out: Found[] = [];
  for (const r of routes) {
    const op = `${r.method} ${r.path}`;
    if (r.doc.params) zodFields(r.doc.params, `${op} path`, out);
    if (r.doc.query) zodFields(r.doc.query, `${op} query`, out);
    if (r.doc.body) zodFields(r.doc.body.schema, `${op} body`, out);
  }
  return out;
}

/** The zod schema attached to a GraphQL input field or argument with Pothos' `validate: { schema }`, if any. */
const attachedSchema = (f: GraphQLInputField | GraphQLArgument): z.ZodType | undefined =>
  (f.extensions as { pothosOptions?: { validate?: { schema?: z.ZodType } } } | undefined)?.pothosOptions?.validate?.schema;

/** Every input object field and every argument (of every field of every object type) of a GraphQL schema. */
export function graphqlFields(schema: GraphQLSchema): Found[] {
  const out: Found[] = [];
  const check = (where: string, f: GraphQLInputField | GraphQLArgument, siblings: readonly string[]) => {
    const want = wants(f.name, siblings);
    if (!want || where in EXCEPTIONS) return;
    const named = getNamedType(f.type).name;
    const attached = attachedSchema(f);
    // An amount is a String validated by the shared schema; a date is the DateTime scalar (it parses with the rule).
    const ok = want === 'amount' ? named === 'String' && !!attached && satisfies('amount', sharedKindOf(attached)) : named === 'DateTime';
    out.push({ where, want, ok });
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      for (const f of fields) check(`${type.name}.${f.name}`, f, fields.map((x) => x.name));
    }
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const a of field.args) check(`${type.name}.${field.name}(${a.name})`, a, field.args.map((x) => x.name));
      }
    }
  }
  return out;
}

const summary = (found: Found[], want: Want) =>
  found
    .filter((f) => f.want === want)
    .map((f) => f.where)
    .sort();

describe('every amount and date input of the transports uses the shared rule', () => {
  const rest = restFields(restRoutes);
  const gql = graphqlFields(graphqlSchema);

  it('REST: every body, query and path field that carries an amount or a date uses the shared schema', () => {
    expect(rest.filter((f) => !f.ok).map((f) => `${f.where} (${f.want})`)).toEqual([]);
  });

  it('GraphQL: every input field and argument that carries an amount is a String validated by the shared schema; every date is a DateTime', () => {
    expect(gql.filter((f) => !f.ok).map((f) => `${f.where} (${f.want})`)).toEqual([]);
  });

  it('the walks reach every amount and date input there is (a new one joins this list, and the checks above)', () => {
    expect(summary(rest, 'amount')).toEqual([
      'GET /v1/quote query.amount',
      'GET /v1/quote query.dstAmount',
      'PATCH /v1/invoices/:id body.lineItems[].unitAmount',
      'PATCH /v1/subscriptions/:id body.lineItems[].unitAmount',
      'POST /v1/checkout/sessions body.amount',
      'POST /v1/checkout/sessions/:id/refunds body.amount',
      'POST /v1/deposit-addresses body.amount',
      'POST /v1/deposit-addresses/:id/simulate body.amount',
      'POST /v1/invoices body.lineItems[].unitAmount',
      'POST /v1/limit-orders body.makingAmount',
      'POST /v1/limit-orders body.takingAmount',
      'POST /v1/quote body.action.value',
      'POST /v1/quote body.amount',
      'POST /v1/quote body.calls[].value',
      'POST /v1/quote body.dstAmount',
      'POST /v1/subscriptions body.lineItems[].unitAmount',
    ]);
    expect(summary(rest, 'date')).toEqual([
      'PATCH /v1/invoices/:id body.dueAt',
      'POST /v1/invoices body.dueAt',
      'POST /v1/limit-orders body.expiresAt',
      'POST /v1/subscriptions body.startAt',
      'POST /v1/test-clocks body.frozenTime',
      'POST /v1/test-clocks/:id/advance body.frozenTime',
    ]);
    expect(summary(gql, 'amount')).toEqual([
      'BillingSubscriptionLineItemInput.unitAmount',
      'CallsActionInput.value',
      'CreateCheckoutRefundInput.amount',
      'CreateCheckoutSessionInput.amount',
      'CreateDepositAddressInput.amount',
      'CreateLimitOrderInput.makingAmount',
      'CreateLimitOrderInput.takingAmount',
      'DestinationCallInput.value',
      'InvoiceLineItemInput.unitAmount',
      'QuoteInput.amount',
      'QuoteInput.dstAmount',
      'SimulateDepositInput.amount',
    ]);
    expect(summary(gql, 'date')).toEqual([
      'AdvanceTestClockInput.frozenAt',
      'CreateBillingSubscriptionInput.startAt',
      'CreateInvoiceInput.dueAt',
      'CreateLimitOrderInput.expiresAt',
      'CreateTestClockInput.frozenAt',
      'UpdateInvoiceInput.dueAt',
    ]);
  });

  it('the REST walk fails on an amount field with a plain z.string() or a date with z.iso.datetime(), wherever it sits', () => {
    const route = (body: z.ZodType) => ({ method: 'POST', path: '/v1/x', doc: { body: { schema: body } } }) as unknown as Route;
    const bad = restFields([
      route(z.object({ fooAmount: z.string().regex(/^[0-9]+$/) })),
      route(z.object({ items: z.array(z.object({ unitAmount: z.string().optional() })) })),
      route(z.object({ calls: z.array(z.object({ to: z.string(), data: z.string(), value: z.string() })) })),
      route(z.object({ a: z.union([z.object({ amount: z.string() }), z.object({ b: z.number() })]) })),
      route(z.object({ startAt: z.iso.datetime() })),
    ]);
    expect(bad.map((f) => [f.where, f.ok])).toEqual([
      ['POST /v1/x body.fooAmount', false],
      ['POST /v1/x body.items[].unitAmount', false],
      ['POST /v1/x body.calls[].value', false],
      ['POST /v1/x body.a.amount', false],
      ['POST /v1/x body.startAt', false],
    ]);
    const good = restFields([route(z.object({ fooAmount: baseUnitAmount.meta({ description: 'x' }), free: z.object({ unitAmount: baseUnitAmountOrZero.optional() }), startAt: isoDateTime.optional() }))]);
    expect(good.map((f) => [f.where, f.ok])).toEqual([
      ['POST /v1/x body.fooAmount', true],
      ['POST /v1/x body.free.unitAmount', true],
      ['POST /v1/x body.startAt', true],
    ]);
  });

  it('the GraphQL walk fails on an amount field without the shared validation, and on a date that is a String', () => {
    const sdl = buildSchema(`
      input NewInput { fooAmount: String!, startAt: String, to: String, data: String, value: String }
      type Query { a(input: NewInput!, dstAmount: String): Int, b(expiresAt: DateTime): Int }
      scalar DateTime
    `);
    expect(graphqlFields(sdl).map((f) => [f.where, f.ok])).toEqual([
      ['NewInput.fooAmount', false],
      ['NewInput.startAt', false],
      ['NewInput.value', false],
      ['Query.a(dstAmount)', false],
      ['Query.b(expiresAt)', true],
    ]);
  });
});
