import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import type { Deposit as DepositRow, DepositAddress as Row, Order as OrderRow } from '../db/generated/client.js';
import type { OrderStatus } from '../orders/state.js';
import type { DepositAddressStatus } from './state.js';

import type { DepositEstimate } from '../providers/deposit-addresses.js';

export type { DepositEstimate };

/**
 * One deposit seen at an address (the address's `deposits`, newest first): its order record by `quoteId`
 * (`dep_…`), where it stands, what was sent and what was (or is expected to be) delivered.
 */
export interface DepositItemView {
  quoteId: string;
  status: OrderStatus;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  dstTxHash?: string;
  detectedAt: string;
  updatedAt: string;
}

export interface DepositAddressView {
  id: string;
  object: 'deposit_address';
  livemode: boolean;
  status: DepositAddressStatus;
  provider: string;
  address: string;
  chainId: number;
  token: string;
  dstChainId: number;
  dstToken: string;
  recipient: string;
  refundTo: string;
  reusable: boolean;
  amount: string | null;
  fees: { ourFeeBps: number; integratorFeeBps: number; integrator: string | null };
  label: string | null;
  metadata: Record<string, string>;
  depositCount: number;
  lastDepositAt: string | null;
  estimate: DepositEstimate;
  createdAt: string;
  disabledAt: string | null;
  /** Only on GET of one address: its 20 most recent deposits. */
  deposits?: DepositItemView[];
}

function depositItemView(o: OrderRow): DepositItemView {
  return {
    quoteId: o.quoteId,
    status: o.status as OrderStatus,
    amount: o.amount,
    dstAmount: o.dstAmount,
    srcTxHash: o.srcTxHash,
    ...(o.dstTxHash ? { dstTxHash: o.dstTxHash } : {}),
    detectedAt: o.submittedAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function depositAddressView(r: Row, deposits?: OrderRow[]): DepositAddressView {
  return {
    id: r.id,
    object: 'deposit_address',
    livemode: r.livemode,
    status: r.status as DepositAddressStatus,
    provider: r.provider,
    address: r.address,
    chainId: r.chainId,
    token: r.token,
    dstChainId: r.dstChainId,
    dstToken: r.dstToken,
    recipient: r.recipient,
    refundTo: r.refundTo,
    reusable: r.reusable,
    amount: r.amount,
    fees: { ourFeeBps: r.ourFeeBps, integratorFeeBps: r.integratorFeeBps, integrator: r.integrator },
    label: r.label,
    metadata: (r.metadata ?? {}) as Record<string, string>,
    depositCount: r.depositCount,
    lastDepositAt: r.lastDepositAt?.toISOString() ?? null,
    estimate: r.estimate as unknown as DepositEstimate,
    createdAt: r.createdAt.toISOString(),
    disabledAt: r.disabledAt?.toISOString() ?? null,
    ...(deposits ? { deposits: deposits.map(depositItemView) } : {}),
  };
}

// Response schemas (OpenAPI), checked against the types above so neither can drift.

const uint = z.string().regex(/^[0-9]+$/);

const depositItemSchema = z
  .object({
    quoteId: z.string().meta({ description: 'The order record of this deposit (`dep_…`), also in `order.*` events.' }),
    status: z.enum(['submitted', 'filled', 'refunded', 'failed']),
    amount: uint.meta({ description: 'Base units of the source token received at the address.' }),
    dstAmount: uint.meta({ description: 'Base units of the destination token delivered (expected while `submitted`).' }),
    srcTxHash: z.string().meta({ description: 'The deposit transaction on the source chain.' }),
    dstTxHash: z.string().optional().meta({ description: 'The delivery (or refund) transaction, once known.' }),
    detectedAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'Deposit' });

const depositEstimateSchema = z
  .object({ amount: uint, dstAmount: uint, dstAmountMin: uint, estimatedSeconds: z.number().int() })
  .meta({ id: 'DepositEstimate', description: 'A guide made at creation; each deposit is priced on arrival.' });

export const depositAddressViewSchema = z
  .object({
    id: z.string(),
    object: z.literal('deposit_address'),
    livemode: z.boolean(),
    status: z.enum(['active', 'disabled']),
    provider: z.string().meta({ description: '`relay` in live mode, `sandbox` in test mode.' }),
    address: z.string().meta({ description: 'Send only `token` on `chainId` here.' }),
    chainId: z.number().int(),
    token: z.string(),
    dstChainId: z.number().int(),
    dstToken: z.string(),
    recipient: z.string(),
    refundTo: z.string(),
    reusable: z.boolean(),
    amount: uint.nullable().meta({ description: 'One-time addresses: the exact amount they take.' }),
    fees: z
      .object({ ourFeeBps: z.number().int(), integratorFeeBps: z.number().int(), integrator: z.string().nullable() })
      .meta({ description: 'Fixed at creation, recorded on each order.' }),
    label: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    depositCount: z.number().int(),
    lastDepositAt: isoTimestamp.nullable(),
    estimate: depositEstimateSchema,
    createdAt: isoTimestamp,
    disabledAt: isoTimestamp.nullable(),
    deposits: z.array(depositItemSchema).optional().meta({ description: 'GET of one address only: its 20 most recent deposits, newest first.' }),
  })
  .meta({ id: 'DepositAddress' });

sameShape<z.output<typeof depositItemSchema>, DepositItemView>(true);
sameShape<z.output<typeof depositAddressViewSchema>, DepositAddressView>(true);

/** One deposit as the CSV export lists it: the deposit, the address it arrived at, and its order record's id. */
export interface DepositRecordView {
  id: string;
  depositAddressId: string;
  address: string;
  provider: string;
  chainId: number;
  token: string;
  tokenSymbol: string;
  tokenDecimals: number;
  amount: string;
  srcTxHash: string;
  quoteId: string;
  dstChainId: number;
  dstToken: string;
  dstSymbol: string;
  dstDecimals: number;
  recipient: string;
  label: string | null;
  detectedAt: string;
}

export function depositRecordView(d: DepositRow & { depositAddress: Row }): DepositRecordView {
  const a = d.depositAddress;
  return {
    id: d.id,
    depositAddressId: a.id,
    address: a.address,
    provider: d.provider,
    chainId: a.chainId,
    token: a.token,
    tokenSymbol: a.tokenSymbol,
    tokenDecimals: a.tokenDecimals,
    amount: d.amount,
    srcTxHash: d.srcTxHash,
    quoteId: d.quoteId,
    dstChainId: a.dstChainId,
    dstToken: a.dstToken,
    dstSymbol: a.dstSymbol,
    dstDecimals: a.dstDecimals,
    recipient: a.recipient,
    label: a.label,
    detectedAt: d.detectedAt.toISOString(),
  };
}
