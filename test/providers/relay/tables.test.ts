import { describe, expect, it } from 'vitest';
import { relayError } from '../../../src/providers/relay/errors.js';
import { relayOrderStatus, relayState } from '../../../src/providers/relay/status.js';

describe('Relay error table', () => {
  it.each([
    ['AMOUNT_TOO_LOW', 'AMOUNT_TOO_SMALL'],
    ['NO_QUOTES', 'NO_ROUTE'],
    ['NO_SWAP_ROUTES_FOUND', 'NO_ROUTE'],
    ['NO_INTERNAL_SWAP_ROUTES_FOUND', 'NO_ROUTE'],
    ['INSUFFICIENT_LIQUIDITY', 'NO_ROUTE'],
    ['UNSUPPORTED_ROUTE', 'NO_ROUTE'],
    ['UNSUPPORTED_CHAIN', 'NO_ROUTE'],
    ['UNSUPPORTED_CURRENCY', 'NO_ROUTE'],
    ['UNSUPPORTED_EXECUTION_TYPE', 'NO_ROUTE'],
    ['CHAIN_DISABLED', 'NO_ROUTE'],
    ['ROUTE_TEMPORARILY_RESTRICTED', 'NO_ROUTE'],
    ['SWAP_IMPACT_TOO_HIGH', 'NO_ROUTE'],
    ['EXTRA_TXS_NOT_SUPPORTED', 'NO_ROUTE'],
    ['INVALID_INPUT_CURRENCY', 'UNSUPPORTED_TOKEN'],
    ['INVALID_OUTPUT_CURRENCY', 'UNSUPPORTED_TOKEN'],
    ['SANCTIONED_CURRENCY', 'UNSUPPORTED_TOKEN'],
    ['INVALID_ADDRESS', 'INVALID_PARAMS'],
    ['INVALID_RECIPIENT', 'INVALID_PARAMS'],
    ['INVALID_SLIPPAGE_TOLERANCE', 'INVALID_PARAMS'],
    ['USER_RECIPIENT_MISMATCH', 'INVALID_PARAMS'],
    ['SANCTIONED_WALLET_ADDRESS', 'INVALID_PARAMS'],
    ['INVALID_EXTRA_TXS', 'INVALID_PARAMS'],
    ['INSUFFICIENT_FUNDS', 'PROVIDER_ERROR'],
    ['SOLANA_TX_TOO_LARGE', 'PROVIDER_ERROR'],
    ['SOMETHING_NEW', 'PROVIDER_ERROR'],
  ])('HTTP 400 errorCode %s → %s, with the code as providerCode', (errorCode, code) => {
    const e = relayError(400, { message: 'x', errorCode });
    expect(e.code).toBe(code);
    expect(e.message).toBe(`relay: x (${errorCode})`);
    expect(e.details).toEqual({ providerCode: errorCode });
  });

  it.each([401, 403])('HTTP %i is a key problem whatever the code: PROVIDER_ERROR naming RELAY_API_KEY', (status) => {
    const e = relayError(status, { message: 'Unauthorized', errorCode: 'NO_QUOTES' });
    expect(e.code).toBe('PROVIDER_ERROR');
    expect(e.message).toBe('relay rejected the API key (check RELAY_API_KEY): Unauthorized (NO_QUOTES)');
    expect(e.details).toBeUndefined();
  });

  it.each([
    [400, undefined, 'relay: HTTP 400'],
    [404, 'not json', 'relay: HTTP 404'],
    [400, { message: 'no code' }, 'relay: no code'],
    [400, { message: 'empty code', errorCode: '' }, 'relay: empty code'],
  ])('HTTP %i %j without an errorCode → PROVIDER_ERROR (%s)', (status, body, message) => {
    const e = relayError(status, body);
    expect(e.code).toBe('PROVIDER_ERROR');
    expect(e.message).toBe(message);
    expect(e.details).toBeUndefined();
  });
});

describe('Relay state table', () => {
  it.each([
    ['waiting', 'pending'],
    ['depositing', 'pending'],
    ['pending', 'pending'],
    ['submitted', 'pending'],
    ['delayed', 'pending'],
    ['success', 'filled'],
    ['failure', 'failed'],
    ['refund', 'refunded'],
    ['refunded', 'refunded'],
    ['fallback', 'refunded'],
    ['received', 'unknown'],
    ['toString', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (s, state) => expect(relayState(s)).toBe(state));

  it('carries the first deposit and fill hashes when there are any', () => {
    expect(relayOrderStatus('success', '0xa', 'sig')).toEqual({ state: 'filled', srcTxHash: '0xa', dstTxHash: 'sig' });
    expect(relayOrderStatus('waiting')).toEqual({ state: 'pending' });
  });
});
