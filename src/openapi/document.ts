import { createRequire } from 'node:module';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import { ERROR_CATALOG } from '../docs/error-catalog.js';
import type { Access, Route } from '../rest/router.js';
import { errorEnvelopeSchema } from './common.js';
import { REQUEST_HEADERS, RESPONSE_HEADERS } from './headers.js';

/** OpenAPI 3.1 of every /v1 route, generated from the routes' `doc` and the zod schemas the services validate with. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

/**
 * The version of the interface this document describes (`info.version`): it changes when the contract changes, not
 * with each release of the code, whose version is `x-package-version` beside it.
 */
const API_VERSION = '0.1.0';
/** The running code's version (package.json), from src/ and from the built dist/ alike (both one level below the root). */
const PACKAGE_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
const SECURITY_SCHEME = 'ApiKey';
const SESSION_SCHEME = 'DashboardSession';
const ADMIN_SCHEME = 'AdminToken';

/** Error codes any operation can answer with (every request counts against a rate limit). */
const COMMON_ERRORS: ErrorCode[] = ['RATE_LIMITED', 'INTERNAL'];

/** Codes an operation can give by its access (a sent key is checked on optional-key routes too). */
const ACCESS_ERRORS: Record<Access, ErrorCode[]> = {
  public: [],
  optionalKey: ['UNAUTHORIZED', 'FORBIDDEN'],
  key: ['UNAUTHORIZED', 'FORBIDDEN'],
  session: ['UNAUTHORIZED', 'FORBIDDEN'],
  admin: ['UNAUTHORIZED', 'NOT_FOUND'],
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Public: no key.',
  optionalKey:
    'Optional key: without one the call is public; a sent key must be valid (a partner key changes fees; resources created with a key belong to its account and mode).',
  key: 'Requires an API key (`x-api-key`).',
  session:
    'Dashboard: requires a signed-in session (the `<brand>_session` cookie set by `POST /v1/auth/sign-in`); writes must come from the dashboard origin (else FORBIDDEN).',
  admin:
    'Operator: requires `Authorization: Bearer <ADMIN_TOKEN>` (401 without the matching token); every admin route is 404 while the operator has configured no token.',
};

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'Meta', description: 'Health and this document.' },
  { name: 'Account', description: 'The account and mode of the key.' },
  { name: 'Dashboard', description: 'Wallet sign-in, the dashboard session (cookie), the team, and the dashboard’s own views of the account.' },
  { name: 'Assets', description: 'Chains, tokens, USD prices and wallet balances.' },
  { name: 'Quotes', description: 'Ranked swap and bridge quotes from every enabled provider.' },
  { name: 'Orders', description: 'Transactions to sign for quotes, and tracking them once sent.' },
  { name: 'Checkout', description: 'Checkout sessions: the payer pays any token on any chain, the merchant receives USDC/USDT. Refunds.' },
  {
    name: 'Deposit addresses',
    description:
      'Beta: swap or bridge by sending tokens to an address, without connecting a wallet; each deposit becomes an order. Test mode uses the sandbox.',
  },
  { name: 'Invoices', description: 'Invoices with gap-free numbers, emailed to the customer and paid through checkout; receipts as PDF.' },
  { name: 'Subscriptions', description: 'Recurring invoices with dunning, and test clocks that run months of billing in one call (test mode).' },
  { name: 'Limit orders', description: 'Solana limit orders (beta): created, signed and cancelled by the maker’s wallet; each fill becomes an order record.' },
  { name: 'Events', description: "State changes of the key's account and mode, and their webhook deliveries." },
  { name: 'Webhook endpoints', description: 'Where events are POSTed, signed with Standard Webhooks.' },
  {
    name: 'Admin',
    description: "The operator's side (ADMIN_TOKEN): partners, accounts, the fee ledger, status incidents and the audit log of every admin write.",
  },
];

