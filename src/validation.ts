import { z } from 'zod';
import { ApiError } from './errors.js';

/**
 * Validates input with a zod schema; the first problem becomes INVALID_PARAMS naming the field.
 * Domain services call this so REST and GraphQL apply exactly the same rules.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw zodToApiError(r.error);
}

export function zodToApiError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.') || 'body';
  // An issue may carry our own code (e.g. UNSUPPORTED_CHAIN) through `params.code`.
  const code = (issue as { params?: { code?: string } }).params?.code;
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'is required';
  return new ApiError((code as never) ?? 'INVALID_PARAMS', `${field}: ${message}`, { field });
}

/** Query strings arrive as strings; turn URLSearchParams into a plain object (last value wins). */
export const queryObject = (q: URLSearchParams) => Object.fromEntries(q.entries());

/** Integer string of base units > 0. zod runs every check even after one fails, so the refine re-tests the pattern. */
export const amountString = z
  .string()
  .regex(/^[0-9]+$/, 'must be an integer string of base units')
  .refine((s) => !/^[0-9]+$/.test(s) || BigInt(s) > 0n, 'must be greater than 0');
