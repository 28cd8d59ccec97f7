import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/rest/routes.js';
import { deref, operationsOf, provisionalDocument, toOpenApiPath, type OpenApiDocument } from './openapi.js';

/** How the fuzzer reads an OpenAPI document, and the provisional one it builds when none is served. */
describe('fuzz: reading OpenAPI documents', () => {
  it('the provisional document has one operation per route, with path parameters, bodies and key schemes', () => {
    const ops = operationsOf(provisionalDocument(restRoutes), false);
    expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual(restRoutes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort());
    const refund = ops.find((o) => o.method === 'POST' && o.path === '/v1/checkout/sessions/{id}/refunds/{refundId}/submitted');
    expect(refund).toMatchObject({ pathParams: [{ name: 'id' }, { name: 'refundId' }], body: {}, secured: true, schemaAware: false });
    expect(ops.find((o) => o.path === '/v1/health')).toMatchObject({ method: 'GET', body: null, secured: false });
  });

  it('resolves local $refs, shared path parameters and JSON request bodies', () => {
    const doc: OpenApiDocument = {
      openapi: '3.1.0',
      paths: {
        '/v1/things/{id}': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          patch: {
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            security: [{ apiKey: [] }],
          },
        },
      },
      components: {
        parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
        schemas: { Thing: { type: 'object', properties: { a: { type: 'string' } } } },
      },
    };
    const [op] = operationsOf(doc, true);
    expect(op).toMatchObject({ method: 'PATCH', pathParams: [{ name: 'id' }], query: [{ name: 'limit', required: false }], secured: true, schemaAware: true });
    expect(deref(doc, op.body!)).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    // A reference cycle or a reference outside the document is an unconstrained schema, not a hang.
    expect(deref(doc, { $ref: 'https://elsewhere/x.json' })).toEqual({});
  });
});
