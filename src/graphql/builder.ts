import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import { adminRefusal } from '../admin/service.js';
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import ZodPlugin from '@pothos/plugin-zod';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { GraphQLContext } from './context.js';
import { ApiError } from '../errors.js';
import { z } from 'zod';
import { parseDateTimeInput, zodToApiError } from '../validation.js';
import { allows, refusalMessage, type Need, type Resource } from '../accounts/state.js';
import type { KeyAuth } from '../accounts/service.js';

/**
 * Pothos builder shared by every schema module in src/graphql/modules. The rules every type follows are in
 * src/graphql/CONVENTIONS.md; test/graphql/conventions.test.ts checks them.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    /** `ID` arguments arrive as strings (an integer literal is converted by the scalar): no casts in resolvers. */
    ID: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
  AuthScopes: {
    /** Anyone, with or without an API key. Declared so that every root field states its access. */
    public: boolean;
    /**
     * A credential (an API key: `x-api-key` header or `connectionParams` over WebSocket; or the dashboard session
     * cookie) whose scopes allow reading the resource (`authScopes: { read: 'invoices' }`): none → UNAUTHORIZED,
     * a restricted key or a role without it → FORBIDDEN.
     */
    read: Resource;
    /** The same, for writing the resource (write includes read). */
    write: Resource;
    /** Anyone; a credential, when one was sent, must allow reading the resource (fields a payer reads without a key). */
    optionalRead: Resource;
    /** Anyone; a credential, when one was sent, must allow writing the resource. */
    optionalWrite: Resource;
    /** An API key linked to an active partner (partner fees and reports). */
    partnerKey: boolean;
    /** A signed-in dashboard session (the `<brand>_session` cookie), not an API key. */
    session: boolean;
    /**
     * The operator: `Authorization: Bearer <ADMIN_TOKEN>` over HTTP. Without a configured token every `admin*` field
     * answers NOT_FOUND (as if it did not exist), without the matching token UNAUTHORIZED.
     */
    admin: boolean;
  };
  /** In-memory connections also carry `totalCount`. */
  Connection: { totalCount?: number };
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  // Scope auth first: a refused field never reaches the error unions or the resolver.
  plugins: [ScopeAuthPlugin, ErrorsPlugin, RelayPlugin, ZodPlugin],
  defaultFieldNullability: false,
  // A field validated at the edge (`validate: { schema }`, e.g. the shared amount schema) is named as in REST:
  // `amount`, `lineItems.0.unitAmount`, without the mutation's single `input` argument in front.
  zod: {
    validationError: (zodError) =>
      zodToApiError(new z.ZodError(zodError.issues.map((i) => (i.path[0] === 'input' && i.path.length > 1 ? { ...i, path: i.path.slice(1) } : i)))),
  },
  scopeAuth: {
    // Subscriptions are refused when they start, not on their first event.
    authorizeOnSubscribe: true,
    authScopes: (ctx) => {
      // An invalid or revoked key makes auth() throw UNAUTHORIZED / FORBIDDEN itself: that error is the answer.
      const may = (level: Need['level'], optional: boolean) => async (resource: Resource) => {
        const auth = await ctx.auth();
        if (!auth) return optional;
        admitted.set(ctx, auth);
        return allows(auth.scopes, { resource, level });
      };
      return {
        public: true,
        read: may('read', false),
        write: may('write', false),
        optionalRead: may('read', true),
        optionalWrite: may('write', true),
        partnerKey: async () => {
          const auth = await ctx.auth();
          return !!auth && (await ctx.services.partners.forApiKey(auth.keyId))?.active === true;
        },
        session: async () => (await ctx.auth())?.via === 'session',
        admin: () => ctx.adminAccess().kind === 'operator',
      };
    },
    unauthorizedError: (_parent, ctx, _info, result) => {
      const failures = failedScopes(result.failure);
      const failed = failures.map((f) => f.scope);
      const resourceFailure = failures.find((f) => RESOURCE_SCOPES.has(f.scope));
      if (resourceFailure) {
        const auth = admitted.get(ctx);
        if (!auth) return new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header (or connectionParams over WebSocket)');
        const need: Need = {
          resource: resourceFailure.parameter as Resource,
          level: resourceFailure.scope === 'write' || resourceFailure.scope === 'optionalWrite' ? 'write' : 'read',
        };
        return new ApiError('FORBIDDEN', refusalMessage({ via: auth.via, role: auth.member?.role }, need), { resource: need.resource, level: need.level });
      }
      if (failed.includes('admin')) {
        const access = ctx.adminAccess();
        return adminRefusal(access.kind === 'operator' ? { kind: 'refused' } : access);
      }
      if (failed.includes('session'))
        return ctx.accountId
          ? new ApiError('FORBIDDEN', 'Only a signed-in dashboard session can use this field, not an API key')
          : new ApiError('UNAUTHORIZED', 'Sign in to the dashboard first: this field needs the session cookie');
      return new ApiError('FORBIDDEN', 'This API key may not use this field (it needs a key linked to a partner)');
    },
  },
  errors: {
    // `BuildOrderResult = BuildOrderPayload | QuoteExpiredError | …`: the payload type itself is a member.
    directResult: true,
    defaultUnionOptions: {
      name: ({ fieldName }) => `${fieldName.slice(0, 1).toUpperCase()}${fieldName.slice(1)}Result`,
      description:
        "The field's outcome: its payload, or one of the expected errors (each implements `Error`, with a `code`). Select the members with `... on`; anything else fails as a top-level error.",
    },
  },
  relay: {
    // Ids are plain `id` fields (no global object ids), so no `node`/`nodes` root fields.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: false, description: 'The items of this page with their cursors, in list order.' },
    nodeFieldOptions: { nullable: false, description: 'The item.' },
    nodesOnConnection: { description: 'The items of this page, in list order (the `node` of each edge).' },
    cursorFieldOptions: { description: "This item's cursor: pass it as `after` to read the items that follow it." },
    pageInfoFieldOptions: { description: 'Where this page sits in the list: whether more follow and the cursor to continue from.' },
    pageInfoTypeOptions: { description: 'Position of a page in a list (Relay cursor pagination; pages go forward only).' },
    hasNextPageFieldOptions: { description: 'True when items follow this page: ask again with `after: endCursor`.' },
    hasPreviousPageFieldOptions: {
      description: 'True when this page starts after the beginning of the list (it was asked for with `after`); lists page forward only.',
    },
    startCursorFieldOptions: { description: "The first item's cursor; null for an empty page." },
    endCursorFieldOptions: { description: "The last item's cursor (pass it as `after` for the next page); null for an empty page." },
  },
});

