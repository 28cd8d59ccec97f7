import { z } from 'zod';
import { lenient } from '../error-table.js';

/** Shapes of the 0x Swap API v2 allowance-holder answers we rely on (field names as 0x spells them; docs/providers/zeroex.md). */

const intStr = z.string().regex(/^[0-9]+$/, 'expected an integer string');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address');
const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected hex data');
const feeItem = z.object({ amount: intStr, token: address, type: z.string() });

const liquid = {
  liquidityAvailable: z.literal(true),
  /** Older answers lack `mode`; when present it must be exact-in (we never send buyAmount). */
  mode: z.literal('exact-in').optional(),
  sellToken: address,
  buyToken: address,
  sellAmount: intStr,
  buyAmount: intStr,
  minBuyAmount: intStr,
  allowanceTarget: address.nullish(),
  issues: z
    .object({
      allowance: z.object({ actual: intStr, spender: address }).nullish(),
      balance: z.object({ token: address, actual: intStr, expected: intStr }).nullish(),
      simulationIncomplete: z.boolean().optional(),
    })
    .optional(),
  fees: z
    .object({
      integratorFee: feeItem.nullish(),
      integratorFees: z.array(feeItem).nullish(),
      zeroExFee: feeItem.nullish(),
      gasFee: feeItem.nullish(),
    })
    .optional(),
  totalNetworkFee: intStr.nullish(),
  zid: z.string().optional(),
};

const noLiquidity = z.object({ liquidityAvailable: z.literal(false), zid: z.string().optional() });

export const zeroExPriceBody = z.discriminatedUnion('liquidityAvailable', [
  noLiquidity,
  z.object({ ...liquid, gas: intStr.nullish(), gasPrice: intStr.nullish() }),
]);

export const zeroExQuoteBody = z.discriminatedUnion('liquidityAvailable', [
  noLiquidity,
  z.object({
    ...liquid,
    transaction: z.object({ to: address, data: hex, gas: intStr.nullish(), gasPrice: intStr.nullish(), value: intStr }),
  }),
]);

export type ZeroExPrice = Extract<z.output<typeof zeroExPriceBody>, { liquidityAvailable: true }>;
export type ZeroExQuote = Extract<z.output<typeof zeroExQuoteBody>, { liquidityAvailable: true }>;

/** What the adapter stores in ProviderQuote.context: the `/price` query, sent again for the firm `/quote`. */
export const zeroExContext = z.object({ chainId: z.number().int(), query: z.record(z.string(), z.string()) });

/** Error body of the Swap API: `name` is the machine-readable code; gateway answers (401) have none. */
export const zeroExErrorBody = z.object({
  name: lenient(z.string()),
  message: lenient(z.string()),
  data: lenient(
    z.object({
      zid: lenient(z.string()),
      details: lenient(z.array(z.object({ field: z.unknown(), reason: z.unknown() }).partial())),
    }),
  ),
});
