import type { ApiError, ErrorCode } from '../../errors.js';
import { errorFormat, toApiError, type ProviderErrorTable } from '../error-table.js';
import { debridgeErrorBody } from './schemas.js';

/**
 * deBridge error answers (`{ errorCode, errorId, errorMessage }`, docs/providers/debridge.md) → our codes, by
 * `errorId` (the numeric `errorCode` of each id is unconfirmed). Ids saying our own request was built wrong
 * (fee parameters, sender) are PROVIDER_ERROR: the caller cannot fix them.
 */
const DEBRIDGE_ERRORS: ProviderErrorTable = [
  {
    code: [
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
    ],
    to: 'NO_ROUTE',
  },
  { code: ['ERROR_LOW_GIVE_AMOUNT'], to: 'AMOUNT_TOO_SMALL' },
  { code: ['INVALID_QUERY_PARAMETERS'], to: 'INVALID_PARAMS' },
  { code: ['UNKNOWN_ORDER'], to: 'ORDER_NOT_FOUND' },
];

/** deBridge's error body: matched by `errorId`, which our message names with deBridge's text. */
const DEBRIDGE_ERROR_FORMAT = errorFormat({
  provider: 'debridge',
  body: debridgeErrorBody,
  read: (b) => ({ code: b.errorId, message: b.errorMessage, text: `${b.errorId}${b.errorMessage ? ` (${b.errorMessage})` : ''}` }),
});

/** A 4xx answer as an ApiError: by `errorId` when the body is deBridge's error shape, else PROVIDER_ERROR. */
export const debridgeError = (status: number, json: unknown): ApiError => toApiError(DEBRIDGE_ERROR_FORMAT, DEBRIDGE_ERRORS, status, json);

/** At build time, an answer that the order cannot be created any more means the quote is gone. */
export const BUILD_GONE_CODES: ReadonlySet<ErrorCode> = new Set(['NO_ROUTE', 'AMOUNT_TOO_SMALL', 'INVALID_PARAMS']);
