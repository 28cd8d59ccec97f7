import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ReceiptData } from './receipt-data.js';

const require = createRequire(import.meta.url);

/**
 * pdfmake on Node, with the Roboto fonts embedded from the installed package (no network, nothing fetched at
 * render time): URL access is refused outright and local file access is limited to that font folder.
 */
const FONT_DIR = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
type PdfMake = typeof import('pdfmake');
let pdfmake: PdfMake | undefined;
function engine(): PdfMake {
  if (pdfmake) return pdfmake;
  const pm = require('pdfmake') as PdfMake;
  pm.setFonts({
    Roboto: {
      normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
      bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
      italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
      bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
    },
  });
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy((path: string) => path.startsWith(FONT_DIR));
  pdfmake = pm;
  return pm;
}

const kv = (label: string, value: Content): Content[] => [{ text: label, style: 'label' }, value];

/** The receipt as a pdfmake document: pure data in, document definition out (the test reads the text back). */
export function receiptDocument(r: ReceiptData): TDocumentDefinitions {
  const tx: Content = r.txUrl ? { text: r.txHash, link: r.txUrl, style: 'link' } : { text: r.txHash, style: 'mono' };
  return {
    info: { title: `Receipt ${r.number}`, author: r.merchantName, subject: `Receipt for invoice ${r.number}` },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#1f2328' },
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 0, 0, 4] },
      label: { color: '#57606a' },
      head: { bold: true, color: '#57606a', fontSize: 9 },
      link: { color: '#0969da', fontSize: 8 },
      mono: { fontSize: 8 },
      test: { color: '#8a6100', bold: true, margin: [0, 0, 0, 8] },
      total: { bold: true, fontSize: 12 },
    },
    content: [
      ...(r.test ? [{ text: 'TEST MODE: this receipt is for a test payment.', style: 'test' } as Content] : []),
      { text: 'Receipt', style: 'title' },
      { text: r.merchantName, fontSize: 13, margin: [0, 0, 0, 16] },
      {
        table: {
          widths: [120, '*'],
          body: [
            kv('Invoice number', r.number),
            kv('Billed to', r.customerName ?? '—'),
            kv('Issued', r.issuedAt),
            kv('Due', r.dueAt ?? 'on receipt'),
            kv('Paid', r.paidAt),
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 16],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', 40, 90, 90],
          body: [
            [
              { text: 'Item', style: 'head' },
              { text: 'Qty', style: 'head', alignment: 'right' },
              { text: `Unit (${r.symbol})`, style: 'head', alignment: 'right' },
              { text: `Amount (${r.symbol})`, style: 'head', alignment: 'right' },
            ],
            ...r.lineItems.map(
              (li) =>
                [
                  li.description,
                  { text: String(li.quantity), alignment: 'right' },
                  { text: li.unitAmount, alignment: 'right' },
                  { text: li.total, alignment: 'right' },
                ] as Content[],
            ),
            [{ text: 'Total paid', style: 'total', colSpan: 3 }, {}, {}, { text: `${r.totalPaid} ${r.symbol}`, style: 'total', alignment: 'right' }],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16],
      },
      { text: 'Payment', bold: true, margin: [0, 0, 0, 6] },
      {
        table: {
          widths: [120, '*'],
          body: [
            kv('Amount due', `${r.totalDue} ${r.symbol}`),
            kv('Settlement token', r.settlementToken),
            kv('Settlement chain', r.settlementChain),
            kv('Paying chain', r.payingChain),
            kv('Paying token', r.payingToken),
            ...(r.payingAmount ? [kv('Amount sent', r.payingAmount)] : []),
            kv('Payer', { text: r.payer, style: 'mono' }),
            kv('Transaction', tx),
            ...(r.txUrl ? [kv('Explorer', { text: r.txUrl, link: r.txUrl, style: 'link' })] : []),
            ...(r.deliveryTxHash
              ? [
                  kv(
                    'Delivery transaction',
                    r.deliveryTxUrl ? { text: r.deliveryTxHash, link: r.deliveryTxUrl, style: 'link' } : { text: r.deliveryTxHash, style: 'mono' },
                  ),
                ]
              : []),
          ],
        },
        layout: 'noBorders',
      },
      { text: r.invoiceUrl, link: r.invoiceUrl, style: 'link', margin: [0, 24, 0, 0] },
    ],
  };
}

export async function renderReceiptPdf(r: ReceiptData): Promise<Buffer> {
  const doc = engine().createPdf(receiptDocument(r));
  return Buffer.from(await doc.getBuffer());
}
