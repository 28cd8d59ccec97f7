import type { Hex } from 'viem';
import type { RpcClients } from '../assets/service.js';
import type { Handles } from '../handles.js';
import type { CheckoutConfig } from './config.js';
import type { CheckoutPayment, CheckoutSession } from '../db/generated/client.js';
import { confirmationsFor } from './confirmations.js';
import { SANDBOX_PROVIDER } from '../deposits/state.js';
import { SETTLEMENT_CHAINS } from './settlement.js';
import type { CheckoutSessions, SeenFinding } from './sessions.js';
import { type SettledPayment, VERIFY_JOB } from './shared.js';
import { checkEvmPayment, decodeTransfers, type EvmLog, type EvmTxEvidence, type PaymentExpectation } from './verify/evm-rules.js';
import { checkSolanaPayment, tokenDelta, type SolanaTxEvidence } from './verify/solana-rules.js';
import type { Verdict } from './verify/reasons.js';
import { compiledInstruction, hasReference, taggedTransferAmount, matchesEvmBuild, matchesSolanaBuild, solanaInstructionKeys } from './verify/evidence.js';
import { sessionReference } from './solana-reference.js';
import type { QuoteBuilds } from './quote-builds.js';
import type { Prisma as P } from '../db/generated/client.js';

type Db = P.TransactionClient;
import { SOLANA_CHAIN_ID } from './settlement.js';

/** Where a routed payment stands, from the orders domain. */
export type RoutedDelivery =
  | { state: 'pending' }
  | { state: 'failed'; reason: 'route_failed' | 'route_refunded' }
  /** The settlement-chain transaction that delivered (for same-chain swaps, usually the source tx itself). */
  | { state: 'delivered'; txHash: string };

export type RoutedDeliveryLookup = (payment: CheckoutPayment, session: CheckoutSession) => Promise<RoutedDelivery>;

type Found<E> = { kind: 'found'; evidence: E; blockNumber?: bigint } | { kind: 'not_found' } | { kind: 'unconfirmed' };

/** What the chain shows of a reported payment's evidence (verify/evidence.ts), before it counts for the session. */
export type Evidence = { state: 'seen'; payer?: string } | { state: 'not_found' } | { state: 'unconfirmed' } | { state: 'reverted' } | { state: 'no_evidence' };

/**
 * The verification job: every payment in `verifying` is looked at on each run until it settles. Nothing is
 * kept in memory between runs, so a restart simply resumes. Per run, each chain's head is read once.
 */
export interface VerifierDeps extends Pick<Handles, 'log' | 'clock'> {
  config: CheckoutConfig;
  rpc: Pick<RpcClients, 'evm' | 'solana'>;
  /** The payments to look at, and where findings go. */
  payments: Pick<CheckoutSessions, 'pendingPayments' | 'settlePayment'>;
  /** The transactions built for a session's payer quotes (routed evidence). */
  builds: Pick<QuoteBuilds, 'ofQuote'>;
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

  /**
   * One pass over the payments being verified; returns how many are still being verified. What the chains show of
   * each payment is read first, for all of them at once (up to VERIFY_READS at a time: reads only, so their order
   * does not matter, and concurrent reads share JSON-RPC batches); the findings are then recorded one payment after
   * another, oldest first, exactly as when each payment was read and recorded in turn: a payment seen is recorded
   * seen, then settled when its finding is final, each in a transaction of its own under the session's lock.
   */
  async runOnce(signal?: AbortSignal): Promise<number> {
    const pending = await this.checkout.pendingPayments();
    const heads = new Map<number, Promise<bigint>>();
    const looks = await mapLimited(pending, VERIFY_READS, ({ session, ...payment }) =>
      signal?.aborted ? Promise.resolve(null) : this.look(payment, session, heads).catch((error: unknown): Look => ({ finding: null, error })),
    );
    let left = 0;
    for (const [i, { session, ...payment }] of pending.entries()) {
      const look = looks[i];
      if (signal?.aborted || !look) break;
      try {
        if (look.seen) await this.checkout.settlePayment(payment.id, look.seen, payment.updatedAt);
        if (look.error !== undefined) throw look.error;
        if (!look.finding) left++;
        else if (await this.checkout.settlePayment(payment.id, look.finding, payment.updatedAt))
          // One line per unit of work, naming the job: which instance settled it (docs/deployment.md).
          this.deps.log.debug({ job: VERIFY_JOB, paymentId: payment.id, sessionId: session.id, status: look.finding.kind }, 'checkout payment settled');
      } catch (err) {
        left++;
        this.deps.log.warn({ err, paymentId: payment.id, sessionId: session.id }, 'checkout verification attempt failed; will retry');
      }
    }
    return left;
  }

