import type { Route } from './router.js';
import { queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { quoteParamsSchema } from '../quotes/input.js';
import { quoteResponseSchema } from '../quotes/views.js';

const USER = EX.payer;
const QUOTE = {
  quoteId: EX.quoteId,
  provider: 'relay',
  srcAmount: '25000000',
  dstAmount: '24962500',
  dstAmountMin: '24837687',
  estimatedSeconds: 12,
  fees: { ourFeeBps: 20, providerFeeUsd: 0.0125, gasUsd: 0.004 },
  expiresAt: 1795356251,
};

/** GET /v1/quote: public, or with a key (partner keys carry the partner's fee). */
export const quoteRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/quote',
    access: 'optionalKey',
    handler: ({ services, query, auth }) => services.quotes.quote(queryObject(query) as never, { auth }),
    doc: {
      operationId: 'getQuote',
      tag: 'Quotes',
      summary: 'Quote a swap or bridge across providers',
      description:
        'Every enabled provider that supports the route is asked in parallel; the answers are ranked (time-adjusted output). Providers that failed are listed in `errors`; only when all fail is the answer 404 `NO_ROUTE`. Build the chosen quote with POST /v1/orders before its `expiresAt`.',
      query: quoteParamsSchema,
      responses: {
        200: json('Ranked quotes, best first.', quoteResponseSchema, {
          twoProviders: {
            best: QUOTE,
            quotes: [QUOTE, { ...QUOTE, quoteId: 'q_4Yq2mT8kLp0ZsVb7NcR1Dw1Xy8zW6vU4tS2r', provider: 'lifi', dstAmount: '24950010', dstAmountMin: '24825259', estimatedSeconds: 30 }],
            errors: [{ provider: 'debridge', code: 'PROVIDER_TIMEOUT', message: 'debridge did not answer within 8000 ms' }],
          },
        }),
      },
      errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'AMOUNT_TOO_SMALL', 'AMOUNT_TOO_LARGE', 'NO_ROUTE', 'CALLS_REVERTED', 'RATE_LIMITED', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT'],
      examples: {
        bridge: {
          summary: '25 USDC from Base to Arbitrum',
          query: { srcChain: 'base', srcToken: 'USDC', amount: '25000000', dstChain: '42161', dstToken: 'USDC', sender: USER, recipient: USER },
        },
        gasOnArrival: {
          summary: 'With 3 USD of gas delivered on Arbitrum',
          query: { srcChain: 'base', srcToken: 'USDC', amount: '25000000', dstChain: 'arbitrum', dstToken: 'USDC', sender: USER, recipient: USER, gasOnArrival: 'true', gasOnArrivalUsd: '3' },
        },
        missingAmount: {
          summary: 'Neither amount nor dstAmount: refused',
          query: { srcChain: 'base', srcToken: 'USDC', dstChain: '42161', dstToken: 'USDC', sender: USER, recipient: USER },
          status: 400,
        },
      },
    },
  },
];
