import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amountString, parseInput } from '../src/validation.js';
import { ApiError } from '../src/errors.js';

describe('parseInput / amountString', () => {
  const schema = z.object({ amount: amountString });
  it.each(['1', '1000000', '340282366920938463463374607431768211456'])('accepts %s', (a) => {
    expect(parseInput(schema, { amount: a }).amount).toBe(a);
  });
  it.each([
    ['0', /greater than 0/],
    ['1.5', /integer string/],
    ['-1', /integer string/],
    ['1e6', /integer string/],
    ['', /integer string/],
    [' 1', /integer string/],
  ])('rejects %j as INVALID_PARAMS naming the field', (a, msg) => {
    try {
      parseInput(schema, { amount: a });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).code).toBe('INVALID_PARAMS');
      expect((e as ApiError).message).toMatch(/^amount: /);
      expect((e as ApiError).message).toMatch(msg);
    }
  });
  it('a missing field is "is required"', () => {
    expect(() => parseInput(schema, {})).toThrow(/amount: is required/);
  });
});
