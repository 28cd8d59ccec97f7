import { z } from 'zod';
import type { Subscription, SubscriptionPeriod, TestClock } from '../db/generated/client.js';
import { baseUnitsOut, isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import { type LineItem, invoiceViewSchema, lineItemSchema, type InvoiceView } from '../invoices/views.js';
import { INTERVALS, periodStart, type Interval } from './periods.js';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './state.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One billed period and where its invoice stands in dunning. */
export interface SubscriptionPeriodView {
  index: number;
  startAt: string;
  endAt: string;
  invoiceId: string;
  dueAt: string;
  paidAt: string | null;
  pastDueAt: string | null;
  remindersSentAt: string[];
  voidedAt: string | null;
}

export interface SubscriptionView {
  id: string;
  object: 'subscription';
  livemode: boolean;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  customerEmail: string;
  customerName: string | null;
  merchantName: string | null;
  replyTo: string | null;
  settlement: { chainId: number; token: string; symbol: string; decimals: number };
  recipient: string;
  lineItems: LineItem[];
  amount: string;
  interval: Interval;
  intervalCount: number;
  daysUntilDue: number;
  metadata: Record<string, string>;
  testClockId: string | null;
  startAt: string;
  trialEndAt: string | null;
  billingCycleAnchor: string;
  currentPeriodIndex: number | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** When the next period's invoice is issued (null once canceled or set to cancel at the period end). */
  nextInvoiceAt: string | null;
  latestInvoiceId: string | null;
  canceledAt: string | null;
  cancellationReason: 'requested' | 'dunning' | 'period_end' | null;
  createdAt: string;
  updatedAt: string;
  /** `get` only: every billed period, newest first, and their invoices (owner view). */
  periods?: SubscriptionPeriodView[];
  invoices?: InvoiceView[];
}

function periodView(p: SubscriptionPeriod): SubscriptionPeriodView {
  return {
    index: p.periodIndex,
    startAt: p.startAt.toISOString(),
    endAt: p.endAt.toISOString(),
    invoiceId: p.invoiceId,
    dueAt: p.dueAt.toISOString(),
    paidAt: iso(p.paidAt),
    pastDueAt: iso(p.pastDueAt),
    remindersSentAt: [p.reminder1At, p.reminder2At].filter((d): d is Date => !!d).map((d) => d.toISOString()),
    voidedAt: iso(p.voidedAt),
  };
}

export function subscriptionView(
  s: Subscription,
  opts: { latestInvoiceId: string | null; periods?: SubscriptionPeriod[]; invoices?: InvoiceView[] },
): SubscriptionView {
  const nextIndex = (s.currentPeriodIndex ?? -1) + 1;
  const issuesMore = s.status !== 'canceled' && !(s.cancelAtPeriodEnd && s.currentPeriodIndex !== null);
  return {
    id: s.id,
    object: 'subscription',
    livemode: s.livemode,
    status: s.status,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    customerEmail: s.customerEmail,
    customerName: s.customerName,
    merchantName: s.merchantName,
    replyTo: s.replyTo,
    settlement: { chainId: s.settleChainId, token: s.settleToken, symbol: s.settleSymbol, decimals: s.settleDecimals },
    recipient: s.recipient,
    lineItems: s.lineItems as unknown as LineItem[],
    amount: s.amount,
    interval: s.interval as Interval,
    intervalCount: s.intervalCount,
    daysUntilDue: s.daysUntilDue,
    metadata: (s.metadata ?? {}) as Record<string, string>,
    testClockId: s.testClockId,
    startAt: s.startAt.toISOString(),
    trialEndAt: iso(s.trialEndAt),
    billingCycleAnchor: s.billingAnchor.toISOString(),
    currentPeriodIndex: s.currentPeriodIndex,
    currentPeriodStart: iso(s.currentPeriodStart),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    nextInvoiceAt: issuesMore ? new Date(periodStart(s.billingAnchor.getTime(), s.interval as Interval, s.intervalCount, nextIndex)).toISOString() : null,
    latestInvoiceId: opts.latestInvoiceId,
    canceledAt: iso(s.canceledAt),
    cancellationReason: (s.cancellationReason as SubscriptionView['cancellationReason']) ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    ...(opts.periods ? { periods: opts.periods.map(periodView) } : {}),
    ...(opts.invoices ? { invoices: opts.invoices } : {}),
  };
}

export interface TestClockView {
  id: string;
  object: 'test_clock';
  livemode: false;
  name: string | null;
  frozenTime: string;
  status: 'ready' | 'advancing';
  createdAt: string;
  updatedAt: string;
}

export const testClockView = (c: TestClock): TestClockView => ({
  id: c.id,
  object: 'test_clock',
  livemode: false,
  name: c.name,
  frozenTime: c.frozenTime.toISOString(),
  status: c.status as TestClockView['status'],
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

// ---- OpenAPI schemas ---------------------------------------------------------------------------------------

const subscriptionPeriodViewSchema = z
  .object({
    index: z.number().int().meta({ description: 'Period number, from 0.' }),
    startAt: isoTimestamp,
    endAt: isoTimestamp,
    invoiceId: z.string(),
    dueAt: isoTimestamp,
    paidAt: isoTimestamp.nullable(),
    pastDueAt: isoTimestamp.nullable().meta({ description: 'When the invoice went past its due date unpaid.' }),
    remindersSentAt: z.array(isoTimestamp).meta({ description: 'Reminder emails (1 and 3 days after the due date).' }),
    voidedAt: isoTimestamp.nullable().meta({ description: 'Voided by dunning, 7 days after the due date.' }),
  })
  .meta({ id: 'SubscriptionPeriod', description: 'One billed period and its invoice.' });

const subscriptionFields = {
  id: z.string().meta({ example: 'sub_test_4Fq8Lm2Wz7Rk1Tb9Xc3Vn' }),
  object: z.literal('subscription'),
  livemode: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  customerEmail: z.string(),
  customerName: z.string().nullable(),
  merchantName: z.string().nullable(),
  replyTo: z.string().nullable(),
  settlement: z.object({ chainId: z.number().int(), token: z.string(), symbol: z.string(), decimals: z.number().int() }),
  recipient: z.string(),
  lineItems: z.array(lineItemSchema),
  amount: baseUnitsOut.meta({ description: 'What each period bills: Σ quantity × unitAmount.', example: '49000000' }),
  interval: z.enum(INTERVALS),
  intervalCount: z.number().int(),
  daysUntilDue: z.number().int(),
  metadata: z.record(z.string(), z.string()),
  testClockId: z.string().nullable(),
  startAt: isoTimestamp,
  trialEndAt: isoTimestamp.nullable(),
  billingCycleAnchor: isoTimestamp.meta({ description: 'Period n starts at this instant plus n intervals (month ends clamped).' }),
  currentPeriodIndex: z.number().int().nullable(),
  currentPeriodStart: isoTimestamp.nullable(),
  currentPeriodEnd: isoTimestamp.nullable(),
  nextInvoiceAt: isoTimestamp.nullable(),
  latestInvoiceId: z.string().nullable(),
  canceledAt: isoTimestamp.nullable(),
  cancellationReason: z.enum(['requested', 'dunning', 'period_end']).nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
};

export const subscriptionViewSchema = z
  .object(subscriptionFields)
  .meta({ id: 'Subscription', description: 'A subscription: what it bills, how often, and where it stands.' });
export const subscriptionDetailSchema = z
  .object({ ...subscriptionFields, periods: z.array(subscriptionPeriodViewSchema), invoices: z.array(invoiceViewSchema) })
  .meta({ id: 'SubscriptionWithInvoices', description: 'A subscription with its billed periods and their invoices, newest first.' });

export const testClockViewSchema = z
  .object({
    id: z.string().meta({ example: 'clock_8Hv2Qp5Lx9Wd3Rk7Tm1Zb' }),
    object: z.literal('test_clock'),
    livemode: z.literal(false),
    name: z.string().nullable(),
    frozenTime: isoTimestamp.meta({ description: "The clock's time: subscriptions attached to it live in it." }),
    status: z.enum(['ready', 'advancing']),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'TestClock', description: 'A test-mode clock.' });

sameShape<z.output<typeof subscriptionPeriodViewSchema>, SubscriptionPeriodView>(true);
sameShape<z.output<typeof subscriptionViewSchema>, Omit<SubscriptionView, 'periods' | 'invoices'>>(true);
sameShape<z.output<typeof testClockViewSchema>, TestClockView>(true);
