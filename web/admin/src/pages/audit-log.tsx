import { useQuery } from '@urql/preact';
import { useState } from 'preact/hooks';
import { ErrorNotice, Field, Loading, MoreButton, Mono, PageHeader, Table, When, PageChain } from '../../../dashboard/src/components/ui';
import { toFailure } from '../../../dashboard/src/gql';
import { type Change, diff } from '../diff';
import { Link, navigate, useLocation } from '../router';

/**
 * The audit log: every admin write, newest first, filtered by target (type and id), action and actor; the filter
 * lives in the query string so a filtered view is a link (each entry's target links to its own history). An
 * entry's changes open in place: the fields that changed, before and after, and the whole JSON of both.
 */
interface AuditEntry {
  id: string;
  createdAt: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

const LIST = /* GraphQL */ `
  query AdminAuditLog($filter: AdminAuditLogFilter, $first: Int, $after: String) {
    adminAuditLog(filter: $filter, first: $first, after: $after) {
      nodes { id createdAt actor action targetType targetId before after requestId }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const FILTERS = [
  ['targetType', 'Target type', 'partner, account, …'],
  ['targetId', 'Target id', ''],
  ['action', 'Action', 'partner.update, …'],
  ['actor', 'Actor', 'the token’s name, or cli'],
] as const;
type FilterKey = (typeof FILTERS)[number][0];

/** The filter of the query string (the GraphQL names: the page's links use them too). */
function filterOf(search: URLSearchParams): Partial<Record<FilterKey, string>> {
  const f: Partial<Record<FilterKey, string>> = {};
  for (const [k] of FILTERS) {
    const v = search.get(k)?.trim();
    if (v) f[k] = v;
  }
  return f;
}

/** The audit log's address for a filter (the link of one target's history, for instance). */
export const auditLogHref = (f: Partial<Record<FilterKey, string>>) => {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v));
  return `/audit-log${q.size ? `?${q}` : ''}`;
};

export function AuditLogPage() {
  const { search } = useLocation();
  const filter = filterOf(search);
  const key = auditLogHref(filter);
  return (
    <>
      <PageHeader title="Audit log" />
      <p class="muted">Every admin write, through the API, these pages or the command line, recorded with the write itself. Entries are never changed.</p>
      <FilterForm key={key} filter={filter} />
      <Entries key={key} filter={filter} />
    </>
  );
}

function FilterForm({ filter }: { filter: Partial<Record<FilterKey, string>> }) {
  const [v, setV] = useState<Partial<Record<FilterKey, string>>>(filter);
  return (
    <form
      class="panel filters"
      aria-label="Filter the audit log"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(auditLogHref(v));
      }}
    >
      <div class="form-row">
        {FILTERS.map(([k, label, placeholder]) => (
          <Field key={k} label={label}>
            {(id) => <input id={id} placeholder={placeholder || undefined} value={v[k] ?? ''} onInput={(e) => setV({ ...v, [k]: e.currentTarget.value })} />}
          </Field>
        ))}
        <div class="actions">
          <button type="submit">Filter</button>
          <button type="button" class="secondary" onClick={() => navigate('/audit-log')}>
            Clear
          </button>
        </div>
      </div>
    </form>
  );
}

/** The first page and every page asked for with "Load more" (each page a query of its own, after the last cursor). */
function Entries({ filter }: { filter: Partial<Record<FilterKey, string>> }) {
  return <PageChain page={(p) => <EntryPage filter={filter} {...p} />} />;
}

function EntryPage({
  filter,
  after,
  onMore,
  last,
}: {
  filter: Partial<Record<FilterKey, string>>;
  after: string | undefined;
  onMore: (cursor: string) => void;
  last: boolean;
}) {
  const [{ data, error, fetching }] = useQuery<{ adminAuditLog: { nodes: AuditEntry[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>({
    query: LIST,
    variables: { filter, first: 50, after },
  });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return fetching ? <Loading /> : null;
  const { nodes, pageInfo } = data.adminAuditLog;
  return (
    <>
      <Table
        caption={after ? 'More audit entries' : 'Audit entries, newest first'}
        rows={nodes}
        rowKey={(r) => r.id}
        empty={after ? 'No more entries.' : Object.keys(filter).length ? 'No entry matches this filter.' : 'No admin write has been made yet.'}
        columns={[
          { label: 'Time', cell: (r) => <When at={r.createdAt} /> },
          { label: 'Actor', cell: (r) => <Link href={auditLogHref({ actor: r.actor })}>{r.actor}</Link> },
          { label: 'Action', cell: (r) => <code>{r.action}</code> },
          {
            label: 'Target',
            cell: (r) => (
              <Link href={auditLogHref({ targetType: r.targetType, targetId: r.targetId })}>
                {r.targetType} <Mono value={r.targetId} short />
              </Link>
            ),
          },
          { label: 'Changes', cell: (r) => <Changes entry={r} /> },
        ]}
      />
      {last ? <MoreButton hasMore={pageInfo.hasNextPage} loading={fetching} onMore={() => pageInfo.endCursor && onMore(pageInfo.endCursor)} /> : null}
    </>
  );
}

const KIND_LABEL: Record<Change['kind'], string> = { added: 'set', removed: 'removed', changed: 'changed' };

/** An entry's changes, opened in place: one line per field that changed, then the whole before and after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = diff(entry.before, entry.after);
  const what = entry.before === null ? 'created' : entry.after === null ? 'removed' : `${changes.length} ${changes.length === 1 ? 'field' : 'fields'} changed`;
  return (
    <details class="audit-changes">
      <summary>
        {what}
        <span class="visually-hidden">
          {' '}
          ({entry.action} of {entry.targetId})
        </span>
      </summary>
      {changes.length ? (
        <ul class="diff">
          {changes.map((c) => (
            <li key={c.path} class={`diff-${c.kind}`}>
              <code>{c.path || '(value)'}</code> <span class="muted small">{KIND_LABEL[c.kind]}</span>
              {c.before !== undefined ? (
                <del>
                  <span class="visually-hidden">before: </span>
                  {c.before}
                </del>
              ) : null}
              {c.after !== undefined ? (
                <ins>
                  <span class="visually-hidden">after: </span>
                  {c.after}
                </ins>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted small">Nothing changed.</p>
      )}
      <details>
        <summary>Whole before and after</summary>
        <p class="small">Before</p>
        <pre class="json">{entry.before === null ? 'null (did not exist)' : JSON.stringify(entry.before, null, 2)}</pre>
        <p class="small">After</p>
        <pre class="json">{entry.after === null ? 'null (removed)' : JSON.stringify(entry.after, null, 2)}</pre>
      </details>
      {entry.requestId ? (
        <p class="muted small">
          Request <Mono value={entry.requestId} />
        </p>
      ) : null}
    </details>
  );
}
