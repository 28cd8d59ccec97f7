/**
 * The subscription state machine, as one pure function. Every status change in the service goes through
 * `transition`; the caller applies the result under the subscription's row lock, in the transaction that
 * writes the events it names.
 *
 *   (create) ──trial──▶ trialing ──period_started──▶ active ◀──invoice_paid── past_due
 *   (create) ─────────────────────────────────────▶ active ──invoice_overdue──▶ past_due
 *   any but canceled ──cancel now / dunning_exhausted / period_end with cancelAtPeriodEnd──▶ canceled (final)
 *
 * `cancelAtPeriodEnd` is a flag beside the status: `cancel` with `atPeriodEnd` sets it, `resume` clears it,
 * and the end of the current period then cancels. There is no `incomplete`: nothing is pulled from the
 * customer, so the first invoice is one like any other and follows the same dunning (past_due, reminders,
 * canceled after 7 days).
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const SUBSCRIPTION_EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.reminder_sent',
  'subscription.canceled',
] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

type CancellationReason = 'requested' | 'dunning' | 'period_end';

export type SubscriptionAction =
  /** A period began and its invoice was issued (the first one included). */
  | { type: 'period_started'; index: number }
  /** An invoice of the subscription is past its due date, unpaid. */
  | { type: 'invoice_overdue' }
  /** A reminder about an overdue invoice was emailed. */
  | { type: 'reminder_sent' }
  /** An invoice of the subscription was paid; `stillOverdue`: another of its invoices is still past due. */
  | { type: 'invoice_paid'; stillOverdue: boolean }
  /** 7 days past an invoice's due date, unpaid. */
  | { type: 'dunning_exhausted' }
  | { type: 'cancel'; atPeriodEnd: boolean }
  | { type: 'resume' }
  /** The current period ended while `cancelAtPeriodEnd` was set. */
  | { type: 'period_ended' }
  | { type: 'update' };

export interface SubscriptionState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
}

export type SubscriptionTransition =
  | { ok: true; next: SubscriptionState; events: SubscriptionEventType[]; cancellationReason?: CancellationReason }
  | { ok: false; error: string };

/**
 * Final: no action moves a subscription out of it (a canceled subscription is never billed or revived); status
 * streams complete there. test/billing/state.test.ts checks the list against `transition`.
 */
const isFinal = (s: SubscriptionStatus) => s === 'canceled';
export const FINAL_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = SUBSCRIPTION_STATUSES.filter(isFinal);

export function transition(state: SubscriptionState, action: SubscriptionAction): SubscriptionTransition {
  const { status, cancelAtPeriodEnd } = state;
  const no = (error: string): SubscriptionTransition => ({ ok: false, error });
  const ok = (next: Partial<SubscriptionState>, events: SubscriptionEventType[] = [], cancellationReason?: CancellationReason): SubscriptionTransition => ({
    ok: true,
    next: { status, cancelAtPeriodEnd, ...next },
    events,
    ...(cancellationReason ? { cancellationReason } : {}),
  });
  if (status === 'canceled') return no('the subscription is canceled');
  switch (action.type) {
    case 'period_started':
      // The first period is announced by subscription.created; each later one renews the subscription.
      if (status === 'trialing') return ok({ status: 'active' }, action.index > 0 ? ['subscription.renewed'] : ['subscription.updated']);
      return ok({}, action.index > 0 ? ['subscription.renewed'] : []);
    case 'invoice_overdue':
      if (status === 'past_due') return ok({});
      return ok({ status: 'past_due' }, ['subscription.past_due']);
    case 'reminder_sent':
      return ok({}, ['subscription.reminder_sent']);
    case 'invoice_paid':
      if (status === 'past_due' && !action.stillOverdue) return ok({ status: 'active' }, ['subscription.updated']);
      return ok({});
    case 'dunning_exhausted':
      return ok({ status: 'canceled', cancelAtPeriodEnd: false }, ['subscription.canceled'], 'dunning');
    case 'cancel':
      if (action.atPeriodEnd)
        return cancelAtPeriodEnd
          ? no('the subscription is already set to cancel at the end of its period')
          : ok({ cancelAtPeriodEnd: true }, ['subscription.updated']);
      return ok({ status: 'canceled', cancelAtPeriodEnd: false }, ['subscription.canceled'], 'requested');
    case 'resume':
      if (!cancelAtPeriodEnd) return no('only a subscription set to cancel at the end of its period can be resumed');
      return ok({ cancelAtPeriodEnd: false }, ['subscription.updated']);
    case 'period_ended':
      if (!cancelAtPeriodEnd) return no('the subscription is not set to cancel at the end of its period');
      return ok({ status: 'canceled', cancelAtPeriodEnd: false }, ['subscription.canceled'], 'period_end');
    case 'update':
      return ok({}, ['subscription.updated']);
  }
}
