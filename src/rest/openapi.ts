import { z } from 'zod';
import { reply, type Route } from './router.js';
import { ifNoneMatchHits, PUBLIC_CACHE } from './assets.js';
import { apiDocs } from '../openapi/serve.js';

/** GET /v1/openapi.json: this API's OpenAPI 3.1 document (public, cacheable). The page is /docs/api. */
export const openApiRoutes = (routes: () => Route[]): Route[] => [
  {
    method: 'GET',
    path: '/v1/openapi.json',
    access: 'public',
    scope: 'public',
    // Serialised and tagged once at start: no per-request stringify or hash of the whole document.
    handler: ({ config, headers }) => {
      const { json, etag } = apiDocs(config, routes());
      const h = { 'cache-control': PUBLIC_CACHE, etag };
      const inm = headers['if-none-match'];
      if (inm && ifNoneMatchHits(Array.isArray(inm) ? inm.join(',') : inm, etag)) return reply(304, undefined, h);
      return reply(200, json, { ...h, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(json)) });
    },
    doc: {
      operationId: 'getOpenApiDocument',
      tag: 'Meta',
      summary: 'This document',
      description:
        'OpenAPI 3.1, generated from the same zod schemas the service validates with. A readable reference is served at `/docs/api`. Cacheable, with an ETag.',
      conditional: true,
      responses: {
        200: {
          description: 'The OpenAPI document.',
          schema: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
          headers: ['CacheControl', 'ETag'],
        },
        304: { description: 'Not Modified: the `If-None-Match` tag still matches; no body.', headers: ['CacheControl', 'ETag'] },
      },
      examples: { document: { summary: 'Fetch the document' } },
    },
  },
];
