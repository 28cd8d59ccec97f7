import type { SessionView } from '../checkout/views.js';
import type { DepositRecordView } from '../deposits/views.js';
import type { InvoiceView } from '../invoices/views.js';
import type { OrderView } from '../orders/views.js';
import type { Cell } from './csv.js';

/**
 * The columns of each export, per version. A version's column names and order never change once released (an
 * accounting import maps them once); a change is a new version, and older versions keep being served. Amounts are
 * integer strings of base units with the token's decimals in their own column; timestamps are ISO 8601 UTC.
 * docs/exports.md lists every column (test/exports/ checks the list against this file).
 */

export const EXPORT_KINDS = ['orders', 'checkout_sessions', 'invoices', 'deposits'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_VERSIONS = [1] as const;
export type ExportVersion = (typeof EXPORT_VERSIONS)[number];
export const CURRENT_EXPORT_VERSION: ExportVersion = 1;

/** A deposit with the order record it became (null when that record is gone). */
export interface DepositWithOrder {
  deposit: DepositRecordView;
  order: OrderView | null;
}

export interface RowOf {
  orders: OrderView;
  checkout_sessions: SessionView;
  invoices: InvoiceView;
  deposits: DepositWithOrder;
}

type Columns<R> = ReadonlyArray<readonly [name: string, value: (r: R) => Cell]>;

const ordersV1: Columns<OrderView> = [
  ['quote_id', (o) => o.quoteId],
  ['submitted_at', (o) => o.submittedAt],
  ['updated_at', (o) => o.updatedAt],
  ['status', (o) => o.status],
  ['provider', (o) => o.provider],
  ['src_chain_id', (o) => o.srcChainId],
  ['dst_chain_id', (o) => o.dstChainId],
  ['amount', (o) => o.amount],
  ['dst_amount', (o) => o.dstAmount],
  ['src_tx_hash', (o) => o.srcTxHash],
  ['dst_tx_hash', (o) => o.dstTxHash],
  ['our_fee_bps', (o) => o.ourFeeBps],
  ['partner_fee_bps', (o) => o.partnerFeeBps],
  ['integrator', (o) => o.integrator],
  ['checkout_session_id', (o) => o.checkoutSessionId],
  ['deposit_address_id', (o) => o.depositAddressId],
  ['limit_order_id', (o) => o.limitOrderId],
  ['fill_fee_amount', (o) => o.fillFeeAmount],
  ['fill_fee_mint', (o) => o.fillFeeMint],
];

const sessionsV1: Columns<SessionView> = [
  ['id', (s) => s.id],
  ['created_at', (s) => s.createdAt],
  ['status', (s) => s.status],
  ['amount', (s) => s.amount],
  ['amount_received', (s) => s.amountReceived ?? null],
  ['amount_refunded', (s) => s.amountRefunded ?? '0'],
  ['decimals', (s) => s.settlement.decimals],
  ['settle_chain_id', (s) => s.settlement.chainId],
  ['settle_token', (s) => s.settlement.token],
  ['settle_symbol', (s) => s.settlement.symbol],
  ['recipient', (s) => s.recipient],
  ['reference', (s) => s.reference ?? null],
  ['description', (s) => s.description],
  ['invoice_id', (s) => s.invoiceId],
  ['payer', (s) => s.payment?.payer ?? null],
  ['payment_tx_hash', (s) => s.payment?.srcTxHash ?? null],
  ['delivery_tx_hash', (s) => s.payment?.dstTxHash ?? null],
  ['paid_at', (s) => s.payment?.paidAt ?? null],
  ['expires_at', (s) => s.expiresAt],
];

const invoicesV1: Columns<InvoiceView> = [
  ['id', (i) => i.id],
  ['number', (i) => i.number],
  ['created_at', (i) => i.createdAt],
  ['status', (i) => i.status],
  ['amount', (i) => i.amount],
  ['decimals', (i) => i.settlement.decimals],
  ['settle_chain_id', (i) => i.settlement.chainId],
  ['settle_token', (i) => i.settlement.token],
  ['settle_symbol', (i) => i.settlement.symbol],
  ['recipient', (i) => i.recipient ?? null],
  ['customer_name', (i) => i.customerName],
  ['customer_email', (i) => i.customerEmail ?? null],
  ['memo', (i) => i.memo],
  ['due_at', (i) => i.dueAt],
  ['sent_at', (i) => i.sentAt],
  ['paid_at', (i) => i.paidAt],
  ['voided_at', (i) => i.voidedAt],
  ['session_id', (i) => i.sessionId ?? null],
];

const depositsV1: Columns<DepositWithOrder> = [
  ['id', ({ deposit: d }) => d.id],
  ['detected_at', ({ deposit: d }) => d.detectedAt],
  ['deposit_address_id', ({ deposit: d }) => d.depositAddressId],
  ['address', ({ deposit: d }) => d.address],
  ['provider', ({ deposit: d }) => d.provider],
  ['chain_id', ({ deposit: d }) => d.chainId],
  ['token', ({ deposit: d }) => d.token],
  ['token_symbol', ({ deposit: d }) => d.tokenSymbol],
  ['amount', ({ deposit: d }) => d.amount],
  ['decimals', ({ deposit: d }) => d.tokenDecimals],
  ['src_tx_hash', ({ deposit: d }) => d.srcTxHash],
  ['quote_id', ({ deposit: d }) => d.quoteId],
  ['order_status', ({ order }) => order?.status ?? null],
  ['dst_chain_id', ({ deposit: d }) => d.dstChainId],
  ['dst_token', ({ deposit: d }) => d.dstToken],
  ['dst_symbol', ({ deposit: d }) => d.dstSymbol],
  ['dst_amount', ({ order }) => order?.dstAmount ?? null],
  ['dst_decimals', ({ deposit: d }) => d.dstDecimals],
  ['dst_tx_hash', ({ order }) => order?.dstTxHash ?? null],
  ['recipient', ({ deposit: d }) => d.recipient],
  ['label', ({ deposit: d }) => d.label],
];

export const EXPORT_COLUMNS: { readonly [V in ExportVersion]: { readonly [K in ExportKind]: Columns<RowOf[K]> } } = {
  1: { orders: ordersV1, checkout_sessions: sessionsV1, invoices: invoicesV1, deposits: depositsV1 },
};

/** The header names of an export. */
export const columnNames = (kind: ExportKind, version: ExportVersion): string[] => EXPORT_COLUMNS[version][kind].map(([name]) => name);

/** One row's cells, in column order. */
export function cellsOf<K extends ExportKind>(kind: K, version: ExportVersion, row: RowOf[K]): Cell[] {
  return (EXPORT_COLUMNS[version][kind] as Columns<RowOf[K]>).map(([, value]) => value(row));
}
