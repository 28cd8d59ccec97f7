import { type RestContext, reply, type Route } from './router.js';
import type { QuoteParams } from '../quotes/input.js';
import type { CallsBody } from '../quotes/calls/input.js';
import { EVENT_STREAM, eventStream, prefersEventStream, SSE_HEADERS } from '../http/sse.js';
import { headerValue, jsonText } from '../http/respond.js';
import { restError } from '../http/errors.js';
import { parseInput, queryObject } from '../validation.js';
import { QUOTE_WEIGHT } from '../ratelimit/weights.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { quoteParamsSchema, quoteRequestSchema, splitQuoteRequest } from '../quotes/input.js';
import { quoteResponseSchema } from '../quotes/views.js';
import { z } from 'zod';
import type { SuccessResponse } from '../openapi/route-doc.js';
import { encodeFunctionData, erc20Abi, parseAbi } from 'viem';
import { MAX_CALLS } from '../quotes/calls/input.js';

const VAULT = '0x1a996cb54bb95462040408c06122d45d6cdb6096'; // an ERC-4626 vault of Arbitrum USDC (Fluid fUSDC)
const DEPOSIT_CALLS = [
  { to: EX.arbUsdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [VAULT, 25_000000n] }), value: '0' },
  {
    to: VAULT,
    data: encodeFunctionData({ abi: parseAbi(['function deposit(uint256,address)']), functionName: 'deposit', args: [25_000000n, EX.payer] }),
    value: '0',
  },
];

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

/**
 * One-shot JSON, or with `Accept: text/event-stream` a `quotes` event each time a provider answers (the service's
 * QuoteStreamMessage). A bad request fails before the stream starts, with the usual status and envelope.
 */
async function answerQuote(ctx: RestContext, params: QuoteParams, destination?: CallsBody) {
  const { services, auth } = ctx;
  if (!prefersEventStream(headerValue(ctx.headers.accept))) return services.quotes.quote(params, { auth }, { destination });
  const messages = await services.quotes.quoteStream(params, { auth }, { destination });
  const body = eventStream(messages, {
    event: 'quotes',
    toJson: jsonText,
    toEnvelope: (err) => jsonText(restError(err, { config: ctx.config, log: ctx.log, requestId: ctx.requestId }).body),
  });
  return reply(200, body, SSE_HEADERS);
}

/** The stream, documented beside the JSON answer (an event stream is text; each event's data is a QuoteStreamMessage). */
const STREAM_DOC = {
  [EVENT_STREAM]: z.string().meta({
    description:
      'With `Accept: text/event-stream`: server-sent events. A `quotes` event each time a provider answers, its `data` a QuoteStreamMessage as JSON (`best`, `quotes`: every quote so far, best first, each stored and buildable; `errors`; `pending`: providers still asked; `complete`); the last one has `complete: true`, and the stream ends. A failure after the stream started ends it with an `error` event whose data is the error envelope.',
  }),
};

const withStream = (r: SuccessResponse): SuccessResponse => ({ ...r, alternatives: STREAM_DOC });

