import type { ApiError } from '../../errors.js';
import { errorFormat, toApiError, type ProviderErrorTable } from '../error-table.js';
import { lifiErrorBody, type LifiErrorBody } from './schemas.js';

/**
 * LI.FI error answers (`{ message, code?, errors? }`, docs/providers/lifi.md) → our codes, by HTTP status or
 * LI.FI's numeric code (either may be missing). 404 / 1002 NoQuoteError / 1003 NotFoundError is "no route",
 * made precise when every tool said the amount is too low (or too high). 409 / 1007 SlippageError cannot meet
 * the slippage: no route at that slippage. 400 / 1011 ValidationError is a request the caller can fix. Key
 * problems (401/403, 1010), third-party failures (424) and everything else are PROVIDER_ERROR.
 */
const LIFI_ERRORS: ProviderErrorTable = [
  { status: [404], subcodes: ['AMOUNT_TOO_LOW'], to: 'AMOUNT_TOO_SMALL' },
  { code: [1002, 1003], subcodes: ['AMOUNT_TOO_LOW'], to: 'AMOUNT_TOO_SMALL' },
  { status: [404], subcodes: ['AMOUNT_TOO_HIGH'], to: 'AMOUNT_TOO_LARGE' },
  { code: [1002, 1003], subcodes: ['AMOUNT_TOO_HIGH'], to: 'AMOUNT_TOO_LARGE' },
  { status: [404], to: 'NO_ROUTE' },
  { code: [1002, 1003], to: 'NO_ROUTE' },
  { status: [409], to: 'NO_ROUTE' },
  { code: [1007], to: 'NO_ROUTE' },
  { status: [400], to: 'INVALID_PARAMS' },
  { code: [1011], to: 'INVALID_PARAMS' },
];

/** Tool error codes inside `errors`, from either documented shape (nested object or flat array). */
function toolErrorCodes(errors: LifiErrorBody['errors']): string[] {
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map((e) => e.code).filter((c): c is string => !!c);
  const out: string[] = [];
  for (const f of errors.failed ?? []) for (const list of Object.values(f.subpaths ?? {})) for (const e of list) if (e.code) out.push(e.code);
  return out;
}

/** LI.FI's error body: its numeric code, its text, and the tools' error codes (made precise by the table). */
const LIFI_ERROR_FORMAT = errorFormat({
  provider: 'lifi',
  body: lifiErrorBody,
  read: (b) => ({ code: b.code, message: b.message, text: b.message, subcodes: toolErrorCodes(b.errors) }),
});

/** A LI.FI 4xx answer as an ApiError (429 and 5xx never reach here: providerFetch maps them). */
export const lifiError = (status: number, json: unknown): ApiError => toApiError(LIFI_ERROR_FORMAT, LIFI_ERRORS, status, json);
