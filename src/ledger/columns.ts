import type { Cell } from '../exports/service.js';
import type { LedgerCsvVersion } from './input.js';
import { currencyOf, type LedgerEntryView } from './views.js';

/**
 * The fee ledger CSV's columns, per version (docs/ledger.md lists them; test/ledger/ checks the list against this
 * file). One record per entry, oldest first, in the layout of Stripe's balance transactions (`id`, `created`, `type`,
 * `reporting_category`, `amount`, `fee`, `net`, `currency`, `source`) followed by the ledger's own fields. A
 * version's names and order never change once released; a change is a new version and the old one is still served.
 */

/** An entry with what its transaction says of it (a reversal's target and reason). */
export interface LedgerCsvRow {
  entry: LedgerEntryView;
  reversesId: string | null;
  reason: string | null;
}

type Columns = ReadonlyArray<readonly [name: string, value: (r: LedgerCsvRow) => Cell]>;

const v1: Columns = [
  ['id', ({ entry: e }) => e.id],
  ['created', ({ entry: e }) => e.createdAt],
  ['type', ({ entry: e }) => e.type],
  ['reporting_category', ({ entry: e }) => e.leg],
  ['amount', ({ entry: e }) => e.amount],
  // A posting carries no fee of its own: `fee` is 0 and `net` is `amount` (kept for tools that read Stripe's layout).
  ['fee', () => '0'],
  ['net', ({ entry: e }) => e.amount],
  ['currency', ({ entry: e }) => currencyOf(e)],
  ['decimals', ({ entry: e }) => e.decimals],
  ['source', ({ entry: e }) => e.transactionId],
  ['order_id', ({ entry: e }) => e.orderId],
  ['reverses', (r) => r.reversesId],
  ['reason', (r) => r.reason],
  ['partner', ({ entry: e }) => e.partnerId],
  ['account', ({ entry: e }) => e.account],
  ['mode', ({ entry: e }) => (e.livemode ? 'live' : 'test')],
  ['provider', ({ entry: e }) => e.provider],
  ['src_chain_id', ({ entry: e }) => e.srcChainId],
  ['dst_chain_id', ({ entry: e }) => e.dstChainId],
  ['usd_value', ({ entry: e }) => e.usdValue],
  ['price_usd', ({ entry: e }) => e.priceUsd],
  ['price_source', ({ entry: e }) => e.priceSource],
];

const LEDGER_CSV_COLUMNS: { readonly [V in LedgerCsvVersion]: Columns } = { 1: v1 };

export const ledgerColumnNames = (version: LedgerCsvVersion): string[] => LEDGER_CSV_COLUMNS[version].map(([name]) => name);

export const ledgerCells = (version: LedgerCsvVersion, row: LedgerCsvRow): Cell[] => LEDGER_CSV_COLUMNS[version].map(([, value]) => value(row));
