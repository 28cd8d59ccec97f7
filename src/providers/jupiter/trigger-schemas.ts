import { z } from 'zod';

/** Shapes of the Jupiter Trigger v1 answers we rely on (field names as Jupiter spells them; docs/providers/jupiter.md). */

const intStr = z.string().regex(/^[0-9]+$/, 'expected an integer string');
const pubkey = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a base58 address');

/** `POST /createOrder` 200: the unsigned transaction, the id `/execute` needs, and the order account. */
export const createOrderBody = z.object({ requestId: z.string().min(1), transaction: z.string().min(1), order: pubkey });

/** `POST /cancelOrder` 200. */
export const cancelOrderBody = z.object({ requestId: z.string().min(1), transaction: z.string().min(1) });

/** `POST /cancelOrders` 200: cancels are batched a few orders per transaction. */
export const cancelOrdersBody = z.object({ requestId: z.string().min(1), transactions: z.array(z.string().min(1)).min(1) });

/** `POST /execute` 200 (a `Failed` status also comes as 200 on some errors). */
export const triggerExecuteBody = z.object({
  signature: z.string().optional(),
  status: z.string(),
  code: z.number().optional(),
  error: z.string().optional(),
  cause: z.string().optional(),
});

/** One fill of an order, raw integer amounts (the UI-unit twins are ignored). */
const triggerTrade = z.object({
  orderKey: z.string().optional(),
  inputMint: z.string().optional(),
  outputMint: z.string().optional(),
  rawInputAmount: intStr,
  rawOutputAmount: intStr,
  feeMint: z.string().nullish(),
  rawFeeAmount: intStr.nullish(),
  txId: z.string().min(1),
  confirmedAt: z.string().nullish(),
  action: z.string().nullish(),
});

const triggerOrder = z.object({
  userPubkey: z.string(),
  orderKey: pubkey,
  inputMint: z.string(),
  outputMint: z.string(),
  rawMakingAmount: intStr,
  rawTakingAmount: intStr,
  rawRemainingMakingAmount: intStr,
  rawRemainingTakingAmount: intStr,
  expiredAt: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  status: z.string(),
  openTx: z.string().nullish(),
  closeTx: z.string().nullish(),
  trades: z
    .array(triggerTrade)
    .nullish()
    .transform((t) => t ?? []),
});

/** `GET /getTriggerOrders`: 10 orders a page. */
export const triggerOrdersBody = z.object({
  orders: z.array(triggerOrder),
  totalPages: z.number().int().nonnegative(),
  page: z.number().int().positive(),
});

export type TriggerOrder = z.output<typeof triggerOrder>;
