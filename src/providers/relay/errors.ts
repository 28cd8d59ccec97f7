import { ApiError, type ErrorCode } from '../../errors.js';

/** Relay `errorCode` values (relay.md, quote error list) → our codes. Unlisted codes are PROVIDER_ERROR. */
const CODE_MAP: Record<string, ErrorCode> = {
  AMOUNT_TOO_LOW: 'AMOUNT_TOO_SMALL',
  NO_QUOTES: 'NO_ROUTE',
  NO_SWAP_ROUTES_FOUND: 'NO_ROUTE',
  NO_INTERNAL_SWAP_ROUTES_FOUND: 'NO_ROUTE',
  INSUFFICIENT_LIQUIDITY: 'NO_ROUTE',
  UNSUPPORTED_ROUTE: 'NO_ROUTE',
  UNSUPPORTED_CHAIN: 'NO_ROUTE',
  UNSUPPORTED_CURRENCY: 'NO_ROUTE',
  UNSUPPORTED_EXECUTION_TYPE: 'NO_ROUTE',
  CHAIN_DISABLED: 'NO_ROUTE',
  ROUTE_TEMPORARILY_RESTRICTED: 'NO_ROUTE',
  SWAP_IMPACT_TOO_HIGH: 'NO_ROUTE',
  INVALID_INPUT_CURRENCY: 'UNSUPPORTED_TOKEN',
  INVALID_OUTPUT_CURRENCY: 'UNSUPPORTED_TOKEN',
  SANCTIONED_CURRENCY: 'UNSUPPORTED_TOKEN',
  INVALID_ADDRESS: 'INVALID_PARAMS',
  INVALID_RECIPIENT: 'INVALID_PARAMS',
  INVALID_SLIPPAGE_TOLERANCE: 'INVALID_PARAMS',
  USER_RECIPIENT_MISMATCH: 'INVALID_PARAMS',
  SANCTIONED_WALLET_ADDRESS: 'INVALID_PARAMS',
  EXTRA_TXS_NOT_SUPPORTED: 'NO_ROUTE',
  INVALID_EXTRA_TXS: 'INVALID_PARAMS',
};

export function relayError(status: number, body: { message?: string; errorCode?: string } | undefined): ApiError {
  const code = body?.errorCode;
  const message = `relay: ${body?.message ?? `HTTP ${status}`}${code ? ` (${code})` : ''}`;
  if (status === 401 || status === 403) return new ApiError('PROVIDER_ERROR', `${message}; check RELAY_API_KEY`);
  return new ApiError((code && CODE_MAP[code]) || 'PROVIDER_ERROR', message, code ? { providerCode: code } : undefined);
}
