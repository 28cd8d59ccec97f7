import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeyAuth } from '../accounts/service.js';
import type { Config } from '../config.js';
import type { Decision, Usage } from '../ratelimit/policy.js';
import type { RateTicket } from '../ratelimit/service.js';
import type { Services } from '../services.js';
import { clientIp } from './client-ip.js';

export type HttpRateLimit = ReturnType<typeof httpRateLimit>;

/**
 * The rate-limit gate (RateLimitService.take) as HTTP transports pass it: whose count (the key when it
 * authenticated, else the client address), the RateLimit headers on the response whatever its status turns out
 * to be, and RATE_LIMITED (429 with Retry-After) thrown on refusal.
 */
export function httpRateLimit(services: Pick<Services, 'ratelimit' | 'accounts' | 'auth'>, config: Pick<Config, 'TRUST_PROXY'>) {
  const { ratelimit } = services;
  const applyHeaders = (res: ServerResponse, decision: Decision | null | undefined) => {
    if (res.headersSent) return;
    for (const [k, v] of Object.entries(ratelimit.headers(decision ?? null))) res.setHeader(k, v);
    if (decision && !decision.allowed) res.setHeader('retry-after', String(decision.retryAfterSec));
  };
  return {
    enabled: ratelimit.enabled,
    applyHeaders,
    /** Takes `usage` (less what `ticket` took already) for this request; throws RATE_LIMITED when refused. */
    async limit(req: IncomingMessage, res: ServerResponse, ticket: RateTicket, auth: KeyAuth | null, usage: Usage) {
      if (!ratelimit.enabled) return;
      const decision = await ratelimit.take(ticket, ratelimit.identity(auth, clientIp(req, config.TRUST_PROXY)), usage);
      applyHeaders(res, decision);
      if (decision && !decision.allowed) throw ratelimit.error(decision);
    },
    /** Authenticates a sent key for the limiter; a key that fails counts against the client address (the route reports why). */
    async tryAuthenticate(apiKey: string | undefined): Promise<{ auth: KeyAuth | null; error?: unknown }> {
      if (!apiKey) return { auth: null };
      try {
        return { auth: await services.accounts.authenticate(apiKey) };
      } catch (error) {
        return { auth: null, error };
      }
    },
    /** The same for a dashboard session's cookie token: a failing one counts against the client address. */
    async tryAuthenticateSession(token: string | undefined): Promise<{ auth: KeyAuth | null; error?: unknown }> {
      try {
        return { auth: await services.auth.authenticateSession(token) };
      } catch (error) {
        return { auth: null, error };
      }
    },
  };
}
