import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';
import { graphql } from './generated/index.js';

const Health = graphql(`
  query Health {
    health { ok providers }
  }
`);
const Viewer = graphql(`
  query Viewer {
    viewer { accountId accountName accountCreatedAt mode liveEnabled apiKeys { totalCount nodes { id mode prefix createdAt revokedAt } } }
  }
`);
const RevokeApiKey = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(input: { id: $id }) {
      __typename
      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }
      ... on NotFoundError { code message }
    }
  }
`);

describe('accounts over GraphQL, in process', () => {
  let g: GraphQLTestApp;
  beforeAll(async () => {
    g = await startGraphQLTestApp();
  });
  afterAll(() => g?.close());

  it('health is public; viewer needs a key (UNAUTHORIZED with the request id), and shows its account', async () => {
    expect(await g.gql(Health)).toMatchObject({ data: { health: { ok: true, providers: [] } } });
    const denied = await g.gql(Viewer);
    expect(denied.data).toBeNull();
    expect(denied.errors![0]!.extensions).toEqual({ code: 'UNAUTHORIZED', requestId: denied.requestId });
    const { accountId, key } = await g.createTestKey();
    const me = (await g.gql(Viewer, {}, key)).data!.viewer;
    expect(me).toMatchObject({
      accountId,
      accountName: 'Test account',
      mode: 'test',
      liveEnabled: false,
      apiKeys: { totalCount: 1, nodes: [{ mode: 'test', revokedAt: null }] },
    });
    expect(me.accountCreatedAt).toMatch(/Z$/);
  });

  it("revokes a key of the account; another account's key is a typed NotFoundError; a revoked key is refused", async () => {
    const { accountId, key } = await g.createTestKey();
    const { apiKey: second } = await g.app.services.accounts.createKey(accountId, 'test', { name: 'second' });
    const revoked = (await g.gql(RevokeApiKey, { id: second.id }, key)).data!.revokeApiKey;
    expect(revoked).toMatchObject({ __typename: 'RevokeApiKeyPayload', apiKey: { id: second.id, revokedAt: expect.stringMatching(/Z$/) } });
    const other = await g.createTestKey();
    expect((await g.gql(RevokeApiKey, { id: second.id }, other.key)).data!.revokeApiKey).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    const self = (await g.gql(Viewer, {}, key)).data!.viewer.apiKeys.nodes.find((k) => k.id !== second.id)!;
    await g.gql(RevokeApiKey, { id: self.id }, key);
    expect((await g.gql(Viewer, {}, key)).errors![0]!.extensions.code).toBe('UNAUTHORIZED');
  });
});