  /** Whether a payment is already on chain with its session's evidence (the report bound's probe). */
  async isSeen(
    p: Pick<CheckoutPayment, 'kind' | 'payer' | 'srcChainId' | 'srcTxHash'> & { quoteId?: string | null },
    s: CheckoutSession,
    db?: Db,
  ): Promise<boolean> {
    return (await this.evidence(p, s, db)).state === 'seen';
  }

  /**
   * The evidence rule (docs/checkout.md, "Payment integrity"): a reported transaction counts for a session only when it is
   * mined, succeeded and carries that session's evidence. Pay by transfer (a `dep_` order of the session's own
   * one-time address) carries it by construction; a direct transfer carries the session tag (EVM) or reference
   * (Solana); a routed payment's source transaction is one of the session's builds.
   */
  async evidence(
    p: Pick<CheckoutPayment, 'kind' | 'payer' | 'srcChainId' | 'srcTxHash'> & { quoteId?: string | null },
    s: CheckoutSession,
    db?: Db,
  ): Promise<Evidence> {
    if (p.kind === 'routed' && p.quoteId?.startsWith('dep_')) return { state: 'seen' };
    const vm = p.srcChainId === SOLANA_CHAIN_ID ? 'svm' : 'evm';
    if (vm === 'evm') {
      const found = await this.evmSource(p.srcChainId, p.srcTxHash);
      if (found.kind !== 'found') return { state: found.kind };
      const tx = found.evidence;
      if (tx.status !== 'success') return { state: 'reverted' };
      const ok =
        p.kind === 'direct'
          ? taggedTransferAmount(tx, { token: s.settleToken, recipient: s.recipient, sessionId: s.id }) !== null &&
            deliversAny(tx.logs, s.settleToken, s.recipient, tx.from)
          : matchesEvmBuild(tx, await this.deps.builds.ofQuote(s.id, p.quoteId, p.srcChainId, db));
      return ok ? { state: 'seen', payer: tx.from.toLowerCase() } : { state: 'no_evidence' };
    }
    if (p.kind === 'direct') {
      const found = await this.solanaTx(p.srcTxHash);
      if (found.kind !== 'found') return { state: found.kind };
      const tx = found.evidence;
      if (tx.err !== null && tx.err !== undefined) return { state: 'reverted' };
      if (!hasReference(tx.accountKeys, sessionReference(s.id)) || tokenDelta(tx, s.recipient, s.settleToken) <= 0n) return { state: 'no_evidence' };
      // The payer is a signer of the transaction: the reported one when it signed, else the fee payer.
      return { state: 'seen', payer: tx.signers.includes(p.payer) ? p.payer : tx.feePayer };
    }
    const found = await this.solanaInstructions(p.srcTxHash);
    if (found.kind !== 'found') return { state: found.kind };
    if (found.evidence.err !== null && found.evidence.err !== undefined) return { state: 'reverted' };
    const ok = matchesSolanaBuild(found.evidence.instructions, await this.deps.builds.ofQuote(s.id, p.quoteId, p.srcChainId, db));
    return ok ? { state: 'seen', payer: found.evidence.feePayer } : { state: 'no_evidence' };
  }

