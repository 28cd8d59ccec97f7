import { useEffect, useState } from 'preact/hooks';
import { useBoot } from '../../../dashboard/src/boot';
import { ErrorNotice, Field, Notice } from '../../../dashboard/src/components/ui';
import { ApiFailure } from '../../../dashboard/src/gql';
import { checkToken } from '../gql';

/**
 * Sign-in: the operator pastes one of the server's ADMIN_TOKEN secrets; it is checked with one read before it is
 * kept (in this tab only). `refused`: a kept token stopped working (rotated away), so the operator is told why
 * they are here again.
 */
export function SignInPage({ refused, onSignedIn }: { refused: boolean; onSignedIn: (token: string) => void }) {
  const boot = useBoot();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    document.title = `Sign in · ${boot.brand} admin`;
    document.getElementById('page-title')?.focus();
  }, [boot.brand]);

  return (
    <main class="sign-in" id="main">
      <div class="card">
        <p class="brand">{boot.brand} admin</p>
        <h1 tabIndex={-1} id="page-title">
          Operator sign-in
        </h1>
        {refused && !error ? (
          <Notice kind="warning">
            <p>The token this tab kept is no longer accepted (it may have been rotated). Sign in with a current one.</p>
          </Notice>
        ) : null}
        <ErrorNotice error={error} />
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            const t = token.trim();
            if (!t) return setError(new ApiFailure('UNAUTHORIZED', 'Paste an admin token first.'));
            setBusy(true);
            setError(null);
            try {
              await checkToken(t);
              onSignedIn(t);
            } catch (err) {
              const f = err as ApiFailure;
              setError(
                f.code === 'UNAUTHORIZED'
                  ? new ApiFailure(f.code, 'This token was refused: it is not one of the secrets in the server’s ADMIN_TOKEN.', f.requestId)
                  : f,
              );
            } finally {
              setBusy(false);
            }
          }}
        >
          <Field
            label="Admin token"
            hint="One of the secrets in the server’s ADMIN_TOKEN (npm run dev prints one). It stays in this browser tab only, until you sign out or close the tab."
          >
            {(id, describedBy) => (
              <input
                id={id}
                type="password"
                autocomplete="off"
                spellcheck={false}
                aria-describedby={describedBy}
                value={token}
                onInput={(e) => setToken(e.currentTarget.value)}
              />
            )}
          </Field>
          <button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
