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
  volume: Array<{ chain: string; token: string; decimals: number; amount: string }>;
}
interface Overview {
  from: string;
  to: string;
  days: Day[];
  totals: { paidSessions: number; filledOrders: number; volume: Array<{ chain: string; token: string; decimals: number; amount: string }> };
}

const OVERVIEW = /* GraphQL */ `
  query DashboardOverview($from: DateTime!, $to: DateTime!) {
    dashboardOverview(from: $from, to: $to) {
      from to
      days { day paidSessions filledOrders volume { chain token decimals amount } }
      totals { paidSessions filledOrders volume { chain token decimals amount } }
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
    return { from: from.toISOString(), to: to.toISOString() };
  }, [range]);
  const [{ data, error, fetching }, refetch] = useQuery<{ dashboardOverview: Overview }>({ query: OVERVIEW, variables: vars });
  useRefetchOn(['checkout.session.*', 'order.*'], () => refetch({ requestPolicy: 'network-only' }));
  const o = data?.dashboardOverview;
  const tokens = useMemo(() => {
    const seen = new Map<string, { chain: string; token: string; decimals: number }>();
    for (const d of o?.days ?? []) for (const v of d.volume) seen.set(`${v.chain}:${v.token}`, v);
    return [...seen.entries()];
  }, [o]);
  const days = useMemo(() => o?.days.map((d) => d.day) ?? [], [o]);
  const countSeries = useMemo(
    () => [
      { label: 'Paid checkout sessions', stroke: COLORS[0]!, values: o?.days.map((d) => d.paidSessions) ?? [] },
      { label: 'Filled orders', stroke: COLORS[1]!, values: o?.days.map((d) => d.filledOrders) ?? [] },
    ],
    [o],
  );
  const volumeSeries = useMemo(
    () =>
      tokens.map(([k, t], i) => ({
        label: `${t.token} on ${t.chain}`,
        stroke: COLORS[i % COLORS.length]!,
        values:
          o?.days.map((d) => {
            const v = d.volume.find((x) => `${x.chain}:${x.token}` === k);
            return v ? toNumber(v.amount, v.decimals) : 0;
          }) ?? [],
      })),
    [o, tokens],
  );
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
              <span class="value">{o.totals.paidSessions}</span> paid checkout sessions
            </div>
            <div class="stat">
              <span class="value">{o.totals.filledOrders}</span> filled orders
            </div>
            {o.totals.volume.map((v) => (
              <div class="stat" key={`${v.chain}:${v.token}`}>
                <span class="value">{formatUnits(v.amount, v.decimals)}</span> {v.token} received on {v.chain}
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
                  cell: (d) => (d.volume.length ? d.volume.map((v) => `${formatUnits(v.amount, v.decimals)} ${v.token} (${v.chain})`).join(', ') : '—'),
                },
              ]}
            />
          </details>
        </>
      ) : null}
    </>
  );
}
