import { type DocumentNode, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { graphql } from '../graphql/generated/index.js';

/**
 * The operator's partner registry over REST and GraphQL: every write is one audit entry (who, before, after, the
 * request id) committed with it; a refused write leaves none. (The CLI's writes, audited as `cli`: test/cli.test.ts.)
 */

const CreatePartner = graphql(`
  mutation AdminTestCreatePartner($input: AdminCreatePartnerInput!) {
    adminCreatePartner(input: $input) {
      __typename
      ... on AdminCreatePartnerPayload { partner { id kind feeBps maxFeeBps accountId apiKeyIds active } }
      ... on Error { code message }
    }
  }
`);
const UpdatePartner = graphql(`
  mutation AdminTestUpdatePartner($input: AdminUpdatePartnerInput!) {
    adminUpdatePartner(input: $input) {
      __typename
      ... on AdminUpdatePartnerPayload { partner { id feeBps maxFeeBps feeRecipientEvm active } }
      ... on Error { code message }
    }
  }
`);
const LinkKey = graphql(`
  mutation AdminTestLinkPartnerKey($input: AdminLinkPartnerKeyInput!) {
    adminLinkPartnerKey(input: $input) {
      __typename
      ... on AdminLinkPartnerKeyPayload { partner { id accountId apiKeyIds } }
      ... on Error { code message }
    }
  }
`);
const UnlinkKey = graphql(`
  mutation AdminTestUnlinkPartnerKey($input: AdminUnlinkPartnerKeyInput!) {
    adminUnlinkPartnerKey(input: $input) {
      __typename
      ... on AdminUnlinkPartnerKeyPayload { partner { apiKeyIds } }
      ... on Error { code }
    }
  }
`);
const Deactivate = graphql(`
  mutation AdminTestDeactivatePartner($input: AdminDeactivatePartnerInput!) {
    adminDeactivatePartner(input: $input) {
      __typename
      ... on AdminDeactivatePartnerPayload { partner { active } }
      ... on Error { code }
    }
  }
`);
const Partners = graphql(`
  query AdminTestPartners($id: ID!) {
    adminPartners { totalCount nodes { id } }
    adminPartner(id: $id) { id label kind apiKeyIds }
    missing: adminPartner(id: "no-such-partner") { id }
  }
`);

describe('admin: partners', () => {
  let s: TestServer;
  let gql: ReturnType<typeof inProcessGraphQL>['post'];
  let accountId: string;
  let keyId: string;
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', ...ADMIN_ENV } });
    ({ accountId } = await s.createTestKey());
    keyId = (await s.services.accounts.listKeys(accountId))[0]!.id;
    gql = inProcessGraphQL(s).post;
  });
  afterAll(() => s?.close());

  /** The audit entries of one partner, oldest first. */
  const audit = async (id: string) => (await s.services.admin.auditLog({ targetType: 'partner', targetId: id, limit: 100 })).data.reverse();
  const op = (doc: DocumentNode, variables: Record<string, unknown>) => gql({ query: print(doc), variables }, adminHeaders());

  it('REST: create, conflict, change, link, unlink, deactivate: each audited with actor, before, after and request id', async () => {
    const created = await s.post('/v1/admin/partners', { id: 'rest-co', label: 'Rest Co', kind: 'fee', feeBps: 25, maxFeeBps: 60 }, adminHeaders());
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ object: 'partner', id: 'rest-co', feeBps: 25, maxFeeBps: 60, active: true, accountId: null, apiKeyIds: [] });
    const [entry] = await audit('rest-co');
    expect(entry).toMatchObject({ actor: 'ops', action: 'partner.create', before: null, after: { id: 'rest-co', feeBps: 25 } });
    expect(entry!.requestId).toBe(created.headers.get('x-request-id'));

    // Refused writes leave no entry: an existing id, a fee above its bound.
    const again = await s.post('/v1/admin/partners', { id: 'rest-co', label: 'Again', kind: 'label' }, adminHeaders());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    const over = await s.request('/v1/admin/partners/rest-co', {
      method: 'PATCH',
      headers: { ...adminHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ feeBps: 61 }),
    });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/^feeBps: must not exceed maxFeeBps/);
    expect(await audit('rest-co')).toHaveLength(1);

    const patched = await s.request('/v1/admin/partners/rest-co', {
      method: 'PATCH',
      headers: { ...adminHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ maxFeeBps: 80, feeBps: 70, feeRecipientEvm: '0x70997970C51812dc3A010C7d01b50e0d17dC79C8' }),
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ feeBps: 70, maxFeeBps: 80, feeRecipientEvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', label: 'Rest Co' });

    const linked = await s.post('/v1/admin/partners/rest-co/keys', { apiKeyId: keyId }, adminHeaders());
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toMatchObject({ accountId, apiKeyIds: [keyId] });
    // Linking it again changes nothing and records nothing.
    expect((await s.post('/v1/admin/partners/rest-co/keys', { apiKeyId: keyId }, adminHeaders())).status).toBe(200);
    const unlinked = await s.request(`/v1/admin/partners/rest-co/keys/${keyId}`, { method: 'DELETE', headers: adminHeaders() });
    expect(unlinked.body.apiKeyIds).toEqual([]);
    const off = await s.post('/v1/admin/partners/rest-co/deactivate', {}, adminHeaders());
    expect(off.body.active).toBe(false);
    expect((await s.services.partners.forIntegrator('rest-co'))?.active).toBe(false);

    const log = await audit('rest-co');
    expect(log.map((e) => e.action)).toEqual(['partner.create', 'partner.update', 'partner.link_key', 'partner.unlink_key', 'partner.deactivate']);
    expect(log[1]).toMatchObject({
      before: { feeBps: 25, maxFeeBps: 60 },
      after: { feeBps: 70, maxFeeBps: 80 },
      requestId: patched.headers.get('x-request-id'),
    });
    expect(log[2]).toMatchObject({ before: { accountId: null, apiKeyIds: [] }, after: { accountId, apiKeyIds: [keyId] } });
    expect(log[4]).toMatchObject({ before: { active: true }, after: { active: false }, requestId: off.headers.get('x-request-id') });
    expect(log.every((e) => e.actor === 'ops')).toBe(true);

    const list = await s.get('/v1/admin/partners', adminHeaders());
    expect(list.body.object).toBe('list');
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain('rest-co');
    expect((await s.get('/v1/admin/partners/nope', adminHeaders())).status).toBe(404);
  });

  it('GraphQL: the same writes, audited with the request id; a ConflictError leaves no entry', async () => {
    const c = await op(CreatePartner, { input: { id: 'gql-co', label: 'Gql Co', kind: 'fee', feeBps: 10, maxFeeBps: 20 } });
    expect(c.body.data.adminCreatePartner).toMatchObject({ __typename: 'AdminCreatePartnerPayload', partner: { id: 'gql-co', feeBps: 10 } });
    const dup = await op(CreatePartner, { input: { id: 'gql-co', label: 'Dup', kind: 'label' } });
    expect(dup.body.data.adminCreatePartner).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect(await audit('gql-co')).toMatchObject([{ action: 'partner.create', actor: 'ops', requestId: c.requestId }]);

    const u = await op(UpdatePartner, { input: { id: 'gql-co', feeBps: 15, feeRecipientEvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } });
    expect(u.body.data.adminUpdatePartner.partner).toMatchObject({ feeBps: 15, maxFeeBps: 20 });
    // null clears a recipient; an unknown partner is a NotFoundError.
    const cleared = await op(UpdatePartner, { input: { id: 'gql-co', feeRecipientEvm: null } });
    expect(cleared.body.data.adminUpdatePartner.partner.feeRecipientEvm).toBeNull();
    expect((await op(UpdatePartner, { input: { id: 'nobody', label: 'x' } })).body.data.adminUpdatePartner.__typename).toBe('NotFoundError');

    // gql-co takes another account's key (and so that account); the first account's key is then refused.
    const other = await s.createTestKey();
    const otherKey = (await s.services.accounts.listKeys(other.accountId))[0]!.id;
    const l = await op(LinkKey, { input: { id: 'gql-co', apiKeyId: otherKey } });
    expect(l.body.data.adminLinkPartnerKey).toMatchObject({ partner: { accountId: other.accountId, apiKeyIds: [otherKey] } });
    expect((await op(LinkKey, { input: { id: 'gql-co', apiKeyId: keyId } })).body.data.adminLinkPartnerKey.__typename).toBe('ConflictError');
    expect((await op(UnlinkKey, { input: { id: 'gql-co', apiKeyId: otherKey } })).body.data.adminUnlinkPartnerKey.partner.apiKeyIds).toEqual([]);
    expect((await op(Deactivate, { input: { id: 'gql-co' } })).body.data.adminDeactivatePartner.partner.active).toBe(false);

    const log = await audit('gql-co');
    expect(log.map((e) => e.action)).toEqual([
      'partner.create',
      'partner.update',
      'partner.update',
      'partner.link_key',
      'partner.unlink_key',
      'partner.deactivate',
    ]);
    expect(log[3]!.requestId).toBe(l.requestId);

    const q = await op(Partners, { id: 'gql-co' });
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.adminPartner).toMatchObject({ id: 'gql-co', kind: 'fee', apiKeyIds: [] });
    expect(q.body.data.missing).toBeNull();
    expect(q.body.data.adminPartners.nodes.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['gql-co', 'rest-co']));
  });
});
