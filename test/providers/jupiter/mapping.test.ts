import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { isSolanaAddress, jupiterReferral, takerLamports, toJupiterMint } from '../../../src/providers/jupiter/mapping.js';
import { SYSTEM_PROGRAM_ID } from '../../../src/providers/native-tokens.js';
import { assertUltraTransaction, decodeVersionedTransaction } from '../../../src/providers/jupiter/transaction.js';
import { SOL_NATIVE_MINT, type FeeRequest } from '../../../src/providers/types.js';
import { buildUnsignedSwapTx } from '../../fixtures/jupiter-ultra-server.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const REFERRAL = Keypair.generate().publicKey.toBase58();

describe('Jupiter mint translation', () => {
  it.each([
    [SOL_NATIVE_MINT, SOL_NATIVE_MINT],
    [SYSTEM_PROGRAM_ID, SOL_NATIVE_MINT],
    [USDC, USDC],
  ])('%s → %s', (a, b) => expect(toJupiterMint(a)).toBe(b));

  it.each([
    [USDC, true],
    [SOL_NATIVE_MINT, true],
    ['0x8aa7c51a6d380f4d9e273add4298d913416031ec', false],
    ['not-base58-0OIl', false],
    ['1111', false],
  ])('isSolanaAddress(%s) = %s', (a, ok) => expect(isSolanaAddress(a)).toBe(ok));
});

describe('Jupiter referral (Ultra referralAccount/referralFee)', () => {
  const f = (o: Partial<FeeRequest>): FeeRequest => ({ ourFeeBps: 90, partnerFeeBps: 0, recipients: { svm: REFERRAL }, ...o });
  it.each<[string, FeeRequest, { ourFeeBps: number; partnerFeeBps: number; query: Record<string, string> }]>([
    ['bot channel fee (90 bps) is carried', f({}), { ourFeeBps: 90, partnerFeeBps: 0, query: { referralAccount: REFERRAL, referralFee: '90' } }],
    [
      'our + partner in one referral fee',
      f({ ourFeeBps: 30, partnerFeeBps: 40 }),
      { ourFeeBps: 30, partnerFeeBps: 40, query: { referralAccount: REFERRAL, referralFee: '70' } },
    ],
    ['below Ultra minimum (50) cannot be carried, never rounded up', f({ ourFeeBps: 30 }), { ourFeeBps: 0, partnerFeeBps: 0, query: {} }],
    ['exactly the minimum', f({ ourFeeBps: 50 }), { ourFeeBps: 50, partnerFeeBps: 0, query: { referralAccount: REFERRAL, referralFee: '50' } }],
    [
      'above 255: partner trimmed',
      f({ ourFeeBps: 150, partnerFeeBps: 150 }),
      { ourFeeBps: 150, partnerFeeBps: 105, query: { referralAccount: REFERRAL, referralFee: '255' } },
    ],
    ['no referral account', f({ recipients: {} }), { ourFeeBps: 0, partnerFeeBps: 0, query: {} }],
    [
      'EVM-looking referral account ignored',
      f({ recipients: { svm: '0x3f4e1c2ab9d35b7fdd0ae6c8a1f92b4c7e5d0a11' } }),
      { ourFeeBps: 0, partnerFeeBps: 0, query: {} },
    ],
  ])('%s', (_n, fees, expected) => expect(jupiterReferral(fees)).toEqual(expected));
});

describe('lamports the taker pays', () => {
  const taker = 'T';
  it.each([
    [{ signatureFeeLamports: 5000, prioritizationFeeLamports: 120000, rentFeeLamports: 2039280, taker }, 2164280],
    [{ signatureFeeLamports: 5000, signatureFeePayer: 'P', prioritizationFeeLamports: 120000, prioritizationFeePayer: 'P', taker }, 0],
    [{ signatureFeeLamports: 5000, signatureFeePayer: taker, taker }, 5000],
    [{ taker }, 0],
  ])('%j → %i', (o, n) => expect(takerLamports(o)).toBe(n));
});

describe('Ultra transaction checks (@solana/web3.js VersionedTransaction)', () => {
  const taker = Keypair.generate().publicKey.toBase58();
  const b64 = Buffer.from(buildUnsignedSwapTx(taker, taker, 1000n).serialize()).toString('base64');
  it('accepts a v0 transaction the taker signs', () => {
    expect(decodeVersionedTransaction(b64)?.version).toBe(0);
    expect(() => assertUltraTransaction(b64, taker)).not.toThrow();
  });
  it('rejects one the taker does not sign, and non-transactions', () => {
    expect(() => assertUltraTransaction(b64, Keypair.generate().publicKey.toBase58())).toThrow(/taker does not sign/);
    expect(() => assertUltraTransaction(Buffer.from('hello').toString('base64'), taker)).toThrow(/not a base64 versioned/);
    expect(decodeVersionedTransaction('not base64 !!')).toBeUndefined();
    expect(decodeVersionedTransaction('')).toBeUndefined();
  });
});