  /**
   * What the chains show of one payment, read without writing anything: `seen` when its session's evidence was found
   * now (it is recorded before the finding), and the finding that settles it, if any. A read that fails after the
   * evidence was seen comes back as `error` beside `seen`, so what was seen is recorded all the same.
   */
  private async look(p0: CheckoutPayment, s: CheckoutSession, heads: Map<number, Promise<bigint>>): Promise<Look> {
    const cfg = this.deps.config;
    // Since the payment was (last) reported: a payment reported again after `tx_not_found` gets a fresh window.
    const age = this.deps.clock.now() - p0.updatedAt.getTime();
    if (p0.seenAt) return { finding: await this.settled(p0, s, heads) };
    // Not counted for the session yet: first its evidence. Anything but `seen` settles the report as a hint.
    const e = await this.evidence(p0, s);
    if (e.state === 'unconfirmed') return { finding: null };
    if (e.state === 'not_found') return { finding: age > cfg.CHECKOUT_TX_NOT_FOUND_MINUTES * 60_000 ? { kind: 'failed', reason: 'tx_not_found' } : null };
    if (e.state === 'reverted') return { finding: { kind: 'failed', reason: 'tx_reverted' } };
    if (e.state === 'no_evidence') return { finding: { kind: 'rejected', reason: 'no_session_evidence' } };
    const seen: SeenFinding = { kind: 'seen', payer: e.payer };
    const p = { ...p0, seenAt: new Date(this.deps.clock.now()), payer: e.payer ?? p0.payer };
    try {
      return { seen, finding: await this.settled(p, s, heads) };
    } catch (error) {
      return { seen, finding: null, error };
    }
  }

  /** The finding of a payment seen on chain: its delivery checked against the session, or null while it is not final. */
  private async settled(p: CheckoutPayment, s: CheckoutSession, heads: Map<number, Promise<bigint>>): Promise<SettledPayment | null> {
    const cfg = this.deps.config;
    // Once seen, the not-found and delivery windows run from when it was seen (a reorg or a slow delivery is
    // measured from there, not from the report).
    const age = this.deps.clock.now() - p.seenAt!.getTime();
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
    return {
      kind: 'rejected',
      reason: verdict.reason,
      amountReceived: verdict.received,
      blockNumber,
      deliveryTxHash: verdict.received > 0n ? deliveryTx : undefined,
    };
  }

  /** Direct transfers that never show up fail after a while (the session reopens); routed ones wait for delivery. */
  private notFound(p: CheckoutPayment, age: number): SettledPayment | null {
    if (age > this.deps.config.CHECKOUT_TX_NOT_FOUND_MINUTES * 60_000)
      return p.kind === 'direct' ? { kind: 'failed', reason: 'tx_not_found' } : { kind: 'rejected', reason: 'delivery_not_seen' };
    return null;
  }

