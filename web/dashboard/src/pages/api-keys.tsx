import { useClient, useQuery } from '@urql/preact';
import { useState } from 'preact/hooks';
import { CopyButton, ErrorNotice, Field, Loading, Mono, PageHeader, Table, When } from '../components/ui';
import { type ApiFailure, mutate, toFailure } from '../gql';
import { canWrite, useSession } from '../session';

/**
 * API keys of the account in the session's mode: list, create (name, expiry, scopes per resource), the secret
 * shown once with a copy button, roll with a grace period for the old secret, revoke.
 */
const KEY_RESOURCES = [
  ['quotes', 'Quotes'],
  ['orders', 'Orders'],
  ['checkout_sessions', 'Checkout sessions'],
  ['refunds', 'Refunds'],
  ['invoices', 'Invoices'],
  ['subscriptions', 'Subscriptions'],
  ['deposit_addresses', 'Deposit addresses'],
  ['limit_orders', 'Limit orders'],
  ['webhooks', 'Webhooks'],
  ['events', 'Events'],
  ['request_logs', 'Request logs'],
  ['api_keys', 'API keys'],
  ['partner', 'Partner'],
  ['account', 'Account'],
] as const;
type Level = 'none' | 'read' | 'write';

interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  mode: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
  /** Resource → level; null for an unrestricted key. */
  scopes: Record<string, Level> | null;
}

/** GraphQL names a scope field in camel case (`checkoutSessions`); the page and the API's REST use `checkout_sessions`. */
const camel = (r: string) => r.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const snake = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const SCOPE_FIELDS = [...KEY_RESOURCES.map(([r]) => camel(r)), 'team'].join(' ');
const KEY_FIELDS = `id name prefix mode createdAt lastUsedAt revokedAt expiresAt scopes { ${SCOPE_FIELDS} }`;

/** A key as read over GraphQL, its scopes keyed as the page names resources. */
const fromWire = (k: ApiKey): ApiKey => ({ ...k, scopes: k.scopes ? Object.fromEntries(Object.entries(k.scopes).map(([f, l]) => [snake(f), l])) : null });
const toWireScopes = (scopes: Record<string, Level>) => Object.fromEntries(Object.entries(scopes).map(([r, l]) => [camel(r), l]));

const KEYS = /* GraphQL */ `
  query DashboardApiKeys { viewer { apiKeys(first: 100) { nodes { ${KEY_FIELDS} } } } }
`;
const CREATE = /* GraphQL */ `
  mutation DashboardCreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) { __typename ... on Error { code message } ... on CreateApiKeyPayload { secret apiKey { ${KEY_FIELDS} } } }
  }
`;
const ROLL = /* GraphQL */ `
  mutation DashboardRollApiKey($input: RollApiKeyInput!) {
    rollApiKey(input: $input) { __typename ... on Error { code message } ... on RollApiKeyPayload { secret apiKey { ${KEY_FIELDS} } } }
  }
`;
const REVOKE = /* GraphQL */ `
  mutation DashboardRevokeApiKey($input: RevokeApiKeyInput!) {
    revokeApiKey(input: $input) { __typename ... on Error { code message } ... on RevokeApiKeyPayload { apiKey { id revokedAt } } }
  }
`;

const keyStatus = (k: ApiKey) => {
  if (k.revokedAt) return <span class="badge bad">Revoked</span>;
  if (k.expiresAt && Date.parse(k.expiresAt) <= Date.now()) return <span class="badge bad">Expired</span>;
  if (k.expiresAt) return <span class="badge warn">Expires</span>;
  return <span class="badge ok">Active</span>;
};

const scopeSummary = (s: ApiKey['scopes']) => {
  if (!s) return 'Unrestricted';
  const given = Object.entries(s).filter(([, l]) => l !== 'none');
  return given.length ? given.map(([r, l]) => `${r}: ${l}`).join(', ') : 'No access';
};

