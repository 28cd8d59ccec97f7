import { useQuery } from '@urql/preact';
import { useMemo, useState } from 'preact/hooks';
import { TimeChart } from '../components/chart';
import { ErrorNotice, Field, Loading, PageHeader, Table } from '../components/ui';
import { toFailure } from '../gql';
import { useRefetchOn } from '../live';
import { useSession } from '../session';

/**
 * Overview: payments and volume per day over a chosen range (`dashboardOverview`: checkout sessions paid and
 * orders filled, per settlement token), as charts and the same numbers as a table. Refreshed live when a
 * session is paid or an order changes.
 */
interface Day {
  day: string;
  paidSessions: number;
  filledOrders: number;
}
interface Volume {
  day: string;
  chain: string;
  token: string;
  symbol: string;
  decimals: number;
  count: number;
  amount: string;
}
interface Overview {
  days: Day[];
  volume: Volume[];
}

const OVERVIEW = /* GraphQL */ `
  query DashboardOverview($startAt: DateTime!, $endAt: DateTime!) {
    dashboardOverview(startAt: $startAt, endAt: $endAt) {
      days { day paidSessions filledOrders }
      volume { day chain token symbol decimals count amount }
    }
  }
`;

const RANGES = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
] as const;

/** A base-unit amount as a decimal number (for charts only: display uses the exact string). */
const toNumber = (amount: string, decimals: number) => Number(amount) / 10 ** decimals;

/** Exact sum of base-unit amounts. */
const sum = (amounts: string[]) => amounts.reduce((a, b) => a + BigInt(b), 0n).toString();

/** A base-unit amount as an exact decimal string. */
function formatUnits(amount: string, decimals: number): string {
  const neg = amount.startsWith('-');
  const digits = (neg ? amount.slice(1) : amount).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = decimals ? digits.slice(digits.length - decimals).replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

const COLORS = ['#1d4ed8', '#067647', '#b54708', '#6941c6', '#c11574'];

export function OverviewPage() {
  const { login } = useSession();
  const [range, setRange] = useState('30');
  const vars = useMemo(() => {
    const to = new Date();
    const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() - Number(range) + 1));
    return { startAt: from.toISOString(), endAt: to.toISOString() };
  }, [range]);
  const [{ data, error, fetching }, refetch] = useQuery<{ dashboardOverview: Overview }>({ query: OVERVIEW, variables: vars });
  useRefetchOn(['checkout.session.*', 'order.*'], () => refetch({ requestPolicy: 'network-only' }));
  const o = data?.dashboardOverview;
  const days = useMemo(() => o?.days.map((d) => d.day) ?? [], [o]);
  /** Settlement tokens paid in over the range, each with its total. */
  const tokens = useMemo(() => {
    const by = new Map<string, Volume[]>();
    for (const v of o?.volume ?? []) {
      const k = `${v.chain}:${v.token}`;
      by.set(k, [...(by.get(k) ?? []), v]);
    }
    return [...by.entries()].map(([key, rows]) => ({
      key,
      ...rows[0]!,
      amount: sum(rows.map((r) => r.amount)),
      count: rows.reduce((n, r) => n + r.count, 0),
      rows,
    }));
  }, [o]);
  const countSeries = useMemo(
    () => [
      { label: 'Paid checkout sessions', stroke: COLORS[0]!, values: o?.days.map((d) => d.paidSessions) ?? [] },
      { label: 'Filled orders', stroke: COLORS[1]!, values: o?.days.map((d) => d.filledOrders) ?? [] },
    ],
    [o],
  );
  const volumeSeries = useMemo(
    () =>
      tokens.map((t, i) => ({
        label: `${t.symbol} on ${t.chain}`,
        stroke: COLORS[i % COLORS.length]!,
        values: days.map((d) => {
          const v = t.rows.find((r) => r.day === d);
          return v ? toNumber(v.amount, v.decimals) : 0;
        }),
      })),
    [tokens, days],
  );
  const totals = {
    paidSessions: o?.days.reduce((n, d) => n + d.paidSessions, 0) ?? 0,
    filledOrders: o?.days.reduce((n, d) => n + d.filledOrders, 0) ?? 0,
  };
  return (
    <>
      <PageHeader title="Overview">
        <Field label="Range">
          {(id) => (
            <select id={id} value={range} onChange={(e) => setRange(e.currentTarget.value)}>
              {RANGES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          )}
        </Field>
      </PageHeader>
      <p class="muted">
        {login.accountName}, {login.session.mode} mode. Days are UTC.
      </p>
      <ErrorNotice error={error ? toFailure(error) : null} />
      {fetching && !o ? <Loading /> : null}
      {o ? (
        <>
          <div class="stats">
            <div class="stat">
              <span class="value">{totals.paidSessions}</span> paid checkout sessions
            </div>
            <div class="stat">
              <span class="value">{totals.filledOrders}</span> filled orders
            </div>
            {tokens.map((t) => (
              <div class="stat" key={t.key}>
                <span class="value">{formatUnits(t.amount, t.decimals)}</span> {t.symbol} paid on {t.chain}
              </div>
            ))}
          </div>
          <TimeChart title="Payments per day" days={days} series={countSeries} />
          {volumeSeries.length ? <TimeChart title="Volume received per day" days={days} series={volumeSeries} /> : null}
          <details>
            <summary>The numbers as a table</summary>
            <Table
              caption="Payments and volume per day"
              rows={o.days}
              rowKey={(d) => d.day}
              empty="No days in this range."
              columns={[
                { label: 'Day', cell: (d) => d.day },
                { label: 'Paid sessions', numeric: true, cell: (d) => d.paidSessions },
                { label: 'Filled orders', numeric: true, cell: (d) => d.filledOrders },
                {
                  label: 'Volume',
                  cell: (d) =>
                    o.volume
                      .filter((v) => v.day === d.day)
                      .map((v) => `${formatUnits(v.amount, v.decimals)} ${v.symbol} (${v.chain})`)
                      .join(', ') || '—',
                },
              ]}
            />
          </details>
        </>
      ) : null}
    </>
  );
}
