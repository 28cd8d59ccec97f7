import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { until, verifyWith } from '../webhooks/helpers.js';
import { graphql } from './generated/index.js';

const CreateEndpoint = graphql(`
  mutation CreateEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      __typename
      ... on CreateWebhookEndpointPayload { webhookEndpoint { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }
      ... on Error { code message }
    }
  }
`);
const ListEndpoints = graphql(`
  query ListEndpoints {
    webhookEndpoints { totalCount nodes { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }
  }
`);
const UpdateEndpoint = graphql(`
  mutation UpdateEndpoint($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      ... on UpdateWebhookEndpointPayload { webhookEndpoint { description enabledEvents secret } }
      ... on Error { code }
    }
  }
`);
const Trigger = graphql(`
  mutation Trigger($type: String!) {
    triggerWebhookEvent(input: { type: $type }) {
      ... on TriggerWebhookEventPayload { event { id type livemode createdAt resourceId sequence data } }
    }
  }
`);
const ReadEvent = graphql(`
  query ReadEvent($id: ID!) {
    event(id: $id) {
      id
      deliveries { totalCount nodes { endpointId status attempts origin endpoint { id url } event { id } } }
      attempts(first: 10) { nodes { attempt statusCode success responseBody delivery { status } endpoint { id } } pageInfo { hasNextPage } }
    }
  }
`);
const ListEvents = graphql(`
  query ListEvents($type: String, $first: Int, $after: String) {
    events(type: $type, first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }
  }
`);
const Redeliver = graphql(`
  mutation Redeliver($input: RedeliverEventInput!) {
    redeliverEvent(input: $input) {
      __typename
      ... on RedeliverEventPayload { deliveries { endpointId origin status } }
      ... on Error { code }
    }
  }
`);
const Rotate = graphql(`
  mutation Rotate($id: ID!) {
    rotateWebhookEndpointSecret(input: { id: $id }) {
      ... on RotateWebhookEndpointSecretPayload { webhookEndpoint { secret previousSecretExpiresAt } }
    }
  }
`);
const EndpointAttempts = graphql(`
  query EndpointAttempts($id: ID!, $after: String) {
    webhookEndpoint(id: $id) { attempts(first: 1, after: $after) { edges { cursor node { id attempt } } pageInfo { hasNextPage endCursor } } }
  }
`);
const LookUps = graphql(`
  query LookUps($event: ID!, $endpoint: ID!) {
    event(id: $event) { id }
    webhookEndpoint(id: $endpoint) { id }
  }
`);
const DeleteEndpoint = graphql(`
  mutation DeleteEndpoint($id: ID!) {
    deleteWebhookEndpoint(input: { id: $id }) {
      __typename
      ... on DeleteWebhookEndpointPayload { deletedWebhookEndpointId }
      ... on NotFoundError { code message }
    }
  }
`);
const EventsPage = graphql(`
  query EventsPage {
    events { pageInfo { hasNextPage } }
  }
`);
const StreamEvents = graphql(`
  subscription StreamEvents($types: [String!]) {
    events(types: $types) { id type resourceId sequence data }
  }
`);

