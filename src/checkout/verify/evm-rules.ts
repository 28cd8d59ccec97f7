import type { Verdict } from './reasons.js';

/** keccak256("Transfer(address,address,uint256)"), shared by every ERC-20. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface EvmLog {
  address: string;
  topics: readonly string[];
  data: string;
}

/** What the chain says about a mined transaction (receipt + its block's timestamp). */
export interface EvmTxEvidence {
  status: 'success' | 'reverted';
  /** Transaction sender (receipt.from). */
  from: string;
  /** Unix seconds of the including block. */
  blockTimestamp: bigint;
  logs: readonly EvmLog[];
}

export interface PaymentExpectation {
  /** Settlement token contract (any case). */
  token: string;
  recipient: string;
  amount: bigint;
  /** Session creation, epoch ms (our clock). */
  createdAtMs: number;
  /**
   * How far (ms) a block's timestamp may precede `createdAtMs` and still count as after the session: block
   * timestamps come from the block producer's clock, fixed when it starts the block (a Base block is stamped at
   * the start of its 2 s slot, so a transfer sent after the session can carry an earlier second), and our clock
   * is not theirs. CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS.
   */
  blockTimeToleranceMs: number;
  /** Direct transfers only: the reported payer; the counted transfers must come from it. */
  payer?: string;
}

export interface DecodedTransfer {
  token: string;
  from: string;
  to: string;
  value: bigint;
}

const topicAddress = (t: string) => `0x${t.slice(-40)}`.toLowerCase();

/**
 * Whether a block stamped `blockSeconds` is older than the session allows: before the second of
 * `createdAtMs - blockTimeToleranceMs` (block time has one-second resolution, so that second's block counts).
 */
export function minedBeforeSession(blockSeconds: bigint, want: Pick<PaymentExpectation, 'createdAtMs' | 'blockTimeToleranceMs'>): boolean {
  return blockSeconds < BigInt(Math.floor((want.createdAtMs - want.blockTimeToleranceMs) / 1000));
}

/** ERC-20 Transfer logs only (ERC-721 Transfers carry a 4th topic and are skipped). */
export function decodeTransfers(logs: readonly EvmLog[]): DecodedTransfer[] {
  const out: DecodedTransfer[] = [];
  for (const log of logs) {
    if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
    if (!/^0x[0-9a-fA-F]{64}$/.test(log.data)) continue;
    out.push({ token: log.address.toLowerCase(), from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!), value: BigInt(log.data) });
  }
  return out;
}

/**
 * The payment rules for an EVM delivering transaction: it succeeded; Transfer logs emitted BY the settlement
 * token's contract (a look-alike event from any other contract is ignored) to `recipient` total at least
 * `amount`; its block is not older than the session, give or take `blockTimeToleranceMs` (minedBeforeSession); for a direct transfer, the counted transfers come from the payer
 * (the log's `from`; the payer of a direct transfer is the signer of the tagged `transfer`, see evidence.ts).
 */
export function checkEvmPayment(tx: EvmTxEvidence, want: PaymentExpectation): Verdict {
  if (tx.status !== 'success') return { verdict: 'failed', reason: 'tx_reverted' };
  const token = want.token.toLowerCase();
  const recipient = want.recipient.toLowerCase();
  const payer = want.payer?.toLowerCase();
  const toRecipient = decodeTransfers(tx.logs).filter((t) => t.token === token && t.to === recipient);
  const total = toRecipient.reduce((s, t) => s + t.value, 0n);
  if (minedBeforeSession(tx.blockTimestamp, want)) return { verdict: 'review', reason: 'mined_before_session', received: total };
  if (total === 0n) return { verdict: 'review', reason: 'no_settlement_transfer', received: 0n };
  let counted = total;
  if (payer !== undefined) {
    // Only the payer's own transfers count (a relayer's transaction can carry transfers of others).
    counted = toRecipient.filter((t) => t.from === payer).reduce((s, t) => s + t.value, 0n);
    if (counted < want.amount && total >= want.amount) return { verdict: 'review', reason: 'sender_mismatch', received: counted };
  }
  if (counted < want.amount) return { verdict: 'review', reason: 'underpaid', received: counted };
  return { verdict: 'paid', received: counted };
}
