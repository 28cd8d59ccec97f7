import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** Shared pieces of the response schemas: timestamps, lists, the error envelope. */

/** ISO 8601 UTC with milliseconds, as `Date.toISOString()` writes it. */
export const isoTimestamp = z.iso.datetime().meta({ example: '2026-11-22T14:03:11.482Z' });

/** An integer string of base units (amounts never travel as JSON numbers). */
export const baseUnitsOut = z
  .string()
  .regex(/^[0-9]+$/)
  .meta({ description: 'Integer string of base units.', example: '25000000' });

/** `{ object: 'list', data, hasMore, nextCursor }`: every keyset-paged list (src/db/keyset.ts). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal('list'),
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  });

/** `{ object: 'list', data }`: a short list returned whole. */
export const listSchema = <T extends z.ZodType>(item: T) => z.object({ object: z.literal('list'), data: z.array(item) });

/** The one error body of every non-2xx answer (src/http/server.ts `errorBody`). */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ description: 'Stable machine-readable code; match on it. Each has a page at /docs/errors/<code>.' }),
      message: z.string().meta({ description: 'For people; may change. Names the offending field for INVALID_PARAMS.' }),
      requestId: z.uuid().meta({ description: 'Equals the x-request-id response header.' }),
      docsUrl: z.url().meta({ description: 'The page of this code.' }),
    }),
  })
  .meta({ id: 'Error', description: 'The error envelope of every non-2xx answer.' });
