import { builder } from '../builder.js';
import type { QuoteResponse, QuoteView } from '../../quotes/service.js';
import type { ProviderFailure } from '../../providers/types.js';
import { CHANNELS } from '../../quotes/input.js';

const FeeChannel = builder.enumType('FeeChannel', { values: CHANNELS });

const FeeBreakdown = builder.objectRef<QuoteView['fees']>('FeeBreakdown').implement({
  description: 'Fees of one quote (spec 2.4). `ourFeeBps` is what was actually applied (lower, or 0, when the provider cannot carry it).',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps'),
    integratorFeeBps: t.exposeInt('integratorFeeBps', { nullable: true }),
    integrator: t.exposeString('integrator', { nullable: true }),
    providerFeeUsd: t.exposeFloat('providerFeeUsd', { nullable: true }),
    gasUsd: t.exposeFloat('gasUsd', { nullable: true }),
  }),
});

const Quote = builder.objectRef<QuoteView>('Quote').implement({
  description: 'One executable quote (spec 2.4); build it with `buildOrder` before `expiresAt`.',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    provider: t.exposeString('provider'),
    srcAmount: t.exposeString('srcAmount', { description: 'What `sender` pays, in source base units.' }),
    dstAmount: t.exposeString('dstAmount'),
    dstAmountMin: t.exposeString('dstAmountMin'),
    estimatedSeconds: t.exposeInt('estimatedSeconds'),
    fees: t.field({ type: FeeBreakdown, resolve: (q) => q.fees }),
    expiresAt: t.exposeInt('expiresAt', { description: 'Unix seconds.' }),
    gasOnArrival: t.field({ type: 'JSON', nullable: true, resolve: (q) => q.gasOnArrival ?? null }),
    calls: t.field({ type: 'JSON', nullable: true, resolve: (q) => q.calls ?? null }),
  }),
});

const ProviderError = builder.objectRef<ProviderFailure>('ProviderError').implement({
  description: 'A provider that failed while the quote request as a whole succeeded.',
  fields: (t) => ({
    provider: t.exposeString('provider'),
    code: t.exposeString('code'),
    message: t.exposeString('message'),
  }),
});

const QuoteResponseRef = builder.objectRef<QuoteResponse>('QuoteResponse').implement({
  fields: (t) => ({
    best: t.field({ type: Quote, resolve: (r) => r.best }),
    quotes: t.field({ type: [Quote], resolve: (r) => r.quotes }),
    errors: t.field({ type: [ProviderError], resolve: (r) => r.errors }),
  }),
});

builder.queryField('quote', (t) =>
  t.field({
    type: QuoteResponseRef,
    description:
      'Quotes from every provider that supports the route, best first (spec 4.2). Identical provider requests within one GraphQL request are sent once. Send `amount` (exact input) or `dstAmount` (exact output).',
    args: {
      srcChain: t.arg.string({ required: true }),
      srcToken: t.arg.string({ required: true }),
      amount: t.arg.string(),
      dstAmount: t.arg.string(),
      dstChain: t.arg.string({ required: true }),
      dstToken: t.arg.string({ required: true }),
      sender: t.arg.string({ required: true }),
      recipient: t.arg.string({ required: true }),
      slippageBps: t.arg.int(),
      channel: t.arg({ type: FeeChannel }),
      integrator: t.arg.string(),
      integratorFeeBps: t.arg.int(),
      gasOnArrival: t.arg.boolean(),
      gasOnArrivalUsd: t.arg.float(),
    },
    resolve: async (_r, args, ctx) => {
      const quotes = ctx.services.quotes;
      const params = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));
      return quotes.quote(params as never, { auth: await ctx.auth() }, { loader: ctx.loader('provider-quotes', () => quotes.createLoader()) });
    },
  }),
);
