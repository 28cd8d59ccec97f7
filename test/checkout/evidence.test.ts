import { describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi } from 'viem';
import {
  buildFingerprint,
  matchesEvmBuild,
  matchesSolanaBuild,
  sessionReferenceBytes,
  sessionTag,
  solanaInstructionKeys,
  tagCalldata,
  taggedTransferAmount,
  type BuiltEvidence,
} from '../../src/checkout/verify/evidence.js';

/** The evidence rules (src/checkout/verify/evidence.ts) as tables: what counts as made for a session, and what does not. */
const X = 'cs_test_E2VhWfsak5hqnmzzu';
const Y = 'cs_test_9q2Lm4Tb7Xc1Vn8Kp3Wz';
const RECIPIENT = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 25_000_000n] });

describe('session tag (EVM direct transfers)', () => {
  it('is one 32-byte word: "SGCS" magic + 28 bytes of the session hash, distinct per session', () => {
    expect(sessionTag(X)).toMatch(/^53474353[0-9a-f]{56}$/);
    expect(sessionTag(X)).not.toBe(sessionTag(Y));
    expect(sessionTag(X)).toBe(sessionTag(X));
    expect(tagCalldata(transfer, X)).toBe(`${transfer}${sessionTag(X)}`);
    expect((tagCalldata(transfer, X).length - 2) / 2).toBe(4 + 64 + 32);
  });
});

describe('the direct EVM payment is the tagged transfer itself', () => {
  const TOKEN = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
  const want = { token: TOKEN, recipient: RECIPIENT, sessionId: X };
  const tagged = tagCalldata(transfer, X);
  // A relayable payment (Safe execTransaction, ERC-4337 handleOps, USDC transferWithAuthorization) submitted by
  // someone else with X's tag appended to the OUTER calldata: the tag is there, the transaction is not the transfer.
  const relayed = `0x6a761202${'00'.repeat(96)}${sessionTag(X)}`;
  it.each([
    ['the tagged transfer to the token', { to: TOKEN, input: tagged }, 25_000_000n],
    ['checksummed token, upper-case calldata', { to: TOKEN.toUpperCase().replace('0X', '0x'), input: tagged.toUpperCase().replace('0X', '0x') }, 25_000_000n],
    [
      'an underpaying tagged transfer (its amount is read)',
      { to: TOKEN, input: tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 1n] }), X) },
      1n,
    ],
    ['a relayed payment carrying the tag in its outer calldata', { to: '0x1111111111111111111111111111111111111111', input: relayed }, null],
    ['the tagged transfer wrapped in a wallet call', { to: '0x1111111111111111111111111111111111111111', input: `0x6a761202${tagged.slice(2)}` }, null],
    ["another session's tag", { to: TOKEN, input: tagCalldata(transfer, Y) }, null],
    ['another token', { to: '0x50c5725949a6f0c72e6c4a641f24049a917db0cb', input: tagged }, null],
    [
      'another recipient',
      {
        to: TOKEN,
        input: tagCalldata(
          encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x000000000000000000000000000000000000dead', 25_000_000n] }),
          X,
        ),
      },
      null,
    ],
    ['a plain (untagged) transfer', { to: TOKEN, input: transfer }, null],
    ['the tag and more bytes after it', { to: TOKEN, input: `${tagged}00` }, null],
    ['transferFrom with the tag', { to: TOKEN, input: `0x23b872dd${tagged.slice(10)}` }, null],
  ] as const)('%s → %s', (_name, tx, amount) => {
    expect(taggedTransferAmount(tx, want)).toBe(amount);
  });
});

describe('builds (routed payments)', () => {
  const build: BuiltEvidence = { vm: 'evm', target: '0xca11bde05977b3631167028862be2a173976ca11', data: `0x82ad56cb${'ab'.repeat(40)}`, value: '0' };
  const native: BuiltEvidence = { vm: 'evm', target: '0xf70da97812cb96acdf810712aa562db8dfa3dbef', data: `0x${'cd'.repeat(32)}`, value: '1000000000000000' };
  it.each([
    ['the build as sent by an EOA', { to: build.target, input: build.data, value: 0n }, true],
    [
      'checksummed target and upper-case data',
      { to: build.target.toUpperCase().replace('0X', '0x'), input: build.data.toUpperCase().replace('0X', '0x'), value: 0n },
      true,
    ],
    ['the native-value build with its value', { to: native.target, input: native.data, value: 10n ** 15n }, true],
    ['the native-value build sent with 0 (a deposit that pays nothing)', { to: native.target, input: native.data, value: 0n }, false],
    [
      'the build bytes copied into a call of another contract',
      { to: '0x000000000000000000000000000000000000dead', input: `0x12345678${build.data.slice(2)}${build.target.slice(2).padStart(64, '0')}`, value: 0n },
      false,
    ],
    ['the build with extra trailing bytes', { to: build.target, input: `${build.data}00`, value: 0n }, false],
    ['a contract creation', { to: null, input: build.data, value: 0n }, false],
  ] as const)('%s → %s', (_name, tx, want) => {
    expect(matchesEvmBuild(tx, [build, native])).toBe(want);
  });

  it('fingerprints differ by target, calldata and value, and ignore hex case', () => {
    const f = buildFingerprint(build);
    expect(buildFingerprint({ ...build, data: build.data.toUpperCase() })).toBe(f);
    expect(buildFingerprint({ ...build, value: '1' })).not.toBe(f);
    expect(buildFingerprint({ ...build, target: native.target })).not.toBe(f);
    expect(buildFingerprint({ ...build, data: `${build.data}00` })).not.toBe(f);
  });

  it("Solana: the transaction has exactly the build's instructions (program, accounts, data); compute-budget ones are ignored", () => {
    const swap = {
      programId: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
      accounts: ['Pay1111111111111111111111111111111111111111', 'Dst1111111111111111111111111111111111111111'],
      data: new Uint8Array([1, 2, 3]),
    };
    const budget = { programId: 'ComputeBudget111111111111111111111111111111', accounts: [], data: new Uint8Array([2, 0, 0, 1]) };
    const built: BuiltEvidence = { vm: 'svm', target: '', data: JSON.stringify(solanaInstructionKeys([budget, swap])), value: '0' };
    expect(JSON.parse(built.data)).toHaveLength(1);
    expect(matchesSolanaBuild(solanaInstructionKeys([{ ...budget, data: new Uint8Array([2, 9, 9, 9]) }, swap]), [built])).toBe(true);
    expect(
      matchesSolanaBuild(solanaInstructionKeys([{ ...swap, accounts: [swap.accounts[0]!, 'Oth1111111111111111111111111111111111111111'] }]), [built]),
    ).toBe(false);
    expect(matchesSolanaBuild(solanaInstructionKeys([{ ...swap, data: new Uint8Array([1, 2, 4]) }]), [built])).toBe(false);
    expect(matchesSolanaBuild([], [{ ...built, data: '[]' }])).toBe(false);
    // A later build of another session that is a SUBSET of the payer's transaction (no create-account step) does not claim it.
    const create = {
      programId: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      accounts: ['Pay1111111111111111111111111111111111111111'],
      data: new Uint8Array([1]),
    };
    expect(matchesSolanaBuild(solanaInstructionKeys([create, swap]), [built])).toBe(false);
  });
});

describe('Solana Pay reference', () => {
  it('is 32 bytes derived from the session id, distinct per session', () => {
    expect(sessionReferenceBytes(X)).toHaveLength(32);
    expect(Buffer.from(sessionReferenceBytes(X)).equals(Buffer.from(sessionReferenceBytes(Y)))).toBe(false);
  });
});
