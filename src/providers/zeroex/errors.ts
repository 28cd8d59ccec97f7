import type { ApiError } from '../../errors.js';
import { errorFormat, toApiError, type ProviderErrorRow, type ProviderErrorTable } from '../error-table.js';
import { zeroExErrorBody } from './schemas.js';

/**
 * 0x Swap API error answers (`{ name, message, data: { zid, details? } }`, docs/providers/zeroex.md) → our codes,
 * by `name`. A 401 is the gateway's answer to a missing or bad key (no `name`). "No route" is not an error at
 * 0x: it is a 200 with `liquidityAvailable: false` (see the adapter).
 */
const KEY_ROW: ProviderErrorRow = { status: [401], to: 'PROVIDER_ERROR', note: 'rejected the API key' };
const CANNOT_TRADE = ['SWAP_VALIDATION_FAILED', 'TAKER_NOT_AUTHORIZED_FOR_TRADE', 'RECIPIENT_NOT_AUTHORIZED_FOR_TRADE'];

const ZEROEX_QUOTE_ERRORS: ProviderErrorTable = [
  KEY_ROW,
  { code: ['INPUT_INVALID', 'RECIPIENT_NOT_SUPPORTED'], to: 'INVALID_PARAMS' },
  {
    code: ['TOKEN_NOT_SUPPORTED', 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE', 'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE', 'XSTOCKS_NOT_AUTHORIZED'],
    to: 'UNSUPPORTED_TOKEN',
  },
  { code: CANNOT_TRADE, to: 'NO_ROUTE' },
];

/** At build time (the firm `/quote`), a trade 0x refuses means the stored quote can no longer be built. */
const ZEROEX_BUILD_ERRORS: ProviderErrorTable = [KEY_ROW, { code: CANNOT_TRADE, to: 'QUOTE_NOT_FOUND' }, ...ZEROEX_QUOTE_ERRORS];

/** 0x's error body: matched by `name`; the message carries name, text and the per-field details. */
const ZEROEX_ERROR_FORMAT = errorFormat({
  provider: '0x',
  body: zeroExErrorBody,
  read: (b) => {
    const details = (b.data?.details ?? []).map((d) => `${d.field}: ${d.reason}`).join('; ');
    return { code: b.name, message: b.message, text: [b.name, b.message, details].filter(Boolean).join(' - ') };
  },
});

/** A 4xx answer of the Swap API as an ApiError (5xx and 429 are handled by providerFetch). */
export const zeroExError = (status: number, json: unknown, phase: 'quote' | 'build' = 'quote'): ApiError =>
  toApiError(ZEROEX_ERROR_FORMAT, phase === 'build' ? ZEROEX_BUILD_ERRORS : ZEROEX_QUOTE_ERRORS, status, json);
