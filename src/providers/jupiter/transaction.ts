import { VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { ApiError } from '../../errors.js';

/** Checks on the Solana transactions that pass through the Jupiter adapter (built by Ultra, signed by the wallet). */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64 → VersionedTransaction, or undefined when the text is not one. */
export function decodeVersionedTransaction(b64: string): VersionedTransaction | undefined {
  if (!b64 || !BASE64.test(b64)) return undefined;
  try {
    return VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/** Accounts that must sign the transaction (the first `numRequiredSignatures` static keys). */
export function requiredSigners(tx: VersionedTransaction): string[] {
  const n = tx.message.header.numRequiredSignatures;
  return tx.message.staticAccountKeys.slice(0, n).map((k) => k.toBase58());
}

/** Ultra's `/order` transaction must be a versioned transaction the taker is asked to sign. */
export function assertUltraTransaction(b64: string, taker: string): void {
  const tx = decodeVersionedTransaction(b64);
  if (!tx) throw new ApiError('PROVIDER_ERROR', 'jupiter returned a transaction that is not a base64 versioned Solana transaction');
  if (!requiredSigners(tx).includes(taker)) throw new ApiError('PROVIDER_ERROR', 'jupiter returned a transaction the taker does not sign');
}

/** A Solana transaction signature: base58 of 64 bytes. */
export function isSignature(s: string): boolean {
  try {
    return bs58.decode(s).length === 64;
  } catch {
    return false;
  }
}
