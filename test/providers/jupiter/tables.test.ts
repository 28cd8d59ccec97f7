import { describe, expect, it } from 'vitest';
import { jupiterExecuteRejection, jupiterOrderCodeError, jupiterOrderError } from '../../../src/providers/jupiter/errors.js';
import { jupiterExecuteState, jupiterOrderStatus } from '../../../src/providers/jupiter/status.js';

describe('Jupiter /order error table', () => {
  it.each([
    [400, { error: 'Failed to get quotes' }, 'NO_ROUTE', 'jupiter: Failed to get quotes'],
    [400, { error: 'Could not find any route' }, 'NO_ROUTE', 'jupiter: Could not find any route'],
    [400, { error: 'No routes found' }, 'NO_ROUTE', 'jupiter: No routes found'],
    [400, { error: 'no route found for this mint' }, 'NO_ROUTE', 'jupiter: no route found for this mint'],
    [400, { error: 'The token X is not tradable' }, 'NO_ROUTE', 'jupiter: The token X is not tradable'],
    [404, { error: 'Failed to get quotes' }, 'NO_ROUTE', 'jupiter: Failed to get quotes'],
    [400, { error: 'Invalid inputMint' }, 'UNSUPPORTED_TOKEN', 'jupiter: Invalid inputMint'],
    [400, { error: 'Invalid amount' }, 'INVALID_PARAMS', 'jupiter: Invalid amount'],
    [400, { message: 'bad request' }, 'INVALID_PARAMS', 'jupiter: bad request'],
    [400, undefined, 'INVALID_PARAMS', 'jupiter: HTTP 400'],
    [401, { message: 'Invalid API key' }, 'PROVIDER_ERROR', 'jupiter rejected the API key: Invalid API key'],
    [
      403,
      { message: 'API key does not have access to this endpoint' },
      'PROVIDER_ERROR',
      'jupiter rejected the API key: API key does not have access to this endpoint',
    ],
    [401, { error: 'Failed to get quotes' }, 'PROVIDER_ERROR', 'jupiter rejected the API key: Failed to get quotes'],
    [403, undefined, 'PROVIDER_ERROR', 'jupiter rejected the API key: HTTP 403'],
    [404, undefined, 'PROVIDER_ERROR', 'jupiter: HTTP 404'],
    [422, { error: 'mint is odd' }, 'PROVIDER_ERROR', 'jupiter: mint is odd'],
  ])('HTTP %i %j → %s', (status, body, code, message) => {
    const e = jupiterOrderError(status, body);
    expect(e.code).toBe(code);
    expect(e.message).toBe(message);
  });

  it.each([
    [1, 'Insufficient funds', 'PROVIDER_ERROR'],
    [2, 'Top up SOL for gas', 'PROVIDER_ERROR'],
    [3, 'Below minimum for gasless', 'AMOUNT_TOO_SMALL'],
    [undefined, undefined, 'PROVIDER_ERROR'],
  ])('200 without a transaction, errorCode %s → %s', (code, message, expected) => {
    const e = jupiterOrderCodeError(code, message);
    expect(e.code).toBe(expected);
    expect(e.message).toBe(`jupiter cannot build this swap for the taker: ${message ?? 'no transaction'}${code !== undefined ? ` (errorCode ${code})` : ''}`);
  });
});

describe('Jupiter /execute', () => {
  it.each([
    [{ error: 'Order not found, it might have expired', code: -1 }, 400, /Order not found.*code -1/],
    [{ status: 'Failed', signature: 'x', code: -1005, error: 'Transaction expired' }, 200, /Transaction expired.*-1005/],
    [{ error: 'Invalid message bytes', code: -3 }, 400, /Invalid message bytes/],
    [undefined, 400, /HTTP 400/],
  ])('rejection %j → PROVIDER_ERROR with the reason', (body, status, message) => {
    const e = jupiterExecuteRejection(body, status);
    expect(e.code).toBe('PROVIDER_ERROR');
    expect(e.message).toMatch(message);
  });

  it.each([
    ['Success', 'filled'],
    ['Failed', 'failed'],
    ['Pending', 'unknown'],
    ['success', 'unknown'],
  ])('state table: %s → %s', (s, state) => expect(jupiterExecuteState(s)).toBe(state));

  it('tracks no order off-chain: status is unknown', () => expect(jupiterOrderStatus()).toEqual({ state: 'unknown' }));
});
