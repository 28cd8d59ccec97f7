import type { RpcClients } from '../assets/service.js';
import type { Prisma as PrismaClient } from '../db/client.js';
import type { Handles } from '../handles.js';
import type { CheckoutConfig } from './config.js';
import type { KeyAuth } from '../accounts/service.js';
import type { CheckoutPayment, CheckoutRefund, CheckoutSession, Prisma } from '../db/generated/client.js';
import { refundableAmount } from './refundable.js';
import { ApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isAddressFor, isTxHashFor, normalize } from './addresses.js';
import type { CreateRefund, ReportRefund } from './input.js';
import type { BuiltTx } from '../orders/views.js';
import { directEvmTransfer } from './payer-quote.js';
import { SETTLEMENT_CHAINS } from './settlement.js';
import { splTransferTx } from './solana-transfer.js';
import type { CheckoutSessions } from './sessions.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { refundView, type RefundView } from './views.js';
import { refundTransition } from './state.js';
import { checkEvmPayment } from './verify/evm-rules.js';
import { checkSolanaPayment } from './verify/solana-rules.js';
import type { CheckoutVerifier } from './verifier.js';

type Tx = Prisma.TransactionClient;

/**
 * Refunds of paid sessions, sent by the merchant's own wallet (the service never holds funds):
 *   create  → `pending`, returns the transfer to sign (settlement token, from the recipient wallet, to the payer);
 *   report  → `submitted` with the hash; the verification job checks it on chain →
 *   `succeeded` (transfers of the settlement token to `to` total at least the amount, mined after the refund
 *   was created) or `failed` (reverted / never mined / short: only what really arrived stays counted).
 * `pending` refunds can be canceled. A refund returns one payment (body `payment`, default the paying one):
 * reserved + refunded amounts live in that payment's `amount_refunded` (and, for the paying payment, in the
 * session's too), changed under the session's row lock; CHECK constraints keep each at most its
 * `amount_received`. Extra payments (a second payment to a paid session, an underpayment) are refundable up to
 * what they delivered (see refundable.ts).
 */
export interface RefundsDeps extends Pick<Handles, 'log' | 'clock'> {
  config: CheckoutConfig;
  prisma: PrismaClient;
  /** Refunds change a session's amounts under its row lock, and only its owner may refund. */
  sessions: Pick<CheckoutSessions, 'getOwned' | 'withLockedSession'>;
  /** A blockhash for Solana refund transfers. */
  rpc: Pick<RpcClients, 'solana'>;
  /** A reported refund is verified by the checkout verification job: run it now. */
  wakeVerifier(): void;
}

export class RefundsService {
  private readonly prisma: PrismaClient;
  private readonly checkout: RefundsDeps['sessions'];

  constructor(private readonly deps: RefundsDeps) {
    this.prisma = deps.prisma;
    this.checkout = deps.sessions;
  }

  private now() {
    return this.deps.clock.now();
  }

  async create(auth: KeyAuth, sessionId: string, input: CreateRefund): Promise<{ refund: RefundView; tx: BuiltTx & { from: string } }> {
    const { session, payments } = await this.checkout.getOwned(sessionId, auth);
    const vm = SETTLEMENT_CHAINS[session.settleChainId]!.vm;
    let paid: CheckoutPayment | undefined;
    if (input.payment) {
      paid = payments.find((p) => p.id === input.payment);
      if (!paid) throw new ApiError('NOT_FOUND', `payment: checkout session ${sessionId} has no payment ${input.payment}`, { field: 'payment' });
      if (refundableAmount(paid) === 0n) {
        throw new ApiError(
          'CONFLICT',
          `Payment ${paid.id} is ${paid.status}${paid.reason ? ` (${paid.reason})` : ''}: nothing it delivered to the recipient can be refunded`,
        );
      }
    } else {
      paid = payments.find((p) => p.status === 'succeeded');
      if (session.status !== 'paid' || !paid) {
        throw new ApiError(
          'CONFLICT',
          `Checkout session ${sessionId} is ${session.status}; only paid sessions can be refunded (name a \`payment\` to refund another payment that delivered funds)`,
        );
      }
    }
    // A pay-by-transfer payment has no known sender: its `payer` is the refund address whoever asked for the deposit
    // address gave (a stranger holding the pay link could have). Never a default refund destination: name `to`.
    if (!input.to && paid.quoteId?.startsWith('dep_')) {
      throw new ApiError(
        'INVALID_PARAMS',
        'to: required for a payment made by transfer to a deposit address (its sender is not known to the service; its refund address was given by whoever requested the address)',
        { field: 'to' },
      );
    }
    const toRaw = (input.to ?? paid.payer).trim();
    if (!isAddressFor(vm, toRaw)) {
      throw new ApiError(
        'INVALID_PARAMS',
        input.to
          ? 'to: must be an address on the settlement chain'
          : 'to: the payer paid from an address that does not exist on the settlement chain; send `to`',
        { field: 'to' },
      );
    }
    const to = normalize(vm, toRaw);
    const paymentId = paid.id;
    const refund = await this.checkout.withLockedSession(sessionId, async (tx, s) => {
      const p = await tx.checkoutPayment.findUniqueOrThrow({ where: { id: paymentId } });
      const left = refundableAmount(p) - BigInt(p.amountRefunded);
      if (left <= 0n) throw new ApiError('CONFLICT', `Everything payment ${p.id} delivered has already been refunded`);
      const amount = input.amount !== undefined ? BigInt(input.amount) : left;
      if (amount > left) throw new ApiError('AMOUNT_TOO_LARGE', `amount: at most ${left} can still be refunded`, { field: 'amount' });
      const now = new Date(this.now());
      await this.adjustRefunded(tx, s, p, amount, now);
      return tx.checkoutRefund.create({
        data: {
          id: newId(s.livemode ? 're' : 're_test'),
          sessionId: s.id,
          paymentId: p.id,
          status: 'pending',
          amount: amount.toString(),
          reason: input.reason ?? null,
          chainId: s.settleChainId,
          token: s.settleToken,
          toAddress: to,
          createdAt: now,
          updatedAt: now,
        },
      });
    });
    const amount = BigInt(refund.amount);
    const built =
      vm === 'evm'
        ? { ...directEvmTransfer({ chainId: session.settleChainId, token: session.settleToken, recipient: to, amount }), from: session.recipient }
        : {
            vm: 'svm' as const,
            from: session.recipient,
            serializedTx: splTransferTx({
              from: session.recipient,
              to,
              mint: session.settleToken,
              amount,
              decimals: session.settleDecimals,
              recentBlockhash: (await this.deps.rpc.solana().getLatestBlockhash('confirmed')).blockhash,
            }),
          };
    return { refund: refundView(refund), tx: built };
  }

