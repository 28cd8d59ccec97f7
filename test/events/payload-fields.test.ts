import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EVENT_TYPES } from '../../src/events/catalog.js';
import { orderView, orderViewSchema } from '../../src/orders/views.js';
import { limitOrderView, limitOrderViewSchema } from '../../src/limit-orders/views.js';
import { endpointView, endpointViewSchema } from '../../src/webhooks/views.js';
import { reviewViewSchema, sessionViewSchema } from '../../src/checkout/views.js';
import { invoiceViewSchema } from '../../src/invoices/views.js';
import { subscriptionViewSchema } from '../../src/billing/views.js';
import type { LimitOrder, Order, WebhookEndpoint } from '../../src/db/generated/client.js';

/**
 * An event carries its record whole: every field of the record's view is present, null when unknown, so a receiver
 * can tell "not known yet" from "left out" and one parser reads the event and the API answer alike.
 */

/** The record an event's `data` may hold under each name, and its view (the schema the API answers with). */
const RECORDS: Record<string, z.ZodObject> = {
  order: orderViewSchema,
  limitOrder: limitOrderViewSchema,
  session: sessionViewSchema,
  review: reviewViewSchema,
  invoice: invoiceViewSchema,
  subscription: subscriptionViewSchema,
  endpoint: endpointViewSchema,
};
/** Fields of a view that an event leaves out on purpose, and why. */
const WITHHELD: Record<string, string[]> = {
  endpoint: ['secret'], // shown once, in the answers of create and rotate-secret; never sent anywhere else
};
/** `data` entries that are not records: the event's own facts. */
const FACTS = ['reason', 'invoiceId', 'reminder'];

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** The object schema under optional, nullable and default wrappers, or null when it is not an object. */
function objectOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return objectOf(def.innerType!);
  return def.type === 'object' ? def.shape! : null;
}

/**
 * The fields of `value` that differ from its view `schema`: missing ones (`-fees.integrator`) and extra ones
 * (`+foo`), descending into nested objects the view defines (not into arrays, records or free-form `metadata`).
 */
function fieldDiff(value: Record<string, unknown>, schema: z.ZodType, withheld: string[] = [], prefix = ''): string[] {
  const shape = objectOf(schema)!;
  const out: string[] = [];
  for (const [k, field] of Object.entries(shape)) {
    const path = `${prefix}${k}`;
    if (withheld.includes(path)) {
      if (k in value) out.push(`+${path} (withheld)`);
      continue;
    }
    if (!(k in value)) out.push(`-${path}`);
    else if (objectOf(field) && value[k] !== null && typeof value[k] === 'object' && !Array.isArray(value[k]))
      out.push(...fieldDiff(value[k] as Record<string, unknown>, field, withheld, `${path}.`));
  }
  for (const k of Object.keys(value)) if (!(k in shape)) out.push(`+${prefix}${k}`);
  return out;
}

describe('event payloads carry every field of their record', () => {
  const ctx = { publicUrl: 'https://pay.example.com', now: new Date('2026-11-22T14:03:11.482Z') };

  it.each(EVENT_TYPES.map((t) => [t.type, t] as const))('%s: each record in data has exactly the fields of its view', (_type, info) => {
    const { data } = info.sample(ctx);
    for (const [name, value] of Object.entries(data)) {
      if (FACTS.includes(name)) continue;
      expect(Object.keys(RECORDS), `data.${name} is neither a known record nor a fact`).toContain(name);
      expect(fieldDiff(value as Record<string, unknown>, RECORDS[name], WITHHELD[name]).join(' '), `data.${name}`).toBe('');
    }
  });

  const at = new Date('2026-11-22T14:03:11.482Z');
  it('an order as events carry it (orderView) has every field, null when unknown: a submitted order has dstTxHash null', () => {
    const row = {
      quoteId: 'q_1',
      status: 'submitted',
      provider: 'relay',
      srcChainId: 8453,
      dstChainId: 42161,
      amount: '25000000',
      dstAmount: '24950000',
      srcTxHash: `0x${'1'.repeat(64)}`,
      dstTxHash: null,
      depositAddressId: null,
      limitOrderId: null,
      checkoutSessionId: null,
      ourFeeBps: 20,
      fillFeeAmount: null,
      fillFeeMint: null,
      partnerFeeBps: 0,
      partnerId: null,
      providerState: null,
      submittedAt: at,
      updatedAt: at,
    } as unknown as Order;
    const view = orderView(row);
    expect(fieldDiff({ ...view }, orderViewSchema)).toEqual([]);
    expect(view.dstTxHash).toBeNull();
  });

  it('a limit order (limitOrderView) and a disabled endpoint (endpointView) have every field of their views', () => {
    const lo = {
      id: 'lo_1',
      livemode: false,
      status: 'open',
      provider: 'jupiter',
      maker: 'M',
      inputMint: 'I',
      outputMint: 'O',
      makingAmount: '50000000',
      takingAmount: '400000000',
      filledMakingAmount: '0',
      filledTakingAmount: '0',
      inputDecimals: 6,
      outputDecimals: 9,
      ourFeeBps: 0,
      partnerId: null,
      partnerFeeBps: 0,
      providerOrderId: 'P',
      openTxHash: null,
      closeTxHash: null,
      expiresAt: null,
      createdAt: at,
      updatedAt: at,
    } as unknown as LimitOrder;
    expect(fieldDiff({ ...limitOrderView(lo) }, limitOrderViewSchema).join(' ')).toBe('');
    const ep = {
      id: 'we_1',
      livemode: false,
      url: 'https://shop.example.com/hooks',
      description: null,
      enabledEvents: ['*'],
      disabled: true,
      disabledReason: 'the endpoint answered 410 Gone',
      secret: 'whsec_x',
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: at,
      updatedAt: at,
    } as unknown as WebhookEndpoint;
    expect(fieldDiff({ ...endpointView(ep, at.getTime()) }, endpointViewSchema, WITHHELD.endpoint)).toEqual([]);
  });
});
