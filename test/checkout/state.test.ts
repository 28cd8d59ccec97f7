import { describe, expect, it } from 'vitest';
import { actionAfterPayment, refundTransition, SESSION_STATUSES, transition, type RefundStatus, type SessionAction, type SessionStatus } from '../../src/checkout/state.js';

const T0 = 1_700_000_000_000;
const before = { now: T0, expiresAt: T0 + 60_000 };
const after = { now: T0 + 60_000, expiresAt: T0 + 60_000 };

const actions: Record<string, SessionAction> = {
  report: { type: 'payment_reported', ...before },
  reportLate: { type: 'payment_reported', ...after },
  seen: { type: 'payment_seen' },
  verified: { type: 'payment_verified' },
  failed: { type: 'payment_failed' },
  review: { type: 'payment_unverifiable', reason: 'underpaid' },
  expireTime: { type: 'expire', by: 'time', ...after },
  expireTimeEarly: { type: 'expire', by: 'time', ...before },
  expireMerchant: { type: 'expire', by: 'merchant', ...before },
};

// Every (status, action) pair: the next status and event, or null when the move is refused.
const table: Record<SessionStatus, Record<keyof typeof actions, [SessionStatus, string | null] | null>> = {
  open: {
    // A report is a hint: only a payment seen on chain with the session's evidence moves it.
    report: ['open', null],
    reportLate: null,
    seen: ['processing', 'checkout.session.processing'],
    verified: null,
    failed: null,
    review: null,
    expireTime: ['expired', 'checkout.session.expired'],
    expireTimeEarly: null,
    expireMerchant: ['expired', 'checkout.session.expired'],
  },
  processing: {
    report: ['processing', null],
    reportLate: ['processing', null],
    seen: ['processing', null],
    verified: ['paid', 'checkout.session.completed'],
    failed: ['open', 'checkout.session.payment_failed'],
    review: ['needs_review', null],
    expireTime: null,
    expireTimeEarly: null,
    expireMerchant: null,
  },
  paid: { report: null, reportLate: null, seen: null, verified: null, failed: null, review: null, expireTime: null, expireTimeEarly: null, expireMerchant: null },
  needs_review: { report: null, reportLate: null, seen: null, verified: null, failed: null, review: null, expireTime: null, expireTimeEarly: null, expireMerchant: null },
  expired: { report: null, reportLate: null, seen: null, verified: null, failed: null, review: null, expireTime: null, expireTimeEarly: null, expireMerchant: null },
};

describe('checkout session transition', () => {
  for (const status of SESSION_STATUSES) {
    for (const [name, action] of Object.entries(actions)) {
      const want = table[status][name as keyof typeof actions];
      it(`${status} + ${name} → ${want ? want.join(' / ') : 'refused'}`, () => {
        const r = transition(status, action);
        if (want === null) {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error).toMatch(/\w/);
        } else {
          expect(r).toEqual({ ok: true, next: want[0], event: want[1] });
        }
      });
    }
  }

  it('paid is reachable only from processing, so a session is paid at most once', () => {
    const reach = SESSION_STATUSES.filter((s) => {
      const r = transition(s, actions.verified);
      return r.ok && r.next === 'paid';
    });
    expect(reach).toEqual(['processing']);
  });
});

describe('session action after a payment settles', () => {
  it.each([
    [{ kind: 'succeeded' }, { verifying: 2 }, { type: 'payment_verified' }],
    [{ kind: 'succeeded' }, { verifying: 0 }, { type: 'payment_verified' }],
    [{ kind: 'failed' }, { verifying: 1 }, null],
    [{ kind: 'rejected', reason: 'underpaid' }, { verifying: 1 }, null],
    [{ kind: 'failed' }, { verifying: 0 }, { type: 'payment_failed' }],
    [{ kind: 'rejected', reason: 'underpaid' }, { verifying: 0 }, { type: 'payment_unverifiable', reason: 'underpaid' }],
    [{ kind: 'failed' }, { verifying: 0, rejectedReason: 'sender_mismatch' }, { type: 'payment_unverifiable', reason: 'sender_mismatch' }],
  ] as const)('%j with %j → %j', (outcome, others, want) => {
    expect(actionAfterPayment(outcome, others)).toEqual(want);
  });
});

describe('refund transitions', () => {
  const r = (status: RefundStatus, txHash: string | null = null, failure: string | null = null) => ({ status, txHash, failure });
  it('report: pending → submitted; the same transaction again is a no-op; a never-mined one may be reported again', () => {
    expect(refundTransition(r('pending'), { type: 'report', txHash: '0xa' })).toEqual({ ok: true, next: 'submitted', change: 'submit' });
    expect(refundTransition(r('submitted', '0xa'), { type: 'report', txHash: '0xa' })).toEqual({ ok: true, next: 'submitted', change: 'none' });
    expect(refundTransition(r('submitted', '0xa'), { type: 'report', txHash: '0xb' })).toEqual({ ok: false, error: 'is submitted' });
    expect(refundTransition(r('failed', '0xa', 'tx_not_found'), { type: 'report', txHash: '0xa' })).toEqual({ ok: true, next: 'submitted', change: 'resubmit' });
    expect(refundTransition(r('failed', '0xa', 'reverted'), { type: 'report', txHash: '0xa' })).toEqual({ ok: false, error: 'is failed' });
    expect(refundTransition(r('canceled'), { type: 'report', txHash: '0xa' })).toMatchObject({ ok: false });
  });
  it('cancel: only pending', () => {
    expect(refundTransition(r('pending'), { type: 'cancel' })).toEqual({ ok: true, next: 'canceled', change: 'cancel' });
    expect(refundTransition(r('submitted', '0xa'), { type: 'cancel' })).toEqual({ ok: false, error: 'is submitted; only pending refunds can be canceled' });
  });
  it('settle: submitted → succeeded or failed; anything else is left alone', () => {
    expect(refundTransition(r('submitted', '0xa'), { type: 'settle', failure: null })).toEqual({ ok: true, next: 'succeeded', change: 'settle' });
    expect(refundTransition(r('submitted', '0xa'), { type: 'settle', failure: 'short' })).toEqual({ ok: true, next: 'failed', change: 'settle' });
    expect(refundTransition(r('succeeded', '0xa'), { type: 'settle', failure: null })).toEqual({ ok: true, next: 'succeeded', change: 'none' });
  });
});