/** GET /v1/quote and POST /v1/quote (the same as JSON, plus destination calls): public, or with a key. */
export const quoteRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/quote',
    access: 'optionalKey',
    scope: { resource: 'quotes', level: 'read' },
    rateLimit: { weight: QUOTE_WEIGHT },
    handler: (ctx) => answerQuote(ctx, parseInput(quoteParamsSchema, queryObject(ctx.query))),
    doc: {
      operationId: 'getQuote',
      tag: 'Quotes',
      summary: 'Quote a swap or bridge across providers',
      description:
        'Every enabled provider that supports the route is asked in parallel; the answers are ranked (time-adjusted output). Providers that failed are listed in `errors`; only when all fail is the answer 404 `NO_ROUTE`. Build the chosen quote with POST /v1/orders before its `expiresAt`.',
      query: quoteParamsSchema,
      responses: {
        200: withStream(
          json('Ranked quotes, best first.', quoteResponseSchema, {
            twoProviders: {
              best: QUOTE,
              quotes: [
                QUOTE,
                {
                  ...QUOTE,
                  quoteId: 'q_4Yq2mT8kLp0ZsVb7NcR1Dw1Xy8zW6vU4tS2r',
                  provider: 'lifi',
                  dstAmount: '24950010',
                  dstAmountMin: '24825259',
                  estimatedSeconds: 30,
                },
              ],
              errors: [{ provider: 'debridge', code: 'PROVIDER_TIMEOUT', message: 'debridge did not answer within 8000 ms' }],
            },
          }),
        ),
      },
      errors: [
        'UNSUPPORTED_CHAIN',
        'UNSUPPORTED_TOKEN',
        'AMOUNT_TOO_SMALL',
        'AMOUNT_TOO_LARGE',
        'NO_ROUTE',
        'CALLS_REVERTED',
        'RATE_LIMITED',
        'PROVIDER_ERROR',
        'PROVIDER_TIMEOUT',
      ],
      examples: {
        bridge: {
          summary: '25 USDC from Base to Arbitrum',
          query: { srcChain: 'base', srcToken: 'USDC', amount: '25000000', dstChain: '42161', dstToken: 'USDC', sender: USER, recipient: USER },
        },
        gasOnArrival: {
          summary: 'With 3 USD of gas delivered on Arbitrum',
          query: {
            srcChain: 'base',
            srcToken: 'USDC',
            amount: '25000000',
            dstChain: 'arbitrum',
            dstToken: 'USDC',
            sender: USER,
            recipient: USER,
            gasOnArrival: 'true',
            gasOnArrivalUsd: '3',
          },
        },
        missingAmount: {
          summary: 'Neither amount nor dstAmount: refused',
          query: { srcChain: 'base', srcToken: 'USDC', dstChain: '42161', dstToken: 'USDC', sender: USER, recipient: USER },
          status: 400,
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/quote',
    access: 'optionalKey',
    scope: { resource: 'quotes', level: 'read' },
    rateLimit: { weight: QUOTE_WEIGHT },
    handler: (ctx) => {
      const { params, destination } = splitQuoteRequest(parseInput(quoteRequestSchema, ctx.body ?? {}));
      return answerQuote(ctx, params, destination);
    },
    doc: {
      operationId: 'postQuote',
      tag: 'Quotes',
      summary: 'Quote as JSON, optionally with destination calls',
      description: [
        'Without `calls` or `action` this is GET /v1/quote with the parameters in a JSON body.',
        '',
        `With destination calls, send \`dstAmount\` (the exact amount of \`dstToken\` the calls receive) instead of \`amount\`. Routes must be cross-chain to an EVM chain, without gas on arrival. Only providers that run destination calls are asked; the others are skipped without an \`errors\` entry. Calls are checked statically first (at most ${MAX_CALLS}, each at most 10,000 bytes of calldata; \`transferFrom\`, \`safeTransferFrom\`, \`permit\` and every Permit2 entry point are refused; an ERC-20 output needs an \`approve(target, >= dstAmount)\` on \`dstToken\` followed by a call to that target), then simulated read-only on the destination chain from the provider's executor holding exactly \`dstAmount\`. A call that would revert, output left with the executor, or a target crediting the executor instead of \`recipient\` fail the request with 422 \`CALLS_REVERTED\` naming the call and the reason; a simulation that cannot run is 502 \`PROVIDER_ERROR\`. Every quote then carries \`srcAmount\` (what \`sender\` pays) and \`calls\` (\`items\`, \`executor\`, \`simulation { ok, gasUsed, leftover }\`).`,
      ].join('\n'),
      body: { schema: quoteRequestSchema },
      responses: {
        200: withStream(
          json('Ranked quotes, best first.', quoteResponseSchema, {
            deposit: (() => {
              const q = {
                ...QUOTE,
                srcAmount: '25065046',
                dstAmount: '25000000',
                dstAmountMin: '25000000',
                calls: {
                  items: DEPOSIT_CALLS,
                  executor: '0xeeeeee9ec4769a09a76a83c7bc42b185872860ee',
                  executed: false,
                  simulation: { ok: true, gasUsed: '61234', leftover: '0' },
                },
              };
              return { best: q, quotes: [q], errors: [] };
            })(),
          }),
        ),
      },
      errors: [
        'UNSUPPORTED_CHAIN',
        'UNSUPPORTED_TOKEN',
        'AMOUNT_TOO_SMALL',
        'AMOUNT_TOO_LARGE',
        'NO_ROUTE',
        'CALLS_REVERTED',
        'RATE_LIMITED',
        'PROVIDER_ERROR',
        'PROVIDER_TIMEOUT',
      ],
      examples: {
        bridge: {
          summary: 'The GET as JSON: 25 USDC from Base to Arbitrum',
          body: { srcChain: 'base', srcToken: 'USDC', amount: '25000000', dstChain: '42161', dstToken: 'USDC', sender: USER, recipient: USER },
        },
        sameChainCalls: {
          summary: 'Destination calls on a same-chain route: refused',
          body: {
            srcChain: 'base',
            srcToken: 'USDC',
            dstAmount: '25000000',
            dstChain: 'base',
            dstToken: 'USDC',
            sender: USER,
            recipient: USER,
            action: { type: 'deposit', vault: VAULT },
          },
          status: 400,
        },
        transferFromSmuggled: {
          summary: 'A transferFrom among the calls: refused, naming the call',
          body: {
            srcChain: 'base',
            srcToken: 'USDC',
            dstAmount: '25000000',
            dstChain: 'arbitrum',
            dstToken: EX.arbUsdc,
            sender: USER,
            recipient: USER,
            calls: [
              ...DEPOSIT_CALLS,
              { to: EX.arbUsdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [EX.merchant, USER, 1n] }), value: '0' },
            ],
          },
          status: 400,
        },
      },
    },
  },
];
