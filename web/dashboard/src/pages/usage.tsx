import { useQuery } from '@urql/preact';
import { useMemo, useState } from 'preact/hooks';
import { TimeChart } from '../components/chart';
import { ErrorNotice, Field, Loading, PageHeader, Table } from '../components/ui';
import { toFailure } from '../gql';

/** Usage: requests per UTC day, route and status (the `usage` rollup), as a chart of the daily totals and the rows. */
interface UsageDay {
  day: string;
  route: string;
  status: number;
  count: number;
  errorCount: number;
  latencyAvgMs: number;
  latencyMaxMs: number;
}

const USAGE = /* GraphQL */ `
  query DashboardUsage($from: String, $to: String) {
    usage(from: $from, to: $to, first: 400) { nodes { day route status count errorCount latencyAvgMs latencyMaxMs } }
  }
`;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function UsagePage() {
  const [days, setDays] = useState('30');
  const vars = useMemo(() => {
    const to = new Date();
    return { from: isoDay(new Date(to.getTime() - (Number(days) - 1) * 86_400_000)), to: isoDay(to) };
  }, [days]);
  const [{ data, error, fetching }] = useQuery<{ usage: { nodes: UsageDay[] } }>({ query: USAGE, variables: vars });
  const rows = data?.usage.nodes ?? [];
  const perDay = useMemo(() => {
    const m = new Map<string, { count: number; errors: number }>();
    const start = Date.parse(`${vars.from}T00:00:00Z`);
    for (let t = start; isoDay(new Date(t)) <= vars.to; t += 86_400_000) m.set(isoDay(new Date(t)), { count: 0, errors: 0 });
    for (const r of rows) {
      const d = m.get(r.day);
      if (d) {
        d.count += r.count;
        d.errors += r.errorCount;
      }
    }
    return [...m.entries()];
  }, [rows, vars]);
  const series = useMemo(
    () => [
      { label: 'Requests', stroke: '#1d4ed8', values: perDay.map(([, v]) => v.count) },
      { label: 'Errors', stroke: '#b42318', values: perDay.map(([, v]) => v.errors) },
    ],
    [perDay],
  );
  const dayList = useMemo(() => perDay.map(([d]) => d), [perDay]);
  return (
    <>
      <PageHeader title="Usage">
        <Field label="Range">
          {(id) => (
            <select id={id} value={days} onChange={(e) => setDays(e.currentTarget.value)}>
              <option value="7">Last 7 days</option>
              <option value="30">Last 30 days</option>
              <option value="90">Last 90 days</option>
            </select>
          )}
        </Field>
      </PageHeader>
      <p class="muted">Requests of this account in this mode, per UTC day, route and status.</p>
      <ErrorNotice error={error ? toFailure(error) : null} />
      {fetching && !data ? <Loading /> : null}
      {data ? (
        <>
          <TimeChart title="Requests per day" days={dayList} series={series} />
          <Table
            caption="Requests per day, route and status"
            rows={rows}
            rowKey={(r) => `${r.day} ${r.route} ${r.status}`}
            empty="No requests in this range."
            columns={[
              { label: 'Day', cell: (r) => r.day },
              { label: 'Route', cell: (r) => <code>{r.route}</code> },
              { label: 'Status', numeric: true, cell: (r) => r.status },
              { label: 'Requests', numeric: true, cell: (r) => r.count },
              { label: 'Errors', numeric: true, cell: (r) => r.errorCount },
              { label: 'Mean latency', numeric: true, cell: (r) => `${r.latencyAvgMs.toFixed(1)} ms` },
              { label: 'Slowest', numeric: true, cell: (r) => `${r.latencyMaxMs.toFixed(1)} ms` },
            ]}
          />
        </>
      ) : null}
    </>
  );
}
