import type { KeyAuth } from '../accounts/service.js';
import type { CheckoutService } from '../checkout/service.js';
import type { Clock } from '../clock.js';
import type { Page, RangePageQuery } from '../db/keyset.js';
import type { DepositsService } from '../deposits/service.js';
import { ApiError } from '../errors.js';
import type { InvoicesService } from '../invoices/service.js';
import type { OrdersService } from '../orders/service.js';
import { cellsOf, columnNames, type DepositWithOrder, type ExportKind, type ExportVersion, type RowOf } from './columns.js';
import { csvRecord } from './csv.js';

/** The CSV writer (RFC 4180 with the formula guard), for other domains' CSV downloads (the fee ledger's). */
export { type Cell, csvRecord } from './csv.js';
import type { ExportQuery } from './input.js';

/** Rows read per page from the owner's service. */
const PAGE = 500;
const DAY_MS = 86_400_000;
/** The most text `text()` (GraphQL `csvExport`) answers: 5 MiB. Larger exports are streamed by REST. */
export const MAX_EXPORT_TEXT_BYTES = 5 * 1024 * 1024;

export interface ExportRange {
  from: Date;
  to: Date;
  version: ExportVersion;
}

/**
 * CSV exports of orders, checkout sessions, invoices and deposits (src/exports/columns.ts holds the columns). The
 * rows come from each owner's service (`exportPage`: the key's account and mode, oldest first); this domain owns
 * no table and reads none.
 */
export class ExportsService {
  constructor(
    private readonly deps: {
      clock: Clock;
      orders: Pick<OrdersService, 'exportPage' | 'getMany'>;
      checkout: Pick<CheckoutService, 'exportPage'>;
      invoices: Pick<InvoicesService, 'exportPage'>;
      deposits: Pick<DepositsService, 'exportPage'>;
    },
  ) {}

  /** The range a query names: `to` defaults to now, `from` to 30 days before `to`. */
  range(q: ExportQuery): ExportRange {
    const to = q.to ? new Date(q.to) : new Date(this.deps.clock.now());
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS);
    if (from >= to) throw new ApiError('INVALID_PARAMS', 'from: must be before `to`', { field: 'from' });
    return { from, to, version: q.version as ExportVersion };
  }

  /** The CSV, a header record then one chunk of records per page read: streamed by REST. */
  async *csv(auth: KeyAuth, kind: ExportKind, range: ExportRange): AsyncGenerator<string> {
    yield csvRecord(columnNames(kind, range.version));
    let cursor: string | null = null;
    do {
      const page: Page<RowOf[ExportKind]> = await this.page(auth, kind, { from: range.from, to: range.to, cursor, limit: PAGE });
      if (page.data.length) yield page.data.map((row) => csvRecord(cellsOf(kind, range.version, row))).join('');
      cursor = page.nextCursor;
    } while (cursor);
  }

  /** The whole CSV as one string (GraphQL), at most `maxBytes`: INVALID_PARAMS beyond (a shorter range, or REST). */
  async text(auth: KeyAuth, kind: ExportKind, range: ExportRange, maxBytes = MAX_EXPORT_TEXT_BYTES): Promise<string> {
    let out = '';
    let bytes = 0;
    for await (const chunk of this.csv(auth, kind, range)) {
      bytes += Buffer.byteLength(chunk);
      if (bytes > maxBytes)
        throw new ApiError('INVALID_PARAMS', `The export is larger than ${maxBytes} bytes: ask for a shorter range, or download it from the REST route`, {
          field: 'from',
        });
      out += chunk;
    }
    return out;
  }

  private async page(auth: KeyAuth, kind: ExportKind, q: RangePageQuery): Promise<Page<RowOf[ExportKind]>> {
    const d = this.deps;
    if (kind === 'orders') return d.orders.exportPage(auth, q);
    if (kind === 'checkout_sessions') return d.checkout.exportPage(auth, q);
    if (kind === 'invoices') return d.invoices.exportPage(auth, q);
    const page = await d.deposits.exportPage(auth, q);
    // Each deposit with its order record (status, delivered amount): one query per page.
    const orders = await d.orders.getMany(page.data.map((dep) => dep.quoteId));
    return { ...page, data: page.data.map((deposit, i): DepositWithOrder => ({ deposit, order: orders[i] ?? null })) };
  }
}
