import { builder, describedValues } from '../builder.js';
import { baseUnitAmount, baseUnitAmountOrZero } from '../../validation.js';
import type { QuoteResponse, QuoteStreamMessage, QuoteView } from '../../quotes/service.js';
import { type CHANNELS, quoteParamsSchema, quoteRequestSchema, splitQuoteRequest } from '../../quotes/input.js';
import { ApiError } from '../../errors.js';
import { parseGraphQLInput } from '../input.js';
import { AmountTooLargeError, AmountTooSmallError, CallsRevertedError, NoRouteError, ProviderError } from '../errors.js';
import { MAX_CALLS } from '../../quotes/calls/input.js';

export const FeeChannel = builder.enumType('FeeChannel', {
  description: 'Where a request comes from; each channel has its own service fee.',
  values: describedValues<(typeof CHANNELS)[number]>({
    web: 'A web app of the service (the default without an API key).',
    widget: 'The embeddable widget.',
    api: 'A server integration with an API key (the default with a key).',
    bot: 'A chat bot.',
  }),
});
const TradeType = builder.enumType('TradeType', {
  description: '`EXACT_INPUT`: `amount` is what is sent. `EXACT_OUTPUT`: `dstAmount` is what must arrive.',
  values: describedValues({
    EXACT_INPUT: 'The sender pays exactly `amount`; what arrives varies within the slippage.',
    EXACT_OUTPUT: 'Exactly `dstAmount` must arrive; the quote says what the sender pays.',
  }),
});

export const FeeBreakdown = builder.objectRef<QuoteView['fees']>('FeeBreakdown').implement({
  description: 'Fees of one quote. `ourFeeBps` is what was actually applied (lower, or 0, when the provider cannot carry it).',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps', { description: 'The service fee applied, in bps.' }),
    integratorFeeBps: t.exposeInt('integratorFeeBps', { nullable: true, description: "The integrator's fee applied, in bps; null without one." }),
    integrator: t.exposeString('integrator', { nullable: true, description: 'The partner whose fee the quote carries; null without one.' }),
    providerFeeUsd: t.exposeFloat('providerFeeUsd', { nullable: true, description: "The provider's own fee in USD, when it reports one." }),
    gasUsd: t.exposeFloat('gasUsd', { nullable: true, description: 'Estimated network fees in USD, when the provider reports them.' }),
  }),
});

const Quote = builder.objectRef<QuoteView>('Quote').implement({
  description: 'One executable quote; build it with `buildOrder` before `expiresAt`.',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId', { description: 'Pass it to `buildOrder` to get the transaction to sign.' }),
    provider: t.exposeString('provider', { description: 'The provider that would execute it.' }),
    srcAmount: t.exposeString('srcAmount', { description: 'What `sender` pays, in source base units.' }),
    dstAmount: t.exposeString('dstAmount', { description: 'What is expected to arrive, in destination base units.' }),
    dstAmountMin: t.exposeString('dstAmountMin', { description: 'The least that arrives (after slippage), in destination base units.' }),
    estimatedSeconds: t.exposeInt('estimatedSeconds', { description: 'Expected time from the source transaction to delivery.' }),
    fees: t.field({ type: FeeBreakdown, description: 'The fees of this quote.', resolve: (q) => q.fees }),
    expiresAt: t.field({
      type: 'DateTime',
      description: 'Build the quote before this time; afterwards ask for a new one.',
      resolve: (q) => new Date(q.expiresAt * 1000),
    }),
    gasOnArrival: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The native gas delivered on the destination chain (`chainId`, `amount`, `valueUsd`) when asked for and offered; else null.',
      resolve: (q) => q.gasOnArrival ?? null,
    }),
    calls: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Destination-call quotes: the calls (`items`), the `executor` that runs them and their `simulation`; else null.',
      resolve: (q) => q.calls ?? null,
    }),
    simulatedGasUsed: t.string({
      nullable: true,
      description: 'With `simulate: true`: gas the built source transaction used in simulation.',
      resolve: (q) => q.simulation?.gasUsed ?? null,
    }),
  }),
});

const QuoteResponseRef = builder.objectRef<QuoteResponse>('QuoteResponse').implement({
  description: 'Ranked quotes for one request, and the providers that could not quote.',
  fields: (t) => ({
    best: t.field({ type: Quote, description: 'The best quote (the first of `quotes`).', resolve: (r) => r.best }),
    quotes: t.field({ type: [Quote], description: 'Every quote, best first (at most one per provider).', resolve: (r) => r.quotes }),
    errors: t.field({ type: [ProviderError], description: 'Providers that could not quote (at most one entry each).', resolve: (r) => r.errors }),
    pending: t.stringList({
      description: 'With `waitMs`: the providers not waited for (their calls were canceled). Empty when every provider answered.',
      resolve: (r) => r.pending ?? [],
    }),
  }),
});

const QuoteStreamMessageRef = builder.objectRef<QuoteStreamMessage>('QuoteStreamMessage').implement({
  description: 'One message of `quoteStream`: complete on its own. Every quote in it is stored and can be built at once.',
  fields: (t) => ({
    best: t.field({ type: Quote, nullable: true, description: 'The first of `quotes`; null until a provider has quoted.', resolve: (m) => m.best }),
    quotes: t.field({ type: [Quote], description: 'Every quote so far, best first. A quote keeps its `quoteId` in later messages.', resolve: (m) => m.quotes }),
    errors: t.field({ type: [ProviderError], description: 'Every provider failure so far.', resolve: (m) => m.errors }),
    pending: t.exposeStringList('pending', { description: 'Providers still being asked.' }),
    complete: t.exposeBoolean('complete', {
      description: 'The last message: every provider has answered. `quotes` empty then: no provider could quote (the one-shot `quote` is NoRouteError).',
    }),
  }),
});

