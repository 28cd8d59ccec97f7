import type { Event } from '../db/generated/client.js';
import type { RecordedEvent } from './outbox.js';

/**
 * The event as webhooks, the events API and the `events` subscription show it: the envelope
 * (`id`, `type`, `livemode`, `createdAt`, `data`) plus `resourceId` and its per-resource `sequence`.
 */
export function eventEnvelope(e: Pick<Event, 'id' | 'type' | 'livemode' | 'createdAt' | 'resourceId' | 'sequence' | 'data'>): RecordedEvent {
  return {
    id: e.id,
    type: e.type,
    livemode: e.livemode,
    createdAt: e.createdAt.toISOString(),
    resourceId: e.resourceId,
    sequence: e.sequence,
    data: e.data,
  };
}
