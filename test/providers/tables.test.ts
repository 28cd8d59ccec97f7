import { describe, expect, it } from 'vitest';
import { errorCodeFor, matchErrorRow, type ProviderErrorTable } from '../../src/providers/error-table.js';
import { orderStateFrom } from '../../src/providers/state-table.js';

describe('provider error tables', () => {
  const table: ProviderErrorTable = [
    { status: [401, 403], to: 'PROVIDER_ERROR', note: 'key' },
    { status: [404], code: [null], to: 'NO_ROUTE' },
    { code: ['TOO_LOW', 4005], to: 'AMOUNT_TOO_SMALL' },
    { status: [404], subcodes: ['AMOUNT_TOO_HIGH'], to: 'AMOUNT_TOO_LARGE' },
    { status: [400], message: /mint/i, to: 'UNSUPPORTED_TOKEN' },
    { status: [400], to: 'INVALID_PARAMS' },
  ];
  it.each([
    [{ status: 401, code: 'TOO_LOW' }, 'PROVIDER_ERROR'], // first matching row wins
    [{ status: 404 }, 'NO_ROUTE'], // `null` matches a body without a code
    [{ status: 404, code: 4001 }, 'PROVIDER_ERROR'], // …and only such a body
    [{ status: 422, code: 4005 }, 'AMOUNT_TOO_SMALL'], // string and numeric codes alike
    [{ status: 404, code: 1, subcodes: ['AMOUNT_TOO_HIGH', 'AMOUNT_TOO_HIGH'] }, 'AMOUNT_TOO_LARGE'],
    [{ status: 404, code: 1, subcodes: ['AMOUNT_TOO_HIGH', 'OTHER'] }, 'PROVIDER_ERROR'], // every sub-code must be listed
    [{ status: 404, code: 1, subcodes: [] }, 'PROVIDER_ERROR'], // and there must be some
    [{ status: 400, message: 'Invalid Mint' }, 'UNSUPPORTED_TOKEN'],
    [{ status: 400, message: 'Invalid amount' }, 'INVALID_PARAMS'],
    [{ status: 400 }, 'INVALID_PARAMS'], // no message: a message row does not match
    [{ status: 409, code: 'X' }, 'PROVIDER_ERROR'], // no row: the caller cannot fix what we do not understand
  ] as const)('%j → %s', (failure, code) => expect(errorCodeFor(table, failure)).toBe(code));

  it('hands back the matching row (with its note)', () => expect(matchErrorRow(table, { status: 403 })?.note).toBe('key'));
});

describe('provider state tables', () => {
  const table = { PENDING: 'pending', DONE: 'filled', 'DONE/REFUNDED': 'refunded' } as const;
  it.each([
    ['PENDING', undefined, 'pending'],
    ['PENDING', 'REFUNDED', 'pending'],
    ['DONE', undefined, 'filled'],
    ['DONE', 'COMPLETED', 'filled'],
    ['DONE', 'REFUNDED', 'refunded'],
    ['NEW', undefined, 'unknown'],
    ['constructor', undefined, 'unknown'],
    ['DONE/REFUNDED', undefined, 'refunded'],
  ] as const)('%s/%s → %s', (state, sub, expected) => expect(orderStateFrom(table, state, sub)).toBe(expected));
});
