import type { Route } from '../../src/rest/router.js';

/**
 * The part of an OpenAPI 3.1 document the fuzzer reads: operations with their parameters (each with a JSON
 * Schema) and JSON request bodies. The document served at `GET /v1/openapi.json` is the contract; where the
 * service does not serve one yet, `provisionalDocument` describes every route of `restRoutes` without schemas.
 */
export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  examples?: unknown[];
};

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | { $ref: string };
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: Array<Record<string, string[]>>;
}

/** One operation as the fuzzer uses it: everything resolved, path in OpenAPI form (`/v1/events/{id}`). */
export interface Operation {
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  /** The JSON body schema; `{}` when the operation takes a body the document does not describe. */
  body: JsonSchema | null;
  /** Whether the document says a key may or must be sent. */
  secured: boolean;
  /** Whether the document carries schemas (the provisional one does not). */
  schemaAware: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `/v1/orders/:provider/:id` → `/v1/orders/{provider}/{id}`. */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * A minimal OpenAPI 3.1 document of the routes, with no schemas beyond "a string" for path parameters and
 * "anything" for bodies; `key` and `optionalKey` routes declare the API key scheme.
 */
export function provisionalDocument(routes: readonly Route[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const r of routes) {
    const path = toOpenApiPath(r.path);
    const names = [...r.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    const op: OpenApiOperation = {
      parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { requestBody: { required: false, content: { 'application/json': { schema: {} } } } }),
      security: r.access === 'public' ? [] : r.access === 'key' ? [{ apiKey: [] }] : [{}, { apiKey: [] }],
    };
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'provisional (from restRoutes)', version: '0' },
    paths,
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
  };
}

/** Resolves a local `$ref` (`#/components/...`); other references are left as an unconstrained schema. */
export function deref<T>(doc: OpenApiDocument, value: T | { $ref: string }, seen = new Set<string>()): T {
  let v: unknown = value;
  while (v && typeof v === 'object' && typeof (v as { $ref?: unknown }).$ref === 'string') {
    const ref = (v as { $ref: string }).$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) return {} as T;
    seen.add(ref);
    v = ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
  }
  return (v ?? {}) as T;
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument, schemaAware: boolean): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = ((item as { parameters?: OpenApiOperation['parameters'] }).parameters ?? []).map((p) => deref<OpenApiParameter>(doc, p));
    for (const method of METHODS) {
      const raw = (item as Record<string, unknown>)[method] as OpenApiOperation | undefined;
      if (!raw) continue;
      const own = (raw.parameters ?? []).map((p) => deref<OpenApiParameter>(doc, p));
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const body = raw.requestBody ? deref<{ content?: Record<string, { schema?: JsonSchema }> }>(doc, raw.requestBody) : null;
      const json = body?.content ? Object.entries(body.content).find(([type]) => /json/i.test(type))?.[1] : undefined;
      const security = raw.security ?? doc.security ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
        body: body ? (json?.schema ?? {}) : null,
        secured: security.some((s) => Object.keys(s).length > 0),
        schemaAware,
      });
    }
  }
  return out;
}
