import { z } from 'zod';
import { lenient } from '../error-table.js';

/** Relay's wire shapes (docs/providers/relay.md), only the fields the adapter reads; unknown fields pass. */

const intString = z.string().regex(/^[0-9]+$/);
const usd = z
  .union([z.string(), z.number()])
  .optional()
  .nullable()
  .transform((v) => (v === undefined || v === null || v === '' ? undefined : Number(v)));

const currency = z.object({ chainId: z.number(), address: z.string(), symbol: z.string().optional(), decimals: z.number().optional() }).loose();
const amountObject = z.object({ currency: currency.optional(), amount: intString, amountUsd: usd, minimumAmount: intString.optional() }).loose();

export const evmTxData = z
  .object({
    from: z.string().optional(),
    to: z.string(),
    data: z.string().regex(/^0x[0-9a-fA-F]*$/),
    value: z.union([intString, z.number()]).transform(String),
    chainId: z.number(),
  })
  .loose();
export const svmTxData = z
  .object({
    instructions: z.array(
      z.object({ keys: z.array(z.object({ pubkey: z.string(), isSigner: z.boolean(), isWritable: z.boolean() })), programId: z.string(), data: z.string() }),
    ),
    addressLookupTableAddresses: z.array(z.string()).optional().default([]),
  })
  .loose();

const stepItem = z
  .object({ status: z.string().optional(), data: z.unknown(), check: z.object({ endpoint: z.string(), method: z.string() }).optional() })
  .loose();
const step = z
  .object({
    id: z.string(),
    kind: z.enum(['transaction', 'signature']),
    requestId: z.string().optional(),
    depositAddress: z.string().optional(),
    items: z.array(stepItem).optional().default([]),
  })
  .loose();

export const quoteResponse = z
  .object({
    steps: z.array(step),
    fees: z
      .record(z.string(), amountObject.partial({ amount: true }).optional())
      .optional()
      .default({}),
    details: z
      .object({
        currencyIn: amountObject,
        currencyOut: amountObject,
        currencyGasTopup: amountObject.optional(),
        timeEstimate: z.number().optional(),
      })
      .loose(),
  })
  .loose();
export type RelayQuoteResponse = z.output<typeof quoteResponse>;
export type RelayStep = z.output<typeof step>;

/** Error body of every Relay endpoint. */
export const relayErrorBody = z.object({ message: lenient(z.string()), errorCode: lenient(z.string()) });

export const statusResponse = z
  .object({
    status: z.string(),
    details: z.string().nullable().optional(),
    inTxHashes: z.array(z.string()).optional().default([]),
    txHashes: z.array(z.string()).optional().default([]),
    updatedAt: z.number().optional(),
    failReason: z.string().optional(),
  })
  .loose();

export const requestsResponse = z
  .object({
    requests: z.array(
      z
        .object({
          id: z.string(),
          status: z.string(),
          data: z
            .object({
              inTxs: z.array(z.object({ hash: z.string().optional(), txHash: z.string().optional() }).loose()).optional(),
              outTxs: z.array(z.object({ hash: z.string().optional(), txHash: z.string().optional() }).loose()).optional(),
            })
            .loose()
            .optional(),
        })
        .loose(),
    ),
  })
  .loose();

export const chainsResponse = z.object({
  chains: z.array(
    z
      .object({
        id: z.number(),
        name: z.string().optional(),
        displayName: z.string().optional(),
        vmType: z.string().optional(),
        disabled: z.boolean().optional(),
        depositEnabled: z.boolean().optional(),
        contracts: z.object({ multicaller: z.string().optional() }).loose().optional(),
      })
      .loose(),
  ),
});