/** The resource scopes (a parameter names the resource). */
const RESOURCE_SCOPES = new Set(['read', 'write', 'optionalRead', 'optionalWrite']);

/** The credential a resource scope was checked against, per request context (for the FORBIDDEN message). */
const admitted = new WeakMap<object, KeyAuth>();

/** Scopes (with their parameter) that failed, anywhere in a scope-auth failure tree. */
function failedScopes(f: AuthFailure): Array<{ scope: string; parameter: unknown }> {
  if (f.kind === AuthScopeFailureType.AuthScope) return [{ scope: f.scope, parameter: f.parameter }];
  if (f.kind === AuthScopeFailureType.AnyAuthScopes || f.kind === AuthScopeFailureType.AllAuthScopes) return f.failures.flatMap(failedScopes);
  return [];
}

/**
 * Inputs are read by the API's one date-time rule (src/validation.ts `parseDateTimeInput`, as REST): an ISO 8601
 * timestamp with a zone naming a real date and time; `2027-02-30T00:00:00Z` or hour 24 is INVALID_PARAMS, never
 * rolled over into the next month or day.
 */
const parseDateTime = (v: unknown) => {
  const d = typeof v === 'string' ? parseDateTimeInput(v) : null;
  if (!d)
    throw new GraphQLError(
      'DateTime: not a valid ISO 8601 timestamp with a time zone (YYYY-MM-DDThh:mm[:ss[.sss]] and Z or ±hh:mm) naming a real date and time',
    );
  return d;
};

builder.addScalarType(
  'DateTime',
  new GraphQLScalarType({
    name: 'DateTime',
    description: 'ISO 8601 UTC timestamp with milliseconds, e.g. `2025-01-31T12:00:00.000Z`.',
    serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
    parseValue: parseDateTime,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime: expected a string');
      return parseDateTime(ast.value);
    },
  }),
);

builder.addScalarType(
  'JSON',
  new GraphQLScalarType({
    name: 'JSON',
    description: 'Any JSON value (object, array, string, number, boolean or null), passed through as it is; its field says what it holds.',
    serialize: (v) => v,
    parseValue: (v) => v,
    parseLiteral: function parse(ast): unknown {
      switch (ast.kind) {
        case Kind.STRING:
        case Kind.BOOLEAN:
          return ast.value;
        case Kind.INT:
        case Kind.FLOAT:
          return Number(ast.value);
        case Kind.NULL:
          return null;
        case Kind.LIST:
          return ast.values.map((v) => parse(v));
        case Kind.OBJECT:
          return Object.fromEntries(ast.fields.map((f) => [f.name.value, parse(f.value)]));
        default:
          throw new GraphQLError('JSON: variables are not allowed inside JSON literals');
      }
    },
  }),
);

builder.queryType({ description: 'Reads: quotes, assets, orders and the resources of the API key (sessions, invoices, events…).' });
builder.mutationType({
  description: 'Writes. Each takes one `input` and answers a `…Result` union of its payload and its expected errors.',
});
builder.subscriptionType({
  description: 'Live updates over WebSocket (graphql-ws) or server-sent events: the current state first, then every change.',
});

/** Enum values with their descriptions: `values: describedValues({ open: 'Can be paid.', paid: '…' })`. */
export function describedValues<V extends string>(descriptions: Record<V, string>): { [K in V]: { value: K; description: string } } {
  return Object.fromEntries(Object.entries(descriptions).map(([value, description]) => [value, { value, description }])) as {
    [K in V]: { value: K; description: string };
  };
}

/** The schema's type parameters, for helpers that take a Pothos builder (`ObjectRef<SchemaTypes, T>`, field builders). */
export type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The description of a mutation's payload type from its name: `CreateInvoicePayload` → "The answer of `createInvoice`.". */
export const payloadDescription = (name: string) => `The answer of \`${name[0]!.toLowerCase()}${name.slice(1, -'Payload'.length)}\`.`;
