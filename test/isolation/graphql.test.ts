import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type GraphQLField, type GraphQLObjectType } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { schema } from '../../src/graphql/schema.js';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { createTenants, ghostOf, type Tenant } from './fixtures.js';
import { gqlTable, type GqlRow, type Op } from './graphql-table.js';
import { parseInput } from '../../src/validation.js';
import { createSessionSchema } from '../../src/checkout/input.js';

const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean) as GraphQLObjectType[];
const scopesOf = (field: GraphQLField<unknown, unknown>) =>
  ((field.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } }).pothosOptions?.authScopes ?? {}) as Record<string, unknown>;
/** Operator fields (`admin` scope) hold no tenant's data by tenant: test/admin/access.test.ts checks every one of them. */
const rootFields = roots
  .flatMap((type) => Object.values(type.getFields()).map((field) => ({ name: `${type.name}.${field.name}`, field })))
  .filter(({ field }) => !scopesOf(field).admin);
/** Fields anyone may call: public, or optionalRead / optionalWrite (a credential, when sent, must allow the resource). */
const anyone = (field: (typeof rootFields)[number]['field']) => {
  const scopes = scopesOf(field);
  return !!(scopes.public || scopes.optionalRead || scopes.optionalWrite);
};
const rowsOf = <K extends GqlRow['kind']>(kind: K) =>
  Object.entries(gqlTable).filter(([, r]) => r.kind === kind) as Array<[string, Extract<GqlRow, { kind: K }>]>;
/** `Type.field`, or `Type.field(variant)` for a second row of the same field. */
const baseOf = (name: string) => name.replace(/\(.*\)$/, '');
const fieldOf = (name: string) => baseOf(name).split('.')[1]!;

describe('the GraphQL isolation table', () => {
  it('has exactly one row per root field of Query, Mutation and Subscription (add a row when you add a field)', () => {
    expect([...new Set(Object.keys(gqlTable).map(baseOf))].sort()).toEqual(rootFields.map((f) => f.name).sort());
    for (const name of Object.keys(gqlTable)) expect(gqlTable, `${name} is a variant of a row`).toHaveProperty([baseOf(name)]);
  });

  it('marks public exactly the fields anyone may call; every other field has an operation for the revoked-key check', () => {
    for (const { name, field } of rootFields) {
      const row = gqlTable[name]!;
      if (anyone(field)) expect(row.kind, name).toBe('public');
      else expect(row.kind, name).not.toBe('public');
    }
  });
});

