import { useQuery } from '@urql/preact';
import { useState } from 'preact/hooks';
import { DetailList, ErrorNotice, Field, Loading, MoreButton, Mono, PageHeader, Table, When } from '../components/ui';
import { toFailure } from '../gql';
import { Link, navigate, useLocation } from '../router';

/**
 * Request logs: every API request of the account in the session's mode, newest first, filtered by request id,
 * status (a code or a class), route and key; the filter lives in the query string so a filtered list is a link.
 * The detail page links the error code to its documentation.
 */
interface RequestLog {
  id: string;
  createdAt: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  requestId: string;
  keyId: string | null;
  clientIp: string | null;
  userAgent: string | null;
  errorCode: string | null;
  docsUrl: string | null;
}
const FIELDS = 'id createdAt method route status latencyMs requestId keyId clientIp userAgent errorCode docsUrl';

const LIST = /* GraphQL */ `
  query DashboardRequestLogs($filter: RequestLogFilter, $first: Int, $after: String) {
    requestLogs(filter: $filter, first: $first, after: $after) {
      nodes { ${FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
`;
const ONE = /* GraphQL */ `
  query DashboardRequestLog($id: ID!) { requestLog(id: $id) { ${FIELDS} } }
`;

const statusBadge = (s: number) => <span class={`badge ${s >= 500 ? 'bad' : s >= 400 ? 'warn' : 'ok'}`}>{s}</span>;

/** The list's filter from the query string (`status=404` or `status=4xx`, `route`, `key`, `request`). */
function filterOf(search: URLSearchParams) {
  const f: Record<string, unknown> = {};
  const status = search.get('status');
  if (status && /^[1-5]xx$/.test(status)) f.statusClass = Number(status[0]);
  else if (status && /^\d{3}$/.test(status)) f.status = Number(status);
  for (const [q, k] of [
    ['route', 'route'],
    ['key', 'keyId'],
    ['request', 'requestId'],
  ] as const) {
    const v = search.get(q)?.trim();
    if (v) f[k] = v;
  }
  return f;
}

export function RequestLogsPage() {
  const { search } = useLocation();
  const filter = filterOf(search);
  const [after, setAfter] = useState<string[]>([]);
  return (
    <>
      <PageHeader title="Request logs" />
      <FilterForm search={search} onApply={() => setAfter([])} />
      <LogPage filter={filter} after={undefined} onMore={(c) => setAfter([c])} last={after.length === 0} />
      {after.map((c, i) => (
        <LogPage key={c} filter={filter} after={c} onMore={(n) => setAfter([...after.slice(0, i + 1), n])} last={i === after.length - 1} />
      ))}
    </>
  );
}

function FilterForm({ search, onApply }: { search: URLSearchParams; onApply: () => void }) {
  const [v, setV] = useState({
    status: search.get('status') ?? '',
    route: search.get('route') ?? '',
    key: search.get('key') ?? '',
    request: search.get('request') ?? '',
  });
  const set = (k: keyof typeof v) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => setV({ ...v, [k]: e.currentTarget.value });
  return (
    <form
      class="panel filters"
      aria-label="Filter requests"
      onSubmit={(e) => {
        e.preventDefault();
        const q = new URLSearchParams(Object.entries(v).filter(([, x]) => x.trim() !== ''));
        navigate(`/logs${q.size ? `?${q}` : ''}`);
        onApply();
      }}
    >
      <div class="form-row">
        <Field label="Status">
          {(id) => (
            <select id={id} value={v.status} onChange={set('status')}>
              <option value="">Any</option>
              <option value="2xx">2xx success</option>
              <option value="4xx">4xx client errors</option>
              <option value="5xx">5xx server errors</option>
              {['400', '401', '403', '404', '409', '422', '429', '500', '503'].map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Route">{(id) => <input id={id} placeholder="/v1/quote or graphql:Op" value={v.route} onInput={set('route')} />}</Field>
        <Field label="Key id">{(id) => <input id={id} value={v.key} onInput={set('key')} />}</Field>
        <Field label="Request id">{(id) => <input id={id} value={v.request} onInput={set('request')} />}</Field>
        <div class="actions">
          <button type="submit">Filter</button>
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setV({ status: '', route: '', key: '', request: '' });
              navigate('/logs');
              onApply();
            }}
          >
            Clear
          </button>
        </div>
      </div>
    </form>
  );
}

function LogPage({
  filter,
  after,
  onMore,
  last,
}: {
  filter: Record<string, unknown>;
  after: string | undefined;
  onMore: (cursor: string) => void;
  last: boolean;
}) {
  const [{ data, error, fetching }] = useQuery<{ requestLogs: { nodes: RequestLog[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>({
    query: LIST,
    variables: { filter, first: 50, after },
  });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return fetching ? <Loading /> : null;
  const { nodes, pageInfo } = data.requestLogs;
  return (
    <>
      <Table
        caption={after ? 'More requests' : 'Requests, newest first'}
        rows={nodes}
        rowKey={(r) => r.id}
        empty={after ? 'No more requests.' : 'No requests match. Requests made with this account’s keys in this mode appear here within a second.'}
        columns={[
          { label: 'Time', cell: (r) => <When at={r.createdAt} /> },
          { label: 'Status', cell: (r) => statusBadge(r.status) },
          {
            label: 'Request',
            cell: (r) => (
              <Link href={`/logs/${r.id}`}>
                {r.method} {r.route}
              </Link>
            ),
          },
          { label: 'Error', cell: (r) => r.errorCode ?? '' },
          { label: 'Latency', numeric: true, cell: (r) => `${r.latencyMs.toFixed(1)} ms` },
          { label: 'Key', cell: (r) => (r.keyId ? <Mono value={r.keyId} short /> : '') },
        ]}
      />
      {last ? <MoreButton hasMore={pageInfo.hasNextPage} loading={fetching} onMore={() => pageInfo.endCursor && onMore(pageInfo.endCursor)} /> : null}
    </>
  );
}

export function RequestLogDetailPage({ params }: { params: Record<string, string> }) {
  const [{ data, error, fetching }] = useQuery<{ requestLog: RequestLog | null }>({ query: ONE, variables: { id: params.id } });
  const r = data?.requestLog;
  return (
    <>
      <PageHeader title={r ? `${r.method} ${r.route}` : 'Request'} />
      <p>
        <Link href="/logs">Back to the request logs</Link>
      </p>
      <ErrorNotice error={error ? toFailure(error) : null} />
      {fetching && !data ? <Loading /> : null}
      {data && !r ? <p>No request with this id in this account and mode.</p> : null}
      {r ? (
        <section class="panel" aria-label="Request details">
          <DetailList
            items={[
              ['Status', statusBadge(r.status)],
              [
                'Error',
                r.errorCode ? (
                  <>
                    {r.errorCode}
                    {r.docsUrl ? (
                      <>
                        {' · '}
                        <a href={r.docsUrl}>What {r.errorCode} means and what to do</a>
                      </>
                    ) : null}
                  </>
                ) : (
                  'None'
                ),
              ],
              ['Time', <When at={r.createdAt} />],
              ['Latency', `${r.latencyMs.toFixed(1)} ms`],
              ['Request id', <Mono value={r.requestId} />],
              ['Key', r.keyId ? <Link href={`/logs?key=${encodeURIComponent(r.keyId)}`}>{r.keyId}</Link> : null],
              ['Client address', r.clientIp],
              ['User agent', r.userAgent],
              ['Entry id', <Mono value={r.id} />],
            ]}
          />
        </section>
      ) : null}
    </>
  );
}
