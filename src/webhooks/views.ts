import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../db/generated/client.js';

export interface EndpointView {
  id: string;
  object: 'webhook_endpoint';
  livemode: boolean;
  url: string;
  description: string | null;
  enabledEvents: string[];
  disabled: boolean;
  disabledReason: string | null;
  /** Only in the answers of create and rotate-secret. */
  secret?: string;
  /** While a rotated-out secret still signs (24 h after rotation). */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AttemptView {
  id: string;
  object: 'webhook_attempt';
  eventId: string;
  endpointId: string;
  deliveryId: string;
  attempt: number;
  url: string;
  success: boolean;
  statusCode: number | null;
  latencyMs: number;
  /** First KiB of the receiver's answer, as text: display it escaped, never as HTML. */
  responseBody: string | null;
  error: string | null;
  createdAt: string;
}

export interface DeliveryView {
  id: string;
  object: 'webhook_delivery';
  eventId: string;
  endpointId: string;
  status: string;
  origin: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** The answer of a resend-all: how many failed events were queued again, and whether more wait for another call. */
export interface FailedRedeliveryView {
  object: 'webhook_failed_redelivery';
  endpointId: string;
  /** New deliveries queued by this call (one per event, oldest event first). */
  queued: number;
  /** True when more events failed for good than one call queues: call again (with a new key) for the next batch. */
  hasMore: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function endpointView(w: WebhookEndpoint, now: number, opts: { withSecret?: boolean } = {}): EndpointView {
  const prevValid = w.previousSecret && w.previousSecretExpiresAt && w.previousSecretExpiresAt.getTime() > now;
  return {
    id: w.id,
    object: 'webhook_endpoint',
    livemode: w.livemode,
    url: w.url,
    description: w.description,
    enabledEvents: w.enabledEvents,
    disabled: w.disabled,
    disabledReason: w.disabledReason,
    ...(opts.withSecret ? { secret: w.secret } : {}),
    previousSecretExpiresAt: prevValid ? iso(w.previousSecretExpiresAt) : null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function attemptView(a: WebhookAttempt): AttemptView {
  return {
    id: a.id,
    object: 'webhook_attempt',
    eventId: a.eventId,
    endpointId: a.endpointId,
    deliveryId: a.deliveryId,
    attempt: a.attempt,
    url: a.url,
    success: a.success,
    statusCode: a.statusCode,
    latencyMs: a.latencyMs,
    responseBody: a.responseBody,
    error: a.error,
    createdAt: a.createdAt.toISOString(),
  };
}

export function deliveryView(d: WebhookDelivery): DeliveryView {
  return {
    id: d.id,
    object: 'webhook_delivery',
    eventId: d.eventId,
    endpointId: d.endpointId,
    status: d.status,
    origin: d.origin,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    completedAt: iso(d.completedAt),
  };
}

// Response schemas (OpenAPI), checked against the types above so neither can drift.

export const endpointViewSchema = z
  .object({
    id: z.string().meta({ example: 'we_B8dy22oc82lEi6009zwvga' }),
    object: z.literal('webhook_endpoint'),
    livemode: z.boolean(),
    url: z.string(),
    description: z.string().nullable(),
    enabledEvents: z.array(z.string()),
    disabled: z.boolean(),
    disabledReason: z.string().nullable(),
    secret: z.string().optional().meta({ description: 'Only in the answers of create and rotate-secret: `whsec_` + base64.' }),
    previousSecretExpiresAt: isoTimestamp.nullable().meta({ description: 'While a rotated-out secret still signs (24 h after rotation).' }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

export const attemptViewSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_attempt'),
    eventId: z.string(),
    endpointId: z.string(),
    deliveryId: z.string(),
    attempt: z.number().int().min(1),
    url: z.string(),
    success: z.boolean(),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number(),
    responseBody: z.string().nullable().meta({ description: "First KiB of the receiver's answer, as text: display it escaped, never as HTML." }),
    error: z.string().nullable(),
    createdAt: isoTimestamp,
  })
  .meta({ id: 'WebhookAttempt' });

export const deliveryViewSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_delivery'),
    eventId: z.string(),
    endpointId: z.string(),
    status: z.string().meta({ enum: ['pending', 'succeeded', 'failed', 'canceled'] }),
    origin: z.string().meta({ description: '`manual` for redeliveries.', enum: ['auto', 'manual'] }),
    attempts: z.number().int().min(0),
    nextAttemptAt: isoTimestamp.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: isoTimestamp,
    completedAt: isoTimestamp.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const failedRedeliverySchema = z
  .object({
    object: z.literal('webhook_failed_redelivery'),
    endpointId: z.string().meta({ example: 'we_B8dy22oc82lEi6009zwvga' }),
    queued: z.number().int().min(0).meta({ description: 'New deliveries queued by this call: one per event whose latest delivery failed for good.' }),
    hasMore: z.boolean().meta({ description: 'More such events remain than one call queues: call again, with a new idempotency key, for the next batch.' }),
  })
  .meta({ id: 'WebhookFailedRedelivery' });

export const deletedEndpointSchema = z.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) });

sameShape<z.output<typeof endpointViewSchema>, EndpointView>(true);
sameShape<z.output<typeof attemptViewSchema>, AttemptView>(true);
sameShape<z.output<typeof deliveryViewSchema>, DeliveryView>(true);
sameShape<z.output<typeof failedRedeliverySchema>, FailedRedeliveryView>(true);
