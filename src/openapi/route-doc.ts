import { z } from 'zod';
import type { ErrorCode } from '../errors.js';

/**
 * The documentation every /v1 route carries (`Route.doc`, src/rest/router.ts). The OpenAPI document
 * (src/openapi/document.ts) is generated from it, with the same zod schemas the services validate with,
 * so a route cannot exist without its documentation and the rule and the document are one.
 */
export interface RouteDoc {
  /** Unique, camelCase (`createCheckoutSession`). */
  operationId: string;
  summary: string;
  /** Markdown; optional longer text. */
  description?: string;
  /** One tag per domain: `Assets`, `Quotes`, `Orders`, `Checkout`, `Invoices`, `Events`, `Webhook endpoints`, `Account`, `Meta`. */
  tag: string;
  /** Path parameters: an object with one key per `:name` in the path. */
  params?: z.ZodObject;
  /** Query parameters. */
  query?: z.ZodType;
  /** Answers 304 to a matching `If-None-Match` (documents the request header). */
  conditional?: boolean;
  /** JSON request body. `required: false` when an empty body is accepted. */
  body?: { schema: z.ZodType; required?: boolean; description?: string };
  /** Success responses by status (200, 201, 304 …); a response without schema has no body. */
  responses: Record<number, SuccessResponse>;
  /**
   * Error codes this operation can answer with beyond the common ones (document.ts adds the codes every
   * route can give: INVALID_PARAMS for routes with input, UNAUTHORIZED/FORBIDDEN by access, PAYLOAD_TOO_LARGE
   * for bodies, INTERNAL…). Each code is documented under its status with the shared error envelope.
   */
  errors?: ErrorCode[];
  /**
   * Request examples, by name. Each becomes a parameter example and/or a request body example of the same
   * name; the contract test (test/openapi/contract.test.ts) sends every one and validates the answer.
   */
  examples: Record<string, RequestExample>;
}

export interface SuccessResponse {
  description: string;
  schema?: z.ZodType;
  /** The body's media type; `application/json` unless given (e.g. `application/pdf` with a binary string schema). */
  mediaType?: string;
  /** Response headers beyond the ones every response carries (see src/openapi/headers.ts), by component name. */
  headers?: string[];
  /** Realistic example bodies, by name. */
  examples?: Record<string, { summary?: string; value: unknown }>;
  /** Other media types the same status can answer with, chosen by the request's `Accept` (e.g. `text/event-stream`). */
  alternatives?: Record<string, z.ZodType>;
}

interface RequestExample {
  summary: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * The status this example is answered with when it is not the first documented success status (e.g. an
   * example that shows an error). Rendered as the `x-expected-status` extension of the example.
   */
  status?: number;
}

/** A JSON success response whose examples are type-checked against its schema. */
export function json<S extends z.ZodType>(description: string, schema: S, examples: Record<string, z.output<S>> = {}, headers?: string[]): SuccessResponse {
  return { description, schema, headers, examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])) };
}

/** A binary success response (a file), e.g. `application/pdf`. */
export function binary(description: string, mediaType: string, headers?: string[]): SuccessResponse {
  return { description, mediaType, headers, schema: z.string().meta({ format: 'binary', description: `The ${mediaType} file.` }) };
}
