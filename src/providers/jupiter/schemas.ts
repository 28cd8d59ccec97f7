import { z } from 'zod';
import { lenient } from '../error-table.js';

/** Shapes of the Jupiter Ultra answers we rely on (field names as Jupiter spells them; docs/providers/jupiter.md). */

const intStr = z.string().regex(/^[0-9]+$/, 'expected an integer string');
const mint = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a base58 address');

export const ultraOrderBody = z.object({
  inputMint: mint,
  outputMint: mint,
  inAmount: intStr,
  outAmount: intStr,
  otherAmountThreshold: intStr,
  swapMode: z.string().optional(),
  slippageBps: z.number().optional(),
  priceImpact: z.number().nullish(),
  inUsdValue: z.number().nullish(),
  outUsdValue: z.number().nullish(),
  swapUsdValue: z.number().nullish(),
  feeMint: z.string().nullish(),
  feeBps: z.number().int().nullish(),
  platformFee: z.object({ amount: intStr.optional(), feeBps: z.number() }).nullish(),
  signatureFeeLamports: z.number().nonnegative().optional(),
  signatureFeePayer: z.string().nullish(),
  prioritizationFeeLamports: z.number().nonnegative().optional(),
  prioritizationFeePayer: z.string().nullish(),
  rentFeeLamports: z.number().nonnegative().optional(),
  rentFeePayer: z.string().nullish(),
  router: z.string().optional(),
  /** null without taker; "" when the swap cannot be built for the taker (then errorCode/errorMessage). */
  transaction: z.string().nullable(),
  gasless: z.boolean().optional(),
  requestId: z.string().min(1),
  taker: z.string().nullish(),
  /** JupiterZ (RFQ) quotes: unix seconds as a string. */
  expireAt: z.union([z.string(), z.number()]).nullish(),
  errorCode: z.number().optional(),
  errorMessage: z.string().optional(),
});

export type UltraOrder = z.output<typeof ultraOrderBody>;

export const ultraExecuteBody = z.object({
  status: z.string(),
  signature: z.string().optional(),
  slot: z.union([z.string(), z.number()]).optional(),
  code: z.number().optional(),
  error: z.string().optional(),
});

/** What the adapter stores in ProviderQuote.context: the order's transaction and the id `/execute` needs. */
export const jupiterContext = z.object({ requestId: z.string().min(1), transaction: z.string().min(1) });

/**
 * Error body of Jupiter's APIs (Ultra and Trigger): `{ error, code?, cause? }`; gateway errors carry `{ message }`.
 * Ultra's `/execute` and Trigger's `/execute` use the same fields inside a 200 whose status is `Failed`.
 */
export const jupiterErrorBody = z.object({
  error: lenient(z.string()),
  message: lenient(z.string()),
  cause: lenient(z.string()),
  code: lenient(z.number()),
});

/** The error fields of a 200 `/order` answer that carries no transaction. */
export const ultraOrderErrorFields = z.object({ errorCode: lenient(z.number()), errorMessage: lenient(z.string()) });
