import { PublicKey, TransactionMessage, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';

/**
 * An unsigned SPL transfer of exactly `amount` of `mint` from `from`'s associated token account to `to`'s
 * (created first if missing, paid by `from`), as a base64 versioned transaction for the wallet to sign.
 * Used for direct Solana payments (with the session's Solana Pay `reference`) and for Solana refunds.
 */
export function splTransferTx(p: {
  from: string;
  to: string;
  mint: string;
  amount: bigint;
  decimals: number;
  recentBlockhash: string;
  reference?: string;
}): string {
  const from = new PublicKey(p.from);
  const to = new PublicKey(p.to);
  const mint = new PublicKey(p.mint);
  const source = getAssociatedTokenAddressSync(mint, from, true);
  const destination = getAssociatedTokenAddressSync(mint, to, true);
  const message = new TransactionMessage({
    payerKey: from,
    recentBlockhash: p.recentBlockhash,
    instructions: [
      createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint),
      withReference(createTransferCheckedInstruction(source, mint, destination, from, p.amount, p.decimals), p.reference),
    ],
  }).compileToV0Message();
  return Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
}

/** Solana Pay: the reference key rides as a read-only, non-signer account of the transfer instruction. */
function withReference(ix: TransactionInstruction, reference: string | undefined): TransactionInstruction {
  if (reference) ix.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return ix;
}
