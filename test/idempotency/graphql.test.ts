import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  print,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  getNamedType,
  isListType,
  isNonNullType,
  isScalarType,
  isEnumType,
  isInputObjectType,
} from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { backends } from '../helpers/db.js';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { ManualClock } from '../../src/clock.js';
import { schema } from '../../src/graphql/schema.js';
import { sharedKindOf } from '../../src/validation.js';
import { graphql } from '../graphql/generated/index.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const base = { amount: '990000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT };

const CreateSession = graphql(`
  mutation IdemCreateSession($input: CreateCheckoutSessionInput!) {
    createCheckoutSession(input: $input) {
      __typename
      ... on CreateCheckoutSessionPayload {
        checkoutSession { id status amount reference metadata createdAt expiresAt url settlement { chainId token symbol decimals } payments { totalCount } }
      }
      ... on Error { code message }
    }
  }
`);
const ExpireSession = graphql(`
  mutation IdemExpireSession($input: ExpireCheckoutSessionInput!) {
    expireCheckoutSession(input: $input) {
      __typename
      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }
      ... on Error { code message }
    }
  }
`);
const CreateEndpoint = graphql(`
  mutation IdemCreateEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      __typename
      ... on CreateWebhookEndpointPayload { webhookEndpoint { id secret url createdAt } }
      ... on Error { code message }
    }
  }
`);
const ReportOrder = graphql(`
  mutation IdemReportOrder($input: ReportOrderSubmittedInput!) {
    reportOrderSubmitted(input: $input) {
      __typename
      ... on ReportOrderSubmittedPayload { order { quoteId } }
      ... on Error { code message }
    }
  }
`);
const Endpoints = graphql(`
  query IdemEndpoints {
    webhookEndpoints { totalCount }
  }
`);

