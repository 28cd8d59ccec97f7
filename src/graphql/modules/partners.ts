import { builder, describedValues, payloadDescription } from '../builder.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { parseGraphQLInput } from '../input.js';
import { keyOf } from '../loaders.js';
import { ModeEnum } from '../refs.js';
import { partnerEarningsQuerySchema, updatePartnerProfileSchema } from '../../partners/input.js';
import type { EarningsLine, PartnerProfile } from '../../partners/views.js';

/**
 * The partner profile of the dashboard: the account's integration partner (made by the operator, who sets its
 * bounds), its linked keys and earnings in the request's mode, and the fee settings the account may change.
 */

export const PartnerKindEnum = builder.enumType('PartnerKind', {
  description: 'Whether a partner takes a fee or only has volume attributed to it.',
  values: describedValues({
    fee: 'Takes `feeBps` on every quote attributed to it (up to `maxFeeBps` when its key asks).',
    label: 'Attribution only: volume is counted, no fee is taken.',
  } satisfies Record<'fee' | 'label', string>),
});

const EarningsLineRef = builder.objectRef<EarningsLine>('PartnerEarningsLine').implement({
  description: 'Filled orders attributed to the partner on one source chain in one source token.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The source chain id.' }),
    chain: t.exposeString('chain', { description: "The source chain's slug (`base`), or its id when the service no longer lists it." }),
    token: t.exposeString('token', {
      nullable: true,
      description: 'The source token (address or mint); null for orders recorded before the service kept it.',
    }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'The token symbol; null when the service cannot resolve the token.' }),
    decimals: t.exposeInt('decimals', { nullable: true, description: '`volume` and `fees` are in base units of this many decimals; null when unknown.' }),
    orders: t.exposeInt('orders', { description: 'Filled orders counted.' }),
    volume: t.exposeString('volume', { description: 'Sum of the orders’ source amounts, base units (exact integer string).' }),
    fees: t.exposeString('fees', {
      description: "Sum over the orders of floor(amount × partnerFeeBps / 10000) at each order's recorded rate, base units (exact integer string).",
    }),
  }),
});

const EarningsRef = builder.objectRef<PartnerProfile['earnings']>('PartnerEarnings').implement({
  description: 'Volume and fees of the filled orders attributed to the partner over a range, in one mode.',
  fields: (t) => ({
    startAt: t.expose('from', { type: 'DateTime', description: 'Start of the range (included).' }),
    endAt: t.expose('to', { type: 'DateTime', description: 'End of the range (excluded).' }),
    lines: t.field({ type: [EarningsLineRef], description: 'Per source chain and token, those with filled orders only.', resolve: (e) => e.lines }),
  }),
});

const PartnerProfileRef = builder.objectRef<PartnerProfile>('PartnerProfile').implement({
  description: "The account's integration partner: its fee settings within the operator's bounds, linked keys and earnings.",
  authScopes: { read: 'partner' },
  fields: (t) => ({
    id: t.id({ description: 'The partner id: the `integrator` value quotes may name.', resolve: (p) => p.partner.id }),
    label: t.string({ description: 'The name the operator gave the partner.', resolve: (p) => p.partner.label }),
    kind: t.field({ type: PartnerKindEnum, description: 'Whether it takes a fee (set by the operator).', resolve: (p) => p.partner.kind }),
    feeBps: t.int({ description: 'The fee on every quote attributed to the partner, basis points (100 = 1%).', resolve: (p) => p.partner.feeBps }),
    maxFeeBps: t.int({
      description: "The operator's bound: `feeBps`, and the `integratorFeeBps` a partner key may ask for, go up to it.",
      resolve: (p) => p.partner.maxFeeBps,
    }),
    feeRecipientEvm: t.string({
      nullable: true,
      description: 'Where fees on EVM chains are paid; null when unset.',
      resolve: (p) => p.partner.feeRecipientEvm,
    }),
    feeRecipientSvm: t.string({ nullable: true, description: 'Where fees on Solana are paid; null when unset.', resolve: (p) => p.partner.feeRecipientSvm }),
    active: t.boolean({ description: 'While false, quotes ignore the partner (set by the operator).', resolve: (p) => p.partner.active }),
    apiKeyIds: t.idList({
      description: "The account's API keys linked to the partner (any mode): quotes made with them follow its fee.",
      resolve: (p) => p.partner.apiKeyIds,
    }),
    mode: t.field({ type: ModeEnum, description: 'The mode the earnings are counted in.', resolve: (p) => p.mode }),
    earnings: t.field({ type: EarningsRef, description: 'Volume and fees earned over the range asked.', resolve: (p) => p.earnings }),
    createdAt: t.field({ type: 'DateTime', description: 'When the operator made the partner.', resolve: (p) => p.partner.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'The last change of its settings.', resolve: (p) => p.partner.updatedAt }),
  }),
});

builder.queryField('partnerProfile', (t) =>
  t.field({
    type: PartnerProfileRef,
    nullable: true,
    description:
      "The account's integration partner with its earnings in the request's mode over [`startAt`, `endAt`) (default the last 30 days, at most 400). Null when the account is not a partner: the operator enables partner fees.",
    authScopes: { read: 'partner' },
    args: {
      startAt: t.arg({ type: 'DateTime', description: 'Start of the range (included); default 30 days before `endAt`.' }),
      endAt: t.arg({ type: 'DateTime', description: 'End of the range (excluded); default now.' }),
    },
    resolve: async (_r, args, ctx) => {
      const auth = await keyOf(ctx);
      const query = parseGraphQLInput(partnerEarningsQuerySchema, args);
      if (!(await ctx.services.partners.forAccount(auth.accountId))) return null;
      return ctx.services.partners.profile(auth, query);
    },
  }),
);

const UpdatePartnerProfileInput = builder.inputType('UpdatePartnerProfileInput', {
  description: 'The fee settings to change; fields left out keep their value.',
  fields: (t) => ({
    feeBps: t.int({ description: "The fee in basis points: at most the operator's `maxFeeBps` (else INVALID_PARAMS naming `feeBps`)." }),
    feeRecipientEvm: t.string({ description: 'Where fees on EVM chains are paid: a 0x-prefixed 20-byte address; null clears it.' }),
    feeRecipientSvm: t.string({ description: 'Where fees on Solana are paid: a base58 address; null clears it.' }),
  }),
});

const UpdatePartnerProfilePayload = builder.objectRef<{ partnerProfile: PartnerProfile }>('UpdatePartnerProfilePayload').implement({
  description: payloadDescription('UpdatePartnerProfilePayload'),
  fields: (t) => ({
    partnerProfile: t.field({
      type: PartnerProfileRef,
      description: 'The profile, changed (earnings over the last 30 days).',
      resolve: (p) => p.partnerProfile,
    }),
  }),
});

builder.mutationField('updatePartnerProfile', (t) =>
  t.field({
    type: UpdatePartnerProfilePayload,
    errors: { types: [NotFoundError, ConflictError] },
    description:
      "Changes the partner's fee and fee recipients within the operator's bounds (owners and admins). An account without a partner is NotFoundError; ConflictError when the operator changed the partner at the same moment.",
    authScopes: { write: 'partner' },
    args: { input: t.arg({ type: UpdatePartnerProfileInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => ({
      partnerProfile: await ctx.services.partners.updateProfile(
        await keyOf(ctx),
        parseGraphQLInput(updatePartnerProfileSchema, input, { keepNull: ['feeRecipientEvm', 'feeRecipientSvm'] }),
      ),
    }),
  }),
);