  /** A mined EVM transaction with its input (no confirmation depth: being mined is what "seen" means). */
  async evmSource(chainId: number, hash: string): Promise<Found<EvmSourceEvidence>> {
    const client = this.deps.rpc.evm(chainId);
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex }).catch(nullWhenMissing);
    if (!receipt) return { kind: 'not_found' };
    const tx = await client.getTransaction({ hash: hash as Hex }).catch(nullWhenMissing);
    if (!tx) return { kind: 'unconfirmed' };
    return {
      kind: 'found',
      blockNumber: receipt.blockNumber,
      evidence: { status: receipt.status, from: receipt.from, to: tx.to ?? null, input: tx.input, value: tx.value, logs: logsOf(receipt) },
    };
  }

  /** A Solana transaction's instructions (programs resolve from static keys) at the configured commitment. */
  async solanaInstructions(signature: string): Promise<Found<{ err: unknown; feePayer: string; instructions: string[] }>> {
    const state = await this.signatureState(signature);
    if (state !== 'reached') return { kind: state };
    const tx = await this.deps.rpc
      .solana()
      .getTransaction(signature, { commitment: this.deps.config.CHECKOUT_SOLANA_COMMITMENT, maxSupportedTransactionVersion: 0 });
    if (!tx?.meta) return { kind: 'unconfirmed' };
    const keys = tx.transaction.message.staticAccountKeys.map((k) => k.toBase58());
    const ixs = tx.transaction.message.compiledInstructions.map((i) => compiledInstruction(keys, i));
    return { kind: 'found', blockNumber: BigInt(tx.slot), evidence: { err: tx.meta.err, feePayer: keys[0] ?? '', instructions: solanaInstructionKeys(ixs) } };
  }

  /**
   * Where a signature stands at CHECKOUT_SOLANA_COMMITMENT: asked first because it is cheap and tells "not yet at
   * the commitment" from "never seen"; the transaction itself is read only once it has reached the commitment.
   */
  private async signatureState(signature: string): Promise<'not_found' | 'unconfirmed' | 'reached'> {
    const {
      value: [status],
    } = await this.deps.rpc.solana().getSignatureStatuses([signature], { searchTransactionHistory: true });
    if (!status) return 'not_found';
    return reached(status, this.deps.config.CHECKOUT_SOLANA_COMMITMENT) ? 'reached' : 'unconfirmed';
  }

  async evmTx(chainId: number, hash: string, heads: Map<number, Promise<bigint>>): Promise<Found<EvmTxEvidence>> {
    const client = this.deps.rpc.evm(chainId);
    let head = heads.get(chainId);
    if (!head) {
      head = client.getBlockNumber({ cacheTime: 0 });
      heads.set(chainId, head);
    }
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex }).catch(nullWhenMissing);
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
        logs: logsOf(receipt),
      },
    };
  }

  /** A Solana payment at the configured commitment (CHECKOUT_SOLANA_COMMITMENT), jsonParsed, v0 allowed (see signatureState). */
  async solanaTx(signature: string): Promise<Found<SolanaTxEvidence>> {
    const state = await this.signatureState(signature);
    if (state !== 'reached') return { kind: state };
    const tx = await this.deps.rpc
      .solana()
      .getParsedTransaction(signature, { commitment: this.deps.config.CHECKOUT_SOLANA_COMMITMENT, maxSupportedTransactionVersion: 0 });
    // The status and the transaction come from different nodes behind one URL at times: wait for both.
    if (!tx?.meta) return { kind: 'unconfirmed' };
    return {
      kind: 'found',
      blockNumber: BigInt(tx.slot),
      evidence: {
        err: tx.meta.err,
        blockTime: tx.blockTime ?? null,
        feePayer: tx.transaction.message.accountKeys[0]?.pubkey.toBase58() ?? '',
        accountKeys: tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58()),
        signers: tx.transaction.message.accountKeys.filter((k) => k.signer).map((k) => k.pubkey.toBase58()),
        preTokenBalances: tx.meta.preTokenBalances ?? [],
        postTokenBalances: tx.meta.postTokenBalances ?? [],
      },
    };
  }
}

/** One payment as a pass read it (CheckoutVerifier.look). */
interface Look {
  seen?: SeenFinding;
  finding: SettledPayment | null;
  error?: unknown;
}

/** Payments whose chain reads a pass runs at once. */
const VERIFY_READS = 16;

/** `fn` over `items`, at most `limit` at a time; results in the order of `items`. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** What the source chain shows of a mined EVM transaction: its outcome, call and logs (no block time is read). */
type EvmSourceEvidence = { status: 'success' | 'reverted'; from: string; to: string | null; input: string; value: bigint; logs: EvmLog[] };

/** viem's "no such transaction (yet)" errors as null; anything else (the node failing) is thrown. */
function nullWhenMissing(err: { name?: string }): null {
  if (err?.name === 'TransactionReceiptNotFoundError' || err?.name === 'TransactionNotFoundError') return null;
  throw err;
}

const logsOf = (receipt: { logs: ReadonlyArray<{ address: string; topics: readonly string[]; data: string }> }): EvmLog[] =>
  receipt.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data }));

/** Some of the settlement token went from `from` to the recipient in these logs (a tagged call that moves nothing is not a payment). */
function deliversAny(logs: readonly EvmLog[], token: string, recipient: string, from: string): boolean {
  return decodeTransfers(logs).some(
    (t) => t.token === token.toLowerCase() && t.to === recipient.toLowerCase() && t.from === from.toLowerCase() && t.value > 0n,
  );
}

const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;
/** Whether a signature status has reached `want` (nodes without `confirmationStatus`: null confirmations = rooted). */
function reached(s: { confirmationStatus?: keyof typeof COMMITMENT_RANK; confirmations: number | null }, want: 'confirmed' | 'finalized'): boolean {
  const have = s.confirmationStatus ?? (s.confirmations === null ? 'finalized' : 'processed');
  return COMMITMENT_RANK[have] >= COMMITMENT_RANK[want];
}
