import { z } from 'zod';

/**
 * Response headers as reusable components (`#/components/headers/<name>`), one line each. `everyResponse`
 * headers are attached to every response of every operation, as `required`; the contract test checks each
 * documented required header is present, so turning one on here is the one-line change that documents it
 * and makes the test demand it. The idempotency headers are attached to the routes marked `idempotent`.
 */
export interface HeaderDoc {
  /** The header's name on the wire (lower-case, as Node hands it over). */
  name: string;
  schema: z.ZodType;
  description: string;
  /** On every response of every operation (success and error). Required unless the schema is optional. */
  everyResponse: boolean;
}

export const RESPONSE_HEADERS: Record<string, HeaderDoc> = {
  RequestId: {
    name: 'x-request-id',
    schema: z.uuid().meta({ example: '3f1c9f5e-2b7a-4d4e-9a61-0c2f5b8e7d10' }),
    description: 'Request id (a well-formed incoming `x-request-id` is kept); equals `error.requestId` in error bodies and the `requestId` of the log line.',
    everyResponse: true,
  },
  CacheControl: {
    name: 'cache-control',
    schema: z.string().meta({ example: 'public, max-age=300' }),
    description: 'Cacheable by browsers and CDNs for 5 minutes.',
    everyResponse: false,
  },
  StatusCacheControl: {
    name: 'cache-control',
    schema: z.string().meta({ example: 'public, max-age=5' }),
    description: 'Cacheable by browsers and CDNs for a few seconds (STATUS_CACHE_MS): the status is recomputed no more often.',
    everyResponse: false,
  },
  ETag: {
    name: 'etag',
    schema: z.string().meta({ example: '"kLq3m8Yc1pV0aXw2Rz7sTb9uNf4"' }),
    description: 'Strong validator of the body; send it back as `If-None-Match` to get 304 Not Modified.',
    everyResponse: false,
  },
  // Rate limits (IETF draft-ietf-httpapi-ratelimit-headers): one list item per bucket the request took from.
  RateLimitPolicy: {
    name: 'ratelimit-policy',
    schema: z.string().meta({ example: '"default";q=600;w=60, "strict";q=60;w=60' }),
    description:
      'The quota policies that applied to this request: `q` points per `w` seconds, per bucket (`default`; `strict` for costly writes). Absent only where an operator turned rate limiting off.',
    everyResponse: true,
  },
  RateLimit: {
    name: 'ratelimit',
    schema: z.string().meta({ example: '"default";r=597;t=42' }),
    description:
      "What is left of each quota: `r` points remaining, `t` seconds until the window resets. Absent while the limiter's store is unreachable (requests then pass unlimited) or where rate limiting is off.",
    everyResponse: true,
  },
  ContentDisposition: {
    name: 'content-disposition',
    schema: z.string().meta({ example: 'inline; filename="receipt-INV-000042.pdf"' }),
    description: 'The file name to save a document under.',
    everyResponse: false,
  },
  RetryAfter: {
    name: 'retry-after',
    schema: z
      .string()
      .regex(/^[0-9]+$/)
      .meta({ example: '18' }),
    description: 'Seconds to wait before retrying (429 answers).',
    everyResponse: false,
  },
  // Idempotency keys, added by the idem branch.
  IdempotentReplayed: {
    name: 'idempotent-replayed',
    schema: z.literal('true').optional(),
    description: 'Present when this answer is the stored answer of an earlier request with the same `Idempotency-Key`.',
    everyResponse: false,
  },
  OriginalRequest: {
    name: 'original-request',
    schema: z.uuid().optional(),
    description: 'On a replayed answer: the `x-request-id` of the request that produced it.',
    everyResponse: false,
  },
};

/** Request headers as reusable parameter components (`#/components/parameters/<name>`). */
export const REQUEST_HEADERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    schema: z.string().min(1).max(255).optional().meta({ example: '7c0d6c2e-5a8f-4a7b-9f1e-2d3c4b5a6f70' }),
    description:
      'Makes a creating POST safe to retry: the same key with the same body within 24 h returns the first answer (with `Idempotent-Replayed: true`); the same key with another body is 409 CONFLICT.',
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    schema: z.string().max(1000).optional().meta({ example: '"kLq3m8Yc1pV0aXw2Rz7sTb9uNf4"' }),
    description: 'An `ETag` of an earlier answer: when it still matches, the answer is 304 Not Modified without a body.',
  },
} as const;
