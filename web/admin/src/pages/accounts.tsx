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
 * Accounts: search (by id, name, member wallet or key prefix), and one account's page: its API keys (never a
 * secret), its team, live mode, the rate-limit multiplier, and suspension with its reason. Every write is audited.
 */
interface Account {
  id: string;
  name: string;
  createdAt: string;
  liveEnabled: boolean;
  partnerId: string | null;
  rateLimitMultiplier: number | null;
  suspension: { reason: string; suspendedAt: string } | null;
}
interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  mode: 'test' | 'live';
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
interface Member {
  id: string;
  address: string;
  chainType: string;
  role: string;
  joinedAt: string | null;
}
interface AccountDetail extends Account {
  apiKeys: { totalCount: number; nodes: ApiKey[] };
  members: { totalCount: number; nodes: Member[] };
}

const ACCOUNT = /* GraphQL */ `
  fragment AdminAccountFields on AdminAccount {
    id name createdAt liveEnabled partnerId rateLimitMultiplier suspension { reason suspendedAt }
  }
`;
const LIST = withFragments(
  /* GraphQL */ `
  query AdminAccounts($query: String, $first: Int, $after: String) {
    adminAccounts(query: $query, first: $first, after: $after) {
      nodes { ...AdminAccountFields }
      pageInfo { hasNextPage endCursor }
    }
  }
`,
  ACCOUNT,
);
const ONE = withFragments(
  /* GraphQL */ `
  query AdminAccount($id: ID!) {
    adminAccount(id: $id) {
      ...AdminAccountFields
      apiKeys(first: 100) { totalCount nodes { id name prefix mode createdAt expiresAt lastUsedAt revokedAt } }
      members(first: 100) { totalCount nodes { id address chainType role joinedAt } }
    }
  }
`,
  ACCOUNT,
);
const SET_LIVE = withFragments(
  /* GraphQL */ `
  mutation AdminSetAccountLiveMode($input: AdminSetAccountLiveModeInput!) {
    adminSetAccountLiveMode(input: $input) { __typename ... on Error { code message } ... on AdminSetAccountLiveModePayload { account { ...AdminAccountFields } } }
  }
`,
  ACCOUNT,
);
const SET_RATE = withFragments(
  /* GraphQL */ `
  mutation AdminSetAccountRateLimit($input: AdminSetAccountRateLimitInput!) {
    adminSetAccountRateLimit(input: $input) { __typename ... on Error { code message } ... on AdminSetAccountRateLimitPayload { account { ...AdminAccountFields } } }
  }
`,
  ACCOUNT,
);
const SUSPEND = withFragments(
  /* GraphQL */ `
  mutation AdminSuspendAccount($input: AdminSuspendAccountInput!) {
    adminSuspendAccount(input: $input) { __typename ... on Error { code message } ... on AdminSuspendAccountPayload { account { ...AdminAccountFields } } }
  }
`,
  ACCOUNT,
);
const UNSUSPEND = withFragments(
  /* GraphQL */ `
  mutation AdminUnsuspendAccount($input: AdminUnsuspendAccountInput!) {
    adminUnsuspendAccount(input: $input) { __typename ... on Error { code message } ... on AdminUnsuspendAccountPayload { account { ...AdminAccountFields } } }
  }
`,
  ACCOUNT,
);

const liveBadge = (on: boolean) => (on ? <span class="badge ok">Live on</span> : <span class="badge">Test only</span>);
const suspendedBadge = (a: Account) => (a.suspension ? <span class="badge bad">Suspended</span> : <span class="badge ok">Active</span>);

export function AccountsPage() {
  const { search } = useLocation();
  const query = search.get('q')?.trim() ?? '';
  return (
    <>
      <PageHeader title="Accounts" />
      <SearchForm key={query} query={query} />
      <AccountList key={query} query={query} />
    </>
  );
}

function SearchForm({ query }: { query: string }) {
  const [q, setQ] = useState(query);
  return (
    <form
      class="panel filters"
      aria-label="Find accounts"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(q.trim() ? `/accounts?q=${encodeURIComponent(q.trim())}` : '/accounts');
      }}
    >
      <div class="form-row">
        <Field label="Search" hint="An account id, a part of its name or of a member wallet, or the start of an API key prefix.">
          {(id, hint) => <input id={id} type="search" aria-describedby={hint} value={q} onInput={(e) => setQ(e.currentTarget.value)} />}
        </Field>
        <div class="actions">
          <button type="submit">Search</button>
        </div>
      </div>
    </form>
  );
}

