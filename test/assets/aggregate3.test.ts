import { describe, expect, it } from 'vitest';
import { type Address, decodeFunctionResult, getAddress, encodeFunctionData, encodeFunctionResult, erc20Abi, type Hex, multicall3Abi } from 'viem';
import { decodeAggregate3Words, encodeAggregate3 } from '../../src/assets/aggregate3.js';
import { rng } from '../../bench/bench-util.js';

const random = rng(27);
const hexBytes = (n: number) =>
  `0x${Array.from({ length: n }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('')}` as Hex;
const address = () => hexBytes(20) as Address;
const aggregate3 = (calls: { target: Address; allowFailure: boolean; callData: Hex }[]) =>
  encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] });
const answer = (results: { success: boolean; returnData: Hex }[]) => encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results });
/** What the balances read took from viem's decoding of one sub-call's answer: a uint256, or undefined. */
function viemWord(r: { success: boolean; returnData: Hex }): bigint | undefined {
  if (!r.success || r.returnData === '0x') return undefined;
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: r.returnData });
  } catch {
    return undefined;
  }
}

describe('aggregate3 calldata', () => {
  it.each([0, 1, 2, 31, 32, 33, 36, 64, 100])('is what viem encodes, with sub-calls of %i bytes', (len) => {
    const calls = Array.from({ length: 7 }, (_, i) => ({ target: address(), allowFailure: i % 2 === 0, callData: hexBytes(len) }));
    expect(encodeAggregate3(calls)).toBe(aggregate3(calls));
  });

  it('is what viem encodes for the balances read (getEthBalance and 200 balanceOf), checksummed addresses, and an empty list', () => {
    const owner = address();
    const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    const calls = [
      {
        target: '0xcA11bde05977b3631167028862bE2a173976CA11' as Address,
        allowFailure: true,
        callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] }),
      },
      ...Array.from({ length: 200 }, () => ({ target: getAddress(address()), allowFailure: true, callData: balanceOf })),
    ];
    expect(encodeAggregate3(calls)).toBe(aggregate3(calls));
    expect(encodeAggregate3([])).toBe(aggregate3([]));
  });

  it('refuses a target or callData that is not hex of the right size', () => {
    expect(() => encodeAggregate3([{ target: '0x1234' as Address, allowFailure: true, callData: '0x' }])).toThrow(/bad target/);
    expect(() => encodeAggregate3([{ target: address(), allowFailure: true, callData: '0x123' as Hex }])).toThrow(/whole bytes/);
  });
});

describe('aggregate3 answers', () => {
  it('decode to the uint256 viem decodes from each sub-call, undefined for failures and short answers', () => {
    const results = Array.from({ length: 60 }, (_, i) => ({
      success: i % 5 !== 0,
      returnData: [hexBytes(32), '0x' as Hex, hexBytes(31), hexBytes(64), hexBytes(33), hexBytes(32)][i % 6]!,
    }));
    expect(decodeAggregate3Words(answer(results), results.length)).toEqual(results.map(viemWord));
  });

  it('of zero sub-calls decode to an empty list', () => {
    expect(decodeAggregate3Words(answer([]), 0)).toEqual([]);
  });

  it('that are malformed are null, never a partial list: truncated, another count, offsets or lengths past the end, a bool that is not 0 or 1', () => {
    const good = answer([
      { success: true, returnData: hexBytes(32) },
      { success: false, returnData: '0x' },
    ]);
    expect(decodeAggregate3Words(good, 2)).not.toBeNull();
    expect(decodeAggregate3Words('0x', 2)).toBeNull();
    expect(decodeAggregate3Words('0x123' as Hex, 2)).toBeNull();
    expect(decodeAggregate3Words(good, 3)).toBeNull();
    for (let cut = 2; cut < good.length; cut += 62) expect(decodeAggregate3Words(good.slice(0, cut) as Hex, 2)).toBeNull();
    const word = (hex: string, i: number, v: string) => `${hex.slice(0, 2 + i * 64)}${v.padStart(64, '0')}${hex.slice(2 + (i + 1) * 64)}` as Hex;
    expect(decodeAggregate3Words(word(good, 0, 'ffff'), 2)).toBeNull(); // the array's offset
    expect(decodeAggregate3Words(word(good, 2, 'ffffffffffffffffffff'), 2)).toBeNull(); // the first tuple's offset
    expect(decodeAggregate3Words(word(good, 4, '2'), 2)).toBeNull(); // success = 2
    expect(decodeAggregate3Words(word(good, 6, 'ff'), 2)).toBeNull(); // returnData's length past the end
  });
});
