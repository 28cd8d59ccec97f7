import { Provider } from '@urql/preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type Boot, BootContext } from '../../dashboard/src/boot';
import { ErrorNotice, Loading, PageHeader } from '../../dashboard/src/components/ui';
import type { ApiFailure } from '../../dashboard/src/gql';
import { checkToken, createAdminClient } from './gql';
import { Layout } from './layout';
import { currentLocation, navigate, useLocation, useRoutedPage } from './router';
import { PAGES } from './routes';
import { SignInPage } from './pages/sign-in';
import { clearToken, storedToken, storeToken } from './token';

type State =
  | { status: 'checking'; token: string }
  | { status: 'signed-out'; refused: boolean }
  | { status: 'signed-in'; token: string }
  | { status: 'failed'; token: string; error: ApiFailure };

/**
 * The operator's app: the sign-in page until a token is given, then the page of the path in the layout. The token
 * lives in this tab's sessionStorage (./token.ts); a token the server stops taking (rotated away) signs out with
 * a notice saying so.
 */
export function App({ boot }: { boot: Boot }) {
  const [state, setState] = useState<State>(() => {
    const token = storedToken();
    return token ? { status: 'checking', token } : { status: 'signed-out', refused: false };
  });
  const token = state.status === 'signed-out' ? null : state.token;
  const signOut = (refused: boolean) => {
    clearToken();
    setState({ status: 'signed-out', refused });
  };
  const client = useMemo(() => (token ? createAdminClient(token, { onUnauthorized: () => signOut(true) }) : null), [token]);

  useEffect(() => {
    if (state.status !== 'checking') return;
    let stop = false;
    checkToken(state.token)
      .then(() => !stop && setState({ status: 'signed-in', token: state.token }))
      .catch((err: ApiFailure) => {
        if (stop) return;
        if (err.code === 'UNAUTHORIZED') signOut(true);
        else setState({ status: 'failed', token: state.token, error: err });
      });
    return () => {
      stop = true;
    };
  }, [state]);

  return (
    <BootContext.Provider value={boot}>
      {state.status === 'checking' ? (
        <main class="boot" id="main">
          <Loading label="Loading the admin pages…" />
        </main>
      ) : state.status === 'signed-out' ? (
        <SignInPage
          refused={state.refused}
          onSignedIn={(t) => {
            storeToken(t);
            if (currentLocation().path === '/sign-in') navigate('/', { replace: true });
            setState({ status: 'signed-in', token: t });
          }}
        />
      ) : state.status === 'failed' ? (
        <main class="boot" id="main">
          <h1>The admin pages could not start</h1>
          <ErrorNotice error={state.error} />
          <button type="button" onClick={() => setState({ status: 'checking', token: state.token })}>
            Try again
          </button>
        </main>
      ) : (
        <Provider value={client!}>
          <Routed brand={boot.brand} onSignOut={() => signOut(false)} />
        </Provider>
      )}
    </BootContext.Provider>
  );
}

/** The page of the current path, its document title, and focus on its heading after a navigation. */
function Routed({ brand, onSignOut }: { brand: string; onSignOut: () => void }) {
  const { path } = useLocation();
  const { page, params } = useRoutedPage(PAGES, path, `${brand} admin`);
  const Page = page?.component;
  return (
    <Layout path={path} brand={brand} onSignOut={onSignOut}>
      {Page ? (
        <Page params={params} />
      ) : (
        <>
          <PageHeader title="Not found" />
          <p>There is no admin page at this address.</p>
        </>
      )}
    </Layout>
  );
}
