import type { Address, Hex } from 'viem';

/**
 * Multicall3 `aggregate3((address,bool,bytes)[])` calldata and its `(bool,bytes)[]` answer, for the one shape the
 * balances read sends: a few hundred calls whose answers are one uint256 each. viem's generic ABI coder took about
 * 1.6 ms to encode and as long to decode one such call of 201 sub-calls on this machine, and the balances read
 * encodes one per chain in the same tick (25 chains: ~40 ms before the first request leaves). These do the same
 * in string slicing; test/assets/aggregate3.test.ts checks both against viem's coder, malformed answers included.
 */

/** `aggregate3((address,bool,bytes)[])`'s selector. */
const AGGREGATE3_SELECTOR = '0x82ad56cb';

export interface Call3 {
  target: Address;
  allowFailure: boolean;
  callData: Hex;
}

const word = (n: number | bigint) => n.toString(16).padStart(64, '0');

/** The calldata of `aggregate3(calls)`, byte for byte what viem's `encodeFunctionData` makes. */
export function encodeAggregate3(calls: readonly Call3[]): Hex {
  const tails: string[] = [];
  const offsets: string[] = [];
  let at = 32 * calls.length;
  for (const c of calls) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(c.target)) throw new Error(`aggregate3: bad target ${c.target}`);
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(c.callData)) throw new Error('aggregate3: callData is not whole bytes of hex');
    const data = c.callData.slice(2).toLowerCase();
    const len = data.length / 2;
    const padded = data.padEnd(Math.ceil(len / 32) * 64, '0');
    // (address target, bool allowFailure, bytes callData): the bytes sit after the three head words (offset 0x60).
    const tail = '0'.repeat(24) + c.target.slice(2).toLowerCase() + word(c.allowFailure ? 1 : 0) + word(0x60) + word(len) + padded;
    offsets.push(word(at));
    tails.push(tail);
    at += tail.length / 2;
  }
  return `${AGGREGATE3_SELECTOR}${word(0x20)}${word(calls.length)}${offsets.join('')}${tails.join('')}` as Hex;
}

/**
 * The first 32-byte word of each `(bool success, bytes returnData)` of an aggregate3 answer, as a uint256; undefined
 * where the call failed or answered fewer than 32 bytes (as decoding it as a uint256 would fail). Returns null when
 * `data` is not a well-formed answer of `expected` results (no contract at the address answers `0x`): every offset
 * and length is checked against the data's bounds.
 */
export function decodeAggregate3Words(data: Hex, expected: number): (bigint | undefined)[] | null {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) return null;
  const hex = data.slice(2);
  const bytes = hex.length / 2;
  const readWord = (at: number): bigint | null => (at >= 0 && at + 32 <= bytes ? BigInt(`0x${hex.slice(at * 2, at * 2 + 64)}`) : null);
  const small = (at: number): number | null => {
    const v = readWord(at);
    return v === null || v > BigInt(bytes) ? null : Number(v);
  };
  const array = small(0);
  if (array === null) return null;
  const n = small(array);
  if (n === null || n !== expected) return null;
  const base = array + 32;
  const out: (bigint | undefined)[] = [];
  for (let i = 0; i < n; i++) {
    const off = small(base + 32 * i);
    if (off === null) return null;
    const tuple = base + off;
    const success = readWord(tuple);
    const rel = small(tuple + 32);
    if (success === null || success > 1n || rel === null) return null;
    const len = small(tuple + rel);
    if (len === null || tuple + rel + 32 + len > bytes) return null;
    out.push(success === 1n && len >= 32 ? (readWord(tuple + rel + 32) ?? undefined) : undefined);
  }
  return out;
}
