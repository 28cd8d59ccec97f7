import { describe, expect, it } from 'vitest';
import { debridgeError } from '../../../src/providers/debridge/errors.js';
import { combineOrderStates, debridgeState } from '../../../src/providers/debridge/status.js';

describe('deBridge error table (by errorId)', () => {
  it.each([
    ['IMPOSSIBLE_ROUTE', 'NO_ROUTE'],
    ['ESTIMATION_FAILED', 'NO_ROUTE'],
    ['UNSUPPORTED_TOKEN_IN', 'NO_ROUTE'],
    ['UNSUPPORTED_TOKEN_OUT', 'NO_ROUTE'],
    ['SOURCE_AND_DESTINATION_CHAINS_ARE_EQUAL', 'NO_ROUTE'],
    ['SAME_SOURCE_AND_DESTINATION_CHAINS', 'NO_ROUTE'],
    ['INCLUDED_GAS_FEE_NOT_COVERED_BY_INPUT_AMOUNT', 'NO_ROUTE'],
    ['INCLUDED_GAS_FEE_CANNOT_BE_ESTIMATED_FOR_TRANSACTION_BUNDLE', 'NO_ROUTE'],
    ['INTERMEDIARY_TOKEN_NOT_FUNDED', 'NO_ROUTE'],
    ['INTERMEDIARY_TOKEN_APPROVALS_MISSING', 'NO_ROUTE'],
    ['INTERMEDIARY_TOKEN_NOT_CONFIGURED', 'NO_ROUTE'],
    ['UNABLE_TO_ESTIMATE_EXTERNAL_CALL_WITHOUT_GAS', 'NO_ROUTE'],
    ['CONNECTOR_1INCH_RETURNED_ERROR', 'NO_ROUTE'],
    ['ERROR_LOW_GIVE_AMOUNT', 'AMOUNT_TOO_SMALL'],
    ['INVALID_QUERY_PARAMETERS', 'INVALID_PARAMS'],
    ['UNKNOWN_ORDER', 'ORDER_NOT_FOUND'],
    ['AFFILIATE_FEE_PERCENT_NOT_SET', 'PROVIDER_ERROR'],
    ['AFFILIATE_FEE_RECIPIENT_NOT_SET', 'PROVIDER_ERROR'],
    ['SENDER_ADDRESS_EMPTY', 'PROVIDER_ERROR'],
    ['INTERNAL_SERVER_ERROR', 'PROVIDER_ERROR'],
    ['SOMETHING_NEW', 'PROVIDER_ERROR'],
  ])('HTTP 400 errorId %s → %s', (errorId, code) => {
    const e = debridgeError(400, { errorCode: 12, errorId, errorMessage: 'why', errorPayload: {} });
    expect(e.code).toBe(code);
    expect(e.message).toBe(`debridge: ${errorId} (why)`);
  });

  it('says the errorId alone when there is no errorMessage', () => {
    expect(debridgeError(400, { errorId: 'IMPOSSIBLE_ROUTE' }).message).toBe('debridge: IMPOSSIBLE_ROUTE');
  });

  it.each([
    [404, undefined],
    [400, { message: 'not a deBridge body' }],
    [403, 'text'],
  ])('HTTP %i %j without deBridge’s error shape → PROVIDER_ERROR', (status, body) => {
    const e = debridgeError(status, body);
    expect(e.code).toBe('PROVIDER_ERROR');
    expect(e.message).toBe(`debridge: HTTP ${status}`);
  });
});

describe('deBridge state table', () => {
  it.each([
    ['None', 'pending'],
    ['Created', 'pending'],
    ['Fulfilled', 'filled'],
    ['SentUnlock', 'filled'],
    ['ClaimedUnlock', 'filled'],
    ['OrderCancelled', 'pending'],
    ['SentOrderCancel', 'pending'],
    ['ClaimedOrderCancel', 'refunded'],
    ['SomethingNew', 'unknown'],
    ['fulfilled', 'unknown'],
  ] as const)('%s → %s', (status, state) => expect(debridgeState(status)).toBe(state));

  it.each([
    [['filled'], 'filled'],
    [['filled', 'pending'], 'pending'],
    [['filled', 'refunded'], 'refunded'],
    [['refunded', 'failed'], 'failed'],
    [['filled', 'unknown'], 'unknown'],
    [[], 'unknown'],
  ] as const)('orders of one tx %j → %s', (states, state) => expect(combineOrderStates([...states])).toBe(state));
});
