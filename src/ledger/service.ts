import type { Prisma as PrismaClient } from '../db/client.js';
import type { LedgerEntry as EntryRow, Order as OrderRow, Prisma } from '../db/generated/client.js';
import { after, afterAscending, decodeCursor, encodeCursor, type Keyset, NEWEST_FIRST, OLDEST_FIRST, type Page, pageOf } from '../db/keyset.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { ApiError, notFound } from '../errors.js';
import type { Handles } from '../handles.js';
import { newId } from '../ids.js';
import { type AdminWrite, recordAudit } from '../admin/outbox.js';
import type { AssetsService, TokenValuation } from '../assets/service.js';
import { csvRecord, MAX_EXPORT_TEXT_BYTES } from '../exports/service.js';
import type { FillListener, FillPreview } from '../orders/service.js';
import { ledgerCells, ledgerColumnNames } from './columns.js';
import {
  LEDGER_ENTRY_ID,
  LEDGER_TRANSACTION_ID,
  type LedgerBalancesQuery,
  type LedgerCsvQuery,
  type LedgerCsvVersion,
  type LedgerEntriesQuery,
  type LedgerGroup,
  type LedgerTotalsQuery,
  type ReverseLedgerTransaction,
} from './input.js';
import { fillPostings, formatMicros, type LedgerLeg, PAYER_VOLUME, type PriceSource, usdMicros } from './postings.js';
import { sameShape } from '../openapi/same-shape.js';
import { entryView, type LedgerBalancesView, type LedgerEntryView, type LedgerTotalsView, type LedgerTransactionView, transactionView } from './views.js';

// The price sources the ledger stores are exactly those the price book names.
sameShape<NonNullable<TokenValuation['price']>['source'], PriceSource>(true);

/** What a fill's transaction needs that was read before it opened: decimals and prices, per `<chain id>:<token>`. */
type FillValuations = ReadonlyMap<string, TokenValuation>;

/** The filters every ledger read shares (input.ts). */
type Filters = Pick<LedgerEntriesQuery, 'account' | 'partner' | 'provider' | 'token'>;

export interface LedgerRange {
  from: Date;
  to: Date;
  version: LedgerCsvVersion;
}

/** Rows read per CSV page. */
const PAGE = 500;
const DAY_MS = 86_400_000;

/**
 * The double-entry fee ledger (docs/ledger.md; postings in postings.ts). It writes only its own tables, and only two
 * ways: `fillListener`, run by the orders domain inside the transaction that fills an order (wired in
 * src/services.ts), and `reverse`, an operator's correction, audited in its own transaction. Both tables are
 * append-only in the database itself. Everything else here reads: balances, totals, entries, the CSV.
 */
export class LedgerService {
  private readonly prisma: PrismaClient;

  constructor(private readonly deps: Pick<Handles, 'log' | 'clock' | 'prisma'> & { assets: Pick<AssetsService, 'valuations'> }) {
    this.prisma = deps.prisma;
  }

  /** The orders domain's fill listener: prices before the fill's transaction, the postings inside it. */
  readonly fillListener: FillListener<FillValuations> = {
    prepare: (orders) => this.valueFills(orders),
    record: (tx, order, valuations) => this.recordFill(tx, order, valuations),
  };

  /** The decimals and USD price of each input token, read (cached) before the transaction; none known → none used. */
  private async valueFills(orders: readonly FillPreview[]): Promise<FillValuations> {
    const refs = new Map<string, { chainId: number; address: string }>();
    for (const o of orders) if (o.srcToken) refs.set(fillKey(o.srcChainId, o.srcToken), { chainId: o.srcChainId, address: o.srcToken });
    if (!refs.size) return new Map();
    try {
      return await this.deps.assets.valuations([...refs.values()]);
    } catch (err) {
      this.deps.log.warn({ err }, 'ledger: fill valuations unavailable; entries are written without USD values');
      return new Map();
    }
  }

