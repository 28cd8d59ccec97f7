import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/validation.js';
import { quoteParamsSchema } from '../../src/quotes/input.js';
import { assertAddressFor, assertTxHashFor, isAddressFor } from '../../src/quotes/addresses.js';

const base = { srcChain: '8453', srcToken: 'USDC', amount: '1000000', dstChain: 'base', dstToken: 'DAI', sender: '0x1', recipient: '0x2' };
const fails = (over: Record<string, unknown>, field: string, code = 'INVALID_PARAMS') =>
  expect(() => parseInput(quoteParamsSchema, { ...base, ...over })).toThrowError(expect.objectContaining({ code, details: { field } }));

describe('quote parameters', () => {
  it('accepts query strings and applies defaults', () => {
    const p = parseInput(quoteParamsSchema, { ...base, slippageBps: '100', gasOnArrival: 'true', gasOnArrivalUsd: '2.5', integratorFeeBps: '10' });
    expect(p).toMatchObject({ slippageBps: 100, gasOnArrival: true, gasOnArrivalUsd: 2.5, integratorFeeBps: 10 });
    expect(parseInput(quoteParamsSchema, base).slippageBps).toBe(50);
  });

  it.each([
    [{ amount: '0' }, 'amount'],
    [{ amount: '1.5' }, 'amount'],
    [{ amount: '-1' }, 'amount'],
    [{ amount: '1e6' }, 'amount'],
    [{ amount: undefined }, 'amount'],
    [{ slippageBps: '0' }, 'slippageBps'],
    [{ slippageBps: '5001' }, 'slippageBps'],
    [{ slippageBps: '1.5' }, 'slippageBps'],
    [{ gasOnArrivalUsd: '0.4' }, 'gasOnArrivalUsd'],
    [{ gasOnArrivalUsd: '20.01' }, 'gasOnArrivalUsd'],
    [{ gasOnArrival: 'maybe' }, 'gasOnArrival'],
    [{ integratorFeeBps: '-1' }, 'integratorFeeBps'],
    [{ channel: 'tv' }, 'channel'],
    [{ sender: '' }, 'sender'],
    [{ recipient: undefined }, 'recipient'],
    [{ srcToken: undefined }, 'srcToken'],
    [{ dstAmount: '5' }, 'dstAmount'],
  ])('%j → INVALID_PARAMS on %s', (over, field) => fails(over, field));

  it('malformed integrator ids are ignored, never an error', () => {
    expect(parseInput(quoteParamsSchema, { ...base, integrator: 'Bad Id!' }).integrator).toBeUndefined();
    expect(parseInput(quoteParamsSchema, { ...base, integrator: 'x'.repeat(33) }).integrator).toBeUndefined();
    expect(parseInput(quoteParamsSchema, { ...base, integrator: 'good-id-1' }).integrator).toBe('good-id-1');
  });

  it('exact output: dstAmount instead of amount', () => {
    const p = parseInput(quoteParamsSchema, { ...base, amount: undefined, dstAmount: '5000000' });
    expect(p.dstAmount).toBe('5000000');
  });
});

describe('addresses by VM', () => {
  it('EVM: 20-byte hex, lower-cased', () => {
    expect(assertAddressFor('evm', '0xAbCdEf0123456789abcdef0123456789ABCDEF01', 'sender')).toBe('0xabcdef0123456789abcdef0123456789abcdef01');
    expect(isAddressFor('evm', 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE')).toBe(false);
    expect(() => assertAddressFor('evm', '0x123', 'recipient')).toThrowError(
      expect.objectContaining({ code: 'INVALID_PARAMS', details: { field: 'recipient' } }),
    );
  });
  it('Solana: base58 of 32 bytes', () => {
    expect(isAddressFor('svm', 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE')).toBe(true);
    expect(isAddressFor('svm', '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516')).toBe(false);
    expect(isAddressFor('svm', '1111111111111111111111111111111O')).toBe(false); // 'O' is not base58
  });
  it('transaction hashes', () => {
    expect(assertTxHashFor('evm', `0x${'AB'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    expect(() => assertTxHashFor('evm', '0x1234')).toThrowError(expect.objectContaining({ code: 'INVALID_PARAMS' }));
    expect(() => assertTxHashFor('svm', `0x${'ab'.repeat(32)}`)).toThrowError(expect.objectContaining({ code: 'INVALID_PARAMS' }));
  });
});
