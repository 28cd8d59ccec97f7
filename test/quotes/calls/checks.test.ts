import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbi, toFunctionSelector, type Hex } from 'viem';
import { ApiError } from '../../../src/errors.js';
import { checkAgainstExecutor, checkAgainstOutput, checkSelectors, expandAction, normaliseCalls } from '../../../src/quotes/calls/checks.js';
import { callsBodySchema, MAX_CALL_DATA_BYTES, MAX_CALLS } from '../../../src/quotes/calls/input.js';
import { REFUSED_SELECTORS } from '../../../src/quotes/calls/selectors.js';

const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const VAULT = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const ZERO = '0x0000000000000000000000000000000000000000';
const ctx = { dstToken: USDC, dstAmount: 1_000_000n, recipient: RECIPIENT };

const approve = (spender: string, amount: bigint, token = USDC) => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] }),
  value: '0',
});
const call = (to: string, signature: string, args: readonly unknown[] = []) => {
  const abi = parseAbi([`function ${signature}`] as string[]);
  return { to, data: encodeFunctionData({ abi, args } as never), value: '0' };
};
const deposit = call(VAULT, 'deposit(uint256,address)', [1_000_000n, RECIPIENT]);

function rejection(fn: () => void): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

const A = '0x4444444444444444444444444444444444444444' as Hex;
const SIG = `0x${'11'.repeat(65)}`;
// Each refused entry point with realistic arguments, so the selector comes from real encoding.
const refused: [string, string, readonly unknown[]][] = [
  ['transferFrom ERC-20', 'transferFrom(address from, address to, uint256 amount)', [A, A, 1n]],
  ['safeTransferFrom ERC-721', 'safeTransferFrom(address from, address to, uint256 id)', [A, A, 1n]],
  ['safeTransferFrom ERC-721 with data', 'safeTransferFrom(address from, address to, uint256 id, bytes data)', [A, A, 1n, '0x01']],
  ['safeTransferFrom ERC-1155', 'safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)', [A, A, 1n, 2n, '0x']],
  ['safeBatchTransferFrom ERC-1155', 'safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)', [A, A, [1n], [2n], '0x']],
  [
    'permit EIP-2612',
    'permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    [A, A, 1n, 1n, 27, `0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`],
  ],
  [
    'permit DAI',
    'permit(address holder, address spender, uint256 nonce, uint256 expiry, bool allowed, uint8 v, bytes32 r, bytes32 s)',
    [A, A, 0n, 1n, true, 27, `0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`],
  ],
  [
    'Permit2 permit single',
    'permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
    [A, { details: { token: A, amount: 1n, expiration: 1, nonce: 0 }, spender: A, sigDeadline: 1n }, SIG],
  ],
  [
    'Permit2 permit batch',
    'permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce)[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature)',
    [A, { details: [{ token: A, amount: 1n, expiration: 1, nonce: 0 }], spender: A, sigDeadline: 1n }, SIG],
  ],
  ['Permit2 transferFrom', 'transferFrom(address from, address to, uint160 amount, address token)', [A, A, 1n, A]],
  [
    'Permit2 transferFrom batch',
    'transferFrom((address from, address to, uint160 amount, address token)[] transferDetails)',
    [[{ from: A, to: A, amount: 1n, token: A }]],
  ],
  [
    'Permit2 permitTransferFrom',
    'permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes signature)',
    [{ permitted: { token: A, amount: 1n }, nonce: 0n, deadline: 1n }, { to: A, requestedAmount: 1n }, A, SIG],
  ],
  [
    'Permit2 permitTransferFrom batch',
    'permitTransferFrom(((address token, uint256 amount)[] permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount)[] transferDetails, address owner, bytes signature)',
    [{ permitted: [{ token: A, amount: 1n }], nonce: 0n, deadline: 1n }, [{ to: A, requestedAmount: 1n }], A, SIG],
  ],
  [
    'Permit2 permitWitnessTransferFrom',
    'permitWitnessTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
    [{ permitted: { token: A, amount: 1n }, nonce: 0n, deadline: 1n }, { to: A, requestedAmount: 1n }, A, `0x${'00'.repeat(32)}`, 'W', SIG],
  ],
  [
    'Permit2 permitWitnessTransferFrom batch',
    'permitWitnessTransferFrom(((address token, uint256 amount)[] permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount)[] transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
    [{ permitted: [{ token: A, amount: 1n }], nonce: 0n, deadline: 1n }, [{ to: A, requestedAmount: 1n }], A, `0x${'00'.repeat(32)}`, 'W', SIG],
  ],
];