  /**
   * Posts a filled order's fees in the caller's transaction (the fill's own). Each leg is one transaction, written at
   * most once: a replayed fill finds (order, leg) taken and writes nothing, and so does a second order reporting the
   * same source transaction (its source key is taken; logged).
   */
  private async recordFill(tx: Prisma.TransactionClient, order: OrderRow, valuations: FillValuations): Promise<void> {
    const legs = fillPostings({ amount: BigInt(order.amount), ourFeeBps: order.ourFeeBps, partnerFeeBps: order.partnerFeeBps, partnerId: order.partnerId });
    if (!legs.length) return;
    const v = order.srcToken ? valuations.get(fillKey(order.srcChainId, order.srcToken)) : undefined;
    const at = order.finalizedAt ?? new Date(this.deps.clock.now());
    const sourceKey = sourceKeyOf(order);
    for (const leg of legs) {
      const id = newId('ltx');
      const created = await tx.ledgerTransaction.createMany({
        data: [{ id, kind: 'fee', orderId: order.quoteId, leg: leg.leg, sourceKey, livemode: order.livemode, createdAt: at }],
        skipDuplicates: true,
      });
      if (created.count !== 1) {
        const posted = await tx.ledgerTransaction.findFirst({ where: { kind: 'fee', leg: leg.leg, OR: [{ orderId: order.quoteId }, { sourceKey }] } });
        if (posted && posted.orderId !== order.quoteId)
          this.deps.log.warn({ quoteId: order.quoteId, postedBy: posted.orderId, sourceKey }, 'ledger: source transaction already posted by another order');
        continue;
      }
      await tx.ledgerEntry.createMany({
        data: leg.postings.map((p) => ({
          id: newId('len'),
          transactionId: id,
          kind: 'fee',
          orderId: order.quoteId,
          leg: leg.leg,
          account: p.account,
          partnerId: p.partnerId,
          chainId: order.srcChainId,
          token: order.srcToken,
          decimals: v?.decimals ?? null,
          amount: p.amount.toString(),
          usdValue: v?.price ? formatMicros(usdMicros(p.amount, v.decimals, v.price.usd)) : null,
          priceUsd: v?.price?.usd ?? null,
          priceSource: v?.price?.source ?? null,
          livemode: order.livemode,
          provider: order.provider,
          srcChainId: order.srcChainId,
          dstChainId: order.dstChainId,
          createdAt: at,
        })),
      });
    }
  }

  /**
   * An operator's correction: a reversal of a fee transaction, its entries negated (USD values too, at the original
   * prices), with the reason, audited in the same transaction. At most one per transaction, and a reversal is not
   * reversed: CONFLICT. Unknown id: NOT_FOUND.
   */
  async reverse(who: AdminWrite, id: string, input: ReverseLedgerTransaction): Promise<LedgerTransactionView> {
    if (!LEDGER_TRANSACTION_ID.test(id)) throw notFound('Ledger transaction');
    const at = new Date(this.deps.clock.now());
    try {
      return await this.prisma.$transaction(async (tx) => {
        const original = await tx.ledgerTransaction.findUnique({ where: { id }, include: { entries: { orderBy: { id: 'asc' } } } });
        if (!original) throw notFound('Ledger transaction');
        if (original.kind !== 'fee') throw new ApiError('CONFLICT', `Ledger transaction ${id} is a reversal; reversals are not reversed`);
        const existing = await tx.ledgerTransaction.findUnique({ where: { reversesId: id }, select: { id: true } });
        if (existing) throw alreadyReversed(id, existing.id);
        const reversal = await tx.ledgerTransaction.create({
          data: {
            id: newId('ltx'),
            kind: 'reversal',
            orderId: original.orderId,
            leg: original.leg,
            reversesId: id,
            reason: input.reason,
            actor: who.actor.name,
            livemode: original.livemode,
            createdAt: at,
          },
        });
        const entries = original.entries.map(
          (e): EntryRow => ({
            ...e,
            id: newId('len'),
            transactionId: reversal.id,
            kind: 'reversal',
            amount: e.amount.neg(),
            usdValue: e.usdValue === null ? null : e.usdValue.neg(),
            createdAt: at,
          }),
        );
        await tx.ledgerEntry.createMany({ data: entries });
        const before = transactionView(original, original.entries);
        const after_ = transactionView(reversal, entries);
        await recordAudit(tx, who, { action: 'ledger.reverse', targetType: 'ledger_transaction', targetId: id, before, after: after_ }, at);
        return after_;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another operator's reversal of the same transaction committed first.
      const other = await this.prisma.ledgerTransaction.findUnique({ where: { reversesId: id }, select: { id: true } });
      throw alreadyReversed(id, other?.id);
    }
  }

  /** Entries newest first, filtered (input.ts), with cursor paging. */
  async entries(q: LedgerEntriesQuery): Promise<Page<LedgerEntryView>> {
    const cursor = q.cursor ? decodeCursor(q.cursor, (id) => LEDGER_ENTRY_ID.test(id)) : null;
    const rows = await this.prisma.ledgerEntry.findMany({
      where: {
        AND: [
          entryFilter(q),
          q.mode ? { livemode: q.mode === 'live' } : {},
          q.orderId ? { orderId: q.orderId } : {},
          q.transactionId ? { transactionId: q.transactionId } : {},
          q.from || q.to ? { createdAt: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lt: new Date(q.to) } : {}) } } : {},
          after(cursor),
        ],
      },
      orderBy: NEWEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, entryView, (r) => encodeCursor(r));
  }

