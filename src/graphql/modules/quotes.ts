import { builder } from '../builder.js';
import { baseUnitAmount, baseUnitAmountOrZero } from '../../validation.js';
import type { QuoteResponse, QuoteView } from '../../quotes/service.js';
import { CHANNELS, quoteParamsSchema, quoteRequestSchema, splitQuoteRequest } from '../../quotes/input.js';
import { ApiError } from '../../errors.js';
import { parseGraphQLInput } from '../input.js';
import { AmountTooLargeError, AmountTooSmallError, CallsRevertedError, NoRouteError, ProviderError } from '../errors.js';
import { MAX_CALLS } from '../../quotes/calls/input.js';

export const FeeChannel = builder.enumType('FeeChannel', { values: CHANNELS });
const TradeType = builder.enumType('TradeType', {
  description: '`EXACT_INPUT`: `amount` is what is sent. `EXACT_OUTPUT`: `dstAmount` is what must arrive.',
  values: ['EXACT_INPUT', 'EXACT_OUTPUT'] as const,
});

export const FeeBreakdown = builder.objectRef<QuoteView['fees']>('FeeBreakdown').implement({
  description: 'Fees of one quote. `ourFeeBps` is what was actually applied (lower, or 0, when the provider cannot carry it).',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps'),
    integratorFeeBps: t.exposeInt('integratorFeeBps', { nullable: true }),
    integrator: t.exposeString('integrator', { nullable: true }),
    providerFeeUsd: t.exposeFloat('providerFeeUsd', { nullable: true }),
    gasUsd: t.exposeFloat('gasUsd', { nullable: true }),
  }),
});

const Quote = builder.objectRef<QuoteView>('Quote').implement({
  description: 'One executable quote; build it with `buildOrder` before `expiresAt`.',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    provider: t.exposeString('provider'),
    srcAmount: t.exposeString('srcAmount', { description: 'What `sender` pays, in source base units.' }),
    dstAmount: t.exposeString('dstAmount'),
    dstAmountMin: t.exposeString('dstAmountMin'),
    estimatedSeconds: t.exposeInt('estimatedSeconds'),
    fees: t.field({ type: FeeBreakdown, resolve: (q) => q.fees }),
    expiresAt: t.field({ type: 'DateTime', resolve: (q) => new Date(q.expiresAt * 1000) }),
    gasOnArrival: t.field({ type: 'JSON', nullable: true, resolve: (q) => q.gasOnArrival ?? null }),
    calls: t.field({ type: 'JSON', nullable: true, resolve: (q) => q.calls ?? null }),
    simulatedGasUsed: t.string({
      nullable: true,
      description: 'With `simulate: true`: gas the built source transaction used in simulation.',
      resolve: (q) => q.simulation?.gasUsed ?? null,
    }),
  }),
});

const QuoteResponseRef = builder.objectRef<QuoteResponse>('QuoteResponse').implement({
  fields: (t) => ({
    best: t.field({ type: Quote, resolve: (r) => r.best }),
    quotes: t.field({ type: [Quote], description: 'Every quote, best first (at most one per provider).', resolve: (r) => r.quotes }),
    errors: t.field({ type: [ProviderError], description: 'Providers that could not quote (at most one entry each).', resolve: (r) => r.errors }),
  }),
});

/** The quote request; the streamed and destination-call quote variants take the same input. */
export const QuoteInput = builder.inputType('QuoteInput', {
  fields: (t) => ({
    srcChain: t.string({ required: true, description: 'Chain id or slug.' }),
    srcToken: t.string({ required: true, description: 'Address or mint (or a listed symbol).' }),
    amount: t.string({ description: 'Exact input: source base units to send.', validate: { schema: baseUnitAmount } }),
    dstAmount: t.string({ description: 'Exact output: destination base units that must arrive.', validate: { schema: baseUnitAmount } }),
    tradeType: t.field({ type: TradeType, description: 'Default: from whichever of `amount` / `dstAmount` is sent.' }),
    dstChain: t.string({ required: true, description: 'Chain id or slug.' }),
    dstToken: t.string({ required: true }),
    sender: t.string({ required: true }),
    recipient: t.string({ required: true }),
    slippageBps: t.int({ description: '1 to 5000, default 50.' }),
    channel: t.field({ type: FeeChannel }),
    integrator: t.string({ description: 'Partner id (`^[a-z0-9-]{1,32}$`); a malformed one is ignored.' }),
    integratorFeeBps: t.int(),
    gasOnArrival: t.boolean(),
    gasOnArrivalUsd: t.float({ description: '0.5 to 20 USD of destination gas.' }),
    simulate: t.boolean({
      description: "Simulate each EVM quote's built transaction from `sender`; quotes that would revert move to `errors` (`SIMULATION_FAILED`).",
    }),
  }),
});

