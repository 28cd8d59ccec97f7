import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { errorFormat, lenient, type ProviderErrorTable, toApiError } from '../../src/providers/error-table.js';
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
  ] as const)('%j → %s', ({ status, ...body }, code) => expect(toApiError(FORMAT, table, status, body).code).toBe(code));
});

/** A provider whose error body is `{ code?, message?, subcodes? }`, read as it is. */
const FORMAT = errorFormat({
  provider: 'relay',
  body: z.object({ code: lenient(z.union([z.string(), z.number()])), message: lenient(z.string()), subcodes: lenient(z.array(z.string())) }),
  read: (b) => ({ ...b, text: b.message, ...(b.code !== undefined ? { details: { providerCode: b.code } } : {}) }),
});

describe('toApiError', () => {
  const table: ProviderErrorTable = [
    { status: [401], to: 'PROVIDER_ERROR', note: 'rejected the API key' },
    { code: ['GONE'], to: 'QUOTE_NOT_FOUND' },
    { code: [null], status: [400], to: 'INVALID_PARAMS' },
  ];

  it("says the provider's words after its id, with the details the body gives", () => {
    const e = toApiError(FORMAT, table, 422, { code: 'X', message: 'nope' });
    expect([e.code, e.message, e.details]).toEqual(['PROVIDER_ERROR', 'relay: nope', { providerCode: 'X' }]);
  });

  it("puts a row's note before the provider's words, and the status when there are none", () => {
    expect(toApiError(FORMAT, table, 401, { message: 'bad key' }).message).toBe('relay rejected the API key: bad key');
    expect(toApiError(FORMAT, table, 401, {}).message).toBe('relay rejected the API key: HTTP 401');
  });

  it('asks for a new quote when the quote can no longer be built', () => {
    const e = toApiError(FORMAT, table, 409, { code: 'GONE', message: 'route expired' });
    expect([e.code, e.message]).toEqual(['QUOTE_NOT_FOUND', 'relay: route expired; request a new quote']);
  });

  it.each([
    ['not JSON', 'garbage'],
    ['no body', undefined],
    ['an array', [1, 2]],
  ])('reads a body of another shape (%s) as carrying nothing but its status', (_what, body) => {
    const e = toApiError(FORMAT, table, 400, body);
    expect([e.code, e.message, e.details]).toEqual(['INVALID_PARAMS', 'relay: HTTP 400', undefined]);
  });

  it('reads a field of another type as absent and keeps the rest', () => {
    const e = toApiError(FORMAT, table, 400, { code: { nested: true }, message: 'amount: bad' });
    expect([e.code, e.message]).toEqual(['INVALID_PARAMS', 'relay: amount: bad']);
  });
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
