import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { useQuery } from '@urql/preact';
import { Frame } from './components/frame';
import { ErrorNotice } from './components/ui';
import type { ApiFailure } from './gql';
import { Link } from './router';
import { NAV_GROUPS, PAGES } from './routes';
import { useSession } from './session';

const ACCOUNTS_QUERY = /* GraphQL */ `
  query DashboardAccounts {
    dashboardAccounts { nodes { accountId accountName role } }
  }
`;

/**
 * The frame of every signed-in page (components/frame.tsx): the header holds the account switcher, the test/live
 * toggle and sign-out; test mode shows a banner on every page.
 */
export function Layout({ path, children }: { path: string; children: ComponentChildren }) {
  const { login, boot } = useSession();
  const test = login.session.mode === 'test';
  return (
    <Frame
      brand={boot.brand}
      Link={Link}
      navLabel="Dashboard"
      groups={NAV_GROUPS.map((g) => ({ heading: g, items: PAGES.filter((p) => p.nav?.group === g).map((p) => ({ href: p.path, label: p.nav!.label })) }))}
      path={path}
      class={test ? 'mode-test' : 'mode-live'}
      controls={
        <>
          <AccountSwitcher />
          <ModeToggle />
          <SignOutButton />
        </>
      }
      banner={
        test ? (
          <p class="test-banner">
            <strong>Test mode.</strong> You are viewing test data: nothing here moves real funds.
          </p>
        ) : null
      }
    >
      {children}
    </Frame>
  );
}

function AccountSwitcher() {
  const { login, switchAccount } = useSession();
  const [{ data }] = useQuery<{ dashboardAccounts: { nodes: Array<{ accountId: string; accountName: string; role: string }> } }>({ query: ACCOUNTS_QUERY });
  const [error, setError] = useState<ApiFailure | null>(null);
  const id = useId();
  const accounts = data?.dashboardAccounts.nodes ?? [{ accountId: login.accountId, accountName: login.accountName, role: login.role }];
  return (
    <div class="account">
      <label for={id} class="visually-hidden">
        Account
      </label>
      <select
        id={id}
        value={login.accountId}
        disabled={accounts.length < 2}
        onChange={async (e) => {
          setError(null);
          await switchAccount((e.target as HTMLSelectElement).value).catch((err: ApiFailure) => setError(err));
        }}
      >
        {accounts.map((a) => (
          <option key={a.accountId} value={a.accountId}>
            {a.accountName} ({a.role})
          </option>
        ))}
      </select>
      <ErrorNotice error={error} />
    </div>
  );
}

function ModeToggle() {
  const { login, setMode } = useSession();
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const hint = useId();
  const live = login.session.mode === 'live';
  // Live stays reachable for a session already in live mode (to go back); otherwise it needs the account's live mode.
  const disabled = busy || (!login.liveEnabled && !live);
  return (
    <div class="mode">
      <button
        type="button"
        role="switch"
        aria-checked={live}
        class={`switch ${live ? 'on' : ''}`}
        disabled={disabled}
        aria-describedby={!login.liveEnabled ? hint : undefined}
        onClick={async () => {
          setBusy(true);
          setError(null);
          await setMode(live ? 'test' : 'live').catch((err: ApiFailure) => setError(err));
          setBusy(false);
        }}
      >
        <span class="switch-track" aria-hidden="true">
          <span class="switch-thumb" />
        </span>
        Live mode
      </button>
      {!login.liveEnabled ? (
        <span id={hint} class="hint">
          Live mode is not enabled for this account yet; the operator turns it on.
        </span>
      ) : null}
      <ErrorNotice error={error} />
    </div>
  );
}

function SignOutButton() {
  const { signOut, login } = useSession();
  const [error, setError] = useState<ApiFailure | null>(null);
  return (
    <div class="who">
      <span class="muted small" title={login.session.address}>
        {login.session.address.slice(0, 6)}…{login.session.address.slice(-4)}
      </span>
      <button type="button" class="secondary" onClick={() => signOut().catch((err: ApiFailure) => setError(err))}>
        Sign out
      </button>
      <ErrorNotice error={error} />
    </div>
  );
}
