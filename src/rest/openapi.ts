import { z } from 'zod';
import type { Route } from './router.js';
import { cacheable } from './assets.js';
import { apiDocs } from '../openapi/serve.js';

/** GET /v1/openapi.json: this API's OpenAPI 3.1 document (public, cacheable). The page is /docs/api. */
export const openApiRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/openapi.json',
    access: 'public',
    handler: ({ config, headers }) => cacheable(headers, apiDocs(config).doc),
    doc: {
      operationId: 'getOpenApiDocument',
      tag: 'Meta',
      summary: 'This document',
      description: 'OpenAPI 3.1, generated from the same zod schemas the service validates with. A readable reference is served at `/docs/api`. Cacheable, with an ETag.',
      conditional: true,
      responses: {
        200: { description: 'The OpenAPI document.', schema: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }), headers: ['CacheControl', 'ETag'] },
        304: { description: 'Not Modified: the `If-None-Match` tag still matches; no body.', headers: ['CacheControl', 'ETag'] },
      },
      examples: { document: { summary: 'Fetch the document' } },
    },
  },
];
