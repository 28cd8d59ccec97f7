import type { ComponentChildren } from 'preact';
import { useClient, useQuery } from '@urql/preact';
import { useState } from 'preact/hooks';
import {
  DetailFallback,
  DetailList,
  ErrorNotice,
  Field,
  Loading,
  MoreButton,
  Mono,
  Notice,
  PageHeader,
  Table,
  When,
  PageChain,
} from '../../../dashboard/src/components/ui';
import { mutate, toFailure } from '../../../dashboard/src/gql';
import { useAction } from '../action';
import { withFragments } from '../gql';
import { Link, navigate, useLocation } from '../router';
import { auditLogHref } from './audit-log';

/**
 * Incidents and maintenance of the public status page (/status, `GET /v1/status`): the list (open or all, by kind),
 * posting one with the components it affects, and one's page with its updates and the form that posts the next
 * (an incident investigating → identified → monitoring → resolved; a maintenance scheduled → in_progress →
 * completed). Every write is audited by the server; nothing here is a rule: the server refuses a move it does not allow.
 */
type Kind = 'incident' | 'maintenance';
type Impact = 'degraded_performance' | 'partial_outage' | 'major_outage' | 'under_maintenance';
type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved' | 'scheduled' | 'in_progress' | 'completed';

interface Incident {
  id: string;
  kind: Kind;
  title: string;
  status: IncidentStatus;
  components: { id: string; name: string; impact: Impact }[];
  scheduledStartAt: string | null;
  scheduledEndAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  updates: { id: string; status: IncidentStatus; message: string; createdAt: string }[];
}

const INCIDENT = /* GraphQL */ `
  fragment AdminStatusIncidentFields on StatusIncident {
    id kind title status components { id name impact } scheduledStartAt scheduledEndAt startedAt endedAt createdAt updatedAt
    updates { id status message createdAt }
  }
`;
const LIST = withFragments(
  /* GraphQL */ `
  query AdminStatusIncidents($filter: AdminStatusIncidentsFilter, $first: Int, $after: String) {
    adminStatusIncidents(filter: $filter, first: $first, after: $after) {
      nodes { ...AdminStatusIncidentFields }
      pageInfo { hasNextPage endCursor }
    }
  }
`,
  INCIDENT,
);
const ONE = withFragments(
  /* GraphQL */ `
  query AdminStatusIncident($id: ID!) { adminStatusIncident(id: $id) { ...AdminStatusIncidentFields } }
`,
  INCIDENT,
);
/** The components a new incident can name: those the status page shows now. */
const COMPONENTS = /* GraphQL */ `
  query AdminStatusComponents { platformStatus { components { id name group } } }
`;
const CREATE = withFragments(
  /* GraphQL */ `
  mutation AdminCreateStatusIncident($input: AdminCreateStatusIncidentInput!) {
    adminCreateStatusIncident(input: $input) { __typename ... on Error { code message } ... on AdminCreateStatusIncidentPayload { statusIncident { ...AdminStatusIncidentFields } } }
  }
`,
  INCIDENT,
);
const UPDATE = withFragments(
  /* GraphQL */ `
  mutation AdminUpdateStatusIncident($input: AdminUpdateStatusIncidentInput!) {
    adminUpdateStatusIncident(input: $input) { __typename ... on Error { code message } ... on AdminUpdateStatusIncidentPayload { statusIncident { ...AdminStatusIncidentFields } } }
  }
`,
  INCIDENT,
);

const STATUSES: Record<Kind, IncidentStatus[]> = {
  incident: ['investigating', 'identified', 'monitoring', 'resolved'],
  maintenance: ['scheduled', 'in_progress', 'completed'],
};
const FINAL: IncidentStatus[] = ['resolved', 'completed'];
const IMPACTS: Impact[] = ['degraded_performance', 'partial_outage', 'major_outage'];
const words = (s: string) => s.replace(/_/g, ' ');
const badge = (s: IncidentStatus) => <span class={`badge ${FINAL.includes(s) ? 'ok' : s === 'scheduled' ? '' : 'warn'}`}>{words(s)}</span>;

/** `datetime-local` text (the reader's local time) as an ISO timestamp, or undefined when empty or invalid. */
const isoOfLocal = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined);

type Filter = { kind?: Kind; open?: boolean };
function filterOf(search: URLSearchParams): Filter {
  const kind = search.get('kind');
  const open = search.get('open');
  return {
    ...(kind === 'incident' || kind === 'maintenance' ? { kind } : {}),
    ...(open === 'true' || open === 'false' ? { open: open === 'true' } : {}),
  };
}
const listHref = (f: Filter) => {
  const q = new URLSearchParams();
  if (f.kind) q.set('kind', f.kind);
  if (f.open !== undefined) q.set('open', String(f.open));
  return `/incidents${q.size ? `?${q}` : ''}`;
};

