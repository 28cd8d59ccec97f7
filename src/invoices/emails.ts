import type { Invoice } from '../db/generated/client.js';
import { formatUnits, type LineItem } from './amounts.js';
import { chainName, type ReceiptData } from './receipt-data.js';

/** A rendered email: both bodies and the subject. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every interpolated value goes through this: names, memos and descriptions are the merchant's input. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif";

/**
 * Mail-client HTML: one centred 600-px table, inline styles only (clients drop <style> and external CSS), no
 * scripts, no images, a bulletproof link button, and a hidden preheader for inbox previews.
 */
function layout(opts: { title: string; preheader: string; test: boolean; body: string }): string {
  const banner = opts.test
    ? `<tr><td style="background:#fff4ce;color:#5c4400;padding:8px 24px;${FONT};font-size:13px;font-weight:bold;">Test mode: no real payment is requested by this email.</td></tr>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(opts.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<div style="display:none;max-height:0;overflow:hidden;">${esc(opts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7;"><tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #e1e4e8;border-radius:6px;">
${banner}
${opts.body}
</table>
</td></tr></table>
</body></html>`;
}

const row = (label: string, value: string, bold = false) =>
  `<tr><td style="padding:4px 0;${FONT};font-size:14px;color:#57606a;">${esc(label)}</td><td align="right" style="padding:4px 0;${FONT};font-size:14px;color:#1f2328;${bold ? 'font-weight:bold;' : ''}">${esc(value)}</td></tr>`;

function itemsTable(
  items: Array<{ description: string; quantity: number; unitAmount: string; total: string }>,
  symbol: string,
  total: string,
  totalLabel: string,
) {
  const head = `<tr><th align="left" style="padding:6px 0;border-bottom:1px solid #d0d7de;${FONT};font-size:12px;color:#57606a;">Item</th><th align="right" style="padding:6px 0;border-bottom:1px solid #d0d7de;${FONT};font-size:12px;color:#57606a;">Qty</th><th align="right" style="padding:6px 0;border-bottom:1px solid #d0d7de;${FONT};font-size:12px;color:#57606a;">Unit</th><th align="right" style="padding:6px 0;border-bottom:1px solid #d0d7de;${FONT};font-size:12px;color:#57606a;">Amount</th></tr>`;
  const rows = items
    .map(
      (li) =>
        `<tr><td style="padding:6px 8px 6px 0;border-bottom:1px solid #eaeef2;${FONT};font-size:14px;color:#1f2328;">${esc(li.description)}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #eaeef2;${FONT};font-size:14px;">${li.quantity}</td><td align="right" style="padding:6px 0 6px 8px;border-bottom:1px solid #eaeef2;${FONT};font-size:14px;">${esc(li.unitAmount)}</td><td align="right" style="padding:6px 0 6px 8px;border-bottom:1px solid #eaeef2;${FONT};font-size:14px;">${esc(li.total)}</td></tr>`,
    )
    .join('');
  const foot = `<tr><td colspan="3" style="padding:10px 0;${FONT};font-size:15px;font-weight:bold;">${esc(totalLabel)}</td><td align="right" style="padding:10px 0;${FONT};font-size:15px;font-weight:bold;">${esc(total)} ${esc(symbol)}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${head}${rows}${foot}</table>`;
}

