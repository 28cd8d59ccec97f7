import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Boot } from './boot';

/** Who is signed in, as `dashboardLogin` answers. */
export interface Login {
  role: 'owner' | 'admin' | 'developer' | 'viewer';
  accountId: string;
  accountName: string;
  liveEnabled: boolean;
  session: { id: string; mode: 'test' | 'live'; address: string; chainType: 'evm' | 'solana' };
}

export const LOGIN_QUERY = /* GraphQL */ `
  query DashboardLogin {
    dashboardLogin {
      role
      accountId
      accountName
      liveEnabled
      session { id mode address chainType }
    }
  }
`;

/** What every page may use: the login, the boot data, and the actions that change the session. */
export interface SessionApi {
  boot: Boot;
  login: Login;
  /** Switches test/live; the app starts over with a fresh client (nothing of the other mode stays cached). */
  setMode(mode: 'test' | 'live'): Promise<void>;
  switchAccount(accountId: string): Promise<void>;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a signed-in page');
  return s;
}

/** Whether the member's role may change things of this kind (the server decides; this only hides buttons that would fail). */
export function canWrite(role: Login['role'], what: 'keys' | 'team' | 'partner' | 'payments'): boolean {
  if (role === 'owner' || role === 'admin') return true;
  if (role === 'developer') return what === 'keys' || what === 'payments';
  return false;
}
