import { useEffect, useState } from 'preact/hooks';
import { useBoot } from '../boot';
import { ErrorNotice } from '../components/ui';
import type { ApiFailure } from '../gql';
import { postJson } from '../rest';
import { type FoundWallet, watchWallets } from '../wallets';

/**
 * Sign-in: the wallets the browser announces (EIP-6963 for EVM, the wallet standard for Solana), each a button
 * that signs the server's challenge. None found → how to get one; in development, the one-click sign-in too.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const boot = useBoot();
  const [wallets, setWallets] = useState<FoundWallet[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => watchWallets(setWallets), []);
  useEffect(() => {
    document.title = `Sign in · ${boot.brand} dashboard`;
    document.getElementById('page-title')?.focus();
  }, [boot.brand]);

  const run = async (id: string, fn: () => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    try {
      await fn();
      onSignedIn();
    } catch (err) {
      setError(err as ApiFailure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <main class="sign-in" id="main">
      <div class="card">
        <p class="brand">{boot.brand}</p>
        <h1 tabIndex={-1} id="page-title">
          Sign in to the dashboard
        </h1>
        <p>Sign in with your wallet: it signs a one-time message (no transaction, no fee). A wallet signing in for the first time gets its own account.</p>
        <ErrorNotice error={error} />
        {wallets.length ? (
          <ul class="wallets" aria-label="Wallets found in this browser">
            {wallets.map((w) => (
              <li key={w.id}>
                <button type="button" class="wallet" disabled={busy !== null} onClick={() => run(w.id, () => w.signIn())}>
                  <img src={w.icon} alt="" width={28} height={28} />
                  <span>
                    {busy === w.id ? 'Waiting for the wallet…' : `Sign in with ${w.name}`}
                    <span class="muted small"> {w.kind === 'evm' ? 'Ethereum (SIWE)' : 'Solana (SIWS)'}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div class="notice info">
            <p>No wallet was found in this browser.</p>
            <p>
              Install a browser wallet such as MetaMask, Rabby or Coinbase Wallet (Ethereum) or Phantom, Solflare or Backpack (Solana), then reload this page.
            </p>
          </div>
        )}
        {boot.devSignIn ? (
          <div class="dev-sign-in">
            <h2>Development</h2>
            <p>This server runs under npm run dev: sign in as its dev account without a wallet.</p>
            <button type="button" disabled={busy !== null} onClick={() => run('dev', () => postJson('/v1/auth/dev-sign-in', {}))}>
              {busy === 'dev' ? 'Signing in…' : 'Sign in as the dev account'}
            </button>
          </div>
        ) : null}
      </div>
    </main>
  );
}
