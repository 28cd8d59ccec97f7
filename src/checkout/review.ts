import type { KeyAuth } from '../accounts/service.js';
import type { Handles } from '../handles.js';
import type { CheckoutPayment, Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { AcceptReview, ReopenReview } from './input.js';
import type { CheckoutSessions } from './sessions.js';
import { reopenedExpiresAt, transition, type SessionAction, type SessionStatus } from './state.js';
import { reviewView, type ReviewView, type SessionView } from './views.js';

type Tx = Prisma.TransactionClient;

export interface ReviewDeps extends Pick<Handles, 'clock'> {
  sessions: Pick<CheckoutSessions, 'getOwned' | 'withLockedSession' | 'applyTransition' | 'fullViewInTx'>;
}

/** Newest first by when verification settled them (then by when they were reported). */
const newestSettled = (ps: readonly CheckoutPayment[]) =>
  [...ps].sort((a, b) => (b.settledAt?.getTime() ?? 0) - (a.settledAt?.getTime() ?? 0) || b.createdAt.getTime() - a.createdAt.getTime());

/**
 * The merchant resolves a session in `needs_review` (a payment completed but a verification rule failed: see
 * src/checkout/verify/reasons.ts). Owner's key only: any other account or mode gets NOT_FOUND, as for a
 * session that does not exist; a session not in `needs_review` is CONFLICT. Each resolution runs under the
 * session's row lock, in one transaction with: its audit row (`checkout_reviews`, append-only), the session
 * move through the state machine (state.ts) and its event, which carries the resolution as `review`, and the
 * status listeners (a linked invoice becomes `paid`).
 *
 *  - accept: the payment under review pays the session. Its status becomes `succeeded` (its verification reason
 *    moves to the audit row), the session gets `paidAt` and `amountReceived` (what that payment delivered, which
 *    may be less than `amount`: that is what the merchant accepts), and `checkout.session.completed` is sent,
 *    the same event a verified payment sends.
 *  - reopen: the session is `open` again (`checkout.session.reopened`) and takes payments; the payments under
 *    review stay `rejected`, refundable through the refunds API. Past its `expiresAt` it gets a new one.
 */
export class CheckoutReviews {
  constructor(private readonly deps: ReviewDeps) {}

  private now() {
    return this.deps.clock.now();
  }

  async accept(auth: KeyAuth, id: string, input: AcceptReview): Promise<SessionView> {
    await this.deps.sessions.getOwned(id, auth);
    return this.deps.sessions.withLockedSession(id, async (tx, s) => {
      const payments = await tx.checkoutPayment.findMany({ where: { sessionId: s.id } });
      const named = input.payment ? payments.find((p) => p.id === input.payment) : undefined;
      if (input.payment && !named) throw new ApiError('NOT_FOUND', `payment: checkout session ${s.id} has no payment ${input.payment}`, { field: 'payment' });
      const action = { type: 'review_accept' } as const;
      const toStatus = this.assertMove(s.id, s.status, action);
      const p = named ?? newestSettled(payments).find((x) => x.status === 'rejected' && x.deliveryTxHash && x.seenAt);
      if (!p) {
        throw new ApiError(
          'CONFLICT',
          `Checkout session ${s.id}: no payment under review delivered funds to the recipient; name the payment to accept (\`payment\`) or reopen the session`,
        );
      }
      if (p.status !== 'rejected')
        throw new ApiError('CONFLICT', `Payment ${p.id} is ${p.status}; only a rejected payment (it completed but a verification rule failed) can be accepted`);
      // Only a payment the chain showed carrying this session's evidence, with funds delivered, can be accepted: a
      // report of another session's transaction (`no_session_evidence`) was never this session's payment, and
      // accepting it would let one transfer pay two sessions.
      if (!p.seenAt || !p.deliveryTxHash || BigInt(p.amountReceived ?? '0') === 0n) {
        throw new ApiError(
          'CONFLICT',
          `Payment ${p.id} (${p.reason}) was not seen on chain as this session's payment with funds delivered; it cannot be accepted`,
        );
      }
      // Funds shown on a payment with no delivering transaction of its own were counted for another payment
      // (`tx_already_used`): accepting them would let two payments claim, and refund, the same transfer.
      if (!p.deliveryTxHash && BigInt(p.amountReceived ?? '0') > 0n) {
        throw new ApiError('CONFLICT', `Payment ${p.id} (${p.reason}): the transfer it shows is already counted for another payment; it cannot be accepted`);
      }
      if (BigInt(p.amountRefunded) > 0n) {
        throw new ApiError(
          'CONFLICT',
          `Payment ${p.id} has ${p.amountRefunded} refunded or being refunded; a payment being returned cannot be accepted (cancel its pending refunds, or reopen the session)`,
        );
      }
      const now = new Date(this.now());
      await tx.checkoutPayment.update({ where: { id: p.id }, data: { status: 'succeeded', reason: null, updatedAt: now } });
      const review = await this.record(tx, auth, s, { action: 'accept', toStatus, paymentId: p.id, paymentReason: p.reason, note: input.note }, now);
      const updated = await this.deps.sessions.applyTransition(
        tx,
        s,
        action,
        { paidAt: now, amountReceived: p.amountReceived ?? '0', reviewReason: null },
        { review },
      );
      return this.deps.sessions.fullViewInTx(tx, updated);
    });
  }

  async reopen(auth: KeyAuth, id: string, input: ReopenReview): Promise<SessionView> {
    await this.deps.sessions.getOwned(id, auth);
    return this.deps.sessions.withLockedSession(id, async (tx, s) => {
      const action = { type: 'review_reopen' } as const;
      const toStatus = this.assertMove(s.id, s.status, action);
      const payments = await tx.checkoutPayment.findMany({ where: { sessionId: s.id, status: 'rejected' } });
      const reviewed = newestSettled(payments)[0];
      const now = new Date(this.now());
      const review = await this.record(
        tx,
        auth,
        s,
        { action: 'reopen', toStatus, paymentId: reviewed?.id ?? null, paymentReason: reviewed?.reason ?? null, note: input.note },
        now,
      );
      const expiresAt = new Date(reopenedExpiresAt(now.getTime(), s.expiresAt.getTime(), input.expiresInMinutes));
      const updated = await this.deps.sessions.applyTransition(tx, s, action, { reviewReason: null, expiresAt }, { review });
      return this.deps.sessions.fullViewInTx(tx, updated);
    });
  }

  /** The status the state machine moves to; CONFLICT when it refuses (checked before anything is written). */
  private assertMove(id: string, status: SessionStatus, action: SessionAction): SessionStatus {
    const r = transition(status, action);
    if (!r.ok) throw new ApiError('CONFLICT', `Checkout session ${id}: ${r.error}`);
    return r.next;
  }

  /** Inserts the audit row (before the move, so the event's session view lists it) and returns its view. */
  private async record(
    tx: Tx,
    auth: KeyAuth,
    s: { id: string; livemode: boolean; status: SessionStatus; reviewReason: string | null },
    r: { action: ReviewView['action']; toStatus: SessionStatus; paymentId: string | null; paymentReason: string | null; note: string },
    now: Date,
  ): Promise<ReviewView> {
    const row = await tx.checkoutReview.create({
      data: {
        id: newId(s.livemode ? 'csrev' : 'csrev_test'),
        sessionId: s.id,
        action: r.action,
        note: r.note,
        paymentId: r.paymentId,
        reviewReason: s.reviewReason,
        paymentReason: r.paymentReason,
        apiKeyId: auth.keyId,
        fromStatus: s.status,
        toStatus: r.toStatus,
        createdAt: now,
      },
    });
    return reviewView(row);
  }
}
