import { builder, payloadDescription } from '../builder.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { parseGraphQLInput } from '../input.js';
import { arrayConnection, connectionType, pageArgs } from '../pagination.js';
import { createPartnerSchema, linkPartnerKeySchema, updatePartnerSchema } from '../../partners/input.js';
import type { PartnerView } from '../../partners/views.js';
import { PartnerKindEnum } from './partners.js';

/**
 * The operator's partner registry (`admin*` fields, `authScopes: { admin: true }`): the same service methods as
 * /v1/admin/partners and `npm run cli -- partners:…`, every write audited in its own transaction.
 */

export const AdminPartnerRef = builder.objectRef<PartnerView>('AdminPartner').implement({
  description: 'An integration partner as the operator manages it: fee settings and bound, account, linked API keys.',
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The partner id: the `integrator` value quotes name.' }),
    label: t.exposeString('label', { description: 'The name shown for the partner.' }),
    kind: t.field({ type: PartnerKindEnum, description: 'Whether it takes a fee.', resolve: (p) => p.kind }),
    feeBps: t.exposeInt('feeBps', { description: 'The fee on every quote attributed to it, basis points (100 = 1%).' }),
    maxFeeBps: t.exposeInt('maxFeeBps', { description: "The bound of `feeBps`: the partner's own account may change its fee up to it." }),
    feeRecipientEvm: t.exposeString('feeRecipientEvm', { nullable: true, description: 'Where fees on EVM chains are paid; null when unset.' }),
    feeRecipientSvm: t.exposeString('feeRecipientSvm', { nullable: true, description: 'Where fees on Solana are paid; null when unset.' }),
    active: t.exposeBoolean('active', { description: 'While false, quotes ignore the partner.' }),
    accountId: t.exposeID('accountId', { nullable: true, description: 'The account it belongs to; null until one is named or its first key is linked.' }),
    apiKeyIds: t.exposeIDList('apiKeyIds', { description: 'The API keys linked to it: quotes made with them are attributed to it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Its last change.' }),
  }),
});

const AdminPartnerConnection = connectionType('AdminPartner', AdminPartnerRef, { totalCount: true });

builder.queryField('adminPartners', (t) =>
  t.field({
    type: AdminPartnerConnection,
    description: 'Operator: every integration partner, by id (the same list as `GET /v1/admin/partners`).',
    authScopes: { admin: true },
    args: pageArgs(t, 100, 100),
    resolve: async (_r, args, ctx) => arrayConnection(await ctx.services.partners.list(), args, 100, 100),
  }),
);

builder.queryField('adminPartner', (t) =>
  t.field({
    type: AdminPartnerRef,
    nullable: true,
    description: 'Operator: one partner; null when no partner has this id.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: 'The partner id.' }) },
    resolve: (_r, { id }, ctx) => orNull(() => ctx.services.partners.get(id)),
  }),
);

const partnerPayload = (name: string, what: string) =>
  builder.objectRef<{ partner: PartnerView }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ partner: t.field({ type: AdminPartnerRef, description: what, resolve: (p) => p.partner }) }),
  });

const ARGS_DESCRIPTION = 'The parameters, field by field (see the input type).';

const AdminCreatePartnerInput = builder.inputType('AdminCreatePartnerInput', {
  description: 'A new partner. `fee` partners take `feeBps` (at most `maxFeeBps`); `label` partners take none.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The partner id, `^[a-z0-9-]{1,32}$`: the `integrator` value quotes name. Never changes.' }),
    label: t.string({ required: true, description: 'The name shown for the partner (1 to 100 characters).' }),
    kind: t.field({ type: PartnerKindEnum, required: true, description: 'Whether it takes a fee.' }),
    feeBps: t.int({ description: 'The fee in basis points (default 0): at most `maxFeeBps`.' }),
    maxFeeBps: t.int({ description: "The bound (default 0): the partner's own account may set its fee up to it." }),
    feeRecipientEvm: t.string({ description: 'Where fees on EVM chains are paid: a 0x-prefixed 20-byte address.' }),
    feeRecipientSvm: t.string({ description: 'Where fees on Solana are paid: a base58 address.' }),
    active: t.boolean({ description: 'Default true; false: quotes ignore it.' }),
    accountId: t.id({ description: 'The account it belongs to (at most one partner per account); omitted: none yet.' }),
    ...idempotencyKeyField(t),
  }),
});

