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
