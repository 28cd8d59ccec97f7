import { z } from 'zod';
import { PROVIDER_IDS, type ProviderFailure } from '../providers/types.js';
import { sameShape } from '../openapi/same-shape.js';
import type { QuoteResponse, QuoteStreamMessage, QuoteView } from './service.js';

/** Response schemas of GET /v1/quote (and the quote parts of checkout's payer quote), checked against the service's types. */

const units = z.string().regex(/^[0-9]+$/);

const destinationCallSchema = z.object({ to: z.string(), data: z.string(), value: z.string() });

export const quoteViewSchema = z
  .object({
    quoteId: z.string().meta({ description: 'Build it with POST /v1/orders before `expiresAt`.', example: 'q_4Yq2mT8kLp0ZsVb7NcR1Dw0aB3dE5fG7hJ9k' }),
    provider: z.string().meta({ example: 'relay' }),
    srcAmount: units,
    dstAmount: units.meta({ description: 'Expected output in base units.' }),
    dstAmountMin: units.meta({ description: 'Guaranteed minimum output after slippage.' }),
    estimatedSeconds: z.number(),
    fees: z.object({
      ourFeeBps: z.number().int().meta({ description: 'Service fee the provider really carries for this quote.' }),
      integratorFeeBps: z.number().int().optional(),
      integrator: z.string().optional(),
      providerFeeUsd: z.number().optional(),
      gasUsd: z.number().optional(),
    }),
    expiresAt: z.number().int().meta({ description: 'Unix seconds.' }),
    gasOnArrival: z.object({ chainId: z.number().int(), token: z.string(), amount: z.string(), amountUsd: z.number().optional() }).optional(),
    calls: z
      .object({
        items: z.array(destinationCallSchema),
        executor: z.string(),
        executed: z.boolean(),
        simulation: z.object({ ok: z.boolean(), gasUsed: z.string(), leftover: z.string() }).optional(),
      })
      .optional(),
    simulation: z
      .object({ gasUsed: units })
      .optional()
      .meta({ description: 'With `simulate: true`: gas the built source transaction used in simulation from `sender`.' }),
  })
  .meta({ id: 'Quote' });

export const providerFailureSchema = z
  .object({
    provider: z.enum(PROVIDER_IDS),
    code: z.enum([
      'PROVIDER_ERROR',
      'PROVIDER_TIMEOUT',
      'RATE_LIMITED',
      'NO_ROUTE',
      'INVALID_PARAMS',
      'AMOUNT_TOO_SMALL',
      'AMOUNT_TOO_LARGE',
      'UNSUPPORTED_TOKEN',
      'SIMULATION_FAILED',
    ]),
    message: z.string(),
  })
  .meta({ id: 'ProviderFailure', description: 'A provider that failed while the request as a whole succeeded.' });

export const quoteResponseSchema = z.object({
  best: quoteViewSchema,
  quotes: z.array(quoteViewSchema).meta({ description: 'Every quote, best first.' }),
  errors: z.array(providerFailureSchema),
  pending: z
    .array(z.enum(PROVIDER_IDS))
    .optional()
    .meta({ description: 'With `waitMs`: the providers not waited for (their calls were canceled). Absent when every provider answered.' }),
});

/** One message of a streamed quote (`GET /v1/quote` with `Accept: text/event-stream`, GraphQL `quoteStream`). */
const quoteStreamMessageSchema = z
  .object({
    best: quoteViewSchema.nullable().meta({ description: 'The first of `quotes`; null until a provider has quoted.' }),
    quotes: z.array(quoteViewSchema).meta({ description: 'Every quote so far, best first; each is stored and can be built.' }),
    errors: z.array(providerFailureSchema).meta({ description: 'Every provider failure so far.' }),
    pending: z.array(z.enum(PROVIDER_IDS)).meta({ description: 'Providers still being asked.' }),
    complete: z.boolean().meta({ description: 'The last message: every provider has answered. `quotes` empty then: no provider could quote.' }),
  })
  .meta({ id: 'QuoteStreamMessage' });

sameShape<z.output<typeof quoteViewSchema>, QuoteView>(true);
sameShape<z.output<typeof quoteResponseSchema>, QuoteResponse>(true);
sameShape<z.output<typeof providerFailureSchema>, ProviderFailure>(true);
sameShape<z.output<typeof quoteStreamMessageSchema>, QuoteStreamMessage>(true);
