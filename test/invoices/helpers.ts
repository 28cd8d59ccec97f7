export const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** A valid create body: two line items totalling 49 USDC on Base. */
export const invoiceBody = {
  customerEmail: 'ap@customer.example',
  customerName: 'Customer GmbH',
  merchantName: 'Acme Tools',
  lineItems: [
    { description: 'Consulting, November', quantity: 4, unitAmount: '10000000' },
    { description: 'Hosting', quantity: 1, unitAmount: '9000000' },
  ],
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
  memo: 'Thank you for your business.',
  dueAt: '2026-12-10',
};