const button = (href: string, label: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:20px 0;"><tr><td align="center" bgcolor="#0969da" style="border-radius:6px;"><a href="${esc(href)}" style="display:inline-block;padding:12px 28px;${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${esc(label)}</a></td></tr></table>`;

const section = (inner: string) => `<tr><td style="padding:20px 24px;${FONT};font-size:14px;color:#1f2328;">${inner}</td></tr>`;

const itemsOf = (inv: Invoice) =>
  (inv.lineItems as unknown as LineItem[]).map((li) => ({
    description: li.description,
    quantity: li.quantity,
    unitAmount: formatUnits(li.unitAmount, inv.settleDecimals),
    total: formatUnits(BigInt(li.unitAmount) * BigInt(li.quantity), inv.settleDecimals),
  }));

const merchantOf = (inv: Pick<Invoice, 'merchantName'>) => inv.merchantName ?? 'Your supplier';
const testTag = (test: boolean) => (test ? '[Test] ' : '');
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The invoice email: what is owed, by when, and the link to pay it. */
export function invoiceEmail(inv: Invoice, payUrl: string): RenderedEmail {
  const test = !inv.livemode;
  const merchant = merchantOf(inv);
  const total = formatUnits(inv.amount, inv.settleDecimals);
  const network = `${inv.settleSymbol} on ${chainName(inv.settleChainId)}`;
  const subject = `${testTag(test)}Invoice ${inv.number} from ${merchant}: ${total} ${inv.settleSymbol}`;
  const due = inv.dueAt ? `Due ${day(inv.dueAt)} (UTC)` : 'Due on receipt';
  const items = itemsOf(inv);
  const text = [
    test ? 'TEST MODE: no real payment is requested by this email.\n' : '',
    `${merchant} sent you invoice ${inv.number}${inv.customerName ? ` for ${inv.customerName}` : ''}.`,
    '',
    `Amount due: ${total} ${inv.settleSymbol} (${network})`,
    due,
    '',
    ...items.map((li) => `- ${li.description}: ${li.quantity} × ${li.unitAmount} = ${li.total} ${inv.settleSymbol}`),
    '',
    ...(inv.memo ? [inv.memo, ''] : []),
    `Pay with any token on any chain: ${payUrl}`,
    '',
    `If you have questions, reply to this email.`,
  ]
    .filter((l, i) => !(i === 0 && l === ''))
    .join('\n');
  const body = [
    section(
      `<h1 style="margin:0 0 4px;${FONT};font-size:20px;">Invoice ${esc(inv.number ?? '')}</h1><p style="margin:0;color:#57606a;">from ${esc(merchant)}${inv.customerName ? ` to ${esc(inv.customerName)}` : ''}</p>`,
    ),
    section(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${row('Amount due', `${total} ${inv.settleSymbol}`, true)}${row('Paid in', network)}${row('Due', inv.dueAt ? `${day(inv.dueAt)} (UTC)` : 'on receipt')}</table>${button(payUrl, 'Pay this invoice')}<p style="margin:0;font-size:12px;color:#57606a;">Or open this link: <a href="${esc(payUrl)}" style="color:#0969da;">${esc(payUrl)}</a></p>`,
    ),
    section(itemsTable(items, inv.settleSymbol, total, 'Total')),
    ...(inv.memo ? [section(`<p style="margin:0;white-space:pre-wrap;">${esc(inv.memo)}</p>`)] : []),
    section(
      `<p style="margin:0;font-size:12px;color:#57606a;">You can pay with any token on any chain; ${esc(merchant)} receives ${esc(network)}. Questions? Reply to this email.</p>`,
    ),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: `${total} ${inv.settleSymbol} due. ${due}.`, test, body }) };
}

/** The receipt email: what was paid, how, and the PDF link. */
export function receiptEmail(r: ReceiptData, pdfUrl: string): RenderedEmail {
  const subject = `${testTag(r.test)}Receipt for invoice ${r.number} from ${r.merchantName}: ${r.totalPaid} ${r.symbol} paid`;
  const text = [
    ...(r.test ? ['TEST MODE: this receipt is for a test payment.', ''] : []),
    `${r.merchantName} received your payment for invoice ${r.number}. Thank you!`,
    '',
    `Amount paid: ${r.totalPaid} ${r.symbol} (${r.settlementChain})`,
    `Paid at: ${r.paidAt}`,
    `Paid from: ${r.payingToken} on ${r.payingChain}`,
    `Transaction: ${r.txHash}${r.txUrl ? ` (${r.txUrl})` : ''}`,
    '',
    ...r.lineItems.map((li) => `- ${li.description}: ${li.quantity} × ${li.unitAmount} = ${li.total} ${r.symbol}`),
    '',
    `Receipt (PDF): ${pdfUrl}`,
    `Invoice: ${r.invoiceUrl}`,
  ].join('\n');
  const tx = r.txUrl
    ? `<a href="${esc(r.txUrl)}" style="color:#0969da;word-break:break-all;">${esc(r.txHash)}</a>`
    : `<span style="word-break:break-all;">${esc(r.txHash)}</span>`;
  const body = [
    section(
      `<h1 style="margin:0 0 4px;${FONT};font-size:20px;">Receipt for invoice ${esc(r.number)}</h1><p style="margin:0;color:#57606a;">${esc(r.merchantName)} received your payment. Thank you!</p>`,
    ),
    section(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${row('Amount paid', `${r.totalPaid} ${r.symbol}`, true)}${row('Settled on', r.settlementChain)}${row('Paid at', r.paidAt)}${row('Paid from', `${r.payingToken} on ${r.payingChain}`)}</table><p style="margin:12px 0 0;font-size:13px;">Transaction: ${tx}</p>${button(pdfUrl, 'Download the receipt (PDF)')}`,
    ),
    section(itemsTable(r.lineItems, r.symbol, r.totalPaid, 'Total paid')),
    section(
      `<p style="margin:0;font-size:12px;color:#57606a;">The invoice: <a href="${esc(r.invoiceUrl)}" style="color:#0969da;">${esc(r.invoiceUrl)}</a></p>`,
    ),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: `${r.totalPaid} ${r.symbol} received for invoice ${r.number}.`, test: r.test, body }) };
}
