import { randomBytes } from 'node:crypto';
import type { Mode } from '../../src/accounts/keys.js';
import type { TestServer } from './server.js';

/**
 * The headers a signed-in dashboard sends for an account in `mode`: the session cookie of a new owner member (a
 * random wallet), and the service's own Origin (dashboard writes from another origin are refused).
 */
export async function dashboardHeaders(s: TestServer, accountId: string, mode: Mode = 'test'): Promise<{ cookie: string; origin: string }> {
  const member = await s.services.accounts.ensureMember(accountId, 'evm', `0x${randomBytes(20).toString('hex')}`, 'owner');
  const { token } = await s.services.auth.createSession(member, {});
  if (mode === 'live') await s.services.auth.setMode((await s.services.auth.authenticateSession(token))!, 'live');
  return { cookie: `${s.services.auth.cookieName}=${token}`, origin: s.config.PUBLIC_URL };
}
