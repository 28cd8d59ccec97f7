import { useClient, useQuery } from '@urql/preact';
import { useState } from 'preact/hooks';
import { ErrorNotice, Field, Loading, Mono, PageHeader, Table, When } from '../components/ui';
import { type ApiFailure, mutate, toFailure } from '../gql';
import { canWrite, type Login, useSession } from '../session';

/**
 * Team and sessions: the account's members (invite a wallet with a role, change a role, remove), and the signed-in
 * wallet's own dashboard sessions in every browser (revoke any; revoking this one signs out here).
 */
interface Member {
  id: string;
  address: string;
  chainType: 'evm' | 'solana';
  role: Login['role'];
  invitedBy: string | null;
  createdAt: string;
  joinedAt: string | null;
  you: boolean;
}
interface DashSession {
  id: string;
  accountId: string;
  mode: string;
  createdAt: string;
  lastSeenAt: string;
  idleExpiresAt: string;
  userAgent: string | null;
  ipAddress: string | null;
}
const MEMBER = 'id address chainType role invitedBy createdAt joinedAt you';

const TEAM = /* GraphQL */ `
  query DashboardTeam {
    members(first: 100) { nodes { ${MEMBER} } }
    dashboardSessions(first: 100) { nodes { id accountId mode createdAt lastSeenAt idleExpiresAt userAgent ipAddress } }
  }
`;
const INVITE = /* GraphQL */ `
  mutation DashboardInviteMember($input: InviteMemberInput!) {
    inviteMember(input: $input) { __typename ... on Error { code message } ... on InviteMemberPayload { member { ${MEMBER} } } }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation DashboardUpdateMember($input: UpdateMemberInput!) {
    updateMember(input: $input) { __typename ... on Error { code message } ... on UpdateMemberPayload { member { ${MEMBER} } } }
  }
`;
const REMOVE = /* GraphQL */ `
  mutation DashboardRemoveMember($input: RemoveMemberInput!) {
    removeMember(input: $input) { __typename ... on Error { code message } ... on RemoveMemberPayload { member { id } } }
  }
`;
const REVOKE_SESSION = /* GraphQL */ `
  mutation DashboardRevokeSession($input: RevokeDashboardSessionInput!) {
    revokeDashboardSession(input: $input) { __typename ... on Error { code message } ... on RevokeDashboardSessionPayload { session { id } } }
  }
`;

const ROLES: Array<[Login['role'], string]> = [
  ['owner', 'Owner: everything, including other owners'],
  ['admin', 'Admin: everything, and the team except owners'],
  ['developer', 'Developer: keys, webhooks, payments; no refunds or team'],
  ['viewer', 'Viewer: reads everything, changes nothing'],
];

