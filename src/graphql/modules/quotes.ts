import { builder } from '../builder.js';
import type { QuoteResponse, QuoteView } from '../../quotes/service.js';
import { CHANNELS } from '../../quotes/input.js';
import { AmountTooLargeError, AmountTooSmallError, NoRouteError, ProviderError } from '../errors.js';

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
    amount: t.string({ description: 'Exact input: source base units to send.' }),
    dstAmount: t.string({ description: 'Exact output: destination base units that must arrive.' }),
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
  }),
});

builder.queryField('quote', (t) =>
  t.field({
    type: QuoteResponseRef,
    description:
      'Quotes from every provider that supports the route, best first. Identical provider requests within one GraphQL request are sent once. Send `amount` (exact input) or `dstAmount` (exact output). A key (partner keys carry their fee) is optional.',
    authScopes: { public: true },
    args: { input: t.arg({ type: QuoteInput, required: true }) },
    errors: { types: [NoRouteError, AmountTooSmallError, AmountTooLargeError] },
    resolve: async (_r, { input }, ctx) => {
      const quotes = ctx.services.quotes;
      const params = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
      return quotes.quote(params as never, { auth: await ctx.auth() }, { loader: ctx.loader('provider-quotes', () => quotes.createLoader()) });
    },
  }),
);
