import { Provider } from '@urql/preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { type Boot, BootContext } from './boot';
import { Loading, ErrorNotice, PageHeader } from './components/ui';
import { type ApiFailure, createGraphQLClient, mutate, queryOnce } from './gql';
import { Layout } from './layout';
import { currentLocation, navigate, useLocation, useRoutedPage } from './router';
import { PAGES } from './routes';
import { LOGIN_QUERY, type Login, SessionContext, type SessionApi } from './session';
import { SignInPage } from './pages/sign-in';

const SET_MODE = /* GraphQL */ `
  mutation SetDashboardMode($input: SetDashboardModeInput!) {
    setDashboardMode(input: $input) { __typename ... on Error { code message } }
  }
`;
const SWITCH_ACCOUNT = /* GraphQL */ `
  mutation SwitchDashboardAccount($input: SwitchDashboardAccountInput!) {
    switchDashboardAccount(input: $input) { __typename ... on Error { code message } }
  }
`;
const SIGN_OUT = /* GraphQL */ `
  mutation SignOut($input: SignOutInput!) {
    signOut(input: $input) { __typename ... on SignOutPayload { session { id } } }
  }
`;

type State = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; login: Login } | { status: 'failed'; error: ApiFailure };

/**
 * The app: reads who is signed in, shows the sign-in page when nobody is, and otherwise the page of the path in
 * the layout. Signing in, switching account or mode, and signing out start over with a new GraphQL client
 * (`epoch`), so nothing read for one account or mode is ever shown for another.
 */
export function App({ boot }: { boot: Boot }) {
  const [epoch, setEpoch] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const restart = useCallback(() => setEpoch((e) => e + 1), []);
  const { client, dispose } = useMemo(() => createGraphQLClient({ onUnauthorized: () => setState({ status: 'signed-out' }) }), [epoch]);
  useEffect(() => dispose, [dispose]);

  useEffect(() => {
    let stop = false;
    queryOnce<{ dashboardLogin: Login }>(client, LOGIN_QUERY)
      .then((d) => !stop && setState({ status: 'signed-in', login: d.dashboardLogin }))
      .catch((err: ApiFailure) => !stop && setState(err.code === 'UNAUTHORIZED' ? { status: 'signed-out' } : { status: 'failed', error: err }));
    return () => {
      stop = true;
    };
  }, [client]);

  const session = useMemo<SessionApi | null>(() => {
    if (state.status !== 'signed-in') return null;
    return {
      boot,
      login: state.login,
      async setMode(mode) {
        await mutate(client, SET_MODE, 'setDashboardMode', { mode });
        restart();
      },
      async switchAccount(accountId) {
        await mutate(client, SWITCH_ACCOUNT, 'switchDashboardAccount', { accountId });
        navigate('/');
        restart();
      },
      async signOut() {
        await mutate(client, SIGN_OUT, 'signOut', {});
        setState({ status: 'signed-out' });
        restart();
      },
    };
  }, [state, client, boot, restart]);

  return (
    <BootContext.Provider value={boot}>
      <Provider value={client}>
        {state.status === 'loading' ? (
          <main class="boot" id="main">
            <Loading label="Loading the dashboard…" />
          </main>
        ) : state.status === 'signed-out' ? (
          <SignInPage
            onSignedIn={() => {
              if (currentLocation().path === '/sign-in') navigate('/', { replace: true });
              restart();
            }}
          />
        ) : state.status === 'failed' ? (
          <main class="boot" id="main">
            <h1>The dashboard could not start</h1>
            <ErrorNotice error={state.error} />
            <button type="button" onClick={restart}>
              Try again
            </button>
          </main>
        ) : (
          <SessionContext.Provider value={session}>
            <Routed brand={boot.brand} />
          </SessionContext.Provider>
        )}
      </Provider>
    </BootContext.Provider>
  );
}

/** The page of the current path, its document title, and focus on its heading after a navigation. */
function Routed({ brand }: { brand: string }) {
  const { path } = useLocation();
  const { page, params } = useRoutedPage(PAGES, path, `${brand} dashboard`);
  const Page = page?.component;
  return (
    <Layout path={path}>
      {Page ? (
        <Page params={params} />
      ) : (
        <>
          <PageHeader title="Not found" />
          <p>There is no dashboard page at this address.</p>
        </>
      )}
    </Layout>
  );
}
