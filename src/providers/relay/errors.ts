import type { ApiError } from '../../errors.js';
import { errorFormat, toApiError, type ProviderErrorTable } from '../error-table.js';
import { relayErrorBody } from './schemas.js';

/**
 * Relay's error answers (`{ message, errorCode }`, docs/providers/relay.md) → our codes, by `errorCode`.
 * Codes not listed (INSUFFICIENT_FUNDS, SOLANA_TX_TOO_LARGE, the retryable ones…) are PROVIDER_ERROR.
 */
const RELAY_ERRORS: ProviderErrorTable = [
  { status: [401, 403], to: 'PROVIDER_ERROR', note: 'rejected the API key (check RELAY_API_KEY)' },
  { code: ['AMOUNT_TOO_LOW'], to: 'AMOUNT_TOO_SMALL' },
  {
    code: [
      'NO_QUOTES',
      'NO_SWAP_ROUTES_FOUND',
      'NO_INTERNAL_SWAP_ROUTES_FOUND',
      'INSUFFICIENT_LIQUIDITY',
      'UNSUPPORTED_ROUTE',
      'UNSUPPORTED_CHAIN',
      'UNSUPPORTED_CURRENCY',
      'UNSUPPORTED_EXECUTION_TYPE',
      'CHAIN_DISABLED',
      'ROUTE_TEMPORARILY_RESTRICTED',
      'SWAP_IMPACT_TOO_HIGH',
      'EXTRA_TXS_NOT_SUPPORTED',
    ],
    to: 'NO_ROUTE',
  },
  { code: ['INVALID_INPUT_CURRENCY', 'INVALID_OUTPUT_CURRENCY', 'SANCTIONED_CURRENCY'], to: 'UNSUPPORTED_TOKEN' },
  {
    code: ['INVALID_ADDRESS', 'INVALID_RECIPIENT', 'INVALID_SLIPPAGE_TOLERANCE', 'USER_RECIPIENT_MISMATCH', 'SANCTIONED_WALLET_ADDRESS', 'INVALID_EXTRA_TXS'],
    to: 'INVALID_PARAMS',
  },
];

/**
 * Relay's error body: its text and `errorCode`, which the ApiError carries as `providerCode` (not on a key
 * problem, whose code says nothing about the request).
 */
const RELAY_ERROR_FORMAT = errorFormat({
  provider: 'relay',
  body: relayErrorBody,
  read: (b, status) => {
    const code = b.errorCode || undefined;
    return {
      code,
      message: b.message,
      text: `${b.message ?? `HTTP ${status}`}${code ? ` (${code})` : ''}`,
      ...(code && status !== 401 && status !== 403 ? { details: { providerCode: code } } : {}),
    };
  },
});

/** A Relay error answer as an ApiError. */
export const relayError = (status: number, json: unknown): ApiError => toApiError(RELAY_ERROR_FORMAT, RELAY_ERRORS, status, json);