/** The quote request; the streamed and destination-call quote variants take the same input. */
const QuoteInput = builder.inputType('QuoteInput', {
  description: 'What to swap or bridge: from `srcToken` on `srcChain` to `dstToken` on `dstChain`, `amount` in or `dstAmount` out.',
  fields: (t) => ({
    srcChain: t.string({ required: true, description: 'Chain id or slug.' }),
    srcToken: t.string({ required: true, description: 'Address or mint (or a listed symbol).' }),
    amount: t.string({ description: 'Exact input: source base units to send.', validate: { schema: baseUnitAmount } }),
    dstAmount: t.string({ description: 'Exact output: destination base units that must arrive.', validate: { schema: baseUnitAmount } }),
    tradeType: t.field({ type: TradeType, description: 'Default: from whichever of `amount` / `dstAmount` is sent.' }),
    dstChain: t.string({ required: true, description: 'Chain id or slug.' }),
    dstToken: t.string({ required: true, description: 'Address or mint (or a listed symbol) of the token to receive.' }),
    sender: t.string({ required: true, description: 'The wallet that signs and pays, on the source chain.' }),
    recipient: t.string({ required: true, description: 'Who receives `dstToken`, on the destination chain.' }),
    slippageBps: t.int({ description: '1 to 5000, default 50.' }),
    channel: t.field({ type: FeeChannel, description: 'Fee channel; default `api` with a key, `web` without.' }),
    integrator: t.string({ description: 'Partner id (`^[a-z0-9-]{1,32}$`); a malformed one is ignored.' }),
    integratorFeeBps: t.int({ description: "Partner keys only: the partner's fee in bps, up to its maximum." }),
    gasOnArrival: t.boolean({ description: 'Also deliver some native gas on the destination chain (cross-chain to EVM).' }),
    gasOnArrivalUsd: t.float({ description: '0.5 to 20 USD of destination gas.' }),
    simulate: t.boolean({
      description: "Simulate each EVM quote's built transaction from `sender`; quotes that would revert move to `errors` (`SIMULATION_FAILED`).",
    }),
    waitMs: t.int({
      description:
        'One-shot quotes only (0-60000): answer early. Every provider is waited for until `waitMs`; from then on the answer goes out once half of the providers asked have quoted, one fewer every `waitMs / 2`, down to one quote. Providers not waited for are canceled and named in `pending`.',
    }),
  }),
});

builder.queryField('quote', (t) =>
  t.field({
    type: QuoteResponseRef,
    description:
      'Quotes from every provider that supports the route, best first. Identical provider requests within one GraphQL request are sent once. Send `amount` (exact input) or `dstAmount` (exact output). A key (partner keys carry their fee) is optional.',
    authScopes: { optionalRead: 'quotes' },
    args: { input: t.arg({ type: QuoteInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NoRouteError, AmountTooSmallError, AmountTooLargeError] },
    resolve: async (_r, { input }, ctx) => {
      const quotes = ctx.services.quotes;
      const params = parseGraphQLInput(quoteParamsSchema, input);
      return quotes.quote(params, { auth: await ctx.auth() }, { loader: ctx.loader('provider-quotes', () => quotes.createLoader()) });
    },
  }),
);

builder.subscriptionField('quoteStream', (t) =>
  t.field({
    type: QuoteStreamMessageRef,
    description:
      '`quote`, streamed: a message each time a provider answers, with every quote so far (best first, each stored and buildable), the failures so far and the providers still asked; the last message has `complete: true`, then the subscription completes. A bad request fails before the first message, as `quote` would. Over graphql-ws or server-sent events. Leaving early cancels the provider calls still out.',
    authScopes: { optionalRead: 'quotes' },
    args: { input: t.arg({ type: QuoteInput, required: true, description: 'The parameters, as for `quote` (without `waitMs`).' }) },
    subscribe: async (_r, { input }, ctx) => ctx.services.quotes.quoteStream(parseGraphQLInput(quoteParamsSchema, input), { auth: await ctx.auth() }),
    resolve: (m) => m,
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
  values: describedValues({
    deposit: 'Deposit the output into the ERC-4626 `vault`; the shares go to `recipient`.',
    contractCall: 'One call to `to` with `data`, after an approve of the output (ERC-20) or sending it as `value` (native).',
  }),
});

const CallsActionInput = builder.inputType('CallsActionInput', {
  description: 'A named action the service expands to calls. `deposit` takes `vault`; `contractCall` takes `to`, `data` and (native output) `value`.',
  fields: (t) => ({
    type: t.field({ type: CallsActionType, required: true, description: 'Which action.' }),
    vault: t.string({ description: '`deposit`: the ERC-4626 vault whose asset is `dstToken`.' }),
    to: t.string({ description: '`contractCall`: the contract to call.' }),
    data: t.string({ description: '`contractCall`: the calldata (hex); it must credit `recipient` from a parameter.' }),
    value: t.string({ description: 'Native output only: wei sent with the call (default all of `dstAmount`).', validate: { schema: baseUnitAmountOrZero } }),
  }),
});

const QuoteWithCallsInput = builder.inputType('QuoteWithCallsInput', {
  description: 'A quote request whose output is handed to destination calls: raw `calls` or a named `action`.',
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
    authScopes: { optionalRead: 'quotes' },
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
