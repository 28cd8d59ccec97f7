import { z } from 'zod';
import { validateSettlement } from '../checkout/input.js';
import { parseDueAt } from './due.js';
import { invoiceTotal, type LineItem } from './amounts.js';
import { INVOICE_STATUSES } from './state.js';
import { baseUnitAmountOrZero, isoDateTime, UINT256_MAX } from '../validation.js';

/**
 * Input rules of the invoice API, shared by REST and GraphQL: the transports parse a request with these schemas once
 * and hand the typed output to the service; an unknown body field is INVALID_PARAMS naming it. Limits: 1-50 line items; quantity 1-10,000;
 * unitAmount the shared amount rule with 0 allowed for a free item (src/validation.ts `baseUnitAmountOrZero`);
 * the total Σ quantity × unitAmount > 0 and at most 2^256-1 (AMOUNT_TOO_LARGE past it); description 1-500
 * characters; memo ≤ 1,000; customerName 1-200; merchantName 1-100; emails ≤ 254; dueAt a date or a strict
 * ISO 8601 timestamp (src/invoices/due.ts).
 */
const LIMITS = { lineItems: 50, quantity: 10_000, description: 500, memo: 1000, customerName: 200, merchantName: 100, email: 254 } as const;

/** A lone UTF-16 surrogate (`"\\ud800"` in JSON) is no character: Postgres jsonb refuses it (a 500 for line items). */
const wellFormed = (s: string) => !/\p{Cs}/u.test(s);
const WELL_FORMED = 'must be valid Unicode (no lone surrogate escapes)';

/** No NUL (Postgres text cannot hold it) and no other control characters (names end up in mail headers). */
const plain = (max: number, min = 0) =>
  z
    .string({ error: 'must be a string' })
    .min(min, min ? 'must not be empty' : undefined)
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !/[^\P{Cc}\u0080-\u009f]/u.test(s), 'must not contain control characters')
    .refine(wellFormed, WELL_FORMED);

/** The memo may span lines; other control characters are refused. */
const memo = z
  .string({ error: 'must be a string' })
  .max(LIMITS.memo, `must be at most ${LIMITS.memo} characters`)
  .refine((s) => !/[^\P{Cc}\t\n\r\u0080-\u009f]/u.test(s), 'must not contain control characters other than line breaks')
  .refine(wellFormed, WELL_FORMED);

const email = z
  .string({ error: 'must be an email address' })
  .max(LIMITS.email, `must be at most ${LIMITS.email} characters`)
  .pipe(z.email('must be an email address'));

const lineItem = z
  .object({
    description: plain(LIMITS.description, 1),
    quantity: z
      .number({ error: 'must be an integer' })
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(LIMITS.quantity, `must be at most ${LIMITS.quantity}`),
    unitAmount: baseUnitAmountOrZero.meta({ description: 'Settlement base units per unit (no leading zeros; 0 for a free line).', example: '10000000' }),
  })
  .strict();

/** The total must be > 0 and, like any amount, at most 2^256-1 (AMOUNT_TOO_LARGE naming `lineItems` past it). */
const lineItems = z
  .array(lineItem, { error: 'must be an array of line items' })
  .min(1, 'must have at least 1 line item')
  .max(LIMITS.lineItems, `must have at most ${LIMITS.lineItems} line items`)
  .superRefine((items, ctx) => {
    // zod runs this even when an item failed its own checks: total only well-formed items.
    if (!items.every((li) => Number.isInteger(li?.quantity) && baseUnitAmountOrZero.safeParse(li?.unitAmount).success)) return;
    const total = invoiceTotal(items);
    if (total <= 0n) ctx.addIssue({ code: 'custom', message: 'the total (Σ quantity × unitAmount) must be greater than 0' });
    else if (total > UINT256_MAX)
      ctx.addIssue({
        code: 'custom',
        message: 'the total (Σ quantity × unitAmount) exceeds the largest token amount (2^256-1)',
        params: { code: 'AMOUNT_TOO_LARGE' },
      });
  });

const DUE_AT = 'must be a date (YYYY-MM-DD, the end of that day UTC) or an ISO 8601 timestamp with a time zone, naming a real date and time';
/** A calendar date (the end of that day UTC), or a timestamp read by the shared strict rule (src/validation.ts). */
const dueAt = z.union(
  [
    isoDateTime,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .transform((s, ctx) => {
        const due = parseDueAt(s);
        if (due) return due;
        ctx.addIssue({ code: 'custom', message: DUE_AT });
        return z.NEVER;
      }),
  ],
  { error: DUE_AT },
);

const chainRef = z.union([z.string().min(1), z.number().int()], { error: 'must be a chain id or slug' });

const fields = {
  customerEmail: email.nullable().optional(),
  customerName: plain(LIMITS.customerName, 1).nullable().optional(),
  merchantName: plain(LIMITS.merchantName, 1).nullable().optional(),
  /** Where the customer's replies go (the merchant's own address). */
  replyTo: email.nullable().optional(),
  lineItems,
  settleChain: chainRef,
  settleToken: z.string({ error: 'must be a string' }).min(1),
  recipient: z.string({ error: 'must be a string' }).min(1),
  memo: memo.nullable().optional(),
  dueAt: dueAt.nullable().optional(),
};

export const createInvoiceSchema = z.object({ ...fields, send: z.boolean({ error: 'must be a boolean' }).default(false) }).strict();
/** A parsed create body: what `InvoicesService.create` takes. */
export type CreateInvoice = z.output<typeof createInvoiceSchema>;

/** PATCH: any create field except `send`; null clears an optional field. */
export const updateInvoiceSchema = z
  .object({
    ...fields,
    lineItems: lineItems.optional(),
    settleChain: chainRef.optional(),
    settleToken: z.string({ error: 'must be a string' }).min(1).optional(),
    recipient: z.string({ error: 'must be a string' }).min(1).optional(),
  })
  .strict();
/** A parsed PATCH body: absent keeps a field, null clears an optional one. */
export type UpdateInvoice = z.output<typeof updateInvoiceSchema>;

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);

/** Invoice ids as `newId` makes them; anything else is NOT_FOUND before the database sees it. */
export const INVOICE_ID = /^inv_(test_)?[0-9A-Za-z]{1,64}$/;

/** The `:id` of every invoice route (the service answers NOT_FOUND for ids that do not match). */
export const invoiceIdParamSchema = z.object({
  id: z
    .string()
    .regex(INVOICE_ID)
    .meta({ description: 'Invoice id; on the customer routes it is the access token.', example: 'inv_test_7Kp2Wq9Lm4Zr1Tb8Xc3Vn' }),
});

export const listInvoicesSchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  limit: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(100)).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListInvoices = z.output<typeof listInvoicesSchema>;

/** The total of line items the schemas above accepted (> 0 and at most 2^256-1 there). */
export const totalOf = (items: readonly LineItem[]): string => invoiceTotal(items).toString();

export { validateSettlement };
