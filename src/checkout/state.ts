/**
 * The checkout session state machine, as one pure function. Every status change in the service
 * goes through `transition`; callers apply the result under a row lock in the same transaction that writes
 * the event it names.
 *
 *   open ──payment_seen──▶ processing ──payment_verified──▶ paid (final)   (checkout.session.completed)
 *     │                      │  ├──payment_failed──▶ open   (checkout.session.payment_failed)
 *     │                      │  └──payment_unverifiable──▶ needs_review   (checkout.session.needs_review)
 *     │                                                       ├──review_accept (merchant)──▶ paid   (checkout.session.completed)
 *     │                                                       └──review_reopen (merchant)──▶ open   (checkout.session.reopened)
 *     └──expire (time / merchant)──▶ expired (final)   (checkout.session.expired)
 *
 * A report (`payment_reported`) moves nothing: it is a hint of where to look, accepted while the session is open
 * or processing and not past expiresAt. The session moves to `processing` when a reported payment is SEEN on chain
 * carrying the session's evidence (verify/evidence.ts), so a report of a transaction that is not on chain (or not
 * made for this session) never stops the session's other payment paths. A second payment seen while
 * `processing` keeps it `processing` (no event); whichever payment verifies first pays the session (the database
 * allows one succeeded payment).
 * `needs_review` waits for the merchant (src/checkout/review.ts): accepting the payment under review pays the
 * session, with the same `checkout.session.completed` a verified payment sends (fulfilment code needs no second
 * path); reopening lets the payer pay again. Reopening has its own event rather than `payment_failed`: no payment
 * failed (its funds arrived; the merchant decided), and a handler telling the payer "your payment failed" must not
 * fire. A reopened session that is past `expiresAt` gets a new expiry (`reopenedExpiresAt`), else it would expire
 * at once and the reopen would be useless.
 */
export const SESSION_STATUSES = ['open', 'processing', 'paid', 'needs_review', 'expired'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.processing',
  'checkout.session.completed',
  'checkout.session.payment_failed',
  'checkout.session.needs_review',
  'checkout.session.reopened',
  'checkout.session.expired',
] as const;
type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

export type SessionAction =
  /** A payer reported a sent payment (a hint; moves nothing). `now`/`expiresAt` in epoch ms: an open session past its expiry takes no report. */
  | { type: 'payment_reported'; now: number; expiresAt: number }
  /** A reported payment was seen on chain carrying the session's evidence (no expiry check: it was reported in time, or carries the evidence). */
  | { type: 'payment_seen' }
  /** Every verification rule held for a payment. */
  | { type: 'payment_verified' }
  /** The last payment in flight failed (reverted, never mined, route failed or refunded). */
  | { type: 'payment_failed' }
  /** A payment completed but a verification rule failed; `reason` is recorded for the merchant. */
  | { type: 'payment_unverifiable'; reason: string }
  /** `by: 'time'` needs `now >= expiresAt`; the merchant may expire an open session at any time. */
  | { type: 'expire'; by: 'time' | 'merchant'; now: number; expiresAt: number }
  /** The merchant accepts the payment under review as paying the session. */
  | { type: 'review_accept' }
  /** The merchant returns a session under review to `open`, so the payer can pay again. */
  | { type: 'review_reopen' };

export type TransitionResult = { ok: true; next: SessionStatus; event: CheckoutEventType | null } | { ok: false; error: string };

/**
 * Final: no action moves a session out of it (test/checkout/state.test.ts checks this against `transition`): paid or expired. `needs_review` is not (the merchant accepts it → paid, or reopens it → open). Status
 * streams complete at a final status, and every other reader asks this rather than listing statuses.
 */
export const isFinal = (s: SessionStatus) => s === 'paid' || s === 'expired';
export const FINAL_SESSION_STATUSES: readonly SessionStatus[] = SESSION_STATUSES.filter(isFinal);

