import type { ErrorCode } from '../../errors.js';

/** deBridge `errorId`s that mean "this provider has no route for the request". */
const NO_ROUTE_IDS = new Set([
  'IMPOSSIBLE_ROUTE',
  'ESTIMATION_FAILED',
  'UNSUPPORTED_TOKEN_IN',
  'UNSUPPORTED_TOKEN_OUT',
  'SOURCE_AND_DESTINATION_CHAINS_ARE_EQUAL',
  'SAME_SOURCE_AND_DESTINATION_CHAINS',
  'INCLUDED_GAS_FEE_NOT_COVERED_BY_INPUT_AMOUNT',
  'INCLUDED_GAS_FEE_CANNOT_BE_ESTIMATED_FOR_TRANSACTION_BUNDLE',
  'INTERMEDIARY_TOKEN_NOT_FUNDED',
  'INTERMEDIARY_TOKEN_APPROVALS_MISSING',
  'INTERMEDIARY_TOKEN_NOT_CONFIGURED',
  'UNABLE_TO_ESTIMATE_EXTERNAL_CALL_WITHOUT_GAS',
  'CONNECTOR_1INCH_RETURNED_ERROR',
]);

/**
 * deBridge error body `errorId` → our code. Match on `errorId` (the numeric `errorCode` per id is
 * unconfirmed). Anything that says our own request was built wrong (fee params, sender) is a
 * PROVIDER_ERROR: the caller cannot fix it.
 */
export function debridgeErrorCode(errorId: string): ErrorCode {
  if (NO_ROUTE_IDS.has(errorId)) return 'NO_ROUTE';
  if (errorId === 'ERROR_LOW_GIVE_AMOUNT') return 'AMOUNT_TOO_SMALL';
  if (errorId === 'INVALID_QUERY_PARAMETERS') return 'INVALID_PARAMS';
  if (errorId === 'UNKNOWN_ORDER') return 'ORDER_NOT_FOUND';
  return 'PROVIDER_ERROR';
}

/** At build time, an answer that the order cannot be created any more means the quote is gone. */
export const BUILD_GONE_CODES: ReadonlySet<ErrorCode> = new Set(['NO_ROUTE', 'AMOUNT_TOO_SMALL', 'INVALID_PARAMS']);
