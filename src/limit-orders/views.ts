import { z } from 'zod';
import type { LimitOrder as LimitOrderRow } from '../db/generated/client.js';
import { baseUnitsOut, isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import { LIMIT_ORDER_STATUSES, type LimitOrderStatus } from './state.js';

/** Limit order rows → wire shapes, and their response schemas (OpenAPI). */

interface LimitOrderFees {
  /** Service fee carried by the order (0 when it cannot be carried: no referral fee account configured). */
  ourFeeBps: number;
  integratorFeeBps: number | null;
  integrator: string | null;
}

export interface LimitOrderView {
  id: string;
  object: 'limit_order';
  livemode: boolean;
  status: LimitOrderStatus;
  provider: string;
  chainId: number;
  maker: string;
  inputMint: string;
  outputMint: string;
  makingAmount: string;
  takingAmount: string;
  filledMakingAmount: string;
  filledTakingAmount: string;
  remainingMakingAmount: string;
  /** The limit price both ways, in token units (decimal strings). */
  price: { outputPerInput: string; inputPerOutput: string };
  fees: LimitOrderFees;
  /** The provider's order account (on chain). */
  providerOrderId: string;
  openTxHash: string | null;
  closeTxHash: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SvmTx {
  vm: 'svm';
  serializedTx: string;
  submitViaApi: boolean;
}

/** Create answer: the order and the transaction to sign. */
export interface CreatedLimitOrder extends LimitOrderView {
  tx: SvmTx;
}

export interface LimitOrderCancellation {
  /** The orders the transactions cancel. */
  ids: string[];
  /** Sign each and send it back with POST /v1/limit-orders/{id}/submit (any id above). */
  txs: SvmTx[];
}

const TEN = 10n;
/** a / b as a decimal string with up to `digits` fraction digits (rounded down, trailing zeros trimmed). */
function decimalRatio(a: bigint, b: bigint, digits = 12): string {
  if (b === 0n) return '0';
  const scaled = (a * TEN ** BigInt(digits)) / b;
  const s = scaled.toString().padStart(digits + 1, '0');
  const int = s.slice(0, s.length - digits);
  const frac = s.slice(s.length - digits).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Price of the order in token units: (taking / 10^outDec) / (making / 10^inDec), and its inverse. */
function priceOf(making: bigint, taking: bigint, inDec: number, outDec: number) {
  return {
    outputPerInput: decimalRatio(taking * TEN ** BigInt(inDec), making * TEN ** BigInt(outDec)),
    inputPerOutput: decimalRatio(making * TEN ** BigInt(outDec), taking * TEN ** BigInt(inDec)),
  };
}

export function limitOrderView(r: LimitOrderRow): LimitOrderView {
  const making = BigInt(r.makingAmount);
  const filled = BigInt(r.filledMakingAmount);
  const fees: LimitOrderFees = {
    ourFeeBps: r.ourFeeBps,
    integratorFeeBps: r.partnerId && r.partnerFeeBps > 0 ? r.partnerFeeBps : null,
    integrator: r.partnerId || null,
  };
  return {
    id: r.id,
    object: 'limit_order',
    livemode: r.livemode,
    status: r.status as LimitOrderStatus,
    provider: r.provider,
    chainId: 7565164,
    maker: r.maker,
    inputMint: r.inputMint,
    outputMint: r.outputMint,
    makingAmount: r.makingAmount,
    takingAmount: r.takingAmount,
    filledMakingAmount: r.filledMakingAmount,
    filledTakingAmount: r.filledTakingAmount,
    remainingMakingAmount: (making > filled ? making - filled : 0n).toString(),
    price: priceOf(making, BigInt(r.takingAmount), r.inputDecimals, r.outputDecimals),
    fees,
    providerOrderId: r.providerOrderId,
    openTxHash: r.openTxHash,
    closeTxHash: r.closeTxHash,
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// Response schemas, checked against the types above.
const svmTxSchema = z.object({
  vm: z.literal('svm'),
  serializedTx: z.string().meta({ description: 'Base64 versioned transaction for the maker to sign.' }),
  submitViaApi: z.boolean().meta({ description: 'Send the signed transaction to POST /v1/limit-orders/{id}/submit.' }),
});

export const limitOrderViewSchema = z
  .object({
    id: z.string(),
    object: z.literal('limit_order'),
    livemode: z.boolean(),
    status: z.enum(LIMIT_ORDER_STATUSES),
    provider: z.string(),
    chainId: z.number().int(),
    maker: z.string(),
    inputMint: z.string(),
    outputMint: z.string(),
    makingAmount: baseUnitsOut,
    takingAmount: baseUnitsOut,
    filledMakingAmount: baseUnitsOut,
    filledTakingAmount: baseUnitsOut,
    remainingMakingAmount: baseUnitsOut,
    price: z.object({ outputPerInput: z.string(), inputPerOutput: z.string() }),
    fees: z.object({ ourFeeBps: z.number().int(), integratorFeeBps: z.number().int().nullable(), integrator: z.string().nullable() }),
    providerOrderId: z.string(),
    openTxHash: z.string().nullable(),
    closeTxHash: z.string().nullable(),
    expiresAt: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'LimitOrder' });

export const createdLimitOrderSchema = limitOrderViewSchema.extend({ tx: svmTxSchema });
export const limitOrderCancellationSchema = z.object({ ids: z.array(z.string()), txs: z.array(svmTxSchema) });

sameShape<z.output<typeof limitOrderViewSchema>, LimitOrderView>(true);
sameShape<z.output<typeof createdLimitOrderSchema>, CreatedLimitOrder>(true);
sameShape<z.output<typeof limitOrderCancellationSchema>, LimitOrderCancellation>(true);
