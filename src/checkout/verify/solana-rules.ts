import type { Verdict } from './reasons.js';
import { minedBeforeSession, type PaymentExpectation } from './evm-rules.js';

/** The parts of `getTransaction(...).meta` the rules read. */
interface SolanaTokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string };
}
export interface SolanaTxEvidence {
  /** meta.err: null when the transaction succeeded. */
  err: unknown;
  /** Unix seconds, or null when the node does not know. */
  blockTime: number | null;
  /** accountKeys[0], the fee payer and first signer. */
  feePayer: string;
  /** Every account key of the transaction (static and loaded), base58. */
  accountKeys: readonly string[];
  /** The keys that signed it. */
  signers: readonly string[];
  preTokenBalances: readonly SolanaTokenBalance[];
  postTokenBalances: readonly SolanaTokenBalance[];
}

/** Net change of `owner`'s balance of `mint` over the transaction (summed over its token accounts). */
export function tokenDelta(tx: Pick<SolanaTxEvidence, 'preTokenBalances' | 'postTokenBalances'>, owner: string, mint: string): bigint {
  const sum = (list: readonly SolanaTokenBalance[]) =>
    list.filter((b) => b.owner === owner && b.mint === mint).reduce((s, b) => s + BigInt(b.uiTokenAmount.amount), 0n);
  return sum(tx.postTokenBalances) - sum(tx.preTokenBalances);
}

/**
 * The payment rules on Solana: the transaction succeeded; the recipient's token balance of the settlement
 * mint grew by at least `amount`; block time not before the session (give or take `blockTimeToleranceMs`; Solana block times are estimates); for a direct transfer the payer's
 * balance of the mint went down by what the recipient is credited with, up to `amount` (the funds came from
 * the payer; balances by owner, so a smart-wallet payer whose vault signs by CPI counts too).
 */
export function checkSolanaPayment(tx: SolanaTxEvidence, want: PaymentExpectation): Verdict {
  if (tx.err !== null && tx.err !== undefined) return { verdict: 'failed', reason: 'tx_reverted' };
  const received = tokenDelta(tx, want.recipient, want.token);
  const positive = received > 0n ? received : 0n;
  if (tx.blockTime === null) return { verdict: 'review', reason: 'block_time_unknown', received: positive };
  if (minedBeforeSession(BigInt(tx.blockTime), want)) return { verdict: 'review', reason: 'mined_before_session', received: positive };
  if (positive === 0n) return { verdict: 'review', reason: 'no_settlement_transfer', received: 0n };
  if (want.payer !== undefined) {
    // The amount due (or all that arrived, when less) must have left the payer's own token accounts: a
    // token of the payer plus the bulk from someone else is not "from the payer".
    const paidByPayer = -tokenDelta(tx, want.payer, want.token);
    if (paidByPayer <= 0n || paidByPayer < (positive < want.amount ? positive : want.amount))
      return { verdict: 'review', reason: 'sender_mismatch', received: positive };
  }
  if (positive < want.amount) return { verdict: 'review', reason: 'underpaid', received: positive };
  return { verdict: 'paid', received: positive };
}
