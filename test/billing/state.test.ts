import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, transition, type SubscriptionAction, type SubscriptionState } from '../../src/billing/state.js';

const s = (status: SubscriptionState['status'], cancelAtPeriodEnd = false): SubscriptionState => ({ status, cancelAtPeriodEnd });

type Row = [string, SubscriptionState, SubscriptionAction, SubscriptionState | string, string[]?];
const rows: Row[] = [
  ['trial ends: first invoice', s('trialing'), { type: 'period_started', index: 0 }, s('active'), ['subscription.updated']],
  ['first period without trial', s('active'), { type: 'period_started', index: 0 }, s('active'), []],
  ['renewal', s('active'), { type: 'period_started', index: 3 }, s('active'), ['subscription.renewed']],
  ['renewal while past due stays past due', s('past_due'), { type: 'period_started', index: 3 }, s('past_due'), ['subscription.renewed']],
  ['overdue', s('active'), { type: 'invoice_overdue' }, s('past_due'), ['subscription.past_due']],
  ['overdue again', s('past_due'), { type: 'invoice_overdue' }, s('past_due'), []],
  ['reminder', s('past_due'), { type: 'reminder_sent' }, s('past_due'), ['subscription.reminder_sent']],
  ['paid late', s('past_due'), { type: 'invoice_paid', stillOverdue: false }, s('active'), ['subscription.updated']],
  ['paid one of two overdue', s('past_due'), { type: 'invoice_paid', stillOverdue: true }, s('past_due'), []],
  ['paid on time', s('active'), { type: 'invoice_paid', stillOverdue: false }, s('active'), []],
  ['dunning exhausted', s('past_due'), { type: 'dunning_exhausted' }, s('canceled'), ['subscription.canceled']],
  ['cancel now', s('active'), { type: 'cancel', atPeriodEnd: false }, s('canceled'), ['subscription.canceled']],
  ['cancel now a trial', s('trialing'), { type: 'cancel', atPeriodEnd: false }, s('canceled'), ['subscription.canceled']],
  ['cancel now after cancel at period end', s('active', true), { type: 'cancel', atPeriodEnd: false }, s('canceled'), ['subscription.canceled']],
  ['cancel at period end', s('active'), { type: 'cancel', atPeriodEnd: true }, s('active', true), ['subscription.updated']],
  ['cancel at period end twice', s('active', true), { type: 'cancel', atPeriodEnd: true }, 'already set'],
  ['resume', s('past_due', true), { type: 'resume' }, s('past_due'), ['subscription.updated']],
  ['resume without pending cancel', s('active'), { type: 'resume' }, 'only a subscription set to cancel'],
  ['period ends with cancel pending', s('active', true), { type: 'period_ended' }, s('canceled'), ['subscription.canceled']],
  ['period ends without cancel pending', s('active'), { type: 'period_ended' }, 'not set to cancel'],
  ['update', s('trialing'), { type: 'update' }, s('trialing'), ['subscription.updated']],
];

describe('subscription transition', () => {
  it.each(rows)('%s', (_, from, action, expected, events) => {
    const r = transition(from, action);
    if (typeof expected === 'string') {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toContain(expected);
      return;
    }
    expect(r).toMatchObject({ ok: true, next: expected, events });
  });

  it('records why a subscription was canceled', () => {
    const reason = (a: SubscriptionAction, from = s('active', true)) => (transition(from, a) as { cancellationReason?: string }).cancellationReason;
    expect(reason({ type: 'cancel', atPeriodEnd: false })).toBe('requested');
    expect(reason({ type: 'dunning_exhausted' })).toBe('dunning');
    expect(reason({ type: 'period_ended' })).toBe('period_end');
  });

  it('canceled is final: every action is refused', () => {
    const actions: SubscriptionAction[] = [
      { type: 'period_started', index: 1 },
      { type: 'invoice_overdue' },
      { type: 'reminder_sent' },
      { type: 'invoice_paid', stillOverdue: false },
      { type: 'dunning_exhausted' },
      { type: 'cancel', atPeriodEnd: false },
      { type: 'cancel', atPeriodEnd: true },
      { type: 'resume' },
      { type: 'period_ended' },
      { type: 'update' },
    ];
    for (const a of actions) expect(transition(s('canceled'), a).ok).toBe(false);
  });

  it('every non-final status can be canceled now', () => {
    for (const st of SUBSCRIPTION_STATUSES.filter((x) => x !== 'canceled'))
      expect(transition(s(st), { type: 'cancel', atPeriodEnd: false })).toMatchObject({ ok: true, next: { status: 'canceled' } });
  });
});