export function ApiKeysPage() {
  const { login } = useSession();
  const client = useClient();
  const [{ data, error, fetching }, refetch] = useQuery<{ viewer: { apiKeys: { nodes: ApiKey[] } } }>({ query: KEYS });
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [creating, setCreating] = useState(false);
  const writable = canWrite(login.role, 'keys');

  const act = async (fn: () => Promise<void>) => {
    setFailure(null);
    try {
      await fn();
      refetch({ requestPolicy: 'network-only' });
    } catch (err) {
      setFailure(err as ApiFailure);
    }
  };

  const roll = (k: ApiKey) =>
    act(async () => {
      const hours = prompt(`Roll "${k.name ?? k.prefix}": for how many hours should the old secret keep working? (0 to 168)`, '24');
      if (hours === null) return;
      const r = await mutate<{ secret: string; apiKey: ApiKey }>(client, ROLL, 'rollApiKey', {
        id: k.id,
        graceSeconds: Math.round(Number(hours) * 3600),
      });
      setSecret({ name: r.apiKey.name ?? r.apiKey.prefix, value: r.secret });
    });

  const revoke = (k: ApiKey) =>
    act(async () => {
      if (!confirm(`Revoke "${k.name ?? k.prefix}"? Every request with it fails from now on.`)) return;
      await mutate(client, REVOKE, 'revokeApiKey', { id: k.id });
    });

  const keys = (data?.viewer.apiKeys.nodes ?? []).map(fromWire);
  return (
    <>
      <PageHeader title="API keys">
        {writable && !creating ? (
          <button type="button" onClick={() => setCreating(true)}>
            Create a key
          </button>
        ) : null}
      </PageHeader>
      <p class="muted">
        Keys of this account in {login.session.mode} mode. A restricted key reaches only the resources you give it; an unrestricted key reaches everything
        except the team.
      </p>
      {secret ? (
        <section class="panel" aria-labelledby="secret-title">
          <h2 id="secret-title">Your new secret for {secret.name}</h2>
          <p>Copy it now: it is shown once and never again.</p>
          <div class="secret">
            <code data-testid="new-secret">{secret.value}</code>
            <CopyButton text={secret.value} label="Copy secret" />
          </div>
          <div class="actions">
            <button type="button" class="secondary" onClick={() => setSecret(null)}>
              I have saved it
            </button>
          </div>
        </section>
      ) : null}
      {creating ? (
        <CreateKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(name, value) => {
            setCreating(false);
            setSecret({ name, value });
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      <ErrorNotice error={failure ?? (error ? toFailure(error) : null)} />
      {fetching && !data ? (
        <Loading />
      ) : (
        <Table
          caption="API keys"
          rows={keys}
          rowKey={(k) => k.id}
          empty="No keys yet."
          columns={[
            { label: 'Name', cell: (k) => k.name ?? <span class="muted">Unnamed</span> },
            { label: 'Key', cell: (k) => <Mono value={`${k.prefix}…`} /> },
            { label: 'Status', cell: keyStatus },
            { label: 'Access', cell: (k) => scopeSummary(k.scopes) },
            { label: 'Expires', cell: (k) => (k.expiresAt ? <When at={k.expiresAt} /> : 'Never') },
            { label: 'Last used', cell: (k) => (k.lastUsedAt ? <When at={k.lastUsedAt} /> : 'Never') },
            { label: 'Created', cell: (k) => <When at={k.createdAt} /> },
            {
              label: 'Actions',
              cell: (k) =>
                writable && !k.revokedAt ? (
                  <span class="actions">
                    <button type="button" class="secondary" onClick={() => roll(k)} aria-label={`Roll ${k.name ?? k.prefix}`}>
                      Roll
                    </button>
                    <button type="button" class="danger" onClick={() => revoke(k)} aria-label={`Revoke ${k.name ?? k.prefix}`}>
                      Revoke
                    </button>
                  </span>
                ) : null,
            },
          ]}
        />
      )}
    </>
  );
}

function CreateKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (name: string, secret: string) => void }) {
  const client = useClient();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [restricted, setRestricted] = useState(true);
  const [scopes, setScopes] = useState<Record<string, Level>>({});
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section class="panel" aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setFailure(null);
          try {
            const r = await mutate<{ secret: string; apiKey: ApiKey }>(client, CREATE, 'createApiKey', {
              name: name.trim(),
              ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
              scopes: restricted ? toWireScopes(scopes) : null,
            });
            onCreated(r.apiKey.name ?? r.apiKey.prefix, r.secret);
          } catch (err) {
            setFailure(err as ApiFailure);
          } finally {
            setBusy(false);
          }
        }}
      >
        <div class="form-row">
          <Field label="Name" hint="What uses it, to tell keys apart (e.g. “checkout backend”).">
            {(id, hint) => <input id={id} aria-describedby={hint} required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />}
          </Field>
          <Field label="Expires on (optional)" hint="The key stops working at the end of this day.">
            {(id, hint) => <input id={id} aria-describedby={hint} type="date" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />}
          </Field>
        </div>
        <fieldset>
          <legend>Access</legend>
          <label>
            <input type="radio" name="kind" checked={restricted} onChange={() => setRestricted(true)} /> Restricted: only what is chosen below
          </label>
          <br />
          <label>
            <input type="radio" name="kind" checked={!restricted} onChange={() => setRestricted(false)} /> Unrestricted: every resource (except the team)
          </label>
          {restricted ? (
            <div class="scopes">
              {KEY_RESOURCES.map(([r, label]) => (
                <Field key={r} label={label}>
                  {(id) => (
                    <select
                      id={id}
                      name={`scope-${r}`}
                      value={scopes[r] ?? 'none'}
                      onChange={(e) => setScopes({ ...scopes, [r]: e.currentTarget.value as Level })}
                    >
                      <option value="none">None</option>
                      <option value="read">Read</option>
                      <option value="write">Write</option>
                    </select>
                  )}
                </Field>
              ))}
            </div>
          ) : null}
        </fieldset>
        <ErrorNotice error={failure} />
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create key'}
          </button>
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
