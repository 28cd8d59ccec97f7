import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/events/catalog.js';
import { reviewViewSchema, sessionViewSchema } from '../../src/checkout/views.js';

/** The trigger samples of checkout events carry sessions (and review resolutions) in the shape the API sends. */
describe('checkout event samples of the catalog', () => {
  const ctx = { publicUrl: 'https://pay.example.com', now: new Date('2026-11-22T14:03:11.482Z') };
  const checkout = EVENT_TYPES.filter((t) => t.type.startsWith('checkout.session.'));

  it.each(checkout.map((t) => [t.type, t] as const))('%s: data.session is a session view, data.review a review resolution', (_type, info) => {
    const { resourceId, data } = info.sample(ctx);
    const session = sessionViewSchema.safeParse(data.session);
    expect(session.error?.issues ?? []).toEqual([]);
    expect((data.session as { id: string }).id).toBe(resourceId);
    if ('review' in data) expect(reviewViewSchema.safeParse(data.review).error?.issues ?? []).toEqual([]);
  });

  it('the review samples show the move they stand for', () => {
    const sample = (type: string) => EVENT_TYPES.find((t) => t.type === type)!.sample(ctx).data as any;
    expect(sample('checkout.session.needs_review').session).toMatchObject({
      status: 'needs_review',
      review: { reason: 'underpaid' },
      payments: [{ status: 'rejected', reason: 'underpaid' }],
    });
    const reopened = sample('checkout.session.reopened');
    expect(reopened.session).toMatchObject({ status: 'open', review: null, reviews: [reopened.review] });
    expect(reopened.review).toMatchObject({ action: 'reopen', fromStatus: 'needs_review', toStatus: 'open', payment: reopened.session.payments[0].id });
  });
});