describe.each(backends)('events and webhooks over GraphQL, in process (%s)', (backend) => {
  let g: GraphQLTestApp;
  let rx: WebhookReceiver;
  beforeAll(async () => {
    g = await startGraphQLTestApp({ backend, env: { WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '100' } });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await g?.close();
    await rx?.stop();
  });

  it('manages endpoints, triggers an event, reads it with its deliveries, attempts and references, redelivers', async () => {
    const { key } = await g.createTestKey();
    const created = (await g.gql(CreateEndpoint, { input: { url: `${rx.url}/gql`, enabledEvents: ['invoice.*'], description: 'billing' } }, key)).data!
      .createWebhookEndpoint;
    if (created.__typename !== 'CreateWebhookEndpointPayload') throw new Error(`not created: ${created.__typename}`);
    const ep = created.webhookEndpoint;
    expect(ep).toMatchObject({
      url: `${rx.url}/gql`,
      enabledEvents: ['invoice.*'],
      disabled: false,
      livemode: false,
      description: 'billing',
      previousSecretExpiresAt: null,
    });
    expect(ep.secret).toMatch(/^whsec_/);
    expect((await g.gql(ListEndpoints, {}, key)).data!.webhookEndpoints).toEqual({ totalCount: 1, nodes: [{ ...ep, secret: null }] });
    const updated = (await g.gql(UpdateEndpoint, { input: { id: ep.id, description: null, enabledEvents: ['invoice.paid'] } }, key)).data!
      .updateWebhookEndpoint;
    expect(updated).toMatchObject({ webhookEndpoint: { description: null, enabledEvents: ['invoice.paid'], secret: null } });

    const trig = (await g.gql(Trigger, { type: 'invoice.paid' }, key)).data!.triggerWebhookEvent;
    const ev = 'event' in trig ? trig.event : undefined;
    if (!ev) throw new Error('no event');
    expect(ev).toMatchObject({ type: 'invoice.paid', livemode: false, sequence: 1 });
    expect(ev.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const data = ev.data as { invoice: { id: string }; session: { invoiceId: string } };
    expect(data.invoice.id).toBe(ev.resourceId);
    expect(data.session.invoiceId).toBe(ev.resourceId);
    await rx.waitFor((r) => r.ids().has(ev.id));
    expect(verifyWith(ep.secret!, rx.received.find((r) => r.id === ev.id)!)).toEqual(ev);

    const readBack = async () => (await g.gql(ReadEvent, { id: ev.id }, key)).data!.event!;
    await until(async () => (await readBack()).deliveries.nodes[0]?.status === 'succeeded', 'recorded');
    expect(await readBack()).toEqual({
      id: ev.id,
      deliveries: {
        totalCount: 1,
        nodes: [{ endpointId: ep.id, status: 'succeeded', attempts: 1, origin: 'auto', endpoint: { id: ep.id, url: ep.url }, event: { id: ev.id } }],
      },
      attempts: {
        nodes: [{ attempt: 1, statusCode: 200, success: true, responseBody: 'ok', delivery: { status: 'succeeded' }, endpoint: { id: ep.id } }],
        pageInfo: { hasNextPage: false },
      },
    });
    expect((await g.gql(ListEvents, { type: 'invoice.*', first: 5 }, key)).data!.events).toEqual({
      edges: [{ cursor: ev.id, node: { id: ev.id } }],
      pageInfo: { hasNextPage: false, endCursor: ev.id },
    });

    const re = (await g.gql(Redeliver, { input: { id: ev.id, endpointId: ep.id } }, key)).data!.redeliverEvent;
    expect(re).toEqual({ __typename: 'RedeliverEventPayload', deliveries: [{ endpointId: ep.id, origin: 'manual', status: 'pending' }] });
    await rx.waitFor((r) => r.received.filter((x) => x.id === ev.id).length === 2);
    // The receiver has the second request before the worker records its attempt: wait for the record.
    await until(async () => (await readBack()).deliveries.nodes.every((d) => d.status === 'succeeded'), 'redelivery recorded');

    const rotated = (await g.gql(Rotate, { id: ep.id }, key)).data!.rotateWebhookEndpointSecret;
    if (!('webhookEndpoint' in rotated)) throw new Error('not rotated');
    expect(rotated.webhookEndpoint.secret).not.toBe(ep.secret);
    expect(rotated.webhookEndpoint.previousSecretExpiresAt).not.toBeNull();

    // Every edge's cursor resumes after that edge: two attempts, one per page.
    const first = (await g.gql(EndpointAttempts, { id: ep.id }, key)).data!.webhookEndpoint!.attempts;
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.edges[0]!.cursor).toBe(first.pageInfo.endCursor);
    const second = (await g.gql(EndpointAttempts, { id: ep.id, after: first.edges[0]!.cursor }, key)).data!.webhookEndpoint!.attempts;
    expect(second.edges.map((e) => e.node.id)).not.toContain(first.edges[0]!.node.id);
    expect(second).toMatchObject({ edges: [{}], pageInfo: { hasNextPage: false } });

    // Another account's objects do not exist for this key: lookups are null, references never resolve.
    const other = await g.createTestKey();
    const looked = await g.gql(LookUps, { event: ev.id, endpoint: ep.id }, other.key);
    expect(looked).toMatchObject({ data: { event: null, webhookEndpoint: null } });
    expect(looked.errors).toBeUndefined();
    const otherRedeliver = (await g.gql(Redeliver, { input: { id: ev.id } }, other.key)).data!.redeliverEvent;
    expect(otherRedeliver).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });

    const bad = await g.post({ query: 'mutation { createWebhookEndpoint(input: { url: "gopher://x" }) { __typename } }' }, { 'x-api-key': key });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'url', requestId: bad.requestId });
    expect((await g.gql(DeleteEndpoint, { id: ep.id }, key)).data!.deleteWebhookEndpoint).toEqual({
      __typename: 'DeleteWebhookEndpointPayload',
      deletedWebhookEndpointId: ep.id,
    });
    expect((await g.gql(DeleteEndpoint, { id: ep.id }, key)).data!.deleteWebhookEndpoint).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
  });

  it('triggerWebhookEvent with a live key → FORBIDDEN; a key field without a key → UNAUTHORIZED', async () => {
    const { accountId } = await g.createTestKey();
    await g.app.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const { key } = await g.app.services.accounts.createKey(accountId, 'live');
    expect((await g.gql(Trigger, { type: 'order.filled' }, key)).errors![0]!.extensions.code).toBe('FORBIDDEN');
    const denied = await g.gql(EventsPage);
    expect(denied.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHORIZED', requestId: denied.requestId });
    expect((await g.gql(EventsPage, {}, 'sk_test_not-a-key')).errors![0]!.extensions.code).toBe('UNAUTHORIZED');
  });

  it('the events subscription streams outbox events (one Event type, with resourceId and sequence) as they are committed', async () => {
    const { key } = await g.createTestKey();
    const sub = g.subscribe(StreamEvents, { types: ['checkout.session.*'] }, key);
    await sub.ready;
    const t = async (type: string) => {
      const r = (await g.gql(Trigger, { type }, key)).data!.triggerWebhookEvent;
      if (!('event' in r)) throw new Error('not triggered');
      return r.event;
    };
    await t('order.filled');
    const a = await t('checkout.session.completed');
    const b = await t('checkout.session.expired');
    const got = await sub.take(2);
    await sub.close();
    expect(got.map((r) => [r.data!.events.id, r.data!.events.resourceId, r.data!.events.sequence])).toEqual([
      [a.id, a.resourceId, 1],
      [b.id, b.resourceId, 1],
    ]);
  });
});
