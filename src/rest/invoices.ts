import { reply, type Route } from './router.js';
import { parseInput } from '../validation.js';
import { binary, json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema } from '../openapi/common.js';
import { createInvoiceSchema, invoiceIdParamSchema, listInvoicesSchema, updateInvoiceSchema } from '../invoices/input.js';
import { invoiceViewSchema, payInvoiceResponseSchema, publicInvoiceViewSchema, type OwnerInvoiceView, type PublicInvoiceView } from '../invoices/views.js';

const PUBLIC_URL = 'https://pay.example.com';
const LINE_ITEMS = [
  { description: 'Consulting, November', quantity: 4, unitAmount: '10000000' },
  { description: 'Hosting', quantity: 1, unitAmount: '9000000' },
];
const CREATE_BODY = {
  customerEmail: 'ap@customer.example',
  customerName: 'Customer GmbH',
  merchantName: 'Acme Tools',
  replyTo: 'billing@acme.example',
  lineItems: LINE_ITEMS,
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: EX.merchant,
  memo: 'Thank you for your business.',
  dueAt: '2026-12-10',
};
const DRAFT: OwnerInvoiceView = {
  id: EX.invoiceId,
  object: 'invoice',
  livemode: false,
  number: null,
  status: 'draft',
  amount: '49000000',
  settlement: { chainId: 8453, token: EX.baseUsdc, symbol: 'USDC', decimals: 6 },
  lineItems: LINE_ITEMS,
  customerName: 'Customer GmbH',
  merchantName: 'Acme Tools',
  memo: 'Thank you for your business.',
  dueAt: '2026-12-10T23:59:59.999Z',
  url: `${PUBLIC_URL}/invoice/${EX.invoiceId}`,
  receiptUrl: null,
  sentAt: null,
  paidAt: null,
  receiptSentAt: null,
  voidedAt: null,
  createdAt: EX.createdAt,
  updatedAt: EX.createdAt,
  customerEmail: 'ap@customer.example',
  replyTo: 'billing@acme.example',
  recipient: EX.merchant,
  sessionId: null,
  lastEmail: null,
};
const OPEN: OwnerInvoiceView = {
  ...DRAFT,
  id: EX.openInvoiceId,
  url: `${PUBLIC_URL}/invoice/${EX.openInvoiceId}`,
  number: 'INV-000042',
  status: 'open',
  sentAt: EX.updatedAt,
  updatedAt: EX.updatedAt,
  lastEmail: {
    id: 'em_6Vd1Qx8Rk3Zp0Lw5Tb2Nc',
    kind: 'invoice',
    status: 'sent',
    to: 'ap@customer.example',
    attempts: 1,
    lastError: null,
    sentAt: EX.updatedAt,
    createdAt: EX.updatedAt,
  },
};
const { customerEmail: _e, replyTo: _r, recipient: _p, sessionId: _s, lastEmail: _l, ...PUBLIC_OPEN } = OPEN;
const PUBLIC: PublicInvoiceView = PUBLIC_OPEN;
const draftPath = { id: EX.invoiceId };
const openPath = { id: EX.openInvoiceId };
const paidPath = { id: EX.paidInvoiceId };

/**
 * Invoices, Stripe-like:
 *   POST  /v1/invoices                   key     create (draft, or sent at once with `send: true`) → 201
 *   GET   /v1/invoices                   key     list (?status, ?limit 1-100, ?cursor), newest first
 *   GET   /v1/invoices/:id               key     the owner's view
 *   PATCH /v1/invoices/:id               key     drafts only (else CONFLICT)
 *   POST  /v1/invoices/:id/send          key     draft → open (numbered, emailed); open → re-sent
 *   POST  /v1/invoices/:id/void          key     draft or open → void
 *   GET   /v1/invoices/:id/public        public  the customer's view (drafts NOT_FOUND)
 *   POST  /v1/invoices/:id/pay           public  { sessionId, url }: 201 new session, 200 reused
 *   POST  /v1/invoices/:id/sandbox-pay   public  test mode: pays the open invoice with a sandbox payment
 *   GET   /v1/invoices/:id/receipt.pdf   public  the receipt once paid (NOT_FOUND before)
 * Customer routes take the unguessable invoice id as their access token. Creating, sending and paying count in the
 * strict rate-limit bucket (each may send an email or start a session); the four POSTs take an Idempotency-Key.
 */