function AccountList({ query }: { query: string }) {
  return <PageChain page={(p) => <AccountPage query={query} {...p} />} />;
}

function AccountPage({ query, after, onMore, last }: { query: string; after: string | undefined; onMore: (cursor: string) => void; last: boolean }) {
  const [{ data, error, fetching }] = useQuery<{ adminAccounts: { nodes: Account[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>({
    query: LIST,
    variables: { query: query || undefined, first: 50, after },
  });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return fetching ? <Loading /> : null;
  const { nodes, pageInfo } = data.adminAccounts;
  return (
    <>
      <Table
        caption={after ? 'More accounts' : 'Accounts, newest first'}
        rows={nodes}
        rowKey={(a) => a.id}
        empty={after ? 'No more accounts.' : query ? 'No account matches.' : 'No account yet.'}
        columns={[
          { label: 'Account', cell: (a) => <Link href={`/accounts/${encodeURIComponent(a.id)}`}>{a.name}</Link> },
          { label: 'Id', cell: (a) => <Mono value={a.id} /> },
          { label: 'Status', cell: (a) => suspendedBadge(a) },
          { label: 'Live mode', cell: (a) => liveBadge(a.liveEnabled) },
          { label: 'Partner', cell: (a) => (a.partnerId ? <Link href={`/partners/${encodeURIComponent(a.partnerId)}`}>{a.partnerId}</Link> : '') },
          { label: 'Rate limits', cell: (a) => (a.rateLimitMultiplier == null ? 'Default' : `× ${a.rateLimitMultiplier}`) },
          { label: 'Created', cell: (a) => <When at={a.createdAt} /> },
        ]}
      />
      {last ? <MoreButton hasMore={pageInfo.hasNextPage} loading={fetching} onMore={() => pageInfo.endCursor && onMore(pageInfo.endCursor)} /> : null}
    </>
  );
}

export function AccountDetailPage({ params }: { params: Record<string, string> }) {
  const [{ data, error, fetching }, refetch] = useQuery<{ adminAccount: AccountDetail | null }>({ query: ONE, variables: { id: params.id } });
  const a = data?.adminAccount;
  if (!a)
    return (
      <DetailFallback title="Account" loading={fetching && !data} error={error ? toFailure(error) : null}>
        No account <Mono value={params.id!} />. <Link href="/accounts">Back to the accounts</Link>
      </DetailFallback>
    );
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader title={a.name} />
      <p>
        <Link href="/accounts">Back to the accounts</Link> ·{' '}
        <Link href={auditLogHref({ targetType: 'account', targetId: a.id })}>History in the audit log</Link>
      </p>
      <section class="panel" aria-label="Account details">
        <DetailList
          items={[
            ['Account id', <Mono value={a.id} />],
            [
              'Status',
              a.suspension ? (
                <>
                  {suspendedBadge(a)} since <When at={a.suspension.suspendedAt} />
                </>
              ) : (
                suspendedBadge(a)
              ),
            ],
            ['Live mode', liveBadge(a.liveEnabled)],
            ['Partner', a.partnerId ? <Link href={`/partners/${encodeURIComponent(a.partnerId)}`}>{a.partnerId}</Link> : null],
            ['Rate limits', a.rateLimitMultiplier == null ? 'Default' : `× ${a.rateLimitMultiplier}`],
            ['Created', <When at={a.createdAt} />],
          ]}
        />
      </section>
      <div class="admin-controls">
        <LiveMode account={a} onDone={reload} />
        <RateLimit key={String(a.rateLimitMultiplier)} account={a} onDone={reload} />
        <Suspension account={a} onDone={reload} />
      </div>
      <h2>API keys ({a.apiKeys.totalCount})</h2>
      <Table
        caption="The account's API keys, both modes"
        rows={a.apiKeys.nodes}
        rowKey={(k) => k.id}
        empty="No API key."
        columns={[
          { label: 'Key', cell: (k) => <Mono value={k.id} /> },
          { label: 'Name', cell: (k) => k.name ?? '' },
          { label: 'Prefix', cell: (k) => <code>{k.prefix}</code> },
          { label: 'Mode', cell: (k) => k.mode },
          {
            label: 'State',
            cell: (k) =>
              k.revokedAt ? (
                <span class="badge bad">Revoked</span>
              ) : k.expiresAt && Date.parse(k.expiresAt) < Date.now() ? (
                <span class="badge warn">Expired</span>
              ) : (
                <span class="badge ok">Active</span>
              ),
          },
          { label: 'Last used', cell: (k) => <When at={k.lastUsedAt} /> },
          { label: 'Created', cell: (k) => <When at={k.createdAt} /> },
        ]}
      />
      <h2>Team ({a.members.totalCount})</h2>
      <Table
        caption="The account's members"
        rows={a.members.nodes}
        rowKey={(m) => m.id}
        empty="No member."
        columns={[
          { label: 'Wallet', cell: (m) => <Mono value={m.address} /> },
          { label: 'Chain', cell: (m) => m.chainType },
          { label: 'Role', cell: (m) => m.role },
          { label: 'Joined', cell: (m) => (m.joinedAt ? <When at={m.joinedAt} /> : 'Invited') },
        ]}
      />
    </>
  );
}

function LiveMode({ account, onDone }: { account: Account; onDone: () => void }) {
  const client = useClient();
  const action = useAction();
  const next = !account.liveEnabled;
  return (
    <section class="panel" aria-labelledby="live-title">
      <h2 id="live-title">Live mode</h2>
      <p class="small">
        {account.liveEnabled
          ? 'On: live keys work and the dashboard may switch to live. Turning it off refuses live keys.'
          : 'Off: live keys are refused and the dashboard stays in test mode.'}
      </p>
      <ErrorNotice error={action.error} />
      <button
        type="button"
        class={next ? undefined : 'danger'}
        disabled={action.busy}
        onClick={() =>
          action
            .run(next ? 'Live mode on.' : 'Live mode off.', () => mutate(client, SET_LIVE, 'adminSetAccountLiveMode', { id: account.id, enabled: next }))
            .then((ok) => ok && onDone())
        }
      >
        {next ? 'Turn live mode on' : 'Turn live mode off'}
      </button>
    </section>
  );
}

function RateLimit({ account, onDone }: { account: Account; onDone: () => void }) {
  const client = useClient();
  const [value, setValue] = useState(account.rateLimitMultiplier == null ? '' : String(account.rateLimitMultiplier));
  const action = useAction();
  const save = (multiplier: number | null) =>
    action.run('Saved.', () => mutate(client, SET_RATE, 'adminSetAccountRateLimit', { id: account.id, multiplier })).then((ok) => ok && onDone());
  return (
    <section class="panel" aria-labelledby="rate-title">
      <h2 id="rate-title">Rate limits</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(Number(value));
        }}
      >
        <Field label="Multiplier" hint="Scales every rate-limit bucket of the account’s keys and sessions, 0.1 to 100.">
          {(id, hint) => (
            <input
              id={id}
              aria-describedby={hint}
              type="number"
              min={0.1}
              max={100}
              step="any"
              required
              value={value}
              onInput={(e) => setValue(e.currentTarget.value)}
            />
          )}
        </Field>
        <ErrorNotice error={action.error} />
        {action.done ? <Notice kind="success">{action.done}</Notice> : null}
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Set multiplier
          </button>
          {account.rateLimitMultiplier != null ? (
            <button type="button" class="secondary" disabled={action.busy} onClick={() => save(null)}>
              Back to the defaults
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function Suspension({ account, onDone }: { account: Account; onDone: () => void }) {
  const client = useClient();
  const [reason, setReason] = useState('');
  const action = useAction();
  return (
    <section class="panel" aria-labelledby="suspend-title">
      <h2 id="suspend-title">Suspension</h2>
      {account.suspension ? (
        <>
          <p class="small">
            Suspended since <When at={account.suspension.suspendedAt} />: its keys and dashboard sessions are refused, and payers get no new quotes.
          </p>
          <p class="small">
            Reason: <q>{account.suspension.reason}</q>
          </p>
          <ErrorNotice error={action.error} />
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              action.run('Unsuspended.', () => mutate(client, UNSUSPEND, 'adminUnsuspendAccount', { id: account.id })).then((ok) => ok && onDone())
            }
          >
            Unsuspend
          </button>
        </>
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            const ok = await action.run('Suspended.', () => mutate(client, SUSPEND, 'adminSuspendAccount', { id: account.id, reason: reason.trim() }));
            if (ok) {
              setReason('');
              onDone();
            }
          }}
        >
          <Field label="Reason" hint="Kept for the operator, never shown to the merchant (1 to 500 characters).">
            {(id, hint) => (
              <textarea id={id} aria-describedby={hint} required maxLength={500} rows={2} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
            )}
          </Field>
          <ErrorNotice error={action.error} />
          <button type="submit" class="danger" disabled={action.busy}>
            Suspend account
          </button>
        </form>
      )}
    </section>
  );
}
