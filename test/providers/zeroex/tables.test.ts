import { describe, expect, it } from 'vitest';
import { zeroExError } from '../../../src/providers/zeroex/errors.js';
import { zeroExOrderStatus } from '../../../src/providers/zeroex/status.js';

describe('0x error table', () => {
  it.each([
    [
      400,
      { name: 'INPUT_INVALID', message: 'The input is invalid', data: { details: [{ field: 'sellAmount', reason: 'bad' }] } },
      'INVALID_PARAMS',
      '0x: INPUT_INVALID - The input is invalid - sellAmount: bad',
    ],
    [400, { name: 'RECIPIENT_NOT_SUPPORTED', message: 'x' }, 'INVALID_PARAMS', '0x: RECIPIENT_NOT_SUPPORTED - x'],
    [400, { name: 'TOKEN_NOT_SUPPORTED', message: 'Token is not supported' }, 'UNSUPPORTED_TOKEN', '0x: TOKEN_NOT_SUPPORTED - Token is not supported'],
    [422, { name: 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE', message: 'x' }, 'UNSUPPORTED_TOKEN', '0x: BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE - x'],
    [422, { name: 'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE', message: 'x' }, 'UNSUPPORTED_TOKEN', '0x: SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE - x'],
    [403, { name: 'XSTOCKS_NOT_AUTHORIZED', message: 'x' }, 'UNSUPPORTED_TOKEN', '0x: XSTOCKS_NOT_AUTHORIZED - x'],
    [400, { name: 'SWAP_VALIDATION_FAILED', message: 'x' }, 'NO_ROUTE', '0x: SWAP_VALIDATION_FAILED - x'],
    [403, { name: 'TAKER_NOT_AUTHORIZED_FOR_TRADE', message: 'x' }, 'NO_ROUTE', '0x: TAKER_NOT_AUTHORIZED_FOR_TRADE - x'],
    [403, { name: 'RECIPIENT_NOT_AUTHORIZED_FOR_TRADE', message: 'x' }, 'NO_ROUTE', '0x: RECIPIENT_NOT_AUTHORIZED_FOR_TRADE - x'],
    [400, { name: 'USER_NOT_AUTHORIZED', message: 'x' }, 'PROVIDER_ERROR', '0x: USER_NOT_AUTHORIZED - x'],
    [401, { message: 'No API key provided', request_id: 'ab' }, 'PROVIDER_ERROR', '0x rejected the API key: No API key provided'],
    [401, { name: 'INPUT_INVALID', message: 'x' }, 'PROVIDER_ERROR', '0x rejected the API key: INPUT_INVALID - x'],
    [401, undefined, 'PROVIDER_ERROR', '0x rejected the API key: HTTP 401'],
    [404, 'not json at all', 'PROVIDER_ERROR', '0x: HTTP 404'],
    [400, undefined, 'PROVIDER_ERROR', '0x: HTTP 400'],
  ])('quote: HTTP %i %j → %s', (status, body, code, message) => {
    const e = zeroExError(status, body);
    expect(e.code).toBe(code);
    expect(e.message).toBe(message);
  });

  it.each([
    ['SWAP_VALIDATION_FAILED', 'QUOTE_NOT_FOUND'],
    ['TAKER_NOT_AUTHORIZED_FOR_TRADE', 'QUOTE_NOT_FOUND'],
    ['RECIPIENT_NOT_AUTHORIZED_FOR_TRADE', 'QUOTE_NOT_FOUND'],
    ['INPUT_INVALID', 'INVALID_PARAMS'],
    ['TOKEN_NOT_SUPPORTED', 'UNSUPPORTED_TOKEN'],
    ['INTERNAL_SERVER_ERROR', 'PROVIDER_ERROR'],
  ])('build: %s → %s (a trade 0x now refuses means the quote can no longer be built)', (name, code) => {
    expect(zeroExError(400, { name, message: 'x' }, 'build').code).toBe(code);
  });

  it('build: a key problem stays a key problem', () => expect(zeroExError(401, { message: 'No API key provided' }, 'build').code).toBe('PROVIDER_ERROR'));
});

describe('0x state', () => {
  it('tracks no order off-chain: status is unknown', () => expect(zeroExOrderStatus()).toEqual({ state: 'unknown' }));
});
