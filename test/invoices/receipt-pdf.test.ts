import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReceiptPdf } from '../../src/invoices/receipt-pdf.js';
import type { ReceiptData } from '../../src/invoices/receipt-data.js';
import { pdfText, pdfToPngs } from '../helpers/pdf.js';

const ARTIFACTS = new URL('../../test-artifacts/receipts/', import.meta.url).pathname;
const TX = `0x${'a1b2'.repeat(16)}`;

const data: ReceiptData = {
  test: true,
  merchantName: 'Acme Tools',
  customerName: 'Customer GmbH',
  number: 'INV-0042',
  issuedAt: '2026-11-20',
  dueAt: '2026-12-10',
  paidAt: '2026-11-25 10:00:00 UTC',
  lineItems: [
    { description: 'Consulting, November', quantity: 4, unitAmount: '10.00', total: '40.00' },
    { description: 'Hosting (Zürich) <b>', quantity: 1, unitAmount: '9.00', total: '9.00' },
  ],
  symbol: 'USDC',
  totalDue: '49.00',
  totalPaid: '49.01',
  settlementChain: 'Base',
  settlementToken: 'USDC (0x833589fcd6edb6e08f4c7c32d4f71b54bda02913)',
  payingChain: 'Arbitrum One',
  payingToken: 'DAI (0xda10009cbd5d07dd0cecc66161fc93d7c9000da1)',
  payingAmount: '49.17',
  payer: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  txHash: TX,
  txUrl: `https://arbiscan.io/tx/${TX}`,
  deliveryTxHash: `0x${'cd'.repeat(32)}`,
  deliveryTxUrl: `https://basescan.org/tx/0x${'cd'.repeat(32)}`,
  invoiceUrl: 'https://pay.example/invoice/inv_test_abc',
};

describe('receipt PDF (pdfmake, fonts embedded)', () => {
  it('carries every field, as pdfjs-dist reads it back; the explorer link is a real link; pages rendered to PNG', async () => {
    const pdf = await renderReceiptPdf(data);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, links, info } = await pdfText(pdf);
    // Long links wrap after a slash; read them back whole.
    const text = pages.join('\n').replace(/\/\s+/g, '/').replace(/\s+/g, ' ');
    for (const s of [
      'TEST MODE',
      'Receipt',
      'Acme Tools',
      'Customer GmbH',
      'INV-0042',
      'Issued 2026-11-20',
      'Due 2026-12-10',
      'Paid 2026-11-25 10:00:00 UTC',
      'Consulting, November 4 10.00 40.00',
      'Hosting (Zürich) <b> 1 9.00 9.00',
      'Total paid 49.01 USDC',
      'Amount due 49.00 USDC',
      'Settlement token USDC (0x833589fcd6edb6e08f4c7c32d4f71b54bda02913)',
      'Settlement chain Base',
      'Paying chain Arbitrum One',
      'Paying token DAI (0xda10009cbd5d07dd0cecc66161fc93d7c9000da1)',
      `Transaction ${TX}`,
      `https://arbiscan.io/tx/${TX}`,
    ])
      expect(text, s).toContain(s);
    expect(links).toContain(`https://arbiscan.io/tx/${TX}`);
    expect(info.Title).toBe('Receipt INV-0042');
    // Fonts are embedded (a viewer needs nothing else): the Roboto subset is inside the file.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).toMatch(/Roboto/);
    const pngs = await pdfToPngs(pdf, ARTIFACTS, 'receipt-inv-0042');
    expect(pngs.length).toBeGreaterThanOrEqual(1);
    for (const p of pngs) {
      expect(readFileSync(p).subarray(1, 4).toString()).toBe('PNG');
      expect(statSync(p).size).toBeGreaterThan(10_000);
    }
  });

  it('renders without network access and without reading files outside the font folder', async () => {
    // A document naming a remote image would need the network: the URL policy refuses it.
    const { receiptDocument } = await import('../../src/invoices/receipt-pdf.js');
    const doc = receiptDocument({ ...data, test: false });
    expect(JSON.stringify(doc)).not.toContain('TEST MODE');
    const pdf = await renderReceiptPdf({ ...data, test: false, deliveryTxHash: null, deliveryTxUrl: null, txUrl: null });
    const text = (await pdfText(pdf)).pages.join(' ');
    expect(text).not.toContain('TEST MODE');
    expect(text).toContain(TX);
  });
});
