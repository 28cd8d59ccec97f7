import { useClient, useQuery } from '@urql/preact';
import { useMemo, useState } from 'preact/hooks';
import { type Series, TimeChart } from '../../../dashboard/src/components/chart';
import { ErrorNotice, Field, Loading, MoreButton, Mono, Notice, PageHeader, Table, When, PageChain } from '../../../dashboard/src/components/ui';
import { ApiFailure, mutate, toFailure } from '../../../dashboard/src/gql';
import { useAction } from '../action';
import { navigate, useLocation } from '../router';
import { storedToken } from '../token';

/**
 * The fee ledger: balances of every ledger account, fee totals over a range grouped by partner, account, provider,
 * token, UTC day or month (a chart by day or month, always with the same numbers as a table), the entries with
 * paging, the CSV of the range, and reversing a fee transaction with a reason (audited). The view (mode, range,
 * filter, grouping) lives in the query string, so a view is a link.
 */
type Mode = 'live' | 'test';
type Group = 'partner' | 'account' | 'provider' | 'token' | 'day' | 'month';
type Leg = 'service_fee' | 'partner_fee';

interface Balance {
  account: string;
  chainId: number;
  token: string | null;
  amount: string;
  usdValue: string | null;
  entries: number;
  unpricedEntries: number;
}
interface Total {
  group: string | null;
  leg: Leg;
  chainId: number;
  token: string | null;
  amount: string;
  usdValue: string | null;
  entries: number;
  unpricedEntries: number;
}
interface Entry {
  id: string;
  createdAt: string;
  transactionId: string;
  type: 'fee' | 'reversal';
  leg: Leg;
  account: string;
  amount: string;
  decimals: number | null;
  chainId: number;
  token: string | null;
  usdValue: string | null;
  orderId: string;
  provider: string;
  partnerId: string | null;
  mode: Mode;
}

const BALANCES = /* GraphQL */ `
  query AdminLedgerBalances($mode: Mode, $filter: AdminLedgerFilter) {
    adminLedgerBalances(mode: $mode, filter: $filter, first: 500) {
      nodes { account chainId token amount usdValue entries unpricedEntries }
      pageInfo { hasNextPage endCursor }
    }
  }
`;
const TOTALS = /* GraphQL */ `
  query AdminLedgerTotals($mode: Mode, $filter: AdminLedgerFilter, $groupBy: LedgerGroupBy, $startAt: DateTime, $endAt: DateTime) {
    adminLedgerTotals(mode: $mode, filter: $filter, groupBy: $groupBy, startAt: $startAt, endAt: $endAt, first: 500) {
      nodes { group leg chainId token amount usdValue entries unpricedEntries }
      pageInfo { hasNextPage endCursor }
    }
  }
`;
const ENTRIES = /* GraphQL */ `
  query AdminLedgerEntries($filter: AdminLedgerEntryFilter, $first: Int, $after: String) {
    adminLedgerEntries(filter: $filter, first: $first, after: $after) {
      nodes { id createdAt transactionId type leg account amount decimals chainId token usdValue orderId provider partnerId mode }
      pageInfo { hasNextPage endCursor }
    }
  }
`;
const REVERSE = /* GraphQL */ `
  mutation AdminReverseLedgerTransaction($input: AdminReverseLedgerTransactionInput!) {
    adminReverseLedgerTransaction(input: $input) { __typename ... on Error { code message } ... on AdminReverseLedgerTransactionPayload { reversal { id } } }
  }
`;

