import { useEffect, useState } from 'preact/hooks';
import { useClient, useQuery } from '@urql/preact';
import { CopyButton, DetailList, ErrorNotice, Field, Loading, Mono, MoreButton, Notice, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { ApiFailure, mutate, toFailure } from '../gql';
import { useRefetchOn } from '../live';
import { Link, navigate } from '../router';
import { EVENT_TYPES } from './payments/event-types';
import { newIdempotencyKey, Panel, StatusBadge, useAction, useCanWrite, useIsTest, usePaged } from './payments/common';

/**
 * Webhooks: endpoints (create with an event selection, edit, enable or disable, delete, rotate the signing
 * secret, shown once), each endpoint's delivery log (every attempt with its status, latency and the receiver's
 * answer, shown as text), resending one event or every failed one, and test events in test mode.
 */

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  disabled: boolean;
  disabledReason: string | null;
  enabledEvents: string[];
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const ENDPOINT = 'id url description disabled disabledReason enabledEvents previousSecretExpiresAt createdAt updatedAt';
const ENDPOINTS = `query DashboardWebhookEndpoints($first: Int, $after: String) { webhookEndpoints(first: $first, after: $after) { nodes { ${ENDPOINT} } pageInfo { hasNextPage endCursor } } }`;
const ERR = '... on Error { code message }';
const CREATE = `mutation DashboardCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { __typename ${ERR} ... on CreateWebhookEndpointPayload { webhookEndpoint { ${ENDPOINT} secret } } } }`;
const UPDATE = `mutation DashboardUpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(input: $input) { __typename ${ERR} ... on UpdateWebhookEndpointPayload { webhookEndpoint { ${ENDPOINT} } } } }`;
const DELETE = `mutation DashboardDeleteWebhookEndpoint($input: DeleteWebhookEndpointInput!) { deleteWebhookEndpoint(input: $input) { __typename ${ERR} ... on DeleteWebhookEndpointPayload { deletedWebhookEndpointId } } }`;
const ROTATE = `mutation DashboardRotateWebhookSecret($input: RotateWebhookEndpointSecretInput!) { rotateWebhookEndpointSecret(input: $input) { __typename ${ERR} ... on RotateWebhookEndpointSecretPayload { webhookEndpoint { ${ENDPOINT} secret } } } }`;
const TRIGGER = `mutation DashboardTriggerWebhookEvent($input: TriggerWebhookEventInput!) { triggerWebhookEvent(input: $input) { __typename ${ERR} ... on TriggerWebhookEventPayload { event { id type } } } }`;
const REDELIVER = `mutation DashboardRedeliverEvent($input: RedeliverEventInput!) { redeliverEvent(input: $input) { __typename ${ERR} ... on RedeliverEventPayload { deliveries { id status } } } }`;
const REDELIVER_FAILED = `mutation DashboardRedeliverFailedEvents($input: RedeliverFailedEventsInput!) { redeliverFailedEvents(input: $input) { __typename ${ERR} ... on RedeliverFailedEventsPayload { queued hasMore } } }`;

const PREFIXES = [...new Set(EVENT_TYPES.map((t) => `${t.split('.').slice(0, -1).join('.')}.*`))];

/** The event selection: every event, or chosen types and `prefix.*` groups. */
function EventPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const all = value.includes('*');
  const toggle = (t: string, on: boolean) => onChange(on ? [...value.filter((v) => v !== '*'), t] : value.filter((v) => v !== t));
  return (
    <fieldset class="events">
      <legend>Events to send</legend>
      <label class="check">
        <input type="checkbox" checked={all} onChange={(e) => onChange((e.target as HTMLInputElement).checked ? ['*'] : [])} /> All events (<code>*</code>)
      </label>
      {all ? null : (
        <div class="event-groups">
          {PREFIXES.map((p) => {
            const group = EVENT_TYPES.filter((t) => `${t.split('.').slice(0, -1).join('.')}.*` === p);
            const whole = value.includes(p);
            return (
              <fieldset key={p}>
                <legend>{p.slice(0, -2)}</legend>
                <label class="check">
                  <input type="checkbox" checked={whole} onChange={(e) => toggle(p, (e.target as HTMLInputElement).checked)} /> Every <code>{p}</code> event
                </label>
                {whole
                  ? null
                  : group.map((t) => (
                      <label class="check" key={t}>
                        <input type="checkbox" checked={value.includes(t)} onChange={(e) => toggle(t, (e.target as HTMLInputElement).checked)} />{' '}
                        <code>{t}</code>
                      </label>
                    ))}
              </fieldset>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** A signing secret, shown once after create or rotate. */
function SecretOnce({ secret }: { secret: string }) {
  return (
    <div class="secret" role="status">
      <span>Signing secret (shown once: store it now):</span> <code>{secret}</code> <CopyButton text={secret} label="Copy secret" />
    </div>
  );
}

export function WebhooksPage() {
  const client = useClient();
  const canWrite = useCanWrite();
  const list = usePaged<Endpoint>(ENDPOINTS, 'webhookEndpoints', {}, 50);
  const act = useAction();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['*']);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <>
      <PageHeader title="Webhooks" />
      <p class="muted">Endpoints receive this mode's events, signed with the Standard Webhooks scheme.</p>
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<Endpoint>
          caption="Webhook endpoints"
          rowKey={(e) => e.id}
          rows={list.items}
          empty="No webhook endpoints yet in this mode."
          columns={[
            { label: 'URL', cell: (e) => <Link href={`/webhooks/${encodeURIComponent(e.id)}`}>{e.url}</Link> },
            { label: 'Status', cell: (e) => <StatusBadge status={e.disabled ? 'disabled' : 'active'} /> },
            { label: 'Events', cell: (e) => e.enabledEvents.join(', ') },
            { label: 'Description', cell: (e) => e.description ?? <span class="muted">—</span> },
            { label: 'Created', cell: (e) => <When at={e.createdAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
      {created ? (
        <Panel title="Endpoint created">
          <SecretOnce secret={created.secret} />
          <p>
            <Link href={`/webhooks/${encodeURIComponent(created.id)}`}>Open the endpoint</Link>
          </p>
        </Panel>
      ) : null}
      {canWrite ? (
        <Panel title="New endpoint">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void act.run(async () => {
                if (!events.length) throw new ApiFailure('INVALID_PARAMS', 'enabledEvents: choose at least one event.');
                const p = await mutate<{ webhookEndpoint: Endpoint & { secret: string } }>(client, CREATE, 'createWebhookEndpoint', {
                  url: url.trim(),
                  enabledEvents: events,
                  ...(description.trim() ? { description: description.trim() } : {}),
                  idempotencyKey: key,
                });
                setCreated({ id: p.webhookEndpoint.id, secret: p.webhookEndpoint.secret });
                setKey(newIdempotencyKey());
                setUrl('');
                setDescription('');
                list.reload();
              });
            }}
          >
            <div class="form-row">
              <Field label="Endpoint URL" hint="Live mode: https on a public host. Test mode: http(s), loopback allowed.">
                {(id, hint) => (
                  <input
                    id={id}
                    type="url"
                    required
                    class="wide"
                    aria-describedby={hint}
                    value={url}
                    onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
                  />
                )}
              </Field>
              <Field label="Description">
                {(id) => <input id={id} value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />}
              </Field>
            </div>
            <EventPicker value={events} onChange={setEvents} />
            <ErrorNotice error={act.error} />
            <button type="submit" disabled={act.busy}>
              Add endpoint
            </button>
          </form>
        </Panel>
      ) : null}
    </>
  );
}

interface Attempt {
  id: string;
  attempt: number;
  url: string;
  success: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  createdAt: string;
  eventId: string;
  event: { id: string; type: string } | null;
  delivery: { id: string; status: string; origin: string; attempts: number; nextAttemptAt: string | null } | null;
}

const ONE = `query DashboardWebhookEndpoint($id: ID!) { webhookEndpoint(id: $id) { ${ENDPOINT} } }`;
const ATTEMPTS = /* GraphQL */ `
  query DashboardWebhookAttempts($id: ID!, $first: Int, $after: String) {
    webhookEndpoint(id: $id) {
      id
      attempts(first: $first, after: $after) {
        nodes { id attempt url success statusCode latencyMs responseBody error createdAt eventId event { id type } delivery { id status origin attempts nextAttemptAt } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`;

export function WebhookEndpointPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const client = useClient();
  const canWrite = useCanWrite();
  const test = useIsTest();
  const act = useAction();
  const [r] = useQuery<{ webhookEndpoint: Endpoint | null }>({ query: ONE, variables: { id } });
  const [ep, setEp] = useState<Endpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [testType, setTestType] = useState('checkout.session.completed');
  useEffect(() => setEp(r.data?.webhookEndpoint ?? null), [r.data]);
  if (!ep)
    return (
      <DetailFallback title="Webhook endpoint" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No endpoint <Mono value={id} /> in this account and mode. <Link href="/webhooks">All endpoints</Link>
      </DetailFallback>
    );
  const say = (text: string) => {
    setDone(text);
    setTimeout(() => setDone((d) => (d === text ? null : d)), 6000);
  };
  return (
    <>
      <PageHeader title="Webhook endpoint" />
      <p>
        <Link href="/webhooks">← All endpoints</Link>
      </p>
      <Panel title="Endpoint">
        {secret ? <SecretOnce secret={secret} /> : null}
        {ep.disabledReason ? <Notice kind="warning">Disabled automatically: {ep.disabledReason}</Notice> : null}
        {editing ? (
          <EditEndpoint
            ep={ep}
            onDone={(next) => {
              if (next) setEp(next);
              setEditing(false);
            }}
          />
        ) : (
          <>
            <DetailList
              items={[
                ['URL', <Mono key="u" value={ep.url} />],
                ['Status', <StatusBadge key="s" status={ep.disabled ? 'disabled' : 'active'} />],
                ['Events', ep.enabledEvents.join(', ')],
                ['Description', ep.description],
                ['Previous secret valid until', ep.previousSecretExpiresAt ? <When key="p" at={ep.previousSecretExpiresAt} /> : null],
                ['Id', <Mono key="i" value={ep.id} />],
                ['Created', <When key="c" at={ep.createdAt} />],
              ]}
            />
            {canWrite ? (
              <div class="actions">
                <button type="button" class="secondary" onClick={() => setEditing(true)}>
                  Edit endpoint
                </button>
                <button
                  type="button"
                  class="secondary"
                  disabled={act.busy}
                  onClick={() =>
                    void act.run(async () => {
                      const p = await mutate<{ webhookEndpoint: Endpoint }>(client, UPDATE, 'updateWebhookEndpoint', { id: ep.id, disabled: !ep.disabled });
                      setEp(p.webhookEndpoint);
                    })
                  }
                >
                  {ep.disabled ? 'Enable endpoint' : 'Disable endpoint'}
                </button>
                <button
                  type="button"
                  class="secondary"
                  disabled={act.busy}
                  onClick={() =>
                    void act.run(async () => {
                      if (!confirm('Rotate the signing secret? The old one keeps signing for 24 hours.')) return;
                      const p = await mutate<{ webhookEndpoint: Endpoint & { secret: string } }>(client, ROTATE, 'rotateWebhookEndpointSecret', {
                        id: ep.id,
                        idempotencyKey: newIdempotencyKey(),
                      });
                      setEp(p.webhookEndpoint);
                      setSecret(p.webhookEndpoint.secret);
                    })
                  }
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={act.busy}
                  onClick={() =>
                    void act.run(async () => {
                      if (!confirm('Delete this endpoint and its delivery log?')) return;
                      await mutate(client, DELETE, 'deleteWebhookEndpoint', { id: ep.id });
                      navigate('/webhooks');
                    })
                  }
                >
                  Delete endpoint
                </button>
              </div>
            ) : null}
          </>
        )}
        <ErrorNotice error={act.error} />
        <p class="visually-hidden" aria-live="polite">
          {done ?? ''}
        </p>
        {done ? <Notice kind="success">{done}</Notice> : null}
      </Panel>
      {canWrite && test ? (
        <Panel title="Send a test event">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void act.run(async () => {
                const p = await mutate<{ event: { id: string; type: string } }>(client, TRIGGER, 'triggerWebhookEvent', {
                  type: testType,
                  idempotencyKey: newIdempotencyKey(),
                });
                say(`Test event ${p.event.type} recorded (${p.event.id}); it goes to every test endpoint subscribed to it.`);
              });
            }}
          >
            <div class="form-row">
              <Field label="Event type">
                {(fid) => (
                  <select id={fid} value={testType} onChange={(e) => setTestType((e.target as HTMLSelectElement).value)}>
                    {EVENT_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <button type="submit" disabled={act.busy}>
                Send test event
              </button>
            </div>
          </form>
        </Panel>
      ) : null}
      <DeliveryLog endpointId={ep.id} canWrite={canWrite} onDone={say} />
    </>
  );
}

function EditEndpoint({ ep, onDone }: { ep: Endpoint; onDone: (next: Endpoint | null) => void }) {
  const client = useClient();
  const act = useAction();
  const [url, setUrl] = useState(ep.url);
  const [description, setDescription] = useState(ep.description ?? '');
  const [events, setEvents] = useState(ep.enabledEvents);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void act.run(async () => {
          if (!events.length) throw new ApiFailure('INVALID_PARAMS', 'enabledEvents: choose at least one event.');
          const p = await mutate<{ webhookEndpoint: Endpoint }>(client, UPDATE, 'updateWebhookEndpoint', {
            id: ep.id,
            url: url.trim(),
            description: description.trim() || null,
            enabledEvents: events,
          });
          onDone(p.webhookEndpoint);
        });
      }}
    >
      <div class="form-row">
        <Field label="Endpoint URL">
          {(id) => <input id={id} type="url" required class="wide" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />}
        </Field>
        <Field label="Description">{(id) => <input id={id} value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />}</Field>
      </div>
      <EventPicker value={events} onChange={setEvents} />
      <ErrorNotice error={act.error} />
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Save endpoint
        </button>
        <button type="button" class="secondary" onClick={() => onDone(null)}>
          Cancel editing
        </button>
      </div>
    </form>
  );
}

function DeliveryLog({ endpointId, canWrite, onDone }: { endpointId: string; canWrite: boolean; onDone: (text: string) => void }) {
  const client = useClient();
  const act = useAction();
  const log = usePaged<Attempt>(ATTEMPTS, 'webhookEndpoint.attempts', { id: endpointId }, 25);
  // Deliveries follow events by a moment; any event of this mode refreshes the log shortly after.
  useRefetchOn(['*'], log.reload, 1500);
  const [open, setOpen] = useState<string | null>(null);
  const resend = (a: Attempt) =>
    act.run(async () => {
      const p = await mutate<{ deliveries: Array<{ id: string }> }>(client, REDELIVER, 'redeliverEvent', {
        id: a.eventId,
        endpointId,
        idempotencyKey: newIdempotencyKey(),
      });
      onDone(`${a.event?.type ?? a.eventId} queued again (${p.deliveries.length} delivery).`);
      setTimeout(log.reload, 1500);
    });
  return (
    <Panel
      title="Delivery log"
      actions={
        <>
          <button type="button" class="secondary" onClick={log.reload} disabled={log.loading}>
            Refresh log
          </button>
          {canWrite ? (
            <button
              type="button"
              class="secondary"
              disabled={act.busy}
              onClick={() =>
                void act.run(async () => {
                  if (!confirm('Send every failed delivery of this endpoint again?')) return;
                  const p = await mutate<{ queued: number; hasMore: boolean }>(client, REDELIVER_FAILED, 'redeliverFailedEvents', {
                    endpointId,
                    idempotencyKey: newIdempotencyKey(),
                  });
                  const what = p.queued === 0 ? 'No failed event to send again.' : `${p.queued} failed ${p.queued === 1 ? 'event' : 'events'} queued again.`;
                  onDone(p.hasMore ? `${what} More remain: press Resend all failed again for the next batch.` : what);
                  setTimeout(log.reload, 1500);
                })
              }
            >
              Resend all failed
            </button>
          ) : null}
        </>
      }
    >
      <ErrorNotice error={act.error ?? log.error} />
      <AttemptTable attempts={log.items} open={open} setOpen={setOpen} canWrite={canWrite} busy={act.busy} onResend={(a) => void resend(a)} />
      <MoreButton hasMore={log.hasMore} loading={log.loading} onMore={log.more} />
    </Panel>
  );
}

function AttemptTable({
  attempts,
  open,
  setOpen,
  canWrite,
  busy,
  onResend,
}: {
  attempts: Attempt[];
  open: string | null;
  setOpen: (id: string | null) => void;
  canWrite: boolean;
  busy: boolean;
  onResend: (a: Attempt) => void;
}) {
  return (
    <>
      <Table<Attempt>
        caption="Delivery attempts, newest first"
        rowKey={(a) => a.id}
        rows={attempts}
        empty="No delivery attempts yet."
        columns={[
          { label: 'When', cell: (a) => <When at={a.createdAt} /> },
          {
            label: 'Event',
            cell: (a) => (
              <>
                <code>{a.event?.type ?? '—'}</code> <Mono value={a.eventId} short />
              </>
            ),
          },
          { label: 'Result', cell: (a) => <StatusBadge status={a.success ? 'succeeded' : 'failed'} /> },
          { label: 'HTTP status', numeric: true, cell: (a) => a.statusCode ?? <span class="muted">none</span> },
          { label: 'Attempt', numeric: true, cell: (a) => `${a.attempt}${a.delivery?.origin === 'manual' ? ' (resent)' : ''}` },
          { label: 'Latency', numeric: true, cell: (a) => `${a.latencyMs} ms` },
          {
            label: 'Actions',
            cell: (a) => (
              <div class="actions">
                <button
                  type="button"
                  class="secondary"
                  aria-expanded={open === a.id}
                  aria-controls={`attempt-${a.id}`}
                  onClick={() => setOpen(open === a.id ? null : a.id)}
                >
                  Response<span class="visually-hidden"> of attempt {a.id}</span>
                </button>
                {canWrite ? (
                  <button type="button" class="secondary" disabled={busy} onClick={() => onResend(a)}>
                    Resend<span class="visually-hidden"> event {a.eventId}</span>
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      {attempts
        .filter((a) => a.id === open)
        .map((a) => (
          <section key={a.id} id={`attempt-${a.id}`} class="card attempt" aria-label={`Attempt ${a.id}`}>
            <DetailList
              items={[
                ['URL', <Mono key="u" value={a.url} />],
                [
                  'Delivery',
                  a.delivery
                    ? `${a.delivery.status}, ${a.delivery.attempts} attempt(s)${a.delivery.nextAttemptAt ? `, next ${new Date(a.delivery.nextAttemptAt).toLocaleString()}` : ''}`
                    : null,
                ],
                ['Error', a.error],
              ]}
            />
            <h3>Response body (first KiB)</h3>
            {/* Untrusted text from the receiver: rendered as text (Preact escapes it), never as HTML. */}
            <pre class="response-body">{a.responseBody ?? '(empty)'}</pre>
          </section>
        ))}
    </>
  );
}