describe.each(backends)('idempotencyKey on GraphQL mutations (%s)', (backend) => {
  let g: GraphQLTestApp;
  let key: string;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));

  /** A typed operation with the response headers. */
  async function send<R, V>(doc: TypedDocumentNode<R, V>, variables: V, apiKey: string | null = key) {
    const r = await g.post({ query: print(doc), variables }, apiKey ? { 'x-api-key': apiKey } : {});
    return {
      data: r.body.data as R,
      errors: r.body.errors as Array<{ message: string; extensions: Record<string, unknown> }> | undefined,
      replayed: r.headers.get('idempotent-replayed'),
    };
  }

  beforeAll(async () => {
    g = await startGraphQLTestApp({ backend, clock, env: { JOBS_ENABLED: 'false', ...ADMIN_ENV } });
    ({ key } = await g.createTestKey());
  });
  afterAll(() => g?.close());

  it('a replay returns the same payload (same id, same timestamps) with Idempotent-Replayed, and creates nothing', async () => {
    const idempotencyKey = randomUUID();
    const input = { ...base, reference: 'gql-idem', metadata: { $t: 'date', v: 'not a tag' }, idempotencyKey };
    const first = await send(CreateSession, { input });
    expect(first.data.createCheckoutSession.__typename).toBe('CreateCheckoutSessionPayload');
    expect(first.replayed).toBeNull();
    clock.advance(1000);
    const again = await send(CreateSession, { input });
    expect(again.replayed).toBe('true');
    expect(again.data).toEqual(first.data);
    const sessions = await g.app.infra.prisma.checkoutSession.count({ where: { reference: 'gql-idem' } });
    expect(sessions).toBe(1);
  });

  it('without a key every call runs', async () => {
    const a = await send(CreateSession, { input: { ...base, reference: 'no-key' } });
    const b = await send(CreateSession, { input: { ...base, reference: 'no-key', idempotencyKey: null } });
    const id = (r: typeof a) =>
      r.data.createCheckoutSession.__typename === 'CreateCheckoutSessionPayload' ? r.data.createCheckoutSession.checkoutSession.id : null;
    expect(id(a)).not.toBe(id(b));
    expect(b.replayed).toBeNull();
  });

  it('a different input under the same key is a ConflictError, and so is another mutation', async () => {
    const idempotencyKey = randomUUID();
    await send(CreateSession, { input: { ...base, idempotencyKey } });
    const other = await send(CreateSession, { input: { ...base, amount: '1000000', idempotencyKey } });
    expect(other.data.createCheckoutSession).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect(other.data.createCheckoutSession).toHaveProperty('message', expect.stringMatching(/^idempotencyKey was already used with different parameters/));
    expect(other.replayed).toBeNull();

    const hook = await send(CreateEndpoint, { input: { url: 'http://127.0.0.1:9/hook', idempotencyKey } });
    expect(hook.data.createWebhookEndpoint).toMatchObject({
      __typename: 'ConflictError',
      message: expect.stringMatching(/another operation \(graphql:createCheckoutSession\)/),
    });
    expect((await g.gql(Endpoints, {}, key)).data!.webhookEndpoints.totalCount).toBe(0);
  });

  it('a webhook endpoint created twice with one key exists once, and the retry gets the same secret', async () => {
    const input = { url: 'http://127.0.0.1:9/once', idempotencyKey: randomUUID() };
    const a = await send(CreateEndpoint, { input });
    const b = await send(CreateEndpoint, { input });
    expect(b.replayed).toBe('true');
    expect(b.data).toEqual(a.data);
    expect((await g.gql(Endpoints, {}, key)).data!.webhookEndpoints.totalCount).toBe(1);
  });

  it('an expected error is stored and replayed as the same member of the result union', async () => {
    const created = await send(CreateSession, { input: base });
    const id = created.data.createCheckoutSession.__typename === 'CreateCheckoutSessionPayload' ? created.data.createCheckoutSession.checkoutSession.id : '';
    const first = await send(ExpireSession, { input: { id, idempotencyKey: randomUUID() } });
    expect(first.data.expireCheckoutSession).toMatchObject({ __typename: 'ExpireCheckoutSessionPayload', checkoutSession: { status: 'expired' } });
    const idempotencyKey = randomUUID();
    const refused = await send(ExpireSession, { input: { id, idempotencyKey } });
    expect(refused.data.expireCheckoutSession).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    const replay = await send(ExpireSession, { input: { id, idempotencyKey } });
    expect(replay.replayed).toBe('true');
    expect(replay.data).toEqual(refused.data);
  });

  it('without an API key a key replays only the identical input', async () => {
    const idempotencyKey = randomUUID();
    const input = { quoteId: 'q_0000000000000000000000A00000000000', txHash: `0x${'ab'.repeat(32)}`, idempotencyKey };
    const first = await send(ReportOrder, { input }, null);
    expect(first.data.reportOrderSubmitted).toMatchObject({ __typename: 'QuoteNotFoundError' });
    const same = await send(ReportOrder, { input }, null);
    expect(same.replayed).toBe('true');
    expect(same.data).toEqual(first.data);
    const other = await send(ReportOrder, { input: { ...input, quoteId: 'q_0000000000000000000000B00000000000' } }, null);
    expect(other.replayed).toBeNull();
    expect(other.data.reportOrderSubmitted).toMatchObject({ __typename: 'QuoteNotFoundError' });
  });

  it('a malformed key is a top-level INVALID_PARAMS naming idempotencyKey', async () => {
    const r = await send(CreateSession, { input: { ...base, idempotencyKey: 'x'.repeat(256) } });
    expect(r.errors?.[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'idempotencyKey' });
  });

  /**
   * Every mutation whose input has `idempotencyKey` must honour it (its resolver wrapped in `idempotent()`): a
   * malformed key is refused before the resolver runs, whatever the rest of the input. Dummy values fill the
   * required fields; an amount, which the edge validates before any resolver (the shared amount schema), gets a
   * valid one so that the key is what is judged.
   */
  const isEdgeAmount = (f: GraphQLInputField) => {
    const attached = (f.extensions as { pothosOptions?: { validate?: { schema?: z.ZodType } } }).pothosOptions?.validate?.schema;
    return !!attached && sharedKindOf(attached)?.startsWith('amount') === true;
  };
  const mutations = Object.values(schema.getMutationType()!.getFields()).filter((f) => {
    const input = f.args.find((a) => a.name === 'input');
    return input && (getNamedType(input.type) as GraphQLInputObjectType).getFields().idempotencyKey;
  });
  it.each(mutations.map((f) => [f.name, f] as const))('%s checks its idempotencyKey before it runs', async (name, field) => {
    const inputType = getNamedType(field.args[0].type) as GraphQLInputObjectType;
    const dummy = (t: GraphQLInputType): unknown => {
      if (isNonNullType(t)) return dummy(t.ofType);
      if (isListType(t)) return [];
      if (isEnumType(t)) return t.getValues()[0].value;
      if (isInputObjectType(t))
        return Object.fromEntries(
          Object.values(t.getFields())
            .filter((x) => isNonNullType(x.type))
            .map((x) => [x.name, isEdgeAmount(x) ? '1' : dummy(x.type)]),
        );
      if (isScalarType(t)) return ({ Int: 1, Float: 1, Boolean: false, DateTime: '2030-01-01T00:00:00.000Z' } as Record<string, unknown>)[t.name] ?? 'x';
      return null;
    };
    const input = { ...(dummy(inputType) as object), idempotencyKey: 'not valid' };
    const r = await g.post(
      { query: `mutation($input: ${inputType.name}!) { ${name}(input: $input) { __typename } }`, variables: { input } },
      // Operator mutations (`admin…`) are reached with the admin token, the others with the key.
      name.startsWith('admin') ? adminHeaders() : { 'x-api-key': key },
    );
    expect(r.body.errors?.[0]?.extensions, JSON.stringify(r.body)).toMatchObject({ code: 'INVALID_PARAMS', field: 'idempotencyKey' });
  });
});
