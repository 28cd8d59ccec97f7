import { z } from 'zod';
import type { Route } from './router.js';
import { reply } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { pageSchema } from '../openapi/common.js';
import { EX } from '../openapi/examples.js';
import { EXPORT_WEIGHT } from '../ratelimit/weights.js';
import {
  ledgerBalancesQuerySchema,
  ledgerCsvQuerySchema,
  ledgerEntriesQuerySchema,
  ledgerTotalsQuerySchema,
  ledgerTransactionIdParamSchema,
  reverseLedgerTransactionSchema,
} from '../ledger/input.js';
import { type LedgerEntryView, ledgerBalancesViewSchema, ledgerEntryViewSchema, ledgerTotalsViewSchema, ledgerTransactionViewSchema } from '../ledger/views.js';

const ORDER = 'q_4Yq2mT8kLp0ZsVb7NcR1Dw0aB3dE5fG7hJ9k';
const USDC = { chainId: 8453, token: EX.baseUsdc, decimals: 6 };
const entry = (id: string, account: string, amount: string, usdValue: string): LedgerEntryView => ({
  object: 'ledger_entry',
  id,
  transactionId: EX.ledgerTransactionId,
  type: 'fee',
  leg: 'service_fee',
  orderId: ORDER,
  account,
  partnerId: 'acme',
  ...USDC,
  amount,
  usdValue,
  priceUsd: 0.9999,
  priceSource: 'defillama',
  livemode: true,
  provider: 'relay',
  srcChainId: 8453,
  dstChainId: 42161,
  createdAt: EX.updatedAt,
});
const CREDIT = entry('len_3Kq8Wz1Lm6Tb9Xc2Vn5Rp7', 'service_revenue', '50000', '0.049995');
const DEBIT = entry('len_8Rp2Xc5Vn1Kq7Wz4Lm9Tb3', 'payer_volume', '-50000', '-0.049995');

const filtersQuery = { partner: 'acme', token: `8453:${EX.baseUsdc}` };

/**
 * The fee ledger (src/ledger/, docs/ledger.md), for operators:
 *   GET  /v1/admin/ledger/balances                     every account's balance per currency at a time
 *   GET  /v1/admin/ledger/totals                       fees over a range, per partner, account, provider, token, day or month
 *   GET  /v1/admin/ledger/entries                      the postings, newest first
 *   GET  /v1/admin/ledger/export.csv                   the postings of a range as CSV (versioned columns), streamed
 *   POST /v1/admin/ledger/transactions/:id/reverse     an operator's correction (audited)
 */
