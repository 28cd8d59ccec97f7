import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import type { LedgerEntry as EntryRow, LedgerTransaction as TransactionRow } from '../db/generated/client.js';
import { LEDGER_LEGS, LEDGER_TRANSACTION_KINDS, type LedgerLeg, type LedgerTransactionKind, PRICE_SOURCES, type PriceSource } from './postings.js';
import { LEDGER_GROUPS, type LedgerGroup } from './input.js';

/** One posting as the API shows it (docs/ledger.md). Amounts are signed integer strings of base units. */
export interface LedgerEntryView {
  object: 'ledger_entry';
  id: string;
  transactionId: string;
  type: LedgerTransactionKind;
  leg: LedgerLeg;
  orderId: string;
  account: string;
  partnerId: string | null;
  chainId: number;
  token: string | null;
  decimals: number | null;
  amount: string;
  usdValue: string | null;
  priceUsd: number | null;
  priceSource: PriceSource | null;
  livemode: boolean;
  provider: string;
  srcChainId: number;
  dstChainId: number;
  createdAt: string;
}

/** A ledger transaction with its entries: a fee leg of a fill, or the reversal of one. */
export interface LedgerTransactionView {
  object: 'ledger_transaction';
  id: string;
  type: LedgerTransactionKind;
  leg: LedgerLeg;
  orderId: string;
  reversesId: string | null;
  reason: string | null;
  actor: string | null;
  livemode: boolean;
  createdAt: string;
  entries: LedgerEntryView[];
}

/** One account's balance in one currency. */
export interface LedgerBalanceView {
  account: string;
  chainId: number;
  token: string | null;
  amount: string;
  usdValue: string | null;
  entries: number;
  unpricedEntries: number;
}

export interface LedgerBalancesView {
  object: 'ledger_balances';
  at: string;
  mode: 'test' | 'live';
  data: LedgerBalanceView[];
}

/** The fees of one group, leg and currency over a range. */
export interface LedgerTotalView {
  group: string | null;
  leg: LedgerLeg;
  chainId: number;
  token: string | null;
  amount: string;
  usdValue: string | null;
  entries: number;
  unpricedEntries: number;
}

export interface LedgerTotalsView {
  object: 'ledger_totals';
  groupBy: LedgerGroup;
  mode: 'test' | 'live';
  from: string | null;
  to: string;
  data: LedgerTotalView[];
}

/** The currency id an entry is in: `<chain id>:<token>` (the `token` filter's spelling). */
export const currencyOf = (v: { chainId: number; token: string | null }) => `${v.chainId}:${v.token ?? ''}`;

export const entryView = (r: EntryRow): LedgerEntryView => ({
  object: 'ledger_entry',
  id: r.id,
  transactionId: r.transactionId,
  type: r.kind as LedgerTransactionKind,
  leg: r.leg as LedgerLeg,
  orderId: r.orderId,
  account: r.account,
  partnerId: r.partnerId,
  chainId: r.chainId,
  token: r.token,
  decimals: r.decimals,
  amount: r.amount.toFixed(0),
  usdValue: r.usdValue === null ? null : r.usdValue.toFixed(6),
  priceUsd: r.priceUsd,
  priceSource: r.priceSource as PriceSource | null,
  livemode: r.livemode,
  provider: r.provider,
  srcChainId: r.srcChainId,
  dstChainId: r.dstChainId,
  createdAt: r.createdAt.toISOString(),
});

export const transactionView = (r: TransactionRow, entries: readonly EntryRow[]): LedgerTransactionView => ({
  object: 'ledger_transaction',
  id: r.id,
  type: r.kind as LedgerTransactionKind,
  leg: r.leg as LedgerLeg,
  orderId: r.orderId,
  reversesId: r.reversesId,
  reason: r.reason,
  actor: r.actor,
  livemode: r.livemode,
  createdAt: r.createdAt.toISOString(),
  entries: entries.map(entryView),
});

// Response schemas (OpenAPI), checked against the types above so neither can drift.

const signedAmount = z.string().regex(/^-?[0-9]+$/);
const usd = z.string().regex(/^-?[0-9]+\.[0-9]{6}$/);

