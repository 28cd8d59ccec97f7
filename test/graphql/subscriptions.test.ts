import { describe, expect, it } from 'vitest';
import { FINAL_SESSION_STATUSES, SESSION_STATUSES, isFinal, transition, type SessionAction } from '../../src/checkout/state.js';
import { isFinalState } from '../../src/orders/state.js';

/** What each subscription treats as final must agree with the domain's state machines. */
describe('subscriptions complete exactly at final states', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const actions: SessionAction[] = [
    { type: 'payment_reported', now, expiresAt: now + 60_000 },
    { type: 'payment_reported', now, expiresAt: now - 1 },
    { type: 'payment_verified' },
    { type: 'payment_failed' },
    { type: 'payment_unverifiable', reason: 'underpaid' },
    { type: 'expire', by: 'time', now, expiresAt: now - 1 },
    { type: 'expire', by: 'merchant', now, expiresAt: now + 60_000 },
    { type: 'review_accept' },
    { type: 'review_reopen' },
  ];
  const nextStatuses = (status: (typeof SESSION_STATUSES)[number]) =>
    actions.map((a) => transition(status, a)).flatMap((r) => (r.ok && r.next !== status ? [r.next] : []));

  it.each(SESSION_STATUSES.map((s) => [s]))('checkoutSession: %s', (status) => {
    const final = FINAL_SESSION_STATUSES.includes(status);
    // A final status has no way out; a status the subscription waits on has one.
    expect(nextStatuses(status).length === 0, `${status} leads to ${nextStatuses(status).join(', ')}`).toBe(final);
    expect(final).toBe(isFinal(status));
  });

  it('checkoutSession waits on needs_review: the merchant moves it to paid or open', () => {
    expect(FINAL_SESSION_STATUSES).not.toContain('needs_review');
    expect(nextStatuses('needs_review').sort()).toEqual(['open', 'paid']);
  });

  it('order and orderStatus: the provider states filled, refunded and failed', () => {
    expect((['pending', 'filled', 'refunded', 'failed', 'unknown'] as const).filter(isFinalState)).toEqual(['filled', 'refunded', 'failed']);
  });
});
