import { z } from 'zod';
import { metadata } from '../checkout/input.js';
import { createInvoiceSchema, validateSettlement } from '../invoices/input.js';
import { INTERVALS, MAX_INTERVAL_COUNT } from './periods.js';
import { SUBSCRIPTION_STATUSES } from './state.js';
import { isoDateTime } from '../validation.js';

/**
 * Input rules of the subscription and test clock APIs, shared by REST and GraphQL: the transports parse a request
 * with these schemas once and hand the typed output to the service; an unknown body field is INVALID_PARAMS naming
 * it. Customer, settlement and
 * line item fields follow the invoice rules (each period's invoice is made from them); `customerEmail` is
 * required (every period's pay link is emailed). `intervalCount` 1 up to about three years per period;
 * `trialDays` 0-730; `daysUntilDue` 0-90 (default 7); `startAt` an ISO 8601 timestamp, not in the past, read by the
 * shared strict rule (src/validation.ts `isoDateTime`: an impossible date is refused, never rolled over). A test
 * clock takes at most `subscriptionsPerClock` subscriptions not yet canceled, so one advance (which runs every
 * step due in between inside the request) does bounded work.
 */
export const LIMITS = { trialDays: 730, daysUntilDue: 90, clockName: 100, advanceDays: 1100, subscriptionsPerClock: 10 } as const;

const inv = createInvoiceSchema.shape;

const [MIN_TIME, MAX_TIME] = [Date.parse('2000-01-01T00:00:00Z'), Date.parse('2999-12-31T23:59:59Z')];
const timestamp = isoDateTime.refine((d) => d.getTime() >= MIN_TIME && d.getTime() <= MAX_TIME, 'must be a timestamp between 2000 and 2999');

const int = (min: number, max: number) =>
  z.number({ error: 'must be an integer' }).int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

export const SUBSCRIPTION_ID = /^sub_(test_)?[0-9A-Za-z]{1,64}$/;
export const TEST_CLOCK_ID = /^clock_[0-9A-Za-z]{1,64}$/;

export const createSubscriptionSchema = z
  .object({
    customerEmail: inv.customerEmail.unwrap().unwrap(),
    customerName: inv.customerName,
    merchantName: inv.merchantName,
    replyTo: inv.replyTo,
    lineItems: inv.lineItems,
    settleChain: inv.settleChain,
    settleToken: inv.settleToken,
    recipient: inv.recipient,
    interval: z.enum(INTERVALS, { error: `must be one of ${INTERVALS.join(', ')}` }),
    intervalCount: int(1, MAX_INTERVAL_COUNT.day).default(1),
    startAt: timestamp.optional(),
    trialDays: int(0, LIMITS.trialDays).default(0),
    daysUntilDue: int(0, LIMITS.daysUntilDue).default(7),
    metadata: metadata.optional(),
    testClockId: z.string({ error: 'must be a test clock id' }).regex(TEST_CLOCK_ID, 'must be a test clock id (clock_…)').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.interval && v.intervalCount > MAX_INTERVAL_COUNT[v.interval])
      ctx.addIssue({ code: 'custom', path: ['intervalCount'], message: `must be at most ${MAX_INTERVAL_COUNT[v.interval]} for interval ${v.interval}` });
  });
export type CreateSubscription = z.output<typeof createSubscriptionSchema>;

/** Line items and metadata; both apply from the next period's invoice (the current one is already issued). */
export const updateSubscriptionSchema = z.object({ lineItems: inv.lineItems.optional(), metadata: metadata.optional() }).strict();
export type UpdateSubscription = z.output<typeof updateSubscriptionSchema>;

export const cancelSubscriptionSchema = z.object({ atPeriodEnd: z.boolean({ error: 'must be a boolean' }).default(false) }).strict();
export type CancelSubscription = z.output<typeof cancelSubscriptionSchema>;

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);

export const listSubscriptionsSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  limit: intFrom(int(1, 100)).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListSubscriptions = z.output<typeof listSubscriptionsSchema>;

export const listTestClocksSchema = z.object({
  limit: intFrom(int(1, 100)).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListTestClocks = z.output<typeof listTestClocksSchema>;

export const subscriptionIdParamSchema = z.object({
  id: z.string().regex(SUBSCRIPTION_ID).meta({ description: 'Subscription id.', example: 'sub_test_4Fq8Lm2Wz7Rk1Tb9Xc3Vn' }),
});
export const testClockIdParamSchema = z.object({
  id: z.string().regex(TEST_CLOCK_ID).meta({ description: 'Test clock id.', example: 'clock_8Hv2Qp5Lx9Wd3Rk7Tm1Zb' }),
});

export const createTestClockSchema = z
  .object({
    frozenTime: timestamp.optional().meta({ description: 'Where the clock starts (default: now).' }),
    name: z
      .string({ error: 'must be a string' })
      .min(1)
      .max(LIMITS.clockName)
      .refine((s) => !/[^\P{Cc}\u0080-\u009f]/u.test(s), 'must not contain control characters')
      .optional(),
  })
  .strict();
export type CreateTestClock = z.output<typeof createTestClockSchema>;

export const advanceTestClockSchema = z
  .object({ frozenTime: timestamp.meta({ description: 'The new time: later than the current one, at most 1100 days ahead.' }) })
  .strict();
export type AdvanceTestClock = z.output<typeof advanceTestClockSchema>;

export { validateSettlement };