  /** An entry's cursor (GraphQL edges). */
  entryCursor(v: LedgerEntryView): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /**
   * Every account's balance per currency as it stood at `at` (entries created at or before it; default now), in
   * one mode. Balances are sums of postings: `service_revenue` and each `partner_payable:…` positive, `payer_volume`
   * minus their total; every currency sums to zero across accounts.
   */
  async balances(q: Partial<LedgerBalancesQuery> = {}): Promise<LedgerBalancesView> {
    const at = q.at ? new Date(q.at) : new Date(this.deps.clock.now());
    const mode = q.mode ?? 'live';
    const w = new Where()
      .add('livemode = ?::boolean', mode === 'live')
      .add('created_at <= ?::timestamptz', at.toISOString())
      .filters(q);
    const rows = await this.prisma.$queryRawUnsafe<SumRow[]>(
      `SELECT account AS grp, chain_id, token, ${SUMS} FROM ledger_entries WHERE ${w.sql} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      ...w.params,
    );
    return {
      object: 'ledger_balances',
      at: at.toISOString(),
      mode,
      data: rows.map((r) => ({ account: r.grp!, chainId: r.chain_id, token: r.token, ...sums(r) })),
    };
  }

  /**
   * The fees recorded in [from, to) (from the first entry when `from` is absent; `to` default now), net of
   * reversals, in one mode, per group (`groupBy`: partner, account, provider, token, UTC day or month), leg and
   * currency. They are the credit side: every account but `payer_volume`, unless `account` names one. Cheap enough
   * to call for metrics (`totals()` is all fees per account, live).
   */
  async totals(q: Partial<LedgerTotalsQuery> = {}): Promise<LedgerTotalsView> {
    const groupBy = q.groupBy ?? 'account';
    const mode = q.mode ?? 'live';
    const to = q.to ? new Date(q.to) : new Date(this.deps.clock.now());
    const from = q.from ? new Date(q.from) : null;
    if (from && from >= to) throw new ApiError('INVALID_PARAMS', 'from: must be before `to`', { field: 'from' });
    const w = new Where().add('livemode = ?::boolean', mode === 'live').add('created_at < ?::timestamptz', to.toISOString());
    if (from) w.add('created_at >= ?::timestamptz', from.toISOString());
    if (!q.account) w.add('account <> ?', PAYER_VOLUME);
    w.filters(q);
    const rows = await this.prisma.$queryRawUnsafe<Array<SumRow & { leg: LedgerLeg }>>(
      `SELECT ${GROUP_SQL[groupBy]} AS grp, leg, chain_id, token, ${SUMS} FROM ledger_entries WHERE ${w.sql}
       GROUP BY 1, 2, 3, 4 ORDER BY 1 NULLS FIRST, 2, 3, 4`,
      ...w.params,
    );
    return {
      object: 'ledger_totals',
      groupBy,
      mode,
      from: from?.toISOString() ?? null,
      to: to.toISOString(),
      data: rows.map((r) => ({ group: r.grp, leg: r.leg, chainId: r.chain_id, token: r.token, ...sums(r) })),
    };
  }

  /** The CSV's range: `to` defaults to now, `from` to 30 days before `to`. */
  range(q: Pick<LedgerCsvQuery, 'from' | 'to' | 'version'>): LedgerRange {
    const to = q.to ? new Date(q.to) : new Date(this.deps.clock.now());
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS);
    if (from >= to) throw new ApiError('INVALID_PARAMS', 'from: must be before `to`', { field: 'from' });
    return { from, to, version: q.version };
  }

  /** The CSV of the entries created in the range, oldest first: a header record, then one chunk per page (REST streams it). */
  async *csv(q: Filters & Pick<LedgerCsvQuery, 'mode'>, range: LedgerRange): AsyncGenerator<string> {
    yield csvRecord(ledgerColumnNames(range.version));
    const where = { AND: [entryFilter(q), q.mode ? { livemode: q.mode === 'live' } : {}, { createdAt: { gte: range.from, lt: range.to } }] };
    let cursor: Keyset | null = null;
    do {
      const rows: Array<EntryRow & { transaction: { reversesId: string | null; reason: string | null } }> = await this.prisma.ledgerEntry.findMany({
        where: { AND: [where, afterAscending(cursor)] },
        include: { transaction: { select: { reversesId: true, reason: true } } },
        orderBy: OLDEST_FIRST,
        take: PAGE + 1,
      });
      const page = rows.slice(0, PAGE);
      if (page.length)
        yield page
          .map((r) => csvRecord(ledgerCells(range.version, { entry: entryView(r), reversesId: r.transaction.reversesId, reason: r.transaction.reason })))
          .join('');
      const last = page.at(-1);
      cursor = rows.length > PAGE && last ? { createdAt: last.createdAt, id: last.id } : null;
    } while (cursor);
  }

  /** The whole CSV as one string (GraphQL), at most `maxBytes`: INVALID_PARAMS beyond (a shorter range, or REST). */
  async text(q: Filters & Pick<LedgerCsvQuery, 'mode'>, range: LedgerRange, maxBytes = MAX_EXPORT_TEXT_BYTES): Promise<string> {
    let out = '';
    let bytes = 0;
    for await (const chunk of this.csv(q, range)) {
      bytes += Buffer.byteLength(chunk);
      if (bytes > maxBytes)
        throw new ApiError('INVALID_PARAMS', `The export is larger than ${maxBytes} bytes: ask for a shorter range, or download it from the REST route`, {
          field: 'from',
        });
      out += chunk;
    }
    return out;
  }
}

const fillKey = (chainId: number, token: string) => `${chainId}:${token}`;

/** The source transaction a fill came from: one limit order or deposit address per key where one transaction serves several. */
const sourceKeyOf = (o: OrderRow) =>
  `${o.srcChainId}:${o.srcTxHash}${o.limitOrderId ? `:${o.limitOrderId}` : o.depositAddressId ? `:${o.depositAddressId}` : ''}`;

const alreadyReversed = (id: string, by: string | undefined) =>
  new ApiError('CONFLICT', `Ledger transaction ${id} is already reversed${by ? ` by ${by}` : ''}; a transaction is reversed at most once`);

/** `<chain id>:<token>` → its columns (EVM addresses are stored lower-case). */
function currency(token: string): { chainId: number; token: string } {
  const i = token.indexOf(':');
  const address = token.slice(i + 1);
  return { chainId: Number(token.slice(0, i)), token: address.startsWith('0x') ? address.toLowerCase() : address };
}

function entryFilter(q: Filters): Prisma.LedgerEntryWhereInput {
  return {
    ...(q.account ? { account: q.account } : {}),
    ...(q.partner ? { partnerId: q.partner } : {}),
    ...(q.provider ? { provider: q.provider } : {}),
    ...(q.token ? currency(q.token) : {}),
  };
}

interface SumRow {
  grp: string | null;
  chain_id: number;
  token: string | null;
  amount: string;
  usd: string | null;
  n: number;
  unpriced: number;
}

const SUMS = 'sum(amount)::text AS amount, sum(usd_value)::text AS usd, count(*)::int AS n, (count(*) - count(usd_value))::int AS unpriced';

const sums = (r: SumRow) => ({ amount: r.amount, usdValue: r.usd, entries: r.n, unpricedEntries: r.unpriced });

/** What each `groupBy` groups the entries by (days and months in UTC). */
const GROUP_SQL: Record<LedgerGroup, string> = {
  partner: 'partner_id',
  account: 'account',
  provider: 'provider',
  token: "chain_id::text || ':' || coalesce(token, '')",
  day: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  month: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')`,
};

/** A WHERE clause with positional parameters, built from fixed fragments (no input ever becomes SQL text). */
class Where {
  private parts: string[] = [];
  readonly params: unknown[] = [];

  add(fragment: string, value: unknown): this {
    this.params.push(value);
    this.parts.push(fragment.replace('?', `$${this.params.length}`));
    return this;
  }

  filters(q: Filters): this {
    if (q.account) this.add('account = ?', q.account);
    if (q.partner) this.add('partner_id = ?', q.partner);
    if (q.provider) this.add('provider = ?', q.provider);
    if (q.token) {
      const c = currency(q.token);
      this.add('chain_id = ?::int', c.chainId).add('token = ?', c.token);
    }
    return this;
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }
}