/** Each grouping: its name as a column header, and in a sentence. */
const GROUPS: Array<[Group, string, string]> = [
  ['day', 'UTC day', 'UTC day'],
  ['month', 'UTC month', 'UTC month'],
  ['partner', 'Partner', 'partner'],
  ['account', 'Ledger account', 'ledger account'],
  ['provider', 'Provider', 'provider'],
  ['token', 'Token', 'token'],
];
const FILTERS = [
  ['partner', 'Partner'],
  ['account', 'Ledger account'],
  ['provider', 'Provider'],
  ['token', 'Token (chain:address)'],
] as const;
type FilterKey = (typeof FILTERS)[number][0];
const LEG_LABEL: Record<Leg, string> = { service_fee: 'Service fee', partner_fee: 'Partner fee' };

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The view of the query string: mode (default live), the range of UTC days (default the last 30), the filter, the grouping (default by day). */
function viewOf(search: URLSearchParams) {
  const day = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(search.get(k) ?? '') ? search.get(k)! : undefined);
  const today = isoDay(Date.now());
  const to = day('to') ?? today;
  const from = day('from') ?? isoDay(Date.parse(to) - 29 * DAY);
  const filter: Partial<Record<FilterKey, string>> = {};
  for (const [k] of FILTERS) {
    const v = search.get(k)?.trim();
    if (v) filter[k] = v;
  }
  const group = GROUPS.find(([g]) => g === search.get('group'))?.[0] ?? 'day';
  return { mode: (search.get('mode') === 'test' ? 'test' : 'live') as Mode, from, to, filter, group };
}
type View = ReturnType<typeof viewOf>;
const hrefOf = (v: View) => {
  const q = new URLSearchParams({ mode: v.mode, from: v.from, to: v.to, group: v.group, ...v.filter });
  return `/ledger?${q}`;
};
/** The range as times: from the first day's start to the end of the last day (exclusive). */
const rangeOf = (v: View) => ({ startAt: `${v.from}T00:00:00.000Z`, endAt: new Date(Date.parse(v.to) + DAY).toISOString() });

const usd = (v: string | null, unpriced = 0) =>
  v === null ? (
    <span class="muted">No price</span>
  ) : (
    `${Number(v) < 0 ? '−' : ''}$${Math.abs(Number(v)).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${unpriced ? ' *' : ''}`
  );
const currency = (chainId: number, token: string | null) =>
  token ? (
    <span>
      {chainId}:<Mono value={token} short />
    </span>
  ) : (
    <span class="muted">chain {chainId}, token not recorded</span>
  );

export function LedgerPage() {
  const { search } = useLocation();
  const view = viewOf(search);
  const key = hrefOf(view);
  return (
    <>
      <PageHeader title="Fee ledger">
        <CsvButton view={view} />
      </PageHeader>
      <ViewForm key={key} view={view} />
      <Balances key={`b${key}`} view={view} />
      <Totals key={`t${key}`} view={view} />
      <Entries key={`e${key}`} view={view} />
      <Reverse />
    </>
  );
}

