import { ApiError } from '../../errors.js';
import { matchErrorRow, type ProviderErrorTable } from '../error-table.js';

/**
 * Jupiter Ultra `/order` error answers (`{ error }`, gateway errors `{ message }`; docs/providers/jupiter.md)
 * → our codes. Ultra has no machine-readable code on these, so rows match its text.
 */
export const JUPITER_ORDER_ERRORS: ProviderErrorTable = [
  { status: [401, 403], to: 'PROVIDER_ERROR', note: 'rejected the API key' },
  { message: /failed to get quotes|could not find any route|no routes? found|not tradable/i, to: 'NO_ROUTE' },
  { status: [400], message: /mint/i, to: 'UNSUPPORTED_TOKEN' },
  { status: [400], to: 'INVALID_PARAMS' },
];

/**
 * A 200 `/order` whose `transaction` is "" carries `errorCode`: 1 insufficient funds, 2 top up SOL for gas,
 * 3 below the gasless minimum. The quote cannot be executed, so it is this provider's failure.
 */
export const JUPITER_ORDER_CODES: ProviderErrorTable = [{ code: [3], to: 'AMOUNT_TOO_SMALL' }];

/** `/order` 4xx → ApiError (429 and 5xx are handled by providerFetch). */
export function jupiterOrderError(status: number, body: unknown): ApiError {
  const text = errorText(body);
  const row = matchErrorRow(JUPITER_ORDER_ERRORS, { status, message: text });
  if (row?.note) return new ApiError(row.to, `jupiter ${row.note} (${text || `HTTP ${status}`})`);
  return new ApiError(row?.to ?? 'PROVIDER_ERROR', `jupiter: ${text || `HTTP ${status}`}`);
}

/** A 200 `/order` without a transaction → ApiError by its `errorCode`. */
export function jupiterOrderCodeError(errorCode: number | undefined, errorMessage: string | undefined): ApiError {
  const msg = `jupiter cannot build this swap for the taker: ${errorMessage || 'no transaction'}${errorCode !== undefined ? ` (errorCode ${errorCode})` : ''}`;
  return new ApiError(matchErrorRow(JUPITER_ORDER_CODES, { status: 200, code: errorCode, message: errorMessage })?.to ?? 'PROVIDER_ERROR', msg);
}

/**
 * `/execute` rejection (HTTP 400 `{ error, code }` or 200 `status: "Failed"`) → PROVIDER_ERROR with Jupiter's
 * reason and code: whatever the code, the signed transaction did not land and the caller cannot fix it.
 */
export function jupiterExecuteRejection(body: unknown, status: number): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown };
  const reason = typeof b.error === 'string' && b.error ? b.error : `HTTP ${status}`;
  return new ApiError('PROVIDER_ERROR', `jupiter rejected the signed transaction: ${reason}${typeof b.code === 'number' ? ` (code ${b.code})` : ''}`, {
    provider: 'jupiter',
    ...(typeof b.code === 'number' ? { providerCode: b.code } : {}),
  });
}

function errorText(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { error?: unknown; message?: unknown };
  return typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : '';
}
