import { ApiError } from '../../errors.js';
import { matchErrorRow, type ProviderErrorRow, type ProviderErrorTable } from '../error-table.js';

/**
 * 0x Swap API error answers (`{ name, message, data: { zid, details? } }`, docs/providers/zeroex.md) → our codes,
 * by `name`. A 401 is the gateway's answer to a missing or bad key (no `name`). "No route" is not an error at
 * 0x: it is a 200 with `liquidityAvailable: false` (see the adapter).
 */
const KEY_ROW: ProviderErrorRow = { status: [401], to: 'PROVIDER_ERROR', note: 'rejected the API key' };
const CANNOT_TRADE = ['SWAP_VALIDATION_FAILED', 'TAKER_NOT_AUTHORIZED_FOR_TRADE', 'RECIPIENT_NOT_AUTHORIZED_FOR_TRADE'];

export const ZEROEX_QUOTE_ERRORS: ProviderErrorTable = [
  KEY_ROW,
  { code: ['INPUT_INVALID', 'RECIPIENT_NOT_SUPPORTED'], to: 'INVALID_PARAMS' },
  {
    code: ['TOKEN_NOT_SUPPORTED', 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE', 'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE', 'XSTOCKS_NOT_AUTHORIZED'],
    to: 'UNSUPPORTED_TOKEN',
  },
  { code: CANNOT_TRADE, to: 'NO_ROUTE' },
];

/** At build time (the firm `/quote`), a trade 0x refuses means the stored quote can no longer be built. */
export const ZEROEX_BUILD_ERRORS: ProviderErrorTable = [KEY_ROW, { code: CANNOT_TRADE, to: 'QUOTE_NOT_FOUND' }, ...ZEROEX_QUOTE_ERRORS];

interface ZeroExErrorBody {
  name?: string;
  message?: string;
  data?: { zid?: string; details?: { field?: string; reason?: string }[] };
}

/** A 4xx answer of the Swap API as an ApiError (5xx and 429 are handled by providerFetch). */
export function zeroExError(status: number, body: unknown, phase: 'quote' | 'build' = 'quote'): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as ZeroExErrorBody;
  const name = typeof b.name === 'string' ? b.name : undefined;
  const text = typeof b.message === 'string' ? b.message : '';
  const details = Array.isArray(b.data?.details) ? b.data.details.map((d) => `${d?.field}: ${d?.reason}`).join('; ') : '';
  const row = matchErrorRow(phase === 'build' ? ZEROEX_BUILD_ERRORS : ZEROEX_QUOTE_ERRORS, { status, code: name, message: text });
  if (row?.note) return new ApiError(row.to, `0x ${row.note} (${text || `HTTP ${status}`})`);
  return new ApiError(row?.to ?? 'PROVIDER_ERROR', `0x: ${[name, text, details].filter(Boolean).join(' - ') || `HTTP ${status}`}`);
}
