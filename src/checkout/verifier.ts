import type { Hex } from 'viem';
import type { RpcClients } from '../assets/rpc.js';
import type { Infra } from '../infra.js';
import type { CheckoutPayment, CheckoutSession } from '../db/generated/client.js';
import { confirmationsFor } from './confirmations.js';
import { SANDBOX_PROVIDER } from '../deposits/sandbox.js';
import { SETTLEMENT_CHAINS } from './settlement.js';
import type { CheckoutService } from './service.js';
import type { SettledPayment } from './shared.js';
import { checkEvmPayment, type EvmTxEvidence, type PaymentExpectation } from './verify/evm-rules.js';
import { checkSolanaPayment, type SolanaTxEvidence } from './verify/solana-rules.js';
import type { Verdict } from './verify/reasons.js';

/** Where a routed payment stands, from the orders domain. */
export type RoutedDelivery =
  | { state: 'pending' }
  | { state: 'failed'; reason: 'route_failed' | 'route_refunded' }
  /** The settlement-chain transaction that delivered (for same-chain swaps, usually the source tx itself). */
  | { state: 'delivered'; txHash: string };

export type RoutedDeliveryLookup = (payment: CheckoutPayment, session: CheckoutSession) => Promise<RoutedDelivery>;

type Found<E> = { kind: 'found'; evidence: E; blockNumber?: bigint } | { kind: 'not_found' } | { kind: 'unconfirmed' };

/**
 * The verification job: every payment in `verifying` is looked at on each run until it settles. Nothing is
 * kept in memory between runs, so a restart simply resumes. Per run, each chain's head is read once.
 */
export interface VerifierDeps extends Pick<Infra, 'config' | 'log' | 'clock'> {
  rpc: Pick<RpcClients, 'evm' | 'solana'>;
  /** The payments to look at, and where findings go. */
  payments: Pick<CheckoutService, 'pendingPayments' | 'settlePayment'>;
  /** Where a routed payment's delivery stands (the orders domain, src/checkout/routed.ts). */
  routed: RoutedDeliveryLookup;
}

export class CheckoutVerifier {
  private readonly checkout: VerifierDeps['payments'];
  private readonly routed: RoutedDeliveryLookup;

  constructor(private readonly deps: VerifierDeps) {
    this.checkout = deps.payments;
    this.routed = deps.routed;
  }

  /** One pass over the payments being verified; returns how many are still being verified. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    const pending = await this.checkout.pendingPayments();
    const heads = new Map<number, Promise<bigint>>();
    let left = 0;
    for (const { session, ...payment } of pending) {
      if (signal?.aborted) break;
      try {
        const finding = await this.inspect(payment, session, heads);
        if (finding) await this.checkout.settlePayment(payment.id, finding);
        else left++;
      } catch (err) {
        left++;
        this.deps.log.warn({ err, paymentId: payment.id, sessionId: session.id }, 'checkout verification attempt failed; will retry');
      }
    }
    return left;
  }

  private async inspect(p: CheckoutPayment, s: CheckoutSession, heads: Map<number, Promise<bigint>>): Promise<SettledPayment | null> {
    const cfg = this.deps.config;
    // Since the payment was (last) reported: a payment reported again after `tx_not_found` gets a fresh window.
    const age = this.deps.clock.now() - p.updatedAt.getTime();
    let deliveryTx: string;
    if (p.kind === 'direct') deliveryTx = p.srcTxHash;
    else {
      const d = await this.routed(p, s);
      if (d.state === 'failed') return { kind: 'failed', reason: d.reason };
      if (d.state === 'pending') {
        return age > cfg.CHECKOUT_DELIVERY_TIMEOUT_MINUTES * 60_000 ? { kind: 'rejected', reason: 'delivery_not_seen' } : null;
      }
      // Test mode, "pay by transfer" through the deposits sandbox: its delivery hash is on no chain, so a filled
      // sandbox order settles the payment as the sandbox delivers it (exactly the session amount). Never for a
      // live session: a live payment is always checked on chain.
      if (!s.livemode && p.provider === SANDBOX_PROVIDER) return { kind: 'succeeded', deliveryTxHash: d.txHash, amountReceived: BigInt(s.amount) };
      deliveryTx = d.txHash;
    }
    const want: PaymentExpectation = {
      token: s.settleToken,
      recipient: s.recipient,
      amount: BigInt(s.amount),
      createdAtMs: s.createdAt.getTime(),
      blockTimeToleranceMs: cfg.CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS * 1000,
      payer: p.kind === 'direct' ? p.payer : undefined,
    };
    const vm = SETTLEMENT_CHAINS[s.settleChainId]?.vm ?? 'evm';
    let verdict: Verdict;
    let blockNumber: bigint | undefined;
    if (vm === 'evm') {
      const found = await this.evmTx(s.settleChainId, deliveryTx, heads);
      if (found.kind === 'unconfirmed') return null;
      if (found.kind === 'not_found') return this.notFound(p, age);
      verdict = checkEvmPayment(found.evidence, want);
      blockNumber = found.blockNumber;
    } else {
      const found = await this.solanaTx(deliveryTx);
      if (found.kind !== 'found') return found.kind === 'not_found' ? this.notFound(p, age) : null;
      verdict = checkSolanaPayment(found.evidence, want);
      blockNumber = found.blockNumber;
    }
    if (verdict.verdict === 'failed') return { kind: 'failed', reason: verdict.reason };
    if (verdict.verdict === 'paid') return { kind: 'succeeded', deliveryTxHash: deliveryTx, amountReceived: verdict.received, blockNumber };
    // A transaction that delivered nothing to the recipient is not recorded as this session's delivery.
    return { kind: 'rejected', reason: verdict.reason, amountReceived: verdict.received, blockNumber, deliveryTxHash: verdict.received > 0n ? deliveryTx : undefined };
  }

  /** Direct transfers that never show up fail after a while (the session reopens); routed ones wait for delivery. */
  private notFound(p: CheckoutPayment, age: number): SettledPayment | null {
    if (age > this.deps.config.CHECKOUT_TX_NOT_FOUND_MINUTES * 60_000) return p.kind === 'direct' ? { kind: 'failed', reason: 'tx_not_found' } : { kind: 'rejected', reason: 'delivery_not_seen' };
    return null;
  }

