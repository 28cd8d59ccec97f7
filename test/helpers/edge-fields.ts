import type { z } from 'zod';
import { getNamedType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLArgument, type GraphQLInputField, type GraphQLSchema } from 'graphql';
import { sharedKindOf, type SharedKind } from '../../src/validation.js';
import type { Route } from '../../src/rest/router.js';

/**
 * Walks of the inputs the transports take, for test/validation/: every field of every REST route's documented
 * schemas (`Route.doc`: the zod schemas the services validate with) and every input field and argument of the
 * built GraphQL schema, each judged by the API's edge rules for amounts and dates (src/validation.ts).
 *
 * What carries an amount (the rule):
 *   - a field whose name ends in `amount` / `Amount` (`amount`, `unitAmount`, `dstAmount`, `makingAmount`…);
 *   - a field named `value` beside `to` and `data` (a call's native value, wei: destination calls and actions).
 * What carries a date: a field whose name ends in `At` or `Time` (`startAt`, `dueAt`, `expiresAt`, `frozenTime`), and
 * the bounds of a range, `from` and `to` side by side (the exports' and the request log's query; a lone `to`, such as
 * a refund's recipient, or one beside `data`, a call's target, is an address).
 * Exceptions (a field matching the rule that is not such an input) are listed with their reason in EXCEPTIONS.
 */

export type Want = 'amount' | 'date';
const AMOUNT_NAME = /amount$/i;
const DATE_NAME = /(At|Time)$/;
const wants = (name: string, siblings: readonly string[]): Want | null => {
  if (AMOUNT_NAME.test(name)) return 'amount';
  if (name === 'value' && siblings.includes('to') && siblings.includes('data')) return 'amount';
  if (DATE_NAME.test(name)) return 'date';
  if ((name === 'from' || name === 'to') && siblings.includes('from') && siblings.includes('to') && !siblings.includes('data')) return 'date';
  return null;
};
const satisfies = (want: Want, kind: SharedKind | null) => (want === 'amount' ? kind === 'amount' || kind === 'amountOrZero' : kind === 'dateTime');

/** Fields that match the naming rule but are not amount / date-time inputs, with the reason. */
const EXCEPTIONS: Record<string, string> = {
  'GET /v1/dashboard/usage query.from':
    'a calendar day (YYYY-MM-DD, the unit of the usage roll-up), not an instant: its own day schema refuses impossible days (test/validation/edge-inputs.test.ts, usage days)',
  'GET /v1/dashboard/usage query.to': 'the same calendar day as `from`',
  'Query.usage(from)': 'the same calendar day as REST `GET /v1/dashboard/usage` (a String parsed with its day schema)',
  'Query.usage(to)': 'the same calendar day as `from`',
};

export interface Found {
  where: string;
  want: Want;
  ok: boolean;
}

type AnyDef = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: AnyDef } })._zod.def;

/** Every object field under `schema` (through wrappers, pipes, unions, arrays, records, intersections, lazies). */
function zodFields(schema: z.ZodType, at: string, out: Found[] = [], ancestors = new Set<unknown>()): Found[] {
  // A schema that contains itself (through a lazy) is walked once per path.
  if (ancestors.has(schema)) return out;
  ancestors.add(schema);
  walkDef(schema, at, out, ancestors);
  ancestors.delete(schema);
  return out;
}

function walkDef(schema: z.ZodType, at: string, out: Found[], seen: Set<unknown>) {
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
      for (const f of fields)
        check(
          `${type.name}.${f.name}`,
          f,
          fields.map((x) => x.name),
        );
    }
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const a of field.args)
          check(
            `${type.name}.${field.name}(${a.name})`,
            a,
            field.args.map((x) => x.name),
          );
      }
    }
  }
  return out;
}

/** The fields of `found` that carry `want`, as sorted labels. */
export const summary = (found: Found[], want: Want) =>
  found
    .filter((f) => f.want === want)
    .map((f) => f.where)
    .sort();
