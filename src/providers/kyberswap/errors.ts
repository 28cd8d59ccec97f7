import type { z } from 'zod';
import type { ApiError } from '../../errors.js';
import { errorFormat, toApiError, type ProviderErrorTable } from '../error-table.js';
import { kyberErrorBody } from './schemas.js';

/**
 * KyberSwap Aggregator error answers (`{ code, message, requestId, details? }`, also inside a 200 whose `code`
 * is not 0; docs/providers/kyberswap.md) → our codes, by Kyber's numeric `code`. An unknown chain slug gets
 * the gateway's 404, which carries no Kyber code.
 */
const KYBER_CODES: ProviderErrorTable = [
  { code: [4000], to: 'INVALID_PARAMS' },
  { code: [4005, 4007], to: 'AMOUNT_TOO_SMALL' },
  { code: [4008, 4010, 4221, 4222, 40011], to: 'NO_ROUTE' },
  { code: [4009], to: 'AMOUNT_TOO_LARGE' },
  { code: [4011], to: 'UNSUPPORTED_TOKEN' },
];

const KYBER_QUOTE_ERRORS: ProviderErrorTable = [{ status: [404], code: [null], to: 'NO_ROUTE', note: 'does not serve this chain' }, ...KYBER_CODES];

/** At build time these mean the stored route can no longer be turned into a transaction. */
const KYBER_BUILD_ERRORS: ProviderErrorTable = [
  { status: [404], code: [null], to: 'QUOTE_NOT_FOUND', note: 'does not serve this chain' },
  { code: [4000, 4002, 4008, 4010, 4222, 40011], to: 'QUOTE_NOT_FOUND' },
  ...KYBER_CODES,
];

/** Kyber's error body: matched by its numeric `code`; the message carries code, text and field violations. */
const KYBER_ERROR_FORMAT = errorFormat({
  provider: 'kyberswap',
  body: kyberErrorBody,
  read: (b) => ({
    code: b.code,
    message: b.message,
    text: [b.code, b.message, violations(b.details)].filter((x) => x !== undefined && x !== '').join(' - '),
  }),
});

/** Kyber also answers some errors as a 200 whose `code` is a number other than 0. */
export const carriesKyberError = (json: unknown): boolean => {
  const code = kyberErrorBody.safeParse(json).data?.code;
  return code !== undefined && code !== 0;
};

/** A non-2xx (or code ≠ 0) answer as an ApiError; 429 and 5xx are handled by providerFetch. */
export const kyberError = (status: number, json: unknown, phase: 'quote' | 'build' = 'quote'): ApiError =>
  toApiError(KYBER_ERROR_FORMAT, phase === 'build' ? KYBER_BUILD_ERRORS : KYBER_QUOTE_ERRORS, status, json);

function violations(details: z.output<typeof kyberErrorBody>['details']): string {
  return (details ?? [])
    .flatMap((d) => d.fieldViolations ?? [])
    .map((v) => `${v.field}: ${v.description}`)
    .join('; ');
}
