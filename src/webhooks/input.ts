import { z } from 'zod';
import { EVENT_TYPE_NAMES } from '../events/catalog.js';
import { cursorField, noNul } from '../events/input.js';
import { isValidEventPattern } from '../events/patterns.js';

/** Request bodies of the webhook endpoint API. */
const url = z.string().trim().min(1).max(2048);
const enabledEvents = z
  .array(z.string().refine(isValidEventPattern, { message: `must be "*", an event type (${EVENT_TYPE_NAMES.join(', ')}) or a "<prefix>.*" pattern` }))
  .min(1)
  .max(64);
const description = z.string().max(500).refine(noNul, { message: 'must not contain NUL characters' });

export const createSchema = z.object({
  url,
  enabledEvents: enabledEvents.default(['*']),
  description: description.optional(),
  disabled: z.boolean().optional(),
});
export const updateSchema = z.object({
  url: url.optional(),
  enabledEvents: enabledEvents.optional(),
  description: description.nullable().optional(),
  disabled: z.boolean().optional(),
});
export const listSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorField.optional(),
});
export const triggerSchema = z.object({ type: z.string().min(1).max(100) });

export type CreateEndpointInput = z.input<typeof createSchema>;
export type UpdateEndpointInput = z.input<typeof updateSchema>;