builder.mutationField('adminCreatePartner', (t) =>
  t.field({
    type: partnerPayload('AdminCreatePartnerPayload', 'The partner, created.'),
    description:
      'Operator: creates a partner, audited in the same transaction. ConflictError when the id exists or the account already has a partner; NotFoundError for an unknown account.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: AdminCreatePartnerInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      partner: await ctx.services.partners.create(parseGraphQLInput(createPartnerSchema, input), ctx.requireAdmin()),
    })),
  }),
);

const AdminUpdatePartnerInput = builder.inputType('AdminUpdatePartnerInput', {
  description: 'The fields to change; fields left out keep their value. The partner they leave must keep the fee rules.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The partner to change.' }),
    label: t.string({ description: 'A new name (1 to 100 characters).' }),
    kind: t.field({ type: PartnerKindEnum, description: 'Whether it takes a fee (a `label` partner must have fees 0).' }),
    feeBps: t.int({ description: 'The fee in basis points: at most `maxFeeBps`.' }),
    maxFeeBps: t.int({ description: 'The bound of the fee.' }),
    feeRecipientEvm: t.string({ description: 'Where fees on EVM chains are paid; null clears it.' }),
    feeRecipientSvm: t.string({ description: 'Where fees on Solana are paid; null clears it.' }),
    active: t.boolean({ description: 'false deactivates the partner; true reactivates it.' }),
    accountId: t.id({ description: 'Gives the partner to this account; null takes it from its account.' }),
  }),
});

builder.mutationField('adminUpdatePartner', (t) =>
  t.field({
    type: partnerPayload('AdminUpdatePartnerPayload', 'The partner, changed.'),
    description:
      'Operator: changes a partner (as `PATCH /v1/admin/partners/{id}`), audited in the same transaction. A fee above the bound is INVALID_PARAMS naming `feeBps`.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: AdminUpdatePartnerInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError, ConflictError] },
    // Nulls mean "not given", except for the recipients and the account, where null clears.
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({
      partner: await ctx.services.partners.update(
        id,
        parseGraphQLInput(updatePartnerSchema, input, { keepNull: ['feeRecipientEvm', 'feeRecipientSvm', 'accountId'] }),
        ctx.requireAdmin(),
      ),
    }),
  }),
);

const AdminPartnerIdInput = builder.inputType('AdminDeactivatePartnerInput', {
  description: 'The partner to deactivate.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The partner id.' }) }),
});

builder.mutationField('adminDeactivatePartner', (t) =>
  t.field({
    type: partnerPayload('AdminDeactivatePartnerPayload', 'The partner, inactive.'),
    description: 'Operator: quotes ignore the partner from now on; `adminUpdatePartner` with `active: true` reactivates it. Audited.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: AdminPartnerIdInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => ({ partner: await ctx.services.partners.deactivate(input.id, ctx.requireAdmin()) }),
  }),
);

const AdminLinkPartnerKeyInput = builder.inputType('AdminLinkPartnerKeyInput', {
  description: 'The partner and the API key to link to it.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The partner id.' }),
    apiKeyId: t.id({ required: true, description: "The key: one of the partner's account's (the first key gives a partner without one its account)." }),
    ...idempotencyKeyField(t),
  }),
});

builder.mutationField('adminLinkPartnerKey', (t) =>
  t.field({
    type: partnerPayload('AdminLinkPartnerKeyPayload', 'The partner, with the key.'),
    description: 'Operator: quotes made with the key are attributed to the partner. ConflictError for a key of another account or of another partner. Audited.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: AdminLinkPartnerKeyInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => {
      const { apiKeyId } = parseGraphQLInput(linkPartnerKeySchema, { apiKeyId: input.apiKeyId });
      return { partner: await ctx.services.partners.linkKey(input.id, apiKeyId, ctx.requireAdmin()) };
    }),
  }),
);

const AdminUnlinkPartnerKeyInput = builder.inputType('AdminUnlinkPartnerKeyInput', {
  description: 'The partner and the API key to unlink from it.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The partner id.' }),
    apiKeyId: t.id({ required: true, description: 'The linked key.' }),
  }),
});

builder.mutationField('adminUnlinkPartnerKey', (t) =>
  t.field({
    type: partnerPayload('AdminUnlinkPartnerKeyPayload', 'The partner, without the key.'),
    description: 'Operator: quotes made with the key are no longer attributed to the partner; a key not linked to it changes nothing. Audited.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: AdminUnlinkPartnerKeyInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => ({ partner: await ctx.services.partners.unlinkKey(input.id, input.apiKeyId, ctx.requireAdmin()) }),
  }),
);
