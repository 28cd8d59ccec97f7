import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
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

/** Response schema (OpenAPI) of an event, checked against RecordedEvent. */
export const eventSchema = z
  .object({
    id: z.string().meta({ example: 'evt_4Yq2mT8kLp0ZsVb7NcR1Dw' }),
    type: z.string().meta({ example: 'checkout.session.completed' }),
    livemode: z.boolean(),
    createdAt: isoTimestamp,
    resourceId: z.string().meta({ description: 'The resource the event is about (`cs_…`, `inv_…`, an order id, `we_…`).' }),
    sequence: z.number().int().min(1).meta({ description: '1, 2, 3, … per resource: drop an event whose sequence is not above the last one applied.' }),
    data: z.unknown().meta({ description: 'A snapshot of the resource(s) after the change, e.g. `{ session }`.' }),
  })
  .meta({ id: 'Event' });

sameShape<z.output<typeof eventSchema>, RecordedEvent>(true);

/** Each event type's description and sample, as the webhooks domain shows them. */
export { eventTypeInfo } from './catalog.js';
