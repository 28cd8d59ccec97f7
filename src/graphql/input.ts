import type { z } from 'zod';
import { ApiError, isApiError } from '../errors.js';
import { parseInput } from '../validation.js';

/**
 * Where GraphQL input meets the domains' zod schemas (`src/<domain>/input.ts`), the same ones REST parses its
 * bodies and queries with, so one input means one thing on both transports. GraphQL says "not given" with null
 * as well as by leaving a field out; the schemas say it only by leaving it out. So every null in an input object
 * becomes absent (except the fields named in `keepNull`, where null means something: `description: null` clears
 * a description), and a `DateTime` (a Date here) becomes its ISO string, which the schemas read. Lists keep their
 * items as they are.
 */
function fromGraphQL(value: unknown, keepNull: readonly string[] = []): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => fromGraphQL(v));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || (v === null && !keepNull.includes(k))) continue;
    out[k] = fromGraphQL(v);
  }
  return out;
}

/**
 * An error naming a field by its REST name (`from`) named by the GraphQL name instead (`startAt`), where the two
 * differ (`names`: REST name → GraphQL name); any other error as it is.
 */
export function withGraphQLFieldNames(err: unknown, names: Readonly<Record<string, string>>): unknown {
  const field = isApiError(err) && typeof err.details?.field === 'string' ? err.details.field : undefined;
  if (!field || !names[field]) return err;
  const e = err as ApiError;
  return new ApiError(e.code, e.message.replace(new RegExp(`^${field}:`), `${names[field]}:`), { ...e.details, field: names[field] });
}

/**
 * Parses a GraphQL input with a domain schema, once: the service takes the typed output. `fieldNames` maps the
 * schema's (REST) field names to the GraphQL ones where they differ, so an error names the field the client sent.
 */
export function parseGraphQLInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  opts: { keepNull?: readonly string[]; fieldNames?: Readonly<Record<string, string>> } = {},
): z.output<S> {
  try {
    return parseInput(schema, fromGraphQL(input, opts.keepNull));
  } catch (err) {
    throw opts.fieldNames ? withGraphQLFieldNames(err, opts.fieldNames) : err;
  }
}