/** `/v1/orders/:provider/:id` → `/v1/orders/{provider}/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

const securityOf = (access: Access) =>
  access === 'key'
    ? [{ [SECURITY_SCHEME]: [] }]
    : access === 'optionalKey'
      ? [{}, { [SECURITY_SCHEME]: [] }]
      : access === 'session'
        ? [{ [SESSION_SCHEME]: [] }]
        : access === 'admin'
          ? [{ [ADMIN_SCHEME]: [] }]
          : [];

function errorCodesOf(route: Route): ErrorCode[] {
  const d = route.doc;
  const codes = new Set<ErrorCode>([...COMMON_ERRORS, ...ACCESS_ERRORS[route.access], ...(d.errors ?? [])]);
  if (d.params || d.query || d.body) codes.add('INVALID_PARAMS');
  if (d.body) codes.add('PAYLOAD_TOO_LARGE');
  if (route.idempotent) codes.add('CONFLICT');
  return [...codes];
}

/** Codes grouped by HTTP status, in status order. */
function byStatus(codes: ErrorCode[]): Map<number, ErrorCode[]> {
  const m = new Map<number, ErrorCode[]>();
  for (const c of [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b])) m.set(ERROR_STATUS[c], [...(m.get(ERROR_STATUS[c]) ?? []), c]);
  return m;
}

const everyResponseHeaders = () =>
  Object.entries(RESPONSE_HEADERS)
    .filter(([, h]) => h.everyResponse)
    .map(([id]) => id);
const headerRefs = (ids: string[]) => Object.fromEntries(ids.map((id) => [RESPONSE_HEADERS[id].name, { $ref: `#/components/headers/${id}` }]));

