import { z } from 'zod';
import { isoDateTimeString, requestBody, safeText } from '../validation.js';
import { ORDER_QUOTE_ID } from '../orders/input.js';
import { LEDGER_ACCOUNT } from './postings.js';

/** Ledger ids: `ltx_` (transactions) and `len_` (entries), then base62. */
export const LEDGER_TRANSACTION_ID = /^ltx_[0-9A-Za-z]{10,40}$/;
export const LEDGER_ENTRY_ID = /^len_[0-9A-Za-z]{10,40}$/;

const account = z
  .string()
  .regex(LEDGER_ACCOUNT, 'must be payer_volume, service_revenue or partner_payable:<partner id>')
  .meta({ description: 'Only this ledger account: `payer_volume`, `service_revenue` or `partner_payable:<partner id>`.', example: 'service_revenue' });
const partner = z
  .string()
  .regex(/^[a-z0-9-]{1,32}$/, 'must be a partner id ([a-z0-9-], at most 32)')
  .meta({ description: "Only entries of this partner's orders (every account they post to).", example: 'acme' });
const provider = safeText(32).meta({ description: 'Only fills through this provider (`relay`, `jupiter`, …).', example: 'relay' });
const token = z
  .string()
  .regex(/^[0-9]{1,10}:[0-9A-Za-z]{1,64}$/, 'must be <chain id>:<token address or mint>')
  .refine((s) => Number(s.slice(0, s.indexOf(':'))) <= 2_147_483_647, 'the chain id is out of range')
  .meta({
    description: 'Only this currency: `<chain id>:<token address or mint>` (EVM addresses lower-case).',
    example: '8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  });
const mode = z.enum(['test', 'live']);

/** The filters every ledger read shares. */
const filters = { account: account.optional(), partner: partner.optional(), provider: provider.optional(), token: token.optional() };

/** GET /v1/admin/ledger/entries and GraphQL `adminLedgerEntries`: newest first, cursor paging. */
export const ledgerEntriesQuerySchema = z.object({
  ...filters,
  mode: mode.optional().meta({ description: 'Only live or only test-mode entries; both when absent.' }),
  orderId: z.string().regex(ORDER_QUOTE_ID, 'must be an order id').optional().meta({ description: 'Only the entries of this order (its `quoteId`).' }),
  transactionId: z
    .string()
    .regex(LEDGER_TRANSACTION_ID, 'must be a ledger transaction id (ltx_…)')
    .optional()
    .meta({ description: 'Only the entries of this ledger transaction.' }),
  from: isoDateTimeString.optional().meta({ description: 'Entries at or after this time.' }),
  to: isoDateTimeString.optional().meta({ description: 'Entries before this time.' }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'Entries per page, 1 to 100 (default 25).' }),
  cursor: safeText(200).optional().meta({ description: "The previous page's `nextCursor`." }),
});
export type LedgerEntriesQuery = z.output<typeof ledgerEntriesQuerySchema>;

/** GET /v1/admin/ledger/balances and GraphQL `adminLedgerBalances`: every account's balance per currency at `at`. */
export const ledgerBalancesQuerySchema = z.object({
  ...filters,
  at: isoDateTimeString.optional().meta({ description: 'The balances as they stood at this time (entries created at or before it); default now.' }),
  mode: mode.default('live').meta({ description: 'Live or test-mode balances (default live): the two are never summed together.' }),
});
export type LedgerBalancesQuery = z.output<typeof ledgerBalancesQuerySchema>;

export const LEDGER_GROUPS = ['partner', 'account', 'provider', 'token', 'day', 'month'] as const;
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];

/** GET /v1/admin/ledger/totals and GraphQL `adminLedgerTotals`: fees recorded over a range, summed per group. */
export const ledgerTotalsQuerySchema = z
  .object({
    ...filters,
    groupBy: z
      .enum(LEDGER_GROUPS)
      .default('account')
      .meta({ description: 'What each total is for (besides its leg and currency): partner, account, provider, token, UTC day or UTC month.' }),
    mode: mode.default('live').meta({ description: 'Live or test-mode entries (default live).' }),
    from: isoDateTimeString.optional().meta({ description: 'Entries at or after this time; from the first when absent.' }),
    to: isoDateTimeString.optional().meta({ description: 'Entries before this time; default now.' }),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'must be before `to`', path: ['from'] });
export type LedgerTotalsQuery = z.output<typeof ledgerTotalsQuerySchema>;

/** The CSV's column versions (src/ledger/columns.ts): a released version never changes; a change is a new one. */
export const LEDGER_CSV_VERSIONS = [1] as const;
export type LedgerCsvVersion = (typeof LEDGER_CSV_VERSIONS)[number];
const CURRENT_LEDGER_CSV_VERSION: LedgerCsvVersion = 1;

/** GET /v1/admin/ledger/export.csv and GraphQL `adminLedgerCsv`: the entries of a range, oldest first. */
export const ledgerCsvQuerySchema = z
  .object({
    ...filters,
    mode: mode.optional().meta({ description: 'Only live or only test-mode entries; both when absent (the `mode` column tells them apart).' }),
    from: isoDateTimeString.optional().meta({ description: 'Entries at or after this time; default 30 days before `to`.', example: '2026-11-01T00:00:00Z' }),
    to: isoDateTimeString.optional().meta({ description: 'Entries before this time; default now.', example: '2026-12-01T00:00:00Z' }),
    version: z
      .preprocess(
        (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
        z
          .number()
          .refine((n): n is LedgerCsvVersion => (LEDGER_CSV_VERSIONS as readonly number[]).includes(n), `must be one of ${LEDGER_CSV_VERSIONS.join(', ')}`),
      )
      .default(CURRENT_LEDGER_CSV_VERSION)
      .meta({ description: `The column version (docs/ledger.md); default ${CURRENT_LEDGER_CSV_VERSION}, the current one.`, example: 1 }),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'must be before `to`', path: ['from'] });
export type LedgerCsvQuery = z.output<typeof ledgerCsvQuerySchema>;

/** POST /v1/admin/ledger/transactions/{id}/reverse and GraphQL `adminReverseLedgerTransaction`. */
export const reverseLedgerTransactionSchema = requestBody({
  reason: safeText(500).meta({
    description: 'Why the transaction is reversed (kept on the reversal and in the audit log).',
    example: 'Fill refunded by the provider after settlement',
  }),
});
export type ReverseLedgerTransaction = z.output<typeof reverseLedgerTransactionSchema>;

/** The `:id` of the reverse route (the service answers NOT_FOUND for ids that do not match). */
export const ledgerTransactionIdParamSchema = z.object({
  id: z.string().regex(LEDGER_TRANSACTION_ID).meta({ description: 'Ledger transaction id (`ltx_…`).', example: 'ltx_6Hs1Lq8Vz3Nb5Xk0Wm7Rt2' }),
});
