import type { z } from 'zod';
import { parseInput } from '../validation.js';

/**
 * Where GraphQL input meets the domains' zod schemas (`src/<domain>/input.ts`), the same ones REST parses its
 * bodies and queries with, so one input means one thing on both transports. GraphQL says "not given" with null
 * as well as by leaving a field out; the schemas say it only by leaving it out. So every null in an input object
 * becomes absent (except the fields named in `keepNull`, where null means something: `description: null` clears
 * a description), and a `DateTime` (a Date here) becomes its ISO string, which the schemas read. Lists keep their
 * items as they are.
 */
export function fromGraphQL(value: unknown, keepNull: readonly string[] = []): unknown {
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

/** Parses a GraphQL input with a domain schema, once: the service takes the typed output. */
export function parseGraphQLInput<S extends z.ZodType>(schema: S, input: unknown, opts: { keepNull?: readonly string[] } = {}): z.output<S> {
  return parseInput(schema, fromGraphQL(input, opts.keepNull));
}