export function transition(status: SessionStatus, action: SessionAction): TransitionResult {
  const no = (error: string): TransitionResult => ({ ok: false, error });
  switch (action.type) {
    case 'payment_reported':
      if (status === 'open') {
        if (action.now >= action.expiresAt) return no('the session has expired');
        return { ok: true, next: 'open', event: null };
      }
      if (status === 'processing') return { ok: true, next: 'processing', event: null };
      return no(`the session is ${status}`);
    case 'payment_seen':
      if (status === 'open') return { ok: true, next: 'processing', event: 'checkout.session.processing' };
      if (status === 'processing') return { ok: true, next: 'processing', event: null };
      return no(`the session is ${status}`);
    case 'payment_verified':
      if (status === 'processing') return { ok: true, next: 'paid', event: 'checkout.session.completed' };
      return no(`a ${status} session cannot become paid`);
    case 'payment_failed':
      if (status === 'processing') return { ok: true, next: 'open', event: 'checkout.session.payment_failed' };
      return no(`a ${status} session has no payment in flight`);
    case 'payment_unverifiable':
      if (status === 'processing') return { ok: true, next: 'needs_review', event: 'checkout.session.needs_review' };
      return no(`a ${status} session has no payment in flight`);
    case 'review_accept':
      if (status === 'needs_review') return { ok: true, next: 'paid', event: 'checkout.session.completed' };
      return no(`the session is ${status}; only a session in needs_review can have its payment accepted`);
    case 'review_reopen':
      if (status === 'needs_review') return { ok: true, next: 'open', event: 'checkout.session.reopened' };
      return no(`the session is ${status}; only a session in needs_review can be reopened`);
    case 'expire':
      if (status !== 'open') return no(`only open sessions can expire; this one is ${status}`);
      if (action.by === 'time' && action.now < action.expiresAt) return no('the session has not reached expiresAt');
      return { ok: true, next: 'expired', event: 'checkout.session.expired' };
  }
}

/** Default and bounds of `expiresInMinutes` when reopening (the same as creating a session). */
export const REOPEN_EXPIRY = { defaultMinutes: 60, minMinutes: 5, maxMinutes: 10080 } as const;

/**
 * The expiry of a reopened session (epoch ms): the payer gets at least `minutes` from now to pay again, and an
 * expiry still further away is kept (a reopen never shortens the time left).
 */
export function reopenedExpiresAt(now: number, expiresAt: number, minutes: number = REOPEN_EXPIRY.defaultMinutes): number {
  return Math.max(expiresAt, now + minutes * 60_000);
}

/** What a settled payment means for its session, given the other payments still being verified. */
export type PaymentOutcome = { kind: 'succeeded' } | { kind: 'failed' } | { kind: 'rejected'; reason: string };

/**
 * The session action (if any) once one payment settles. A success pays the session at once; a failure or a
 * rejection only moves the session when no other payment is still being verified (else that one decides).
 * A failure after an earlier rejection still leaves funds to review, so the session goes to needs_review.
 */
export function actionAfterPayment(outcome: PaymentOutcome, others: { verifying: number; rejectedReason?: string | null }): SessionAction | null {
  if (outcome.kind === 'succeeded') return { type: 'payment_verified' };
  if (others.verifying > 0) return null;
  if (outcome.kind === 'rejected') return { type: 'payment_unverifiable', reason: outcome.reason };
  if (others.rejectedReason) return { type: 'payment_unverifiable', reason: others.rejectedReason };
  return { type: 'payment_failed' };
}

/**
 * The refund state machine (refunds are sent by the merchant's own wallet, see refunds.ts):
 *
 *   pending ──report──▶ submitted ──settle──▶ succeeded | failed
 *     └──cancel──▶ canceled
 *   failed as `tx_not_found` ──report of the same transaction──▶ submitted (its amount is reserved again)
 *
 * Reporting the transaction a submitted refund already has is a no-op (a retried request), and so is settling
 * a refund that is no longer submitted (another instance settled it).
 */
const REFUND_STATUSES = ['pending', 'submitted', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export type RefundAction =
  | { type: 'report'; txHash: string }
  | { type: 'cancel' }
  /** The verifier's verdict: `failure` null when the transfer arrived in full. */
  | { type: 'settle'; failure: string | null };

export type RefundTransition =
  /** `change`: what the caller does besides setting `next` (reserve / release amounts, record the hash). */
  { ok: true; next: RefundStatus; change: 'none' | 'submit' | 'resubmit' | 'cancel' | 'settle' } | { ok: false; error: string };

export function refundTransition(r: { status: RefundStatus; txHash: string | null; failure: string | null }, action: RefundAction): RefundTransition {
  switch (action.type) {
    case 'report':
      if (r.status === 'submitted' && r.txHash === action.txHash) return { ok: true, next: 'submitted', change: 'none' };
      if (r.status === 'failed' && r.failure === 'tx_not_found' && r.txHash === action.txHash) return { ok: true, next: 'submitted', change: 'resubmit' };
      if (r.status !== 'pending') return { ok: false, error: `is ${r.status}` };
      return { ok: true, next: 'submitted', change: 'submit' };
    case 'cancel':
      if (r.status !== 'pending') return { ok: false, error: `is ${r.status}; only pending refunds can be canceled` };
      return { ok: true, next: 'canceled', change: 'cancel' };
    case 'settle':
      if (r.status !== 'submitted') return { ok: true, next: r.status, change: 'none' };
      return { ok: true, next: action.failure === null ? 'succeeded' : 'failed', change: 'settle' };
  }
}