  async evmTx(chainId: number, hash: string, heads: Map<number, Promise<bigint>>): Promise<Found<EvmTxEvidence>> {
    const client = this.deps.rpc.evm(chainId);
    let head = heads.get(chainId);
    if (!head) {
      head = client.getBlockNumber({ cacheTime: 0 });
      heads.set(chainId, head);
    }
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex }).catch((err: { name?: string }) => {
      if (err?.name === 'TransactionReceiptNotFoundError') return null;
      throw err;
    });
    if (!receipt) return { kind: 'not_found' };
    const confirmations = (await head) - receipt.blockNumber + 1n;
    if (confirmations < BigInt(confirmationsFor(chainId, this.deps.config.CHECKOUT_CONFIRMATIONS))) return { kind: 'unconfirmed' };
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    // A reorg may have replaced the block since the receipt was read: trust only a matching hash.
    if (block.hash !== receipt.blockHash) return { kind: 'unconfirmed' };
    return {
      kind: 'found',
      blockNumber: receipt.blockNumber,
      evidence: {
        status: receipt.status,
        from: receipt.from,
        blockTimestamp: block.timestamp,
        logs: receipt.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data })),
      },
    };
  }

  /**
   * A Solana payment at the configured commitment (CHECKOUT_SOLANA_COMMITMENT). The signature's status is
   * asked first (cheap, and it tells "not yet at the commitment" from "never seen"); the transaction itself
   * (jsonParsed, v0 allowed) is read only once the status has reached the commitment.
   */
  async solanaTx(signature: string): Promise<Found<SolanaTxEvidence>> {
    const commitment = this.deps.config.CHECKOUT_SOLANA_COMMITMENT;
    const conn = this.deps.rpc.solana();
    const { value: [status] } = await conn.getSignatureStatuses([signature], { searchTransactionHistory: true });
    if (!status) return { kind: 'not_found' };
    if (!reached(status, commitment)) return { kind: 'unconfirmed' };
    const tx = await conn.getParsedTransaction(signature, { commitment, maxSupportedTransactionVersion: 0 });
    // The status and the transaction come from different nodes behind one URL at times: wait for both.
    if (!tx || !tx.meta) return { kind: 'unconfirmed' };
    return {
      kind: 'found',
      blockNumber: BigInt(tx.slot),
      evidence: {
        err: tx.meta.err,
        blockTime: tx.blockTime ?? null,
        feePayer: tx.transaction.message.accountKeys[0]?.pubkey.toBase58() ?? '',
        preTokenBalances: tx.meta.preTokenBalances ?? [],
        postTokenBalances: tx.meta.postTokenBalances ?? [],
      },
    };
  }
}

const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;
/** Whether a signature status has reached `want` (nodes without `confirmationStatus`: null confirmations = rooted). */
function reached(s: { confirmationStatus?: keyof typeof COMMITMENT_RANK; confirmations: number | null }, want: 'confirmed' | 'finalized'): boolean {
  const have = s.confirmationStatus ?? (s.confirmations === null ? 'finalized' : 'processed');
  return COMMITMENT_RANK[have] >= COMMITMENT_RANK[want];
}