function ViewForm({ view }: { view: View }) {
  const [v, setV] = useState(view);
  return (
    <form
      class="panel filters"
      aria-label="Which ledger view"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(hrefOf(v));
      }}
    >
      <div class="form-row">
        <Field label="Mode">
          {(id) => (
            <select id={id} value={v.mode} onChange={(e) => setV({ ...v, mode: e.currentTarget.value as Mode })}>
              <option value="live">Live</option>
              <option value="test">Test</option>
            </select>
          )}
        </Field>
        <Field label="From (UTC day)">
          {(id) => <input id={id} type="date" required value={v.from} onInput={(e) => setV({ ...v, from: e.currentTarget.value })} />}
        </Field>
        <Field label="To (UTC day, included)">
          {(id) => <input id={id} type="date" required value={v.to} onInput={(e) => setV({ ...v, to: e.currentTarget.value })} />}
        </Field>
        <Field label="Totals by">
          {(id) => (
            <select id={id} value={v.group} onChange={(e) => setV({ ...v, group: e.currentTarget.value as Group })}>
              {GROUPS.map(([g, label]) => (
                <option key={g} value={g}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {FILTERS.map(([k, label]) => (
          <Field key={k} label={label}>
            {(id) => (
              <input
                id={id}
                spellcheck={false}
                value={v.filter[k] ?? ''}
                onInput={(e) => setV({ ...v, filter: { ...v.filter, [k]: e.currentTarget.value.trim() || undefined } })}
              />
            )}
          </Field>
        ))}
        <div class="actions">
          <button type="submit">Show</button>
        </div>
      </div>
    </form>
  );
}

function Balances({ view }: { view: View }) {
  const [{ data, error, fetching }] = useQuery<{ adminLedgerBalances: { nodes: Balance[] } }>({
    query: BALANCES,
    variables: { mode: view.mode, filter: view.filter },
  });
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">Balances now ({view.mode})</h2>
      <ErrorNotice error={error ? toFailure(error) : null} />
      {!data && fetching ? <Loading /> : null}
      {data ? (
        <Table
          caption={`Ledger balances per account and currency, ${view.mode} mode`}
          rows={data.adminLedgerBalances.nodes}
          rowKey={(b) => `${b.account}|${b.chainId}|${b.token}`}
          empty="No ledger entry in this mode yet."
          columns={[
            { label: 'Account', cell: (b) => <code>{b.account}</code> },
            { label: 'Currency', cell: (b) => currency(b.chainId, b.token) },
            { label: 'Amount (base units)', numeric: true, cell: (b) => b.amount },
            { label: 'USD', numeric: true, cell: (b) => usd(b.usdValue, b.unpricedEntries) },
            { label: 'Entries', numeric: true, cell: (b) => b.entries },
          ]}
        />
      ) : null}
    </section>
  );
}

function Totals({ view }: { view: View }) {
  const [{ data, error, fetching }] = useQuery<{ adminLedgerTotals: { nodes: Total[] } }>({
    query: TOTALS,
    variables: { mode: view.mode, filter: view.filter, groupBy: view.group, ...rangeOf(view) },
  });
  const nodes = data?.adminLedgerTotals.nodes;
  const chart = useMemo(
    () => (nodes && (view.group === 'day' || view.group === 'month') ? chartOf(nodes, view, view.group) : null),
    [nodes, view.from, view.to, view.group],
  );
  const [, groupLabel, groupWords] = GROUPS.find(([g]) => g === view.group)!;
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title">
        Fees from {view.from} to {view.to}, by {groupWords}
      </h2>
      <ErrorNotice error={error ? toFailure(error) : null} />
      {!data && fetching ? <Loading /> : null}
      {chart?.days.length ? <TimeChart title="Fees in USD (priced entries)" days={chart.days} series={chart.series} format={(v) => `$${v}`} /> : null}
      {nodes ? (
        <Table
          caption={`Fees by ${groupWords}, leg and currency`}
          rows={nodes}
          rowKey={(t) => `${t.group}|${t.leg}|${t.chainId}|${t.token}`}
          empty="No fee recorded in this range."
          columns={[
            { label: groupLabel, cell: (t) => (t.group === null ? <span class="muted">No partner</span> : <code>{t.group}</code>) },
            { label: 'Leg', cell: (t) => LEG_LABEL[t.leg] },
            { label: 'Currency', cell: (t) => currency(t.chainId, t.token) },
            { label: 'Amount (base units)', numeric: true, cell: (t) => t.amount },
            { label: 'USD', numeric: true, cell: (t) => usd(t.usdValue, t.unpricedEntries) },
            { label: 'Entries', numeric: true, cell: (t) => t.entries },
          ]}
        />
      ) : null}
      {nodes?.some((t) => t.unpricedEntries) ? <p class="hint">* Some entries had no price at fill time and are left out of the USD sum.</p> : null}
    </section>
  );
}

/** The UTC days (or months, as their first day) of the view's range, in order: the chart's x axis, gaps at zero. */
function axisOf(view: View, group: 'day' | 'month'): string[] {
  const out: string[] = [];
  for (let t = Date.parse(view.from); t <= Date.parse(view.to) && out.length < 1000; t += DAY) {
    const d = isoDay(t);
    const key = group === 'month' ? d.slice(0, 7) : d;
    if (out[out.length - 1] !== key) out.push(key);
  }
  return out;
}

/** Per day (or month: its first day) of the range, the USD value of each leg summed over currencies. */
function chartOf(nodes: Total[], view: View, group: 'day' | 'month'): { days: string[]; series: Series[] } {
  const keys = axisOf(view, group);
  const sum = (leg: Leg) => keys.map((k) => nodes.filter((t) => t.group === k && t.leg === leg).reduce((s, t) => s + Number(t.usdValue ?? 0), 0));
  return {
    days: keys.map((k) => (group === 'month' ? `${k}-01` : k)),
    series: [
      { label: LEG_LABEL.service_fee, values: sum('service_fee'), stroke: '#1d4ed8' },
      { label: LEG_LABEL.partner_fee, values: sum('partner_fee'), stroke: '#067647' },
    ],
  };
}

function Entries({ view }: { view: View }) {
  const filter = { ...view.filter, mode: view.mode, ...rangeOf(view) };
  return (
    <section aria-labelledby="entries-title">
      <h2 id="entries-title">Entries, newest first</h2>
      <PageChain page={(p) => <EntryPage filter={filter} {...p} />} />
    </section>
  );
}

function EntryPage({
  filter,
  after,
  onMore,
  last,
}: {
  filter: Record<string, unknown>;
  after: string | undefined;
  onMore: (c: string) => void;
  last: boolean;
}) {
  const [{ data, error, fetching }] = useQuery<{ adminLedgerEntries: { nodes: Entry[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>({
    query: ENTRIES,
    variables: { filter, first: 50, after },
  });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return fetching ? <Loading /> : null;
  const { nodes, pageInfo } = data.adminLedgerEntries;
  return (
    <>
      <Table
        caption={after ? 'More ledger entries' : 'Ledger entries, newest first'}
        rows={nodes}
        rowKey={(e) => e.id}
        empty={after ? 'No more entries.' : 'No entry in this range.'}
        columns={[
          { label: 'Time', cell: (e) => <When at={e.createdAt} /> },
          {
            label: 'Transaction',
            cell: (e) => (
              <span>
                <Mono value={e.transactionId} short /> {e.type === 'reversal' ? <span class="badge warn">Reversal</span> : null}
              </span>
            ),
          },
          { label: 'Leg', cell: (e) => LEG_LABEL[e.leg] },
          { label: 'Account', cell: (e) => <code>{e.account}</code> },
          { label: 'Amount (base units)', numeric: true, cell: (e) => e.amount },
          { label: 'Currency', cell: (e) => currency(e.chainId, e.token) },
          { label: 'USD', numeric: true, cell: (e) => usd(e.usdValue) },
          { label: 'Order', cell: (e) => <Mono value={e.orderId} short /> },
          { label: 'Provider', cell: (e) => e.provider },
        ]}
      />
      {last ? <MoreButton hasMore={pageInfo.hasNextPage} loading={fetching} onMore={() => pageInfo.endCursor && onMore(pageInfo.endCursor)} /> : null}
    </>
  );
}

function Reverse() {
  const client = useClient();
  const [v, setV] = useState({ id: '', reason: '' });
  const action = useAction();
  return (
    <section class="panel" aria-labelledby="reverse-title">
      <h2 id="reverse-title">Reverse a fee transaction</h2>
      <p class="small">
        A new reversal transaction negates the fee transaction’s entries, at their original prices. A transaction is reversed at most once; the reversal is in
        the audit log with your reason.
      </p>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const ok = await action.run('Reversed.', () =>
            mutate(client, REVERSE, 'adminReverseLedgerTransaction', { id: v.id.trim(), reason: v.reason.trim() }),
          );
          if (ok) setV({ id: '', reason: '' });
        }}
      >
        <div class="form-row">
          <Field label="Transaction id" hint="ltx_…, from the entries above.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                spellcheck={false}
                autocomplete="off"
                required
                value={v.id}
                onInput={(e) => setV({ ...v, id: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label="Reason">{(id) => <input id={id} required value={v.reason} onInput={(e) => setV({ ...v, reason: e.currentTarget.value })} />}</Field>
          <div class="actions">
            <button type="submit" class="danger" disabled={action.busy}>
              Reverse
            </button>
          </div>
        </div>
      </form>
      <ErrorNotice error={action.error} />
      {action.done ? <Notice kind="success">{action.done} The entries above show it after a refresh.</Notice> : null}
    </section>
  );
}

/**
 * The CSV of the view's range (all its entries, oldest first), from the REST export that streams it: fetched with
 * the token (a plain link could not carry it) and saved under the server's file name.
 */
function CsvButton({ view }: { view: View }) {
  const action = useAction();
  return (
    <>
      <button
        type="button"
        class="secondary"
        disabled={action.busy}
        onClick={() =>
          action.run('Downloaded.', async () => {
            const { startAt, endAt } = rangeOf(view);
            const q = new URLSearchParams({ mode: view.mode, from: startAt, to: endAt, ...view.filter });
            const res = await fetch(`/v1/admin/ledger/export.csv?${q}`, { credentials: 'omit', headers: { authorization: `Bearer ${storedToken() ?? ''}` } });
            if (!res.ok) {
              const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; requestId?: string } } | null;
              throw new ApiFailure(body?.error?.code ?? 'INTERNAL', body?.error?.message ?? `The export failed (${res.status})`, body?.error?.requestId);
            }
            const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'ledger.csv';
            const url = URL.createObjectURL(await res.blob());
            const a = document.createElement('a');
            a.href = url;
            a.download = name;
            a.click();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          })
        }
      >
        {action.busy ? 'Preparing the CSV…' : 'Download CSV'}
      </button>
      <ErrorNotice error={action.error} />
    </>
  );
}