export const ledgerRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/admin/ledger/balances',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, query }) => services.ledger.balances(parseInput(ledgerBalancesQuerySchema, queryObject(query))),
    doc: {
      operationId: 'adminLedgerBalances',
      tag: 'Admin',
      summary: 'Ledger balances',
      description:
        'Every ledger account’s balance per currency (`chainId` and `token`) as it stood at `at` (default now), in one mode: `service_revenue` and each `partner_payable:<partner>` positive, `payer_volume` minus their total, so each currency sums to zero. Amounts are signed integer strings of base units; `usdValue` sums the entries’ fill-time USD values.',
      query: ledgerBalancesQuerySchema,
      responses: {
        200: json('The balances.', ledgerBalancesViewSchema, {
          now: {
            object: 'ledger_balances',
            at: EX.updatedAt,
            mode: 'live',
            data: [
              { account: 'partner_payable:acme', chainId: 8453, token: EX.baseUsdc, amount: '25000', usdValue: '0.024998', entries: 1, unpricedEntries: 0 },
              { account: 'payer_volume', chainId: 8453, token: EX.baseUsdc, amount: '-75000', usdValue: '-0.074993', entries: 2, unpricedEntries: 0 },
              { account: 'service_revenue', chainId: 8453, token: EX.baseUsdc, amount: '50000', usdValue: '0.049995', entries: 1, unpricedEntries: 0 },
            ],
          },
        }),
      },
      examples: {
        now: { summary: 'Live balances now', query: {} },
        monthEnd: { summary: "A partner's balances at the end of November", query: { partner: 'acme', at: '2026-12-01T00:00:00Z' } },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/ledger/totals',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, query }) => services.ledger.totals(parseInput(ledgerTotalsQuerySchema, queryObject(query))),
    doc: {
      operationId: 'adminLedgerTotals',
      tag: 'Admin',
      summary: 'Ledger totals',
      description:
        'The fees recorded in [`from`, `to`), net of reversals, per group (`groupBy`: partner, account, provider, token, UTC day or UTC month), leg and currency, in one mode. Totals are the credit side (every account but `payer_volume`, unless `account` names one).',
      query: ledgerTotalsQuerySchema,
      responses: {
        200: json('The totals.', ledgerTotalsViewSchema, {
          byPartner: {
            object: 'ledger_totals',
            groupBy: 'partner',
            mode: 'live',
            from: '2026-11-01T00:00:00.000Z',
            to: '2026-12-01T00:00:00.000Z',
            data: [
              { group: 'acme', leg: 'partner_fee', chainId: 8453, token: EX.baseUsdc, amount: '25000', usdValue: '0.024998', entries: 1, unpricedEntries: 0 },
              { group: 'acme', leg: 'service_fee', chainId: 8453, token: EX.baseUsdc, amount: '50000', usdValue: '0.049995', entries: 1, unpricedEntries: 0 },
            ],
          },
        }),
      },
      examples: {
        byPartner: { summary: 'November per partner', query: { groupBy: 'partner', from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' } },
        byDay: { summary: 'Service revenue per day', query: { groupBy: 'day', account: 'service_revenue' } },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/ledger/entries',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, query }) => services.ledger.entries(parseInput(ledgerEntriesQuerySchema, queryObject(query))),
    doc: {
      operationId: 'adminListLedgerEntries',
      tag: 'Admin',
      summary: 'List ledger entries',
      description:
        'The postings, newest first, filtered by account, partner, provider, token, mode, order, transaction and time. Each fee transaction has two entries that sum to zero; a reversal has the same entries negated.',
      query: ledgerEntriesQuerySchema,
      responses: {
        200: json('A page of entries.', pageSchema(ledgerEntryViewSchema), {
          page: { object: 'list', data: [CREDIT, DEBIT], hasMore: false, nextCursor: null },
        }),
      },
      examples: {
        partner: { summary: "A partner's entries in one token", query: filtersQuery },
        account: { summary: 'Service revenue, live', query: { account: 'service_revenue', mode: 'live', limit: '50' } },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/ledger/export.csv',
    access: 'admin',
    scope: 'admin',
    // Reads every entry of the range, page by page: as much as ten list pages.
    rateLimit: { weight: EXPORT_WEIGHT },
    handler: ({ services, query }) => {
      const q = parseInput(ledgerCsvQuerySchema, queryObject(query));
      const range = services.ledger.range(q);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return reply(200, services.ledger.csv(q, range), {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="ledger-${day(range.from)}-${day(range.to)}-v${range.version}.csv"`,
        'cache-control': 'no-store',
      });
    },
    doc: {
      operationId: 'adminExportLedgerCsv',
      tag: 'Admin',
      summary: 'Export ledger entries as CSV',
      description:
        "The entries created in [`from`, `to`) (default: the last 30 days), oldest first, one record per entry with the columns of `version` (docs/ledger.md): Stripe’s balance-transaction layout (`id`, `created`, `type`, `reporting_category`, `amount`, `fee`, `net`, `currency`, `source`) then the ledger’s own fields. Signed amounts as integer strings of base units, timestamps ISO 8601 UTC, text starting with `=`, `+`, `-`, `@`, a tab or CR prefixed with `'` (a plain negative number is written as it is).",
      query: ledgerCsvQuerySchema,
      responses: {
        200: {
          description: 'The CSV (RFC 4180, UTF-8, CRLF): a header record, then one record per entry, oldest first.',
          mediaType: 'text/csv',
          headers: ['ContentDisposition'],
          schema: z.string().meta({ description: 'CSV text; columns per `version` in docs/ledger.md.' }),
        },
      },
      examples: {
        month: { summary: 'November, live, current columns', query: { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z', mode: 'live' } },
        versioned: { summary: "One partner's entries of the last 30 days, columns of version 1", query: { partner: 'acme', version: '1' } },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/ledger/transactions/:id/reverse',
    access: 'admin',
    scope: 'admin',
    handler: async ({ services, params, body, requireAdmin }) =>
      reply(201, await services.ledger.reverse(requireAdmin(), params.id, parseInput(reverseLedgerTransactionSchema, body))),
    doc: {
      operationId: 'adminReverseLedgerTransaction',
      tag: 'Admin',
      summary: 'Reverse a ledger transaction',
      description:
        'Corrects the ledger the only way it can be: a new `reversal` transaction with the fee transaction’s entries negated (USD values too, at the original prices), with the reason; recorded in the audit log in the same database transaction. A transaction is reversed at most once, and a reversal is not reversed: 409 `CONFLICT`.',
      params: ledgerTransactionIdParamSchema,
      body: { schema: reverseLedgerTransactionSchema },
      responses: {
        201: json('The reversal, with its entries.', ledgerTransactionViewSchema, {
          reversal: {
            object: 'ledger_transaction',
            id: 'ltx_9Vn4Kq1Wz6Lm3Tb8Xc2Rp5',
            type: 'reversal',
            leg: 'service_fee',
            orderId: ORDER,
            reversesId: EX.ledgerTransactionId,
            reason: 'Fill refunded by the provider after settlement',
            actor: 'alice',
            livemode: true,
            createdAt: EX.expiresAt,
            entries: [CREDIT, DEBIT].map((e, i) => ({
              ...e,
              id: ['len_5Wz8Lm2Tb7Xc1Vn4Kq9Rp3', 'len_1Xc6Vn9Kq3Wz8Lm5Tb2Rp7'][i]!,
              transactionId: 'ltx_9Vn4Kq1Wz6Lm3Tb8Xc2Rp5',
              type: 'reversal' as const,
              amount: e.amount.startsWith('-') ? e.amount.slice(1) : `-${e.amount}`,
              usdValue: e.usdValue!.startsWith('-') ? e.usdValue!.slice(1) : `-${e.usdValue}`,
              createdAt: EX.expiresAt,
            })),
          },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        reverse: {
          summary: 'Reverse a fee transaction',
          params: { id: EX.ledgerTransactionId },
          body: { reason: 'Fill refunded by the provider after settlement' },
        },
        again: { summary: 'A transaction already reversed', params: { id: EX.reversedLedgerTransactionId }, body: { reason: 'Second try' }, status: 409 },
      },
    },
  },
];
