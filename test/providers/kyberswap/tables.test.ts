import { describe, expect, it } from 'vitest';
import { kyberError } from '../../../src/providers/kyberswap/errors.js';
import { kyberOrderStatus } from '../../../src/providers/kyberswap/status.js';

describe('KyberSwap error table', () => {
  it.each([
    [400, { code: 4000, message: 'bad request' }, 'quote', 'INVALID_PARAMS'],
    [400, { code: 4001, message: 'unable to bind query parameters' }, 'quote', 'PROVIDER_ERROR'],
    [400, { code: 4002, message: 'unable to bind request body' }, 'quote', 'PROVIDER_ERROR'],
    [400, { code: 4004, message: 'invalid value' }, 'quote', 'PROVIDER_ERROR'],
    [400, { code: 4005, message: 'feeAmount is greater than amountIn' }, 'quote', 'AMOUNT_TOO_SMALL'],
    [400, { code: 4007, message: 'feeAmount is greater than amountOut' }, 'quote', 'AMOUNT_TOO_SMALL'],
    [400, { code: 4008, message: 'route not found' }, 'quote', 'NO_ROUTE'],
    [400, { code: 4009, message: 'amountIn is greater than max allowed' }, 'quote', 'AMOUNT_TOO_LARGE'],
    [400, { code: 4010, message: 'route not found' }, 'quote', 'NO_ROUTE'],
    [400, { code: 4011, message: 'token not found' }, 'quote', 'UNSUPPORTED_TOKEN'],
    [422, { code: 4221, message: 'weth not found' }, 'quote', 'NO_ROUTE'],
    [400, { code: 4222, message: 'quoted amount is smaller than estimated' }, 'quote', 'NO_ROUTE'],
    [400, { code: 40011, message: 'filtered liquidity sources' }, 'quote', 'NO_ROUTE'],
    [200, { code: 4008, message: 'route not found' }, 'quote', 'NO_ROUTE'],
    [404, { message: '', path: '/x/api/v1/routes', status: 404 }, 'quote', 'NO_ROUTE'],
    [404, { code: 4001, message: 'unable to bind query parameters' }, 'quote', 'PROVIDER_ERROR'],
    [400, 'garbage', 'quote', 'PROVIDER_ERROR'],
    [400, { code: '4008' }, 'quote', 'PROVIDER_ERROR'],
    [400, { code: 4000, message: 'bad request' }, 'build', 'QUOTE_NOT_FOUND'],
    [400, { code: 4002, message: 'unable to bind request body' }, 'build', 'QUOTE_NOT_FOUND'],
    [400, { code: 4008, message: 'route not found' }, 'build', 'QUOTE_NOT_FOUND'],
    [400, { code: 4010, message: 'route not found' }, 'build', 'QUOTE_NOT_FOUND'],
    [400, { code: 4222, message: 'quoted amount is smaller than estimated' }, 'build', 'QUOTE_NOT_FOUND'],
    [400, { code: 40011, message: 'filtered liquidity sources' }, 'build', 'QUOTE_NOT_FOUND'],
    [400, { code: 4005, message: 'feeAmount is greater than amountIn' }, 'build', 'AMOUNT_TOO_SMALL'],
    [422, { code: 4221, message: 'weth not found' }, 'build', 'NO_ROUTE'],
    [400, { code: 4227, message: 'estimate gas failed' }, 'build', 'PROVIDER_ERROR'],
    [404, { message: '' }, 'build', 'QUOTE_NOT_FOUND'],
  ] as const)('HTTP %i %j (%s) → %s', (status, body, phase, code) => {
    expect(kyberError(status, body, phase).code).toBe(code);
  });

  it.each([
    [
      400,
      { code: 4000, message: 'bad request', details: [{ fieldViolations: [{ field: 'tokenIn', description: 'invalid' }] }] },
      'quote',
      'kyberswap: 4000 - bad request - tokenIn: invalid',
    ],
    [400, { code: 4008, message: 'route not found' }, 'build', 'kyberswap: 4008 - route not found; request a new quote'],
    [404, { message: '' }, 'quote', 'kyberswap does not serve this chain: HTTP 404'],
    [400, 'garbage', 'quote', 'kyberswap: HTTP 400'],
  ] as const)('HTTP %i %j (%s) says “%s”', (status, body, phase, message) => {
    expect(kyberError(status, body, phase).message).toBe(message);
  });
});

describe('KyberSwap state', () => {
  it('tracks no order off-chain: status is unknown', () => expect(kyberOrderStatus()).toEqual({ state: 'unknown' }));
});
