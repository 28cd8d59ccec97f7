import { describe, expect, it } from 'vitest';
import { lifiError } from '../../../src/providers/lifi/errors.js';
import { lifiState } from '../../../src/providers/lifi/status.js';

describe('LI.FI error table', () => {
  const nested = (code: string, numeric: number | undefined = 1002) => ({
    message: 'no quote',
    code: numeric,
    errors: { filteredOut: [], failed: [{ subpaths: { p: [{ code }] } }] },
  });
  const flat = (...codes: string[]) => ({ message: 'no quote', errors: codes.map((code) => ({ errorType: 'NO_QUOTE', code })) });
  it.each([
    [404, nested('NO_POSSIBLE_ROUTE'), 'NO_ROUTE'],
    [404, nested('AMOUNT_TOO_LOW'), 'AMOUNT_TOO_SMALL'],
    [404, nested('AMOUNT_TOO_HIGH'), 'AMOUNT_TOO_LARGE'],
    [404, flat('AMOUNT_TOO_LOW', 'INSUFFICIENT_LIQUIDITY'), 'NO_ROUTE'],
    [404, flat('AMOUNT_TOO_LOW'), 'AMOUNT_TOO_SMALL'],
    [404, flat('AMOUNT_TOO_HIGH', 'AMOUNT_TOO_HIGH'), 'AMOUNT_TOO_LARGE'],
    [404, flat(), 'NO_ROUTE'],
    [404, undefined, 'NO_ROUTE'],
    [404, 'not json', 'NO_ROUTE'],
    // The numeric code decides when the status does not.
    [400, nested('AMOUNT_TOO_LOW', 1002), 'AMOUNT_TOO_SMALL'],
    [400, nested('AMOUNT_TOO_HIGH', 1003), 'AMOUNT_TOO_LARGE'],
    [400, { message: 'no quote', code: 1003 }, 'NO_ROUTE'],
    [400, { message: 'slippage', code: 1007 }, 'NO_ROUTE'],
    [409, { message: 'slippage', code: 1007 }, 'NO_ROUTE'],
    [409, { message: 'slippage' }, 'NO_ROUTE'],
    [409, { message: 'bad', code: 1011 }, 'NO_ROUTE'],
    [400, { message: 'bad', code: 1011 }, 'INVALID_PARAMS'],
    [400, { message: 'bad' }, 'INVALID_PARAMS'],
    [422, { message: 'bad', code: 1011 }, 'INVALID_PARAMS'],
    [401, { message: 'Invalid API key', code: 1010 }, 'PROVIDER_ERROR'],
    [403, { message: 'forbidden' }, 'PROVIDER_ERROR'],
    [424, { message: 'third party', code: 1008 }, 'PROVIDER_ERROR'],
    [422, { message: 'not processable', code: 1004 }, 'PROVIDER_ERROR'],
  ] as const)('HTTP %i %j → %s', (status, body, code) => expect(lifiError(status, body).code).toBe(code));

  it('says LI.FI’s message, or the status when there is none', () => {
    expect(lifiError(404, { message: 'Unable to find a quote' }).message).toBe('lifi: Unable to find a quote');
    expect(lifiError(404, undefined).message).toBe('lifi: HTTP 404');
  });
});

describe('LI.FI state table', () => {
  it.each([
    ['DONE', 'COMPLETED', 'filled'],
    ['DONE', 'PARTIAL', 'filled'],
    ['DONE', 'REFUNDED', 'refunded'],
    ['DONE', undefined, 'filled'],
    ['FAILED', 'SLIPPAGE_EXCEEDED', 'failed'],
    ['FAILED', undefined, 'failed'],
    ['PENDING', 'WAIT_DESTINATION_TRANSACTION', 'pending'],
    ['PENDING', 'REFUND_IN_PROGRESS', 'pending'],
    ['PENDING', 'REFUNDED', 'pending'],
    ['NOT_FOUND', undefined, null],
    ['INVALID', undefined, null],
    ['SOMETHING_NEW', undefined, 'unknown'],
    ['SOMETHING_NEW', 'REFUNDED', 'unknown'],
  ] as const)('%s/%s → %s', (status, sub, state) => expect(lifiState(status, sub)).toBe(state));
});
