import { z } from 'zod';
import { lenient } from '../error-table.js';

/** Shapes of the KyberSwap Aggregator API v1 answers we rely on (field names as Kyber spells them; docs/providers/kyberswap.md). */

const intStr = z.string().regex(/^[0-9]+$/, 'expected an integer string');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address');
const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected hex data');
/** USD figures are strings in V1; tolerate numbers. */
const usd = z.union([z.string(), z.number()]).transform((v) => Number(v));

/** The parts of `routeSummary` we read; the object itself is sent back verbatim (it carries a checksum). */
const kyberRouteSummary = z.object({
  tokenIn: address,
  tokenOut: address,
  amountIn: intStr,
  amountOut: intStr,
  gas: intStr.optional(),
  gasPrice: intStr.optional(),
  gasUsd: usd.optional(),
  l1FeeUsd: usd.optional(),
  extraFee: z
    .object({ feeAmount: z.string().optional(), chargeFeeBy: z.string().optional(), isInBps: z.boolean().optional(), feeReceiver: z.string().optional() })
    .optional(),
  route: z.array(z.array(z.unknown())).min(1),
  routeID: z.string().optional(),
  checksum: z.string().min(1),
  timestamp: z.union([z.number(), z.string()]).optional(),
});

export const kyberRoutesBody = z.object({
  code: z.literal(0),
  message: z.string().optional(),
  data: z.object({ routeSummary: kyberRouteSummary, routerAddress: address }),
  requestId: z.string().optional(),
});

export const kyberBuildBody = z.object({
  code: z.literal(0),
  message: z.string().optional(),
  data: z.object({
    amountIn: intStr,
    amountOut: intStr,
    gas: intStr.optional(),
    gasUsd: usd.optional(),
    data: hex.refine((s) => s.length > 2, 'empty calldata'),
    routerAddress: address,
    transactionValue: intStr,
  }),
  requestId: z.string().optional(),
});

export type KyberRoutes = z.output<typeof kyberRoutesBody>;
export type KyberBuild = z.output<typeof kyberBuildBody>['data'];

/** What the adapter stores in ProviderQuote.context: the route summary exactly as Kyber sent it, and where to build it. */
export const kyberContext = z.object({
  chainId: z.number().int(),
  slug: z.string().min(1),
  routeSummary: z.record(z.string(), z.unknown()),
  routerAddress: z.string(),
});
export type KyberContext = z.output<typeof kyberContext>;

/** Error body (HTTP 4xx, or a 200 whose `code` is not 0): Kyber's numeric `code`, its text, and field violations. */
const fieldViolation = z.object({ field: lenient(z.string()), description: lenient(z.string()) });
export const kyberErrorBody = z.object({
  code: lenient(z.number()),
  message: lenient(z.string()),
  details: lenient(z.array(z.object({ fieldViolations: lenient(z.array(fieldViolation)) }).catch({}))),
});
