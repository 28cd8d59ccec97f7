import { z } from 'zod';
import { EVENT_TYPE_NAMES, cursorField, noNul, isValidEventPattern } from '../events/input.js';
import { requestBody } from '../validation.js';

/** Request bodies of the webhook endpoint API. */
const url = z.string().trim().min(1).max(2048);
const enabledEvents = z
  .array(z.string().refine(isValidEventPattern, { message: `must be "*", an event type (${EVENT_TYPE_NAMES.join(', ')}) or a "<prefix>.*" pattern` }))
  .min(1)
  .max(64);
const description = z.string().max(500).refine(noNul, { message: 'must not contain NUL characters' });

export const createSchema = requestBody({
  url: url.meta({
    description: 'Where events are POSTed: absolute http(s) URL (https and a public address for live endpoints).',
    example: 'https://shop.example.com/webhooks',
  }),
  enabledEvents: enabledEvents.default(['*']).meta({ description: 'Exact types, `prefix.*` patterns or `*` (default `["*"]`).' }),
  description: description.optional(),
  disabled: z.boolean().optional(),
});
export const updateSchema = requestBody({
  url: url.optional(),
  enabledEvents: enabledEvents.optional(),
  description: description.nullable().optional(),
  disabled: z.boolean().optional(),
});
export const listSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorField.optional(),
});
export const triggerSchema = requestBody({
  type: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'An event type of the catalog.', enum: [...EVENT_TYPE_NAMES], example: 'checkout.session.completed' }),
});
/** The most events one resend-all queues; beyond, the answer says `hasMore` and the next call takes the next batch. */
export const MAX_FAILED_REDELIVERIES = 1000;
export const redeliverFailedSchema = requestBody({
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_FAILED_REDELIVERIES)
    .optional()
    .meta({ description: `At most this many events (oldest first); default and maximum ${MAX_FAILED_REDELIVERIES}.`, example: 100 }),
});
/** Path parameter `{id}` of the endpoint routes; ids of another shape are answered NOT_FOUND. */
export const endpointIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,100}$/)
    .meta({ description: 'Webhook endpoint id.', example: 'we_B8dy22oc82lEi6009zwvga' }),
});

export type CreateEndpoint = z.output<typeof createSchema>;
export type UpdateEndpoint = z.output<typeof updateSchema>;
export type ListAttempts = z.output<typeof listSchema>;
export type TriggerEvent = z.output<typeof triggerSchema>;
export type RedeliverFailed = z.output<typeof redeliverFailedSchema>;