describe('checkSelectors', () => {
  it('knows the standard selectors of the refused entry points', () => {
    expect(REFUSED_SELECTORS.get('0x23b872dd')).toMatch(/transferFrom/);
    expect(REFUSED_SELECTORS.get('0xd505accf')).toMatch(/EIP-2612/);
    expect(REFUSED_SELECTORS.get('0x8fcbaf0c')).toMatch(/DAI/);
    expect(REFUSED_SELECTORS.get('0x2b67b570')).toMatch(/Permit2 permit/);
    expect(REFUSED_SELECTORS.get('0x30f28b7a')).toMatch(/permitTransferFrom/);
    expect(REFUSED_SELECTORS.size).toBe(refused.length);
  });

  it.each(refused)('refuses %s, naming the call index', (_name, signature, args) => {
    const bad = call(OTHER, signature, args);
    const err = rejection(() => checkSelectors([approve(VAULT, 1_000_000n), deposit, bad]));
    expect(err.code).toBe('INVALID_PARAMS');
    expect(err.message).toMatch(/^calls\[2\]: /);
    expect(err.details).toMatchObject({ callIndex: 2 });
  });

  it('accepts approve, deposit, transfer and plain value sends', () => {
    expect(() =>
      checkSelectors([approve(VAULT, 1n), deposit, call(USDC, 'transfer(address,uint256)', [RECIPIENT, 1n]), { to: OTHER, data: '0x', value: '5' }]),
    ).not.toThrow();
  });

  it('refuses calldata shorter than a selector, too many calls and too long calldata', () => {
    expect(rejection(() => checkSelectors([{ to: OTHER, data: '0x1234', value: '0' }])).message).toMatch(/calls\[0\].*selector/);
    expect(rejection(() => checkSelectors(Array.from({ length: MAX_CALLS + 1 }, () => deposit))).message).toMatch(/at most/);
    const long = { to: OTHER, data: `0x12345678${'00'.repeat(MAX_CALL_DATA_BYTES)}`, value: '0' };
    expect(rejection(() => checkSelectors([long])).message).toMatch(/calls\[0\]: calldata longer/);
  });
});