export function TeamPage() {
  const { login, signOut } = useSession();
  const client = useClient();
  const [{ data, error, fetching }, refetch] = useQuery<{ members: { nodes: Member[] }; dashboardSessions: { nodes: DashSession[] } }>({ query: TEAM });
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const manage = canWrite(login.role, 'team');
  const mayTouch = (m: Member) => manage && !m.you && (login.role === 'owner' || m.role !== 'owner');

  const act = async (fn: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await fn();
      refetch({ requestPolicy: 'network-only' });
    } catch (err) {
      setFailure(err as ApiFailure);
    }
  };

  return (
    <>
      <PageHeader title="Team and sessions" />
      <ErrorNotice error={failure ?? (error ? toFailure(error) : null)} />
      {fetching && !data ? <Loading /> : null}
      <section class="panel" aria-labelledby="members-title">
        <h2 id="members-title">Members of {login.accountName}</h2>
        <Table
          caption="Members"
          rows={data?.members.nodes ?? []}
          rowKey={(m) => m.id}
          empty="No members."
          columns={[
            {
              label: 'Wallet',
              cell: (m) => (
                <>
                  <Mono value={m.address} short /> {m.you ? <span class="badge">You</span> : null}
                </>
              ),
            },
            {
              label: 'Role',
              cell: (m) =>
                mayTouch(m) ? (
                  <select
                    aria-label={`Role of ${m.address}`}
                    value={m.role}
                    onChange={(e) => act(() => mutate(client, UPDATE, 'updateMember', { id: m.id, role: e.currentTarget.value }))}
                  >
                    {ROLES.filter(([r]) => login.role === 'owner' || r !== 'owner').map(([r]) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  m.role
                ),
            },
            { label: 'Joined', cell: (m) => (m.joinedAt ? <When at={m.joinedAt} /> : <span class="badge warn">Invited</span>) },
            {
              label: 'Actions',
              cell: (m) =>
                mayTouch(m) ? (
                  <button
                    type="button"
                    class="danger"
                    aria-label={`Remove ${m.address}`}
                    onClick={() =>
                      confirm(`Remove ${m.address} from the team? Their sessions end at once.`) &&
                      act(() => mutate(client, REMOVE, 'removeMember', { id: m.id }))
                    }
                  >
                    Remove
                  </button>
                ) : null,
            },
          ]}
        />
        {manage ? <InviteForm onInvited={() => refetch({ requestPolicy: 'network-only' })} /> : <p class="muted">Only owners and admins manage the team.</p>}
      </section>
      <section class="panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Your sessions</h2>
        <p class="muted">Where your wallet is signed in to the dashboard, in any account. Revoke one you do not recognise.</p>
        <Table
          caption="Your dashboard sessions"
          rows={data?.dashboardSessions.nodes ?? []}
          rowKey={(s) => s.id}
          empty="No sessions."
          columns={[
            {
              label: 'Browser',
              cell: (s) => (
                <>
                  {s.userAgent ?? 'Unknown'} {s.id === login.session.id ? <span class="badge ok">This browser</span> : null}
                </>
              ),
            },
            { label: 'Address', cell: (s) => s.ipAddress ?? '' },
            { label: 'Signed in', cell: (s) => <When at={s.createdAt} /> },
            { label: 'Last seen', cell: (s) => <When at={s.lastSeenAt} /> },
            { label: 'Ends if idle', cell: (s) => <When at={s.idleExpiresAt} /> },
            {
              label: 'Actions',
              cell: (s) => (
                <button
                  type="button"
                  class="danger"
                  aria-label={
                    s.id === login.session.id ? 'Revoke this session (signs you out)' : `Revoke the session signed in ${new Date(s.createdAt).toLocaleString()}`
                  }
                  onClick={() =>
                    s.id === login.session.id ? act(() => signOut()) : act(() => mutate(client, REVOKE_SESSION, 'revokeDashboardSession', { id: s.id }))
                  }
                >
                  Revoke
                </button>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const client = useClient();
  const { login } = useSession();
  const [address, setAddress] = useState('');
  const [role, setRole] = useState<Login['role']>('developer');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      aria-labelledby="invite-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setFailure(null);
        setDone(null);
        const a = address.trim();
        try {
          await mutate(client, INVITE, 'inviteMember', { address: a, chainType: a.startsWith('0x') ? 'evm' : 'solana', role });
          setDone(`${a} can now sign in with their wallet as ${role}.`);
          setAddress('');
          onInvited();
        } catch (err) {
          setFailure(err as ApiFailure);
        }
      }}
    >
      <h3 id="invite-title">Invite a wallet</h3>
      <div class="form-row">
        <Field label="Wallet address" hint="An EVM 0x address or a Solana address.">
          {(id, hint) => <input id={id} aria-describedby={hint} required value={address} onInput={(e) => setAddress(e.currentTarget.value)} />}
        </Field>
        <Field label="Role">
          {(id) => (
            <select id={id} value={role} onChange={(e) => setRole(e.currentTarget.value as Login['role'])}>
              {ROLES.filter(([r]) => login.role === 'owner' || r !== 'owner').map(([r, label]) => (
                <option key={r} value={r}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div class="actions">
          <button type="submit">Invite</button>
        </div>
      </div>
      <ErrorNotice error={failure} />
      {done ? (
        <p class="notice success" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}