  async list(auth: KeyAuth, sessionId: string): Promise<{ object: 'list'; data: RefundView[] }> {
    await this.checkout.getOwned(sessionId, auth);
    const rows = await this.prisma.checkoutRefund.findMany({ where: { sessionId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return { object: 'list', data: rows.map(refundView) };
  }

  private async owned(auth: KeyAuth, sessionId: string, refundId: string): Promise<CheckoutRefund> {
    await this.checkout.getOwned(sessionId, auth);
    if (!/^re_(test_)?[0-9A-Za-z]{1,64}$/.test(refundId)) throw notFound('Refund');
    const r = await this.prisma.checkoutRefund.findUnique({ where: { id: refundId } });
    if (!r || r.sessionId !== sessionId) throw notFound('Refund');
    return r;
  }

  async reportSubmitted(auth: KeyAuth, sessionId: string, refundId: string, { txHash: raw }: ReportRefund): Promise<RefundView> {
    const r0 = await this.owned(auth, sessionId, refundId);
    const vm = SETTLEMENT_CHAINS[r0.chainId]!.vm;
    if (!isTxHashFor(vm, raw.trim())) throw new ApiError('INVALID_PARAMS', 'txHash: not a transaction hash of the settlement chain', { field: 'txHash' });
    const txHash = normalize(vm, raw.trim());
    try {
      const out = await this.checkout.withLockedSession(sessionId, async (tx, s) => {
        const r = await tx.checkoutRefund.findUniqueOrThrow({ where: { id: refundId } });
        const move = refundTransition(r, { type: 'report', txHash });
        if (!move.ok) throw new ApiError('CONFLICT', `Refund ${refundId} ${move.error}`);
        if (move.change === 'none') return r;
        const now = new Date(this.now());
        // A refund failed as `tx_not_found` released its amount, but its transaction may still be mined (stuck
        // in a mempool). Reported again, it reserves the amount again — unless that amount has been promised
        // to other refunds since, which would let the merchant refund more than was received — and is verified
        // again with a fresh not-found window.
        if (move.change === 'resubmit') {
          const p = await this.paymentOf(tx, r);
          const left = p ? refundableAmount(p) - BigInt(p.amountRefunded) : BigInt(s.amountReceived ?? '0') - BigInt(s.amountRefunded);
          if (BigInt(r.amount) > left) {
            throw new ApiError(
              'CONFLICT',
              `Refund ${refundId} (${r.amount}) failed as never mined and only ${left} is unrefunded now (other refunds took the rest); cancel one to record this transaction`,
            );
          }
          await this.adjustRefunded(tx, s, p, BigInt(r.amount), now);
          return tx.checkoutRefund.update({ where: { id: refundId }, data: { status: move.next, failure: null, updatedAt: now } });
        }
        return tx.checkoutRefund.update({ where: { id: refundId }, data: { status: move.next, txHash, updatedAt: now } });
      });
      this.deps.wakeVerifier();
      return refundView(out);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError('CONFLICT', 'txHash: this transaction was already reported for another refund', { field: 'txHash' });
      throw err;
    }
  }

  async cancel(auth: KeyAuth, sessionId: string, refundId: string): Promise<RefundView> {
    await this.owned(auth, sessionId, refundId);
    const out = await this.checkout.withLockedSession(sessionId, async (tx, s) => {
      const r = await tx.checkoutRefund.findUniqueOrThrow({ where: { id: refundId } });
      const move = refundTransition(r, { type: 'cancel' });
      if (!move.ok) throw new ApiError('CONFLICT', `Refund ${refundId} ${move.error}`);
      const now = new Date(this.now());
      await this.adjustRefunded(tx, s, await this.paymentOf(tx, r), -BigInt(r.amount), now);
      return tx.checkoutRefund.update({ where: { id: refundId }, data: { status: move.next, updatedAt: now } });
    });
    return refundView(out);
  }

  /** Verification job step: settles submitted refunds on chain. Returns how many are still submitted. */
  async verifySubmitted(verifier: Pick<CheckoutVerifier, 'evmTx' | 'solanaTx'>): Promise<number> {
    const rows = await this.prisma.checkoutRefund.findMany({ where: { status: 'submitted' }, orderBy: { updatedAt: 'asc' }, take: 100 });
    const heads = new Map<number, Promise<bigint>>();
    let left = 0;
    for (const r of rows) {
      try {
        const vm = SETTLEMENT_CHAINS[r.chainId]!.vm;
        const want = {
          token: r.token,
          recipient: r.toAddress,
          amount: BigInt(r.amount),
          createdAtMs: r.createdAt.getTime(),
          blockTimeToleranceMs: this.deps.config.CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS * 1000,
        };
        const found = vm === 'evm' ? await verifier.evmTx(r.chainId, r.txHash!, heads) : await verifier.solanaTx(r.txHash!);
        if (found.kind === 'unconfirmed') {
          left++;
          continue;
        }
        if (found.kind === 'not_found') {
          const lapsed = this.now() - r.updatedAt.getTime() > this.deps.config.CHECKOUT_TX_NOT_FOUND_MINUTES * 60_000;
          if (!lapsed || !(await this.settle(r.id, 0n, 'tx_not_found', r.updatedAt))) left++;
          continue;
        }
        const v = vm === 'evm' ? checkEvmPayment(found.evidence as never, want) : checkSolanaPayment(found.evidence as never, want);
        const settled =
          v.verdict === 'paid'
            ? await this.settle(r.id, BigInt(r.amount), null, r.updatedAt)
            : await this.settle(r.id, v.verdict === 'review' && v.reason !== 'mined_before_session' ? v.received : 0n, v.reason, r.updatedAt);
        if (!settled) left++; // changed since it was read and still submitted: judged again at the next run, soon
      } catch (err) {
        left++;
        this.deps.log.warn({ err, refundId: r.id }, 'refund verification failed; will retry');
      }
    }
    return left;
  }

  /**
   * Final state of a submitted refund; only what really arrived stays counted in `amount_refunded`. `asOf` is the
   * refund's `updatedAt` when the verdict was reached: a refund written since (another instance failed it as never
   * mined and the merchant reported it again, with a fresh not-found window) is not judged on the old reading;
   * the next run reads it again.
   */
  private async settle(refundId: string, arrived: bigint, failure: string | null, asOf: Date): Promise<boolean> {
    const r0 = await this.prisma.checkoutRefund.findUniqueOrThrow({ where: { id: refundId } });
    return this.checkout.withLockedSession(r0.sessionId, async (tx, s) => {
      const r = await tx.checkoutRefund.findUniqueOrThrow({ where: { id: refundId } });
      // Moved since it was read: not settled here (false while it is still submitted, to be judged again).
      if (r.updatedAt.getTime() !== asOf.getTime()) return r.status !== 'submitted';
      const move = refundTransition(r, { type: 'settle', failure });
      if (!move.ok || move.change === 'none') return true;
      const now = new Date(this.now());
      const amount = BigInt(r.amount);
      const counted = arrived < amount ? arrived : amount;
      if (failure !== null && counted < amount) await this.adjustRefunded(tx, s, await this.paymentOf(tx, r), -(amount - counted), now);
      await tx.checkoutRefund.update({
        where: { id: refundId },
        data: failure === null ? { status: move.next, succeededAt: now, updatedAt: now } : { status: move.next, failure, updatedAt: now },
      });
      return true;
    });
  }
  /** The refunded payment, read under the session lock (null for refunds older than per-payment refunds). */
  private paymentOf(tx: Tx, r: CheckoutRefund): Promise<CheckoutPayment | null> {
    return r.paymentId ? tx.checkoutPayment.findUnique({ where: { id: r.paymentId } }) : Promise.resolve(null);
  }

  /**
   * Adds `delta` (negative: released) to what is refunded or reserved of a payment, and of the session when it
   * is the paying payment (or a refund from before per-payment refunds): the session's `amount_refunded`
   * counts against its `amount_received`, which is the paying payment's. Caller holds the session lock.
   */
  private async adjustRefunded(tx: Tx, s: CheckoutSession, p: CheckoutPayment | null, delta: bigint, now: Date) {
    if (p) await tx.checkoutPayment.update({ where: { id: p.id }, data: { amountRefunded: (BigInt(p.amountRefunded) + delta).toString(), updatedAt: now } });
    if (!p || p.status === 'succeeded') {
      await tx.checkoutSession.update({ where: { id: s.id }, data: { amountRefunded: (BigInt(s.amountRefunded) + delta).toString(), updatedAt: now } });
    }
  }
}
