import { createHash } from 'node:crypto';
import { ApiError } from '../errors.js';

/**
 * JSON with object keys sorted at every level (arrays keep their order), so `{"a":1,"b":2}` and `{"b":2,"a":1}`
 * are the same request. Bigints print as strings and `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    // No request of this API nests this deep; a body built to exhaust the stack gets a clear answer instead.
    if (depth >= MAX_DEPTH) throw new ApiError('INVALID_PARAMS', `body: nested deeper than ${MAX_DEPTH} levels`, { field: 'body' });
    if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v, depth + 1))).join(',')}]`;
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const MAX_DEPTH = 64;

/**
 * What makes two requests "the same": the operation and its parameters (REST: path parameters and body;
 * GraphQL: the mutation's input without the key), hashed. Headers (x-request-id, user agent…) are not part of it.
 */
export function fingerprint(operation: string, params: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(params)).digest('hex');
}