function operationOf(route: Route, docsUrl: string): ZodOpenApiOperationObject {
  const d = route.doc;
  const names = pathParamNames(route.path);
  const declared = d.params ? Object.keys(d.params.shape) : [];
  if (names.join() !== declared.join())
    throw new Error(
      `${route.method} ${route.path}: doc.params must declare exactly ${names.join(', ') || 'nothing'} (has ${declared.join(', ') || 'nothing'})`,
    );

  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(d.responses)) {
    responses[status] = {
      description: r.description,
      headers: headerRefs([...everyResponseHeaders(), ...(r.headers ?? []), ...(route.idempotent ? ['IdempotentReplayed', 'OriginalRequest'] : [])]) as never,
      ...(r.schema
        ? {
            content: {
              [r.mediaType ?? 'application/json']: { schema: r.schema, ...(r.examples && Object.keys(r.examples).length ? { examples: r.examples } : {}) },
              ...Object.fromEntries(Object.entries(r.alternatives ?? {}).map(([type, schema]) => [type, { schema }])),
            },
          }
        : {}),
    };
  }
  for (const [status, codes] of byStatus(errorCodesOf(route))) {
    responses[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${ERROR_CATALOG[c].summary}`).join('\n\n'),
      headers: headerRefs([...everyResponseHeaders(), ...(status === 429 ? ['RetryAfter'] : [])]) as never,
      content: {
        'application/json': {
          schema: errorEnvelopeSchema,
          examples: Object.fromEntries(
            codes.map((c) => [
              c,
              {
                summary: c,
                value: {
                  error: { code: c, message: errorExampleMessage(c), requestId: '3f1c9f5e-2b7a-4d4e-9a61-0c2f5b8e7d10', docsUrl: `${docsUrl}/errors/${c}` },
                },
              },
            ]),
          ),
        },
      },
    };
  }

  const bodyExamples = Object.entries(d.examples).filter(([, e]) => e.body !== undefined);
  return {
    operationId: d.operationId,
    summary: d.summary,
    description: [d.description, ACCESS_TEXT[route.access]].filter(Boolean).join('\n\n'),
    tags: [d.tag],
    security: securityOf(route.access),
    requestParams: { ...(d.params ? { path: d.params } : {}), ...(d.query ? { query: d.query as z.ZodObject } : {}) },
    ...(d.conditional || route.idempotent
      ? {
          parameters: [
            ...(d.conditional ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : []),
            ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
          ],
        }
      : {}),
    ...(d.body
      ? {
          requestBody: {
            required: d.body.required ?? true,
            ...(d.body.description ? { description: d.body.description } : {}),
            content: {
              'application/json': {
                schema: d.body.schema,
                ...(bodyExamples.length
                  ? { examples: Object.fromEntries(bodyExamples.map(([name, e]) => [name, exampleObject(e.summary, e.body, e.status)])) }
                  : {}),
              },
            },
          },
        }
      : {}),
    responses,
  } as ZodOpenApiOperationObject;
}

const exampleObject = (summary: string, value: unknown, status?: number) => ({ summary, value, ...(status ? { 'x-expected-status': status } : {}) });

function errorExampleMessage(code: ErrorCode): string {
  switch (code) {
    case 'INVALID_PARAMS':
      return 'amount: must be an integer string of base units (pattern ^[0-9]+$)';
    case 'UNAUTHORIZED':
      return 'An API key is required: send it in the x-api-key header';
    case 'INTERNAL':
      return 'Unexpected server error. Nothing was changed unless the resource says otherwise; retry later.';
    default:
      return ERROR_CATALOG[code].summary;
  }
}

/**
 * Parameter examples: each request example's path and query values become an example of that name on each
 * parameter, so a client (or the contract test) can rebuild the whole request of one example by its name.
 */
function attachParameterExamples(doc: OpenApiDocument, routes: Route[]) {
  for (const r of routes) {
    const op = (doc.paths as Record<string, Record<string, { parameters?: Array<Record<string, unknown>> }>>)[openApiPath(r.path)][r.method.toLowerCase()];
    for (const p of op.parameters ?? []) {
      if (p.$ref) continue;
      const where = p.in === 'path' ? 'params' : p.in === 'query' ? 'query' : undefined;
      if (!where) continue;
      const examples: Record<string, unknown> = {};
      for (const [name, e] of Object.entries(r.doc.examples)) {
        const v = e[where]?.[p.name as string];
        if (v !== undefined) examples[name] = exampleObject(e.summary, typedParameterValue(p.schema as Record<string, unknown> | undefined, v), e.status);
      }
      if (Object.keys(examples).length) p.examples = examples;
    }
    // Examples without a body or parameters (a plain GET) still need to be listed: as an operation extension.
    (op as Record<string, unknown>)['x-request-examples'] = Object.fromEntries(
      Object.entries(r.doc.examples).map(([name, e]) => [name, { summary: e.summary, ...(e.status ? { 'x-expected-status': e.status } : {}) }]),
    );
  }
}

/** A parameter example is the value after deserialisation: `"20"` of an integer parameter is 20. */
function typedParameterValue(schema: Record<string, unknown> | undefined, v: string): unknown {
  const t = schema?.type;
  if ((t === 'integer' || t === 'number') && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  if (t === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  return v;
}

export interface DocumentOptions {
  publicUrl: string;
  docsUrl: string;
  brand: string;
}

export function buildOpenApiDocument(routes: Route[], opts: DocumentOptions): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  const seen = new Set<string>();
  for (const r of routes) {
    if (seen.has(r.doc.operationId)) throw new Error(`duplicate operationId ${r.doc.operationId}`);
    seen.add(r.doc.operationId);
    const p = openApiPath(r.path);
    paths[p] ??= {};
    (paths[p] as Record<string, unknown>)[r.method.toLowerCase()] = operationOf(r, opts.docsUrl);
  }
  const doc = createDocument({
    openapi: '3.1.0',
    info: {
      title: `${opts.brand} REST API`,
      version: API_VERSION,
      'x-package-version': PACKAGE_VERSION,
      description: `The \`/v1\` REST layer of ${opts.brand}: quotes from many liquidity providers, transactions the user's own wallet signs, checkout sessions and webhooks. GraphQL at \`/graphql\` is the primary API over the same services. Every non-2xx answer is the error envelope; each code has a page at ${opts.docsUrl}/errors/<code>.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: opts.publicUrl }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: '`<brand>_test_…` or `<brand>_live_…`; resources belong to the account and mode of the key.',
        },
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: `${opts.brand}_session`,
          description: 'The dashboard session cookie (HttpOnly), set by signing in with a wallet (`POST /v1/auth/sign-in`).',
        },
        [ADMIN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'An operator token from ADMIN_TOKEN; admin routes do not exist (404) while none is configured.',
        },
      },
      headers: Object.fromEntries(Object.entries(RESPONSE_HEADERS).map(([id, h]) => [id, h.schema.meta({ description: h.description })])),
      parameters: Object.fromEntries(
        Object.entries(REQUEST_HEADERS).map(([id, h]) => [id, h.schema.meta({ description: h.description, param: { in: 'header', name: h.name } })]),
      ),
    },
  });
  attachParameterExamples(doc, routes);
  return doc;
}