builder.queryField('quote', (t) =>
  t.field({
    type: QuoteResponseRef,
    description:
      'Quotes from every provider that supports the route, best first. Identical provider requests within one GraphQL request are sent once. Send `amount` (exact input) or `dstAmount` (exact output). A key (partner keys carry their fee) is optional.',
    authScopes: { public: true },
    args: { input: t.arg({ type: QuoteInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NoRouteError, AmountTooSmallError, AmountTooLargeError] },
    resolve: async (_r, { input }, ctx) => {
      const quotes = ctx.services.quotes;
      const params = parseGraphQLInput(quoteParamsSchema, input);
      return quotes.quote(params, { auth: await ctx.auth() }, { loader: ctx.loader('provider-quotes', () => quotes.createLoader()) });
    },
  }),
);

const DestinationCallInput = builder.inputType('DestinationCallInput', {
  description: "One call the provider's executor makes on the destination chain.",
  fields: (t) => ({
    to: t.string({ required: true, description: 'Target contract.' }),
    data: t.string({ required: true, description: 'Calldata (hex), at most 10,000 bytes.' }),
    value: t.string({ description: 'Native value in wei (integer string), default 0.', validate: { schema: baseUnitAmountOrZero } }),
  }),
});

const CallsActionType = builder.enumType('CallsActionType', {
  description:
    '`deposit`: into an ERC-4626 `vault`, shares to `recipient`. `contractCall`: one call to `to` with `data` (approved first for an ERC-20 output).',
  values: ['deposit', 'contractCall'] as const,
});

const CallsActionInput = builder.inputType('CallsActionInput', {
  description: 'A named action the service expands to calls. `deposit` takes `vault`; `contractCall` takes `to`, `data` and (native output) `value`.',
  fields: (t) => ({
    type: t.field({ type: CallsActionType, required: true }),
    vault: t.string(),
    to: t.string(),
    data: t.string(),
    value: t.string({ description: 'Native output only: wei sent with the call (default all of `dstAmount`).', validate: { schema: baseUnitAmountOrZero } }),
  }),
});

const QuoteWithCallsInput = builder.inputType('QuoteWithCallsInput', {
  fields: (t) => ({
    quote: t.field({ type: QuoteInput, required: true, description: 'The quote request; send `dstAmount` (what the calls receive), not `amount`.' }),
    calls: t.field({ type: [DestinationCallInput], description: `Raw calls, at most ${MAX_CALLS} (exclusive with \`action\`).` }),
    action: t.field({ type: CallsActionInput, description: 'A named action (exclusive with `calls`).' }),
  }),
});

/*
 * Destination calls are a field of their own rather than optional fields on `quote`'s input: every quote they
 * return carries `calls`, the field can fail with CALLS_REVERTED (a typed error `quote` never has), and it
 * costs a simulation on top of the fan-out. `quote` keeps its result type and cost; both share `QuoteInput`.
 */
builder.queryField('quoteWithCalls', (t) =>
  t.field({
    type: QuoteResponseRef,
    description:
      "Quotes whose output is handed to destination calls run by the provider's executor (`calls` or `action`). Cross-chain to EVM chains only, without gas on arrival; only providers that run destination calls are asked. The calls are checked statically (no transferFrom, safeTransferFrom, permit or Permit2; an ERC-20 output needs an approve of the target for `dstAmount`), then simulated on the destination chain: a revert, output left with the executor, or a target crediting the executor instead of `recipient` is `CallsRevertedError`.",
    authScopes: { public: true },
    args: { input: t.arg({ type: QuoteWithCallsInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [CallsRevertedError, NoRouteError, AmountTooSmallError, AmountTooLargeError] },
    resolve: async (_r, { input }, ctx) => {
      const quotes = ctx.services.quotes;
      if (input.calls == null && input.action == null) throw new ApiError('INVALID_PARAMS', 'calls: send calls or action', { field: 'calls' });
      const { params, destination } = splitQuoteRequest(parseGraphQLInput(quoteRequestSchema, { ...input.quote, calls: input.calls, action: input.action }));
      return quotes.quote(params, { auth: await ctx.auth() }, { loader: ctx.loader('provider-quotes', () => quotes.createLoader()), destination });
    },
  }),
);
