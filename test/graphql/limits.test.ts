import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { startGraphQLTestApp, type GraphQLTestApp } from '../helpers/graphql.js';

/** Documents that multiply work are refused before anything runs, naming the limit. */
describe('GraphQL document limits', () => {
  let g: GraphQLTestApp;
  let closed: GraphQLTestApp;
  beforeAll(async () => {
    g = await startGraphQLTestApp({ env: { GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_DEPTH: '6' } });
    closed = await startGraphQLTestApp({ env: { GRAPHQL_INTROSPECTION: 'false', NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await g?.close();
    await closed?.close();
  });

  const refused = async (app: GraphQLTestApp, query: string) => {
    const r = await app.post({ query });
    expect(r.body.data ?? null).toBeNull();
    return r.body.errors[0] as { message: string; locations?: unknown; extensions: Record<string, unknown> };
  };

  it('aliases: one more than the limit is refused, before any resolver runs', async () => {
    expect((await g.post({ query: '{ a: health { ok } b: health { ok } c: health { ok } }' })).body.data).toMatchObject({ a: { ok: true } });
    const err = await refused(g, '{ a: health { ok } b: health { ok } c: health { ok } d: health { ok } }');
    expect(err.message).toMatch(/Aliases limit of 3 exceeded/);
    expect(err.extensions).toMatchObject({ code: 'INVALID_PARAMS', requestId: expect.any(String) });
  });

  it('depth: nested connections past the limit are refused; introspection does not count', async () => {
    const deep = '{ events { nodes { deliveries { nodes { event { deliveries { nodes { id } } } } } } } }';
    expect((await refused(g, deep)).message).toMatch(/Query depth limit of 6 exceeded/);
    const intro = await g.post({ query: '{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }' });
    expect(intro.body.errors).toBeUndefined();
  });

  it('tokens: a document past the token limit is refused while it is parsed', async () => {
    const err = await refused(g, `{ health { ${'ok '.repeat(6000)} } }`);
    expect(err.message).toMatch(/Token limit of 5000 exceeded/);
    expect(err.extensions.code).toEqual(expect.any(String));
  });

  it('nesting: a value nested deeper than 64 brackets is refused before parsing (inside the token limit it overflowed the parser: 500)', async () => {
    const deep = `{ chain(ref: ${'['.repeat(1_200)}"x"${']'.repeat(1_200)}) { id } }`;
    const r = await g.post({ query: deep });
    expect(r.body.errors).toEqual([
      { message: expect.stringMatching(/nested deeper than 64/), extensions: { code: 'INVALID_PARAMS', requestId: r.requestId } },
    ]);
    // Selections too, and the same in a variable-free mutation.
    const selections = await g.post({ query: `mutation { revokeApiKey(input: {keyId: ${'{a: '.repeat(900)}1${'}'.repeat(900)}}) { __typename } }` });
    expect(selections.body.errors[0].extensions.code).toBe('INVALID_PARAMS');
    const introspection = await g.post({ query: getIntrospectionQuery() });
    expect(introspection.body.errors).toBeUndefined();
  });

  it('a refused document carries the id of the request that sent it, also when yoga answers it from its cache', async () => {
    const first = await g.post({ query: '{ chain(ref: 1) { id } }' });
    const second = await g.post({ query: '{ chain(ref: 1) { id } }' });
    expect(first.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', requestId: first.requestId });
    expect(second.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', requestId: second.requestId });
    expect(first.requestId).not.toBe(second.requestId);
  });

  it('introspection off: the schema is not served; production hides field suggestions', async () => {
    expect((await refused(closed, '{ __schema { queryType { name } } }')).message).toMatch(/introspection/i);
    const typo = await refused(closed, '{ helth { ok } }');
    expect(typo.message).not.toMatch(/Did you mean/);
    const dev = await refused(g, '{ helth { ok } }');
    expect(dev.message).toMatch(/Did you mean "health"/);
    // A refused document still says where: the location of the offending field.
    expect(dev).toMatchObject({ locations: [{ line: 1, column: 3 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  });
});