describe.each(backends)('tenant isolation over GraphQL (%s)', (backend) => {
  let s: TestServer;
  let A: Tenant;
  let B: Tenant;
  let ALive: Tenant;
  let revokedKey: string;

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false' } });
    ({ A, ALive, B, revokedKey } = await createTenants(s));
  }, 60_000);
  afterAll(() => s?.close());

  const gql = async (op: Op, key?: string) => {
    const r = await s.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      body: JSON.stringify(op),
    });
    return { status: r.status, body: r.body as { data?: any; errors?: Array<{ message: string; extensions: Record<string, unknown> }> }, text: r.text };
  };
  const masked = (value: unknown, ids: string[]) => {
    let text = JSON.stringify(value);
    for (const id of ids) text = text.split(id).join('<id>');
    return text;
  };
  /** Each cross-tenant pair: B on A, A live on A, B on A live, A live on B. */
  const pairs = () =>
    [
      [B, A],
      [ALive, A],
      [B, ALive],
      [ALive, B],
    ] as const;

  it.each(rowsOf('lookup'))('%s answers null for another account and the other mode, as for a nonexistent id', async (name, row) => {
    for (const [caller, target] of pairs()) {
      const real = await gql(row.op(target, caller), caller.key);
      const none = await gql(row.op(ghostOf(target), caller), caller.key);
      expect(real.body, `${caller.name} on ${target.name}`).toEqual({ data: { [fieldOf(name)]: null } });
      expect(none.body).toEqual(real.body);
    }
    expect((await gql(row.op(A, A), A.key)).body.data[fieldOf(name)]).not.toBeNull();
  });

  it.each(rowsOf('mutation'))('%s answers NotFoundError for another account and the other mode, as for a nonexistent id', async (name, row) => {
    for (const [caller, target] of pairs()) {
      const ghost = ghostOf(target);
      const real = await gql(row.op(target, caller), caller.key);
      const none = await gql(row.op(ghost, caller), caller.key);
      expect(real.body.errors, `${caller.name} on ${target.name}: ${real.text}`).toBeUndefined();
      expect(real.body.data[fieldOf(name)]).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
      expect(masked(real.body, row.idsOf(target))).toBe(masked(none.body, row.idsOf(ghost)));
    }
  });

  it.each(rowsOf('list'))("%s never holds another account's or the other mode's items", async (name, row) => {
    for (const [caller, target] of [...pairs(), [A, ALive], [A, B]] as const) {
      const r = await gql(row.op(caller), caller.key);
      expect(r.body.errors, r.text).toBeUndefined();
      expect(row.contains(r.body.data, target), `${name}: ${caller.name} sees ${target.name}'s item`).toBe(false);
    }
    expect(row.contains((await gql(row.op(A), A.key)).body.data, A)).toBe(true);
  });

  it('Query.checkoutSession: another tenant, the other mode and no key see the public view only', async () => {
    const op = {
      query: 'query($id: ID!) { checkoutSession(id: $id) { id reference metadata payments { totalCount } refunds { totalCount } reviews { totalCount } } }',
      variables: { id: A.paidSessionId },
    };
    for (const key of [B.key, ALive.key, undefined]) {
      expect((await gql(op, key)).body).toEqual({
        data: { checkoutSession: { id: A.paidSessionId, reference: null, metadata: null, payments: null, refunds: null, reviews: null } },
      });
    }
    expect((await gql(op, A.key)).body.data.checkoutSession).toMatchObject({
      reference: 'secret-ref-A',
      payments: { totalCount: 1 },
      refunds: { totalCount: 1 },
      reviews: { totalCount: 0 },
    });
  });

  it('Subscription.checkoutSession: another tenant gets the public view (no reference or metadata)', async () => {
    const sub = inProcessGraphQL(s).subscribe(
      parse('subscription($id: ID!) { checkoutSession(id: $id) { id reference metadata } }') as TypedDocumentNode<any, any>,
      { id: A.sessionId },
      B.key,
    );
    try {
      const [first] = await sub.take(1);
      expect(first).toEqual({ data: { checkoutSession: { id: A.sessionId, reference: null, metadata: null } } });
    } finally {
      await sub.close();
    }
  });

  it("Subscription.events: a stream gets its own account and mode's events, never another's", async () => {
    const doc = parse(gqlTable['Subscription.events']!.kind === 'stream' ? gqlTable['Subscription.events']!.op(B).query : '') as TypedDocumentNode<any, any>;
    const g = inProcessGraphQL(s);
    const ofB = g.subscribe(doc, {}, B.key);
    const ofALive = g.subscribe(doc, {}, ALive.key);
    try {
      await Promise.all([ofB.ready, ofALive.ready]);
      // A (test) records an event first; then each stream's own tenant does.
      const foreign = await s.services.webhooks.trigger(A.auth, { type: 'checkout.session.completed' });
      const own = await s.services.webhooks.trigger(B.auth, { type: 'checkout.session.completed' });
      const live = await s.services.checkout.create(
        ALive.auth,
        parseInput(createSessionSchema, {
          amount: '1000',
          settleChain: 'base',
          settleToken: 'USDC',
          recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        }),
      );
      await s.services.checkout.expire(ALive.auth, live.id);
      const [b] = await ofB.take(1);
      const [l] = await ofALive.take(1);
      expect(b!.data.events).toMatchObject({ id: own.id, livemode: false });
      expect(l!.data.events).toMatchObject({ resourceId: live.id, livemode: true });
      expect(JSON.stringify([...ofB.results, ...ofALive.results])).not.toContain(foreign.id);
    } finally {
      await Promise.all([ofB.close(), ofALive.close()]);
    }
  });

  it('Subscription.depositAddress: another account and the other mode get NOT_FOUND, as for a nonexistent id; the owner gets the address', async () => {
    const doc = parse('subscription($id: ID!) { depositAddress(id: $id) { id label } }') as TypedDocumentNode<any, any>;
    const first = async (id: string, key: string) => {
      const sub = inProcessGraphQL(s).subscribe(doc, { id }, key);
      try {
        return (await sub.take(1))[0];
      } finally {
        await sub.close();
      }
    };
    for (const [caller, target] of pairs()) {
      const real = await first(target.depositAddressId, caller.key);
      const none = await first(ghostOf(target).depositAddressId, caller.key);
      expect(real?.errors?.[0]?.extensions.code, `${caller.name} on ${target.name}`).toBe('NOT_FOUND');
      expect(none?.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect(JSON.stringify(real)).not.toContain(target.depositAddressId);
    }
    expect((await first(A.depositAddressId, A.key))?.data?.depositAddress).toEqual({ id: A.depositAddressId, label: 'label-A' });
  });

  it('nothing another tenant sent changed the resources of A', async () => {
    const r = await gql(
      {
        query: `query($s: ID!, $p: ID!, $e: ID!) {
          s: checkoutSession(id: $s) { status }
          p: checkoutSession(id: $p) { refunds { nodes { id status } } }
          e: webhookEndpoint(id: $e) { description previousSecretExpiresAt }
          viewer { apiKeys { nodes { id revokedAt } } }
        }`,
        variables: { s: A.sessionId, p: A.paidSessionId, e: A.endpointId },
      },
      A.key,
    );
    expect(r.body.data.s.status).toBe('open');
    expect(r.body.data.p.refunds.nodes).toEqual([{ id: A.refundId, status: 'pending' }]);
    expect(r.body.data.e).toEqual({ description: 'endpoint of A', previousSecretExpiresAt: null });
    expect(r.body.data.viewer.apiKeys.nodes.find((k: { id: string }) => k.id === A.apiKeyId).revokedAt).toBeNull();
  });

  it('the same mutations reach the resource for its owner (so NotFoundError above comes from the tenant check)', async () => {
    // Destructive ones last: the key revocation, then the endpoint deletion.
    const last = ['Mutation.deleteWebhookEndpoint', 'Mutation.revokeApiKey'];
    const order = [...rowsOf('mutation')].sort(([a], [b]) => last.indexOf(a) - last.indexOf(b));
    for (const [name, row] of order) {
      const r = await gql(row.op(A, A), A.key);
      expect(r.body.data?.[fieldOf(name)]?.__typename, `${name}: ${r.text}`).not.toBe('NotFoundError');
    }
  });

  it('a revoked key gets UNAUTHORIZED on every field that takes a key', async () => {
    const keyRows = rootFields.filter(({ field }) => !anyone(field));
    expect(keyRows.length).toBeGreaterThan(10);
    for (const { name } of keyRows) {
      const row = gqlTable[name]!;
      if (row.kind === 'public') throw new Error(`${name} is a key field`);
      const op = row.kind === 'lookup' || row.kind === 'mutation' ? row.op(A, A) : row.op(A);
      if (name.startsWith('Subscription.')) {
        const sub = inProcessGraphQL(s).subscribe(parse(op.query) as TypedDocumentNode<any, any>, op.variables, revokedKey);
        const [first] = await sub.take(1);
        await sub.close();
        expect(first?.errors?.[0]?.extensions.code, name).toBe('UNAUTHORIZED');
        continue;
      }
      const r = await gql(op, revokedKey);
      expect(r.body.data?.[fieldOf(name)] ?? null, name).toBeNull();
      expect(r.body.errors?.[0]?.extensions.code, `${name}: ${r.text}`).toBe('UNAUTHORIZED');
    }
  });
});
