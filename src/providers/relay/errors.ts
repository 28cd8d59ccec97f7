import { ApiError } from '../../errors.js';
import { matchErrorRow, type ProviderErrorTable } from '../error-table.js';
import { errorBody } from './schemas.js';

/**
 * Relay's error answers (`{ message, errorCode }`, docs/providers/relay.md) → our codes, by `errorCode`.
 * Codes not listed (INSUFFICIENT_FUNDS, SOLANA_TX_TOO_LARGE, the retryable ones…) are PROVIDER_ERROR.
 */
export const RELAY_ERRORS: ProviderErrorTable = [
  { status: [401, 403], to: 'PROVIDER_ERROR', note: 'check RELAY_API_KEY' },
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

/** A non-200 Relay answer as an ApiError carrying Relay's own `errorCode` (except for key problems). */
export function relayError(status: number, json: unknown): ApiError {
  const body = errorBody.safeParse(json).data;
  const code = body?.errorCode || undefined;
  const message = `relay: ${body?.message ?? `HTTP ${status}`}${code ? ` (${code})` : ''}`;
  const row = matchErrorRow(RELAY_ERRORS, { status, code, message: body?.message });
  if (row?.note) return new ApiError(row.to, `${message}; ${row.note}`);
  return new ApiError(row?.to ?? 'PROVIDER_ERROR', message, code ? { providerCode: code } : undefined);
}