export const invoiceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/invoices',
    access: 'key',
    scope: { resource: 'invoices', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.invoices.create(auth!, parseInput(createInvoiceSchema, body))),
    doc: {
      operationId: 'createInvoice',
      tag: 'Invoices',
      summary: 'Create an invoice',
      description:
        'A draft, or sent at once with `send: true` (numbered, and emailed when `customerEmail` is set). Unit amounts are in base units of the settlement token; the total must be greater than 0. `dueAt` is a date (the end of that day UTC) or an ISO 8601 timestamp.',
      body: { schema: createInvoiceSchema },
      responses: { 201: json('The invoice (owner view).', invoiceViewSchema, { draft: DRAFT, sent: OPEN }) },
      errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'AMOUNT_TOO_LARGE'],
      examples: {
        draft: { summary: 'A draft of 49 USDC on Base', body: CREATE_BODY },
        sendNow: { summary: 'Create and send at once', body: { ...CREATE_BODY, send: true } },
        minimal: {
          summary: 'Only what is required',
          body: {
            lineItems: [{ description: 'Logo design', quantity: 1, unitAmount: '250000000' }],
            settleChain: 8453,
            settleToken: EX.baseUsdc,
            recipient: EX.merchant,
          },
        },
        zeroTotal: {
          summary: 'A total of 0 is refused',
          body: { ...CREATE_BODY, lineItems: [{ description: 'Free sample', quantity: 1, unitAmount: '0' }] },
          status: 400,
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    access: 'key',
    scope: { resource: 'invoices', level: 'read' },
    handler: ({ services, auth, query }) => services.invoices.list(auth!, parseInput(listInvoicesSchema, Object.fromEntries(query.entries()))),
    doc: {
      operationId: 'listInvoices',
      tag: 'Invoices',
      summary: 'List invoices',
      description: "Newest first; invoices of the key's account and mode.",
      query: listInvoicesSchema,
      responses: {
        200: json('A page of invoices.', pageSchema(invoiceViewSchema), { page: { object: 'list', data: [OPEN], hasMore: false, nextCursor: null } }),
      },
      examples: {
        open: { summary: 'Open invoices, 10 per page', query: { status: 'open', limit: '10' } },
        badStatus: { summary: 'An unknown status is refused', query: { status: 'overdue' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    access: 'key',
    scope: { resource: 'invoices', level: 'read' },
    handler: ({ services, auth, params }) => services.invoices.get(auth!, params.id),
    doc: {
      operationId: 'getInvoice',
      tag: 'Invoices',
      summary: 'Read an invoice',
      params: invoiceIdParamSchema,
      responses: { 200: json('The invoice (owner view).', invoiceViewSchema, { draft: DRAFT, open: OPEN }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'An invoice by id', params: draftPath } },
    },
  },
  {
    method: 'PATCH',
    path: '/v1/invoices/:id',
    access: 'key',
    scope: { resource: 'invoices', level: 'write' },
    handler: ({ services, auth, params, body }) => services.invoices.update(auth!, params.id, parseInput(updateInvoiceSchema, body)),
    doc: {
      operationId: 'updateInvoice',
      tag: 'Invoices',
      summary: 'Edit a draft',
      description:
        'Drafts only: a sent, paid or void invoice → 409 `CONFLICT`. Any create field except `send`; `null` clears an optional field. Line items replace the old ones. A new settlement token with other decimals needs the line items again, in its base units.',
      params: invoiceIdParamSchema,
      body: { schema: updateInvoiceSchema, required: false },
      responses: { 200: json('The invoice (owner view).', invoiceViewSchema, { updated: { ...DRAFT, memo: null, dueAt: '2026-12-31T23:59:59.999Z' } }) },
      errors: ['NOT_FOUND', 'CONFLICT', 'UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'AMOUNT_TOO_LARGE'],
      examples: {
        due: { summary: 'Move the due date and clear the memo', params: draftPath, body: { dueAt: '2026-12-31', memo: null } },
        lines: {
          summary: 'Replace the line items',
          params: draftPath,
          body: { lineItems: [{ description: 'Consulting, November', quantity: 5, unitAmount: '10000000' }] },
        },
        sent: { summary: 'A sent invoice cannot be edited', params: openPath, body: { memo: 'Too late' }, status: 409 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/send',
    access: 'key',
    scope: { resource: 'invoices', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.invoices.send(auth!, params.id),
    doc: {
      operationId: 'sendInvoice',
      tag: 'Invoices',
      summary: 'Send an invoice',
      description:
        'A draft becomes `open` and takes the next number of the account and mode (gap-free); an open invoice is sent again. The email goes to `customerEmail` when set (see `lastEmail`). Paid or void → 409 `CONFLICT`.',
      params: invoiceIdParamSchema,
      responses: { 200: json('The invoice (owner view).', invoiceViewSchema, { sent: OPEN }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        send: { summary: 'Send a draft', params: draftPath },
        resend: { summary: 'Send an open invoice again', params: openPath },
        paid: { summary: 'A paid invoice cannot be sent', params: paidPath, status: 409 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/void',
    access: 'key',
    scope: { resource: 'invoices', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.invoices.void(auth!, params.id),
    doc: {
      operationId: 'voidInvoice',
      tag: 'Invoices',
      summary: 'Void an invoice',
      description: 'A draft or open invoice becomes `void` (final); an open checkout session for it is expired. Paid or void → 409 `CONFLICT`.',
      params: invoiceIdParamSchema,
      responses: { 200: json('The voided invoice (owner view).', invoiceViewSchema, { voided: { ...OPEN, status: 'void', voidedAt: EX.updatedAt } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        open: { summary: 'Void an open invoice', params: openPath },
        draft: { summary: 'Void a draft', params: draftPath },
        paid: { summary: 'A paid invoice cannot be voided', params: paidPath, status: 409 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/public',
    access: 'public',
    scope: 'public',
    handler: ({ services, params }) => services.invoices.getPublic(params.id),
    doc: {
      operationId: 'getPublicInvoice',
      tag: 'Invoices',
      summary: "The customer's view of an invoice",
      description:
        'For the customer, with the invoice id as the access token: no payout address, customer email, session or email status. Drafts (and unknown ids) → 404 `NOT_FOUND`.',
      params: invoiceIdParamSchema,
      responses: { 200: json("The customer's view.", publicInvoiceViewSchema, { open: PUBLIC }) },
      errors: ['NOT_FOUND'],
      examples: {
        open: { summary: 'An open invoice', params: openPath },
        draft: { summary: 'A draft is not visible to the customer', params: draftPath, status: 404 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    access: 'public',
    scope: 'public',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, params }) => {
      const r = await services.invoices.pay(params.id);
      return reply(r.created ? 201 : 200, { sessionId: r.sessionId, url: r.url });
    },
    doc: {
      operationId: 'payInvoice',
      tag: 'Invoices',
      summary: 'Start paying an invoice',
      description:
        'Starts a checkout session for an open invoice (201) and answers its id and hosted pay page; while that session is open or its payment is being verified, the same session is answered again (200), so a customer never gets two sessions to pay. The invoice becomes `paid` when the session does. Draft → 404 `NOT_FOUND`; paid, void, or a payment under review → 409 `CONFLICT`.',
      params: invoiceIdParamSchema,
      responses: {
        201: json('A new checkout session.', payInvoiceResponseSchema, { created: { sessionId: EX.sessionId, url: `${PUBLIC_URL}/pay/${EX.sessionId}` } }),
        200: json('The session already in flight.', payInvoiceResponseSchema, {
          reused: { sessionId: EX.sessionId, url: `${PUBLIC_URL}/pay/${EX.sessionId}` },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        pay: { summary: 'Pay an open invoice', params: openPath, status: 201 },
        again: { summary: 'Again while its session is open: the same session', params: openPath },
        paid: { summary: 'A paid invoice cannot be paid again', params: paidPath, status: 409 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/sandbox-pay',
    access: 'public',
    scope: 'public',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, params }) => services.invoices.sandboxPay(params.id),
    doc: {
      operationId: 'sandboxPayInvoice',
      tag: 'Invoices',
      summary: 'Pay a test-mode invoice in the sandbox',
      description:
        'Test mode only (a live invoice → 403 `FORBIDDEN`): pays the open invoice through its checkout session with a sandbox payment of exactly the amount, settled at once. The session and the invoice move as with a real payment and send the same events (`checkout.session.processing`, `checkout.session.completed`, `invoice.paid`) and the receipt email. The hosted page of a test invoice shows it as a button. Draft → 404 `NOT_FOUND`; paid or void → 409 `CONFLICT`.',
      params: invoiceIdParamSchema,
      responses: { 200: json("The paid invoice (the customer's view).", publicInvoiceViewSchema) },
      errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
      examples: {
        pay: { summary: 'Pay an open test invoice', params: openPath },
        paid: { summary: 'A paid invoice cannot be paid again', params: paidPath, status: 409 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/receipt.pdf',
    access: 'public',
    scope: 'public',
    handler: async ({ services, params }) => {
      const { pdf, filename } = await services.invoices.receiptPdf(params.id);
      return reply(200, pdf, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
      });
    },
    doc: {
      operationId: 'getInvoiceReceipt',
      tag: 'Invoices',
      summary: 'The receipt of a paid invoice (PDF)',
      description:
        "For the customer and the merchant, with the invoice id as the access token: the invoice's lines, the payment and its transaction. Before the invoice is paid → 404 `NOT_FOUND`.",
      params: invoiceIdParamSchema,
      responses: { 200: binary('The receipt.', 'application/pdf', ['ContentDisposition']) },
      errors: ['NOT_FOUND'],
      examples: {
        paid: { summary: 'The receipt of a paid invoice', params: paidPath },
        open: { summary: 'No receipt before the invoice is paid', params: openPath, status: 404 },
      },
    },
  },
];
