import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseUnitAmount, baseUnitAmountOrZero, isoDateTime, parseIsoDateTime, parseInput, sharedKindOf } from '../src/validation.js';
import { ApiError } from '../src/errors.js';

const MAX = ((1n << 256n) - 1n).toString();

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('parseInput / baseUnitAmount (the one amount rule)', () => {
  const schema = z.object({ amount: baseUnitAmount });
  it.each(['1', '1000000', '340282366920938463463374607431768211456', MAX])('accepts %s unchanged', (a) => {
    expect(parseInput(schema, { amount: a }).amount).toBe(a);
  });
  it.each([
    ['0', /greater than 0/],
    ['1.5', /integer string/],
    ['-1', /integer string/],
    ['1e6', /integer string/],
    ['', /integer string/],
    [' 1', /integer string/],
    ['0x10', /integer string/],
    ['0001000000', /must have no leading zeros \(send "1000000"\)/],
    ['00', /must have no leading zeros/],
    [`${'0'.repeat(100)}1`, /must have no leading zeros \(send "1"\)$/],
    [`0${'1'.repeat(50)}`, /must have no leading zeros$/],
  ])('rejects %j as INVALID_PARAMS naming the field', (a, msg) => {
    const e = errorOf(() => parseInput(schema, { amount: a }));
    expect(e.code).toBe('INVALID_PARAMS');
    expect(e.message).toMatch(/^amount: /);
    expect(e.message).toMatch(msg);
    expect(e.details).toEqual({ field: 'amount' });
  });
  it.each([(1n << 256n).toString(), '9'.repeat(79), '9'.repeat(10_000)])('above 2^256-1 is AMOUNT_TOO_LARGE naming the field (%#)', (a) => {
    const e = errorOf(() => parseInput(z.object({ lineItems: z.array(z.object({ unitAmount: baseUnitAmountOrZero })) }), { lineItems: [{ unitAmount: a }] }));
    expect([e.code, e.status, e.details]).toEqual(['AMOUNT_TOO_LARGE', 400, { field: 'lineItems.0.unitAmount' }]);
    expect(e.message).toBe('lineItems.0.unitAmount: exceeds the largest token amount (2^256-1)');
  });
  it('the 0-allowed variant takes "0" and nothing else the positive one refuses', () => {
    expect(baseUnitAmountOrZero.parse('0')).toBe('0');
    expect(baseUnitAmountOrZero.safeParse('00').success).toBe(false);
    expect(baseUnitAmountOrZero.safeParse('-0').success).toBe(false);
  });
  it('a missing field is "is required"', () => {
    expect(() => parseInput(schema, {})).toThrow(/amount: is required/);
  });
  it('sharedKindOf recognises the shared schemas through meta, optional, nullable and default, and nothing else', () => {
    expect(sharedKindOf(baseUnitAmount.meta({ description: 'x' }).optional().nullable())).toBe('amount');
    expect(sharedKindOf(baseUnitAmountOrZero.default('0'))).toBe('amountOrZero');
    expect(sharedKindOf(isoDateTime.meta({ description: 'when' }).optional())).toBe('dateTime');
    expect(sharedKindOf(z.string().regex(/^[0-9]+$/))).toBeNull();
    expect(sharedKindOf(z.iso.datetime())).toBeNull();
  });
});

describe('parseIsoDateTime / isoDateTime (the one date-time rule)', () => {
  it.each([
    ['2027-02-28T00:00:00Z', '2027-02-28T00:00:00.000Z'],
    ['2028-02-29T23:59:59Z', '2028-02-29T23:59:59.000Z'],
    ['2000-02-29T12:00Z', '2000-02-29T12:00:00.000Z'],
    ['2026-12-31T23:59:59.999999999+02:00', '2026-12-31T21:59:59.999Z'],
    ['2026-01-01T00:30:00-05:30', '2026-01-01T06:00:00.000Z'],
  ])('reads %s', (s, iso) => {
    expect(parseIsoDateTime(s)?.toISOString()).toBe(iso);
    expect(isoDateTime.parse(s).toISOString()).toBe(iso);
  });
  it.each([
    '2027-02-30T00:00:00Z', // Feb 30
    '2026-04-31T00:00:00Z', // Apr 31
    '2027-02-29T00:00:00Z', // not a leap year
    '1900-02-29T00:00:00Z', // not a leap year either (century)
    '2026-01-01T24:00:00Z', // hour 24
    '2026-01-01T12:60:00Z', // minute 60
    '2026-01-01T12:00:60Z', // second 60
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00', // no zone
    '2026-01-01', // a date is no timestamp
    '2026-01-01 00:00:00Z',
    'now',
  ])('refuses %s instead of rolling it over', (s) => {
    expect(parseIsoDateTime(s)).toBeNull();
    const e = errorOf(() => parseInput(z.object({ at: isoDateTime }), { at: s }));
    expect([e.code, e.details]).toEqual(['INVALID_PARAMS', { field: 'at' }]);
  });
  it('refuses instants outside 1970-9999 UTC that a zone carries out of the four-digit years', () => {
    expect(isoDateTime.safeParse('9999-12-31T23:59:00-14:00').success).toBe(false);
    expect(isoDateTime.safeParse('1969-12-31T23:59:59Z').success).toBe(false);
    expect(isoDateTime.safeParse('x'.repeat(41)).success).toBe(false);
  });
});