export const ledgerEntryViewSchema = z
  .object({
    object: z.literal('ledger_entry'),
    id: z.string().meta({ description: 'Entry id (`len_…`).' }),
    transactionId: z.string().meta({ description: 'The ledger transaction (`ltx_…`) this posting belongs to; its postings sum to zero.' }),
    type: z.enum(LEDGER_TRANSACTION_KINDS).meta({ description: '`fee`: posted by a fill; `reversal`: an operator reversed a fee transaction.' }),
    leg: z.enum(LEDGER_LEGS).meta({ description: 'Which fee: the service fee or the partner fee.' }),
    orderId: z.string().meta({ description: 'The filled order (its `quoteId`).' }),
    account: z.string().meta({ description: '`payer_volume`, `service_revenue` or `partner_payable:<partner id>`.' }),
    partnerId: z.string().nullable().meta({ description: "The order's partner (on every posting of its fills); null without one." }),
    chainId: z.number().int().meta({ description: "The order's source chain: the currency's chain." }),
    token: z
      .string()
      .nullable()
      .meta({ description: "The order's input token (EVM address lower-case, Solana mint); null on orders recorded before it was kept." }),
    decimals: z.number().int().nullable().meta({ description: "The token's decimals when known at fill time." }),
    amount: signedAmount.meta({ description: 'Signed base units of the token: credits positive, debits negative.' }),
    usdValue: usd.nullable().meta({ description: 'USD worth of `amount` at fill time, 6 decimals; null when no price was known.' }),
    priceUsd: z.number().nullable().meta({ description: 'The USD price of one whole token used for `usdValue`.' }),
    priceSource: z.enum(PRICE_SOURCES).nullable().meta({ description: 'Where `priceUsd` came from; null when no price was known.' }),
    livemode: z.boolean(),
    provider: z.string().meta({ description: 'The provider that filled the order.' }),
    srcChainId: z.number().int(),
    dstChainId: z.number().int(),
    createdAt: isoTimestamp.meta({ description: 'When the entry was posted: the fill (or the reversal).' }),
  })
  .meta({ id: 'LedgerEntry' });

export const ledgerTransactionViewSchema = z
  .object({
    object: z.literal('ledger_transaction'),
    id: z.string().meta({ description: 'Transaction id (`ltx_…`).' }),
    type: z.enum(LEDGER_TRANSACTION_KINDS),
    leg: z.enum(LEDGER_LEGS),
    orderId: z.string(),
    reversesId: z.string().nullable().meta({ description: 'The fee transaction this one reverses (reversals only).' }),
    reason: z.string().nullable().meta({ description: 'Why the operator reversed it (reversals only).' }),
    actor: z.string().nullable().meta({ description: 'The admin token name that reversed it (reversals only).' }),
    livemode: z.boolean(),
    createdAt: isoTimestamp,
    entries: z.array(ledgerEntryViewSchema),
  })
  .meta({ id: 'LedgerTransaction' });

const balanceSchema = z.object({
  account: z.string(),
  chainId: z.number().int(),
  token: z.string().nullable(),
  amount: signedAmount.meta({ description: 'The balance: the sum of the entries, signed base units.' }),
  usdValue: usd.nullable().meta({ description: 'The sum of the priced entries at their fill-time values; null when none was priced.' }),
  entries: z.number().int(),
  unpricedEntries: z.number().int().meta({ description: 'Entries without a USD value (left out of `usdValue`).' }),
});

export const ledgerBalancesViewSchema = z.object({
  object: z.literal('ledger_balances'),
  at: isoTimestamp,
  mode: z.enum(['test', 'live']),
  data: z.array(balanceSchema),
});

const totalSchema = z.object({
  group: z.string().nullable().meta({ description: 'The partner, account, provider, `<chain id>:<token>`, UTC day or UTC month; null: no partner.' }),
  leg: z.enum(LEDGER_LEGS),
  chainId: z.number().int(),
  token: z.string().nullable(),
  amount: signedAmount.meta({ description: 'Fees recorded, net of reversals, in base units.' }),
  usdValue: usd.nullable(),
  entries: z.number().int(),
  unpricedEntries: z.number().int(),
});

export const ledgerTotalsViewSchema = z.object({
  object: z.literal('ledger_totals'),
  groupBy: z.enum(LEDGER_GROUPS),
  mode: z.enum(['test', 'live']),
  from: isoTimestamp.nullable(),
  to: isoTimestamp,
  data: z.array(totalSchema),
});

sameShape<z.output<typeof ledgerEntryViewSchema>, LedgerEntryView>(true);
sameShape<z.output<typeof ledgerTransactionViewSchema>, LedgerTransactionView>(true);
sameShape<z.output<typeof ledgerBalancesViewSchema>, LedgerBalancesView>(true);
sameShape<z.output<typeof ledgerTotalsViewSchema>, LedgerTotalsView>(true);