export function IncidentsPage() {
  const { search } = useLocation();
  const filter = filterOf(search);
  const key = listHref(filter);
  return (
    <>
      <PageHeader title="Incidents and maintenance">
        <Link href="/new-incident" class="button">
          Post an incident
        </Link>
      </PageHeader>
      <p class="muted">
        What the public <a href="/status">status page</a> says besides its live signals. An open incident sets its components’ state while it lasts; a
        maintenance, inside its window.
      </p>
      <nav class="incident-filters" aria-label="Which incidents">
        {(
          [
            ['Open', { open: true }],
            ['All', {}],
            ['Incidents', { kind: 'incident' }],
            ['Maintenance', { kind: 'maintenance' }],
          ] as const
        ).map(([label, f]) => (
          <Link key={label} href={listHref(f)} aria-current={listHref(f) === key ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <PageChain key={key} page={(p) => <IncidentPage filter={filter} {...p} />} />
    </>
  );
}

function IncidentPage({ filter, after, onMore, last }: { filter: Filter; after: string | undefined; onMore: (c: string) => void; last: boolean }) {
  const [{ data, error, fetching }] = useQuery<{ adminStatusIncidents: { nodes: Incident[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>({
    query: LIST,
    variables: { filter, first: 50, after },
  });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return fetching ? <Loading /> : null;
  const { nodes, pageInfo } = data.adminStatusIncidents;
  return (
    <>
      <Table
        caption={after ? 'More incidents and maintenance' : 'Incidents and maintenance, newest first'}
        rows={nodes}
        rowKey={(i) => i.id}
        empty={after ? 'Nothing more.' : filter.open ? 'Nothing open: the status page shows its live signals only.' : 'Nothing posted yet.'}
        columns={[
          { label: 'Title', cell: (i) => <Link href={`/incidents/${encodeURIComponent(i.id)}`}>{i.title}</Link> },
          { label: 'Kind', cell: (i) => i.kind },
          { label: 'Status', cell: (i) => badge(i.status) },
          { label: 'Components', cell: (i) => i.components.map((c) => c.name).join(', ') },
          { label: 'Posted', cell: (i) => <When at={i.createdAt} /> },
          { label: 'Last update', cell: (i) => <When at={i.updatedAt} /> },
        ]}
      />
      {last ? <MoreButton hasMore={pageInfo.hasNextPage} loading={fetching} onMore={() => pageInfo.endCursor && onMore(pageInfo.endCursor)} /> : null}
    </>
  );
}

/** The components chosen for an incident: each one's impact, or absent when not chosen. */
type Chosen = Record<string, Impact>;

function ComponentsField({ kind, chosen, set }: { kind: Kind; chosen: Chosen; set: (c: Chosen) => void }) {
  const [{ data, error }] = useQuery<{ platformStatus: { components: { id: string; name: string; group: string }[] } }>({ query: COMPONENTS });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return <Loading label="Loading the components…" />;
  return (
    <fieldset>
      <legend>Components affected</legend>
      <ul class="plain incident-components">
        {data.platformStatus.components.map((c) => {
          const on = c.id in chosen;
          return (
            <li key={c.id} class="form-row">
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => {
                    const next = { ...chosen };
                    if (e.currentTarget.checked) next[c.id] = kind === 'maintenance' ? 'under_maintenance' : 'degraded_performance';
                    else delete next[c.id];
                    set(next);
                  }}
                />{' '}
                {c.name} <span class="muted small">({c.id})</span>
              </label>
              {on && kind === 'incident' ? (
                <Field label={`Impact on ${c.name}`}>
                  {(id) => (
                    <select id={id} value={chosen[c.id]} onChange={(e) => set({ ...chosen, [c.id]: e.currentTarget.value as Impact })}>
                      {IMPACTS.map((i) => (
                        <option key={i} value={i}>
                          {words(i)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function NewIncidentPage() {
  const client = useClient();
  const action = useAction();
  const [kind, setKind] = useState<Kind>('incident');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<IncidentStatus>('investigating');
  const [chosen, setChosen] = useState<Chosen>({});
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  return (
    <>
      <PageHeader title="Post an incident" />
      <p>
        <Link href="/incidents">Back to the incidents</Link>
      </p>
      <form
        class="panel"
        aria-label="Post an incident or a maintenance"
        onSubmit={async (e) => {
          e.preventDefault();
          let id = '';
          const ok = await action.run('Posted.', async () => {
            const r = await mutate<{ statusIncident: Incident }>(client, CREATE, 'adminCreateStatusIncident', {
              kind,
              title: title.trim(),
              message: message.trim(),
              status,
              components: Object.entries(chosen).map(([cid, impact]) => ({ id: cid, impact })),
              ...(kind === 'maintenance' ? { scheduledStartAt: isoOfLocal(start), scheduledEndAt: isoOfLocal(end) } : {}),
              idempotencyKey: crypto.randomUUID(),
            });
            id = r.statusIncident.id;
          });
          if (ok) navigate(`/incidents/${encodeURIComponent(id)}`);
        }}
      >
        <div class="form-row">
          <Field label="Kind">
            {(id) => (
              <select
                id={id}
                value={kind}
                onChange={(e) => {
                  const k = e.currentTarget.value as Kind;
                  setKind(k);
                  setStatus(STATUSES[k][0]!);
                  setChosen(Object.fromEntries(Object.keys(chosen).map((c) => [c, k === 'maintenance' ? 'under_maintenance' : 'degraded_performance'])));
                }}
              >
                <option value="incident">Incident</option>
                <option value="maintenance">Maintenance</option>
              </select>
            )}
          </Field>
          <Field label="Status">
            {(id) => (
              <select id={id} value={status} onChange={(e) => setStatus(e.currentTarget.value as IncidentStatus)}>
                {STATUSES[kind].map((s) => (
                  <option key={s} value={s}>
                    {words(s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Title" hint="The headline on the status page (up to 200 characters).">
            {(id, hint) => <input id={id} aria-describedby={hint} required maxLength={200} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />}
          </Field>
        </div>
        {kind === 'maintenance' ? (
          <div class="form-row">
            <Field label="Window opens">
              {(id) => <input id={id} type="datetime-local" required value={start} onInput={(e) => setStart(e.currentTarget.value)} />}
            </Field>
            <Field label="Window closes">
              {(id) => <input id={id} type="datetime-local" required value={end} onInput={(e) => setEnd(e.currentTarget.value)} />}
            </Field>
          </div>
        ) : null}
        <Field label="Message" hint="What is known and what is being done, for the public.">
          {(id, hint) => (
            <textarea id={id} aria-describedby={hint} required maxLength={5000} rows={4} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
          )}
        </Field>
        <ComponentsField kind={kind} chosen={chosen} set={setChosen} />
        <ErrorNotice error={action.error} />
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Post {kind}
          </button>
        </div>
      </form>
    </>
  );
}

export function IncidentDetailPage({ params }: { params: Record<string, string> }) {
  const [{ data, error, fetching }, refetch] = useQuery<{ adminStatusIncident: Incident | null }>({ query: ONE, variables: { id: params.id } });
  const i = data?.adminStatusIncident;
  if (!i)
    return (
      <DetailFallback title="Incident" loading={fetching && !data} error={error ? toFailure(error) : null}>
        No incident <Mono value={params.id!} />. <Link href="/incidents">Back to the incidents</Link>
      </DetailFallback>
    );
  return (
    <>
      <PageHeader title={i.title} />
      <p>
        <Link href="/incidents">Back to the incidents</Link> ·{' '}
        <Link href={auditLogHref({ targetType: 'status_incident', targetId: i.id })}>History in the audit log</Link>
      </p>
      <section class="panel" aria-label="Incident details">
        <DetailList
          items={[
            ['Id', <Mono value={i.id} />],
            ['Kind', i.kind],
            ['Status', badge(i.status)],
            ['Components', i.components.length ? i.components.map((c) => `${c.name} (${words(c.impact)})`).join(', ') : 'None'],
            ...(i.kind === 'maintenance' ? [['Window', <WindowText i={i} />] as [string, ComponentChildren]] : []),
            ['Started', i.startedAt ? <When at={i.startedAt} /> : null],
            ['Ended', i.endedAt ? <When at={i.endedAt} /> : null],
            ['Posted', <When at={i.createdAt} />],
          ]}
        />
      </section>
      {FINAL.includes(i.status) ? null : <PostUpdate key={i.updatedAt} incident={i} onDone={() => refetch({ requestPolicy: 'network-only' })} />}
      <section class="panel" aria-labelledby="updates-title">
        <h2 id="updates-title">Updates</h2>
        <ol class="plain timeline">
          {i.updates.map((u) => (
            <li key={u.id}>
              {badge(u.status)} <When at={u.createdAt} />
              <p>{u.message}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function WindowText({ i }: { i: Incident }) {
  return (
    <>
      <When at={i.scheduledStartAt} /> to <When at={i.scheduledEndAt} />
    </>
  );
}

function PostUpdate({ incident, onDone }: { incident: Incident; onDone: () => void }) {
  const client = useClient();
  const action = useAction();
  const [status, setStatus] = useState<IncidentStatus>(incident.status);
  const [message, setMessage] = useState('');
  return (
    <section class="panel" aria-labelledby="post-title">
      <h2 id="post-title">Post an update</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const ok = await action.run('Posted.', () =>
            mutate(client, UPDATE, 'adminUpdateStatusIncident', { id: incident.id, status, message: message.trim(), idempotencyKey: crypto.randomUUID() }),
          );
          if (ok) onDone();
        }}
      >
        <div class="form-row">
          <Field label="New status" hint="The same status again posts news without a change.">
            {(id, hint) => (
              <select id={id} aria-describedby={hint} value={status} onChange={(e) => setStatus(e.currentTarget.value as IncidentStatus)}>
                {STATUSES[incident.kind].map((s) => (
                  <option key={s} value={s}>
                    {words(s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="Update message">
          {(id) => <textarea id={id} required maxLength={5000} rows={3} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />}
        </Field>
        <ErrorNotice error={action.error} />
        {action.done ? <Notice kind="success">{action.done}</Notice> : null}
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Post update
          </button>
        </div>
      </form>
    </section>
  );
}
