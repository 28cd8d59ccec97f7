import { STATIC_CHAINS, curatedByAddress } from '../assets/service.js';
import { SETTLEMENT_CHAINS } from '../checkout/config.js';
import type { CheckoutPayment, CheckoutSession, Invoice } from '../db/generated/client.js';
import { formatUnits, type LineItem } from './amounts.js';

/** Everything a receipt (PDF and email) shows, resolved to display strings. */
export interface ReceiptData {
  test: boolean;
  merchantName: string;
  customerName: string | null;
  number: string;
  issuedAt: string;
  dueAt: string | null;
  paidAt: string;
  lineItems: Array<{ description: string; quantity: number; unitAmount: string; total: string }>;
  symbol: string;
  totalDue: string;
  totalPaid: string;
  settlementChain: string;
  settlementToken: string;
  payingChain: string;
  payingToken: string;
  payingAmount: string | null;
  payer: string;
  /** The paying transaction (on the paying chain). */
  txHash: string;
  txUrl: string | null;
  /** The transaction that delivered the funds on the settlement chain (a routed payment's second leg). */
  deliveryTxHash: string | null;
  deliveryTxUrl: string | null;
  invoiceUrl: string;
}

export const chainName = (id: number) => STATIC_CHAINS.find((c) => c.id === id)?.name ?? SETTLEMENT_CHAINS[id]?.name ?? `chain ${id}`;

const SOLANA_TX = 'https://solscan.io/tx/';
function explorerTxUrl(chainId: number, hash: string): string | null {
  const c = STATIC_CHAINS.find((x) => x.id === chainId);
  const base = c?.explorerTx ?? (c?.vm === 'svm' ? SOLANA_TX : undefined);
  return base ? `${base}${hash}` : null;
}

/** The token paid with, as people know it: a symbol when the service knows one, else its address. */
function tokenLabel(
  chainId: number,
  address: string | null,
  settle: { token: string; symbol: string; chainId: number },
): { label: string; decimals: number | null } {
  if (!address) return { label: 'unknown token', decimals: null };
  if (chainId === settle.chainId && address === settle.token) return { label: settle.symbol, decimals: null };
  if (/^0x0{40}$/i.test(address)) {
    const c = STATIC_CHAINS.find((x) => x.id === chainId);
    return { label: c?.nativeSymbol ?? address, decimals: c?.nativeDecimals ?? null };
  }
  const t = curatedByAddress(chainId, address.startsWith('0x') ? address.toLowerCase() : address);
  return t ? { label: `${t.symbol} (${address})`, decimals: t.decimals } : { label: address, decimals: null };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export function receiptData(inv: Invoice, session: CheckoutSession, payment: CheckoutPayment, invoiceUrl: string): ReceiptData {
  const items = inv.lineItems as unknown as LineItem[];
  const dec = inv.settleDecimals;
  const settle = { token: inv.settleToken, symbol: inv.settleSymbol, chainId: inv.settleChainId };
  const paying = tokenLabel(payment.srcChainId, payment.srcToken, settle);
  const direct = payment.srcChainId === inv.settleChainId && payment.srcToken === inv.settleToken;
  return {
    test: !inv.livemode,
    merchantName: inv.merchantName ?? 'Merchant',
    customerName: inv.customerName,
    number: inv.number ?? '',
    issuedAt: day(inv.sentAt ?? inv.createdAt),
    dueAt: inv.dueAt ? day(inv.dueAt) : null,
    paidAt: `${(inv.paidAt ?? session.paidAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    lineItems: items.map((li) => ({
      description: li.description,
      quantity: li.quantity,
      unitAmount: formatUnits(li.unitAmount, dec),
      total: formatUnits(BigInt(li.unitAmount) * BigInt(li.quantity), dec),
    })),
    symbol: inv.settleSymbol,
    totalDue: formatUnits(inv.amount, dec),
    totalPaid: formatUnits(session.amountReceived ?? payment.amountReceived ?? inv.amount, dec),
    settlementChain: chainName(inv.settleChainId),
    settlementToken: `${inv.settleSymbol} (${inv.settleToken})`,
    payingChain: chainName(payment.srcChainId),
    payingToken: paying.label,
    payingAmount: direct
      ? formatUnits(payment.srcAmount ?? inv.amount, dec)
      : paying.decimals !== null && payment.srcAmount
        ? formatUnits(payment.srcAmount, paying.decimals)
        : payment.srcAmount,
    payer: payment.payer,
    txHash: payment.srcTxHash,
    txUrl: explorerTxUrl(payment.srcChainId, payment.srcTxHash),
    deliveryTxHash: payment.deliveryTxHash && payment.deliveryTxHash !== payment.srcTxHash ? payment.deliveryTxHash : null,
    deliveryTxUrl: payment.deliveryTxHash && payment.deliveryTxHash !== payment.srcTxHash ? explorerTxUrl(inv.settleChainId, payment.deliveryTxHash) : null,
    invoiceUrl,
  };
}
