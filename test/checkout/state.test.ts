import { describe, expect, it } from 'vitest';
import {
  actionAfterPayment,
  CHECKOUT_EVENT_TYPES,
  isFinal,
  refundTransition,
  reopenedExpiresAt,
  SESSION_STATUSES,
  transition,
  type RefundStatus,
  type SessionAction,
  type SessionStatus,
} from '../../src/checkout/state.js';
import { EVENT_TYPE_NAMES } from '../../src/events/catalog.js';

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
  accept: { type: 'review_accept' },
  reopen: { type: 'review_reopen' },
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
    accept: null,
    reopen: null,
  },
  processing: {
    report: ['processing', null],
    reportLate: ['processing', null],
    seen: ['processing', null],
    verified: ['paid', 'checkout.session.completed'],
    failed: ['open', 'checkout.session.payment_failed'],
    review: ['needs_review', 'checkout.session.needs_review'],
    expireTime: null,
    expireTimeEarly: null,
    expireMerchant: null,
    accept: null,
    reopen: null,
  },
  paid: {
    report: null,
    reportLate: null,
    seen: null,
    verified: null,
    failed: null,
    review: null,
    expireTime: null,
    expireTimeEarly: null,
    expireMerchant: null,
    accept: null,
    reopen: null,
  },
  // Only the merchant moves a session out of review: no payment can be reported and it does not expire meanwhile.
  needs_review: {
    report: null,
    reportLate: null,
    seen: null,
    verified: null,
    failed: null,
    review: null,
    expireTime: null,
    expireTimeEarly: null,
    expireMerchant: null,
    accept: ['paid', 'checkout.session.completed'],
    reopen: ['open', 'checkout.session.reopened'],
  },
  expired: {
    report: null,
    reportLate: null,
    seen: null,
    verified: null,
    failed: null,
    review: null,
    expireTime: null,
    expireTimeEarly: null,
    expireMerchant: null,
    accept: null,
    reopen: null,
  },
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

  it('paid is reachable only from processing (verified) and needs_review (accepted), never from paid: a session is paid at most once', () => {
    const reach = SESSION_STATUSES.flatMap((s) =>
      Object.entries(actions).flatMap(([name, a]) => {
        const r = transition(s, a);
        return r.ok && r.next === 'paid' ? [`${s} + ${name}`] : [];
      }),
    );
    expect(reach).toEqual(['processing + verified', 'needs_review + accept']);
  });

  it('isFinal holds exactly for the statuses no action leaves', () => {
    for (const status of SESSION_STATUSES) {
      const exits = Object.values(actions).filter((a) => {
        const r = transition(status, a);
        return r.ok && r.next !== status;
      });
      expect(isFinal(status), `${status} has ${exits.length} way(s) out`).toBe(exits.length === 0);
    }
    expect(SESSION_STATUSES.filter(isFinal)).toEqual(['paid', 'expired']);
  });

  it('every move to another status names an event, and every event it names is in the catalog', () => {
    for (const status of SESSION_STATUSES) {
      for (const [name, a] of Object.entries(actions)) {
        const r = transition(status, a);
        if (r.ok && r.next !== status) expect(r.event, `${status} + ${name}`).not.toBeNull();
        if (r.ok && r.event) expect(CHECKOUT_EVENT_TYPES).toContain(r.event);
      }
    }
    for (const t of CHECKOUT_EVENT_TYPES) expect(EVENT_TYPE_NAMES).toContain(t);
  });
});

describe('expiry of a reopened session', () => {
  const H = 3_600_000;
  it.each([
    ['long past expiry: the default 60 minutes from now', T0 - 5 * H, undefined, T0 + H],
    ['just expired: 60 minutes from now', T0 - 1, undefined, T0 + H],
    ['expiry further away than 60 minutes: kept', T0 + 2 * H, undefined, T0 + 2 * H],
    ['expiry sooner than 60 minutes: pushed to 60 minutes from now', T0 + 10 * 60_000, undefined, T0 + H],
    ['asked for a day: a day from now', T0 - H, 1440, T0 + 24 * H],
    ['asked for 5 minutes while 2 hours are left: kept (never shortened)', T0 + 2 * H, 5, T0 + 2 * H],
  ] as const)('%s', (_name, expiresAt, minutes, want) => {
    expect(reopenedExpiresAt(T0, expiresAt, minutes)).toBe(want);
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
    expect(refundTransition(r('failed', '0xa', 'tx_not_found'), { type: 'report', txHash: '0xa' })).toEqual({
      ok: true,
      next: 'submitted',
      change: 'resubmit',
    });
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
