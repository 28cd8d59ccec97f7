import { z } from 'zod';
import { isValidEventPattern } from './patterns.js';
import { requestBody } from '../validation.js';

/**
 * Shapes of ids and cursors accepted by the events and webhooks APIs. Every id we issue is
 * `<prefix>_<letters, digits>`; anything else (NUL bytes, other punctuation, megabyte strings) cannot
 * name a row, so it is answered without a query: Postgres rejects NUL in text parameters, which would
 * otherwise surface as a 500.
 */
const ID = /^[A-Za-z0-9_]{1,100}$/;

/** Could `id` be one of our ids? When not, the caller answers NOT_FOUND. */
export const plausibleId = (id: string) => ID.test(id);

/** A `cursor` query field: the id of the last item of the previous page. */
export const cursorField = z.string().regex(ID, 'unknown cursor');

/** Free text that is stored: Postgres text cannot hold NUL. */
export const noNul = (s: string) => !s.includes('\u0000');

/** GET /v1/events: `type` filters exactly, or by prefix with `checkout.session.*`; `cursor` is the last id of the previous page. */
export const listEventsSchema = z.object({
  type: z.string().min(1).max(100).refine(isValidEventPattern, { message: 'must be an event type, a "<prefix>.*" pattern or "*"' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorField.optional(),
});

export const redeliverSchema = requestBody({
  endpointId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Send to this endpoint only; default: every enabled endpoint subscribed to the type.', example: 'we_B8dy22oc82lEi6009zwvga' }),
});

/** Path parameter `{id}` of the event routes; ids of another shape are answered NOT_FOUND. */
export const eventIdParamSchema = z.object({ id: z.string().regex(ID).meta({ description: 'Event id.', example: 'evt_4Yq2mT8kLp0ZsVb7NcR1Dw' }) });

export type ListEvents = z.output<typeof listEventsSchema>;
export type Redeliver = z.output<typeof redeliverSchema>;

/** The event types and the pattern language webhook endpoints subscribe with. */
export { EVENT_TYPE_NAMES } from './catalog.js';
export { isValidEventPattern, sqlAnyEventPatternMatches } from './patterns.js';
