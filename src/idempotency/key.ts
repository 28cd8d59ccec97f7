import { ApiError } from '../errors.js';

/** 1–255 visible ASCII characters (0x21–0x7E): a UUID v4 is the usual choice. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The idempotency key a client sent, or undefined when it sent none. `field` names where it came from in the
 * error (`Idempotency-Key` header, `idempotencyKey` input field). Anything else than 1–255 visible ASCII
 * characters is INVALID_PARAMS; two headers arrive joined by `, ` and fail for the space.
 */
export function parseIdempotencyKey(raw: string | string[] | null | undefined, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY.test(value)) throw new ApiError('INVALID_PARAMS', `${field}: must be 1 to 255 visible ASCII characters (a UUID is a good key)`, { field });
  return value;
}