describe('checkAgainstOutput', () => {
  it.each([
    ['approve then deposit', [approve(VAULT, 1_000_000n), deposit], true],
    ['approve of more than dstAmount', [approve(VAULT, 5_000_000n), deposit], true],
    ['no approve', [deposit], false],
    ['approve below dstAmount', [approve(VAULT, 999_999n), deposit], false],
    ['approve on another token', [approve(VAULT, 1_000_000n, OTHER), deposit], false],
    ['approve of a spender no later call targets', [approve(OTHER, 1_000_000n), deposit], false],
    ['approve after the call that spends', [deposit, approve(VAULT, 1_000_000n)], false],
  ] as const)('%s → ok=%s', (_n, calls, ok) => {
    const run = () => checkAgainstOutput([...calls], ctx);
    if (ok) expect(run).not.toThrow();
    else expect(rejection(run).message).toMatch(/approve\(target, >= dstAmount/);
  });

  it('refuses native value with an ERC-20 output, naming the call', () => {
    expect(rejection(() => checkAgainstOutput([approve(VAULT, 1_000_000n), { ...deposit, value: '1' }], ctx)).message).toMatch(
      /^calls\[1\]: sends native value/,
    );
  });

  it('native output: no approve needed, values may not exceed dstAmount', () => {
    const n = { ...ctx, dstToken: ZERO };
    expect(() => checkAgainstOutput([{ to: VAULT, data: '0xd0e30db0', value: '1000000' }], n)).not.toThrow();
    expect(
      rejection(() =>
        checkAgainstOutput(
          [
            { to: VAULT, data: '0x', value: '600000' },
            { to: OTHER, data: '0x', value: '600000' },
          ],
          n,
        ),
      ).message,
    ).toMatch(/more than dstAmount/);
  });
});

describe('checkAgainstExecutor', () => {
  const EXECUTOR = '0x5555555555555555555555555555555555555555';
  it('refuses a call into the executor itself (nested calls would run as the executor), naming the call', () => {
    const e = rejection(() =>
      checkAgainstExecutor([approve(VAULT, 1_000_000n), deposit, { to: EXECUTOR.toUpperCase().replace('0X', '0x'), data: '0x12345678', value: '0' }], EXECUTOR),
    );
    expect(e.code).toBe('INVALID_PARAMS');
    expect(e.message).toMatch(/^calls\[2\]: targets the provider's executor/);
    expect(e.details).toMatchObject({ callIndex: 2 });
  });
  it('accepts calls to anything else', () => {
    expect(() => checkAgainstExecutor([approve(VAULT, 1_000_000n), deposit], EXECUTOR)).not.toThrow();
  });
});

describe('expandAction', () => {
  it('deposit → approve(vault, dstAmount) + deposit(dstAmount, recipient)', () => {
    const calls = expandAction({ type: 'deposit', vault: VAULT }, ctx);
    expect(calls).toEqual([
      { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [VAULT, 1_000_000n] }), value: '0' },
      {
        to: VAULT,
        data:
          toFunctionSelector('function deposit(uint256,address)') +
          encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [1_000_000n, RECIPIENT]).slice(2),
        value: '0',
      },
    ]);
    expect(() => {
      checkSelectors(calls);
      checkAgainstOutput(calls, ctx);
    }).not.toThrow();
  });

  it('deposit with a native output is refused', () => {
    expect(rejection(() => expandAction({ type: 'deposit', vault: VAULT }, { ...ctx, dstToken: ZERO })).message).toMatch(/ERC-20 output/);
  });

  it('contractCall: approve first for an ERC-20, all of dstAmount as value for native', () => {
    expect(expandAction({ type: 'contractCall', to: OTHER, data: '0xABCDEF01' }, ctx)).toEqual([
      approve(OTHER, 1_000_000n),
      { to: OTHER, data: '0xabcdef01', value: '0' },
    ]);
    expect(expandAction({ type: 'contractCall', to: OTHER, data: '0xabcdef01' }, { ...ctx, dstToken: ZERO })).toEqual([
      { to: OTHER, data: '0xabcdef01', value: '1000000' },
    ]);
    expect(expandAction({ type: 'contractCall', to: OTHER, data: '0x', value: '7' }, { ...ctx, dstToken: ZERO })[0].value).toBe('7');
  });
});

describe('callsBodySchema', () => {
  it('takes calls or an action, not both, and bounds them', () => {
    expect(callsBodySchema.safeParse({ calls: [deposit] }).success).toBe(true);
    expect(callsBodySchema.safeParse({ action: { type: 'deposit', vault: VAULT } }).success).toBe(true);
    expect(callsBodySchema.safeParse({ calls: [deposit], action: { type: 'deposit', vault: VAULT } }).success).toBe(false);
    expect(callsBodySchema.safeParse({ calls: Array.from({ length: MAX_CALLS + 1 }, () => deposit) }).success).toBe(false);
    expect(callsBodySchema.safeParse({ action: { type: 'stake', vault: VAULT } }).success).toBe(false);
    expect(callsBodySchema.safeParse({ calls: [{ to: 'nope', data: '0x', value: '0' }] }).success).toBe(false);
    expect(callsBodySchema.parse({ calls: [{ to: VAULT, data: '0x' }] }).calls![0].value).toBe('0');
    expect(normaliseCalls([{ to: VAULT.toUpperCase().replace('0X', '0x'), data: '0xAB' }])).toEqual([{ to: VAULT, data: '0xab', value: '0' }]);
  });
});
