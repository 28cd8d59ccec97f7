/**
 * Session lifetime rules, pure. A session works while it is not revoked, its absolute end is ahead and its last
 * request is within the idle window; `lastSeenAt` is written at most once a minute so busy dashboards do not write
 * on every request.
 */
export type SessionVerdict = 'active' | 'revoked' | 'expired' | 'idle';

export interface SessionTimes {
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

export function sessionVerdict(s: SessionTimes, now: number, idleMs: number): SessionVerdict {
  if (s.revokedAt) return 'revoked';
  if (now >= s.expiresAt.getTime()) return 'expired';
  if (now - s.lastSeenAt.getTime() >= idleMs) return 'idle';
  return 'active';
}

const TOUCH_RESOLUTION_MS = 60_000;
export const shouldTouch = (lastSeenAt: Date, now: number) => now - lastSeenAt.getTime() >= TOUCH_RESOLUTION_MS;

/** The session's idle end: the earlier of its absolute end and the idle window from its last request. */
export const idleEnd = (s: Pick<SessionTimes, 'expiresAt' | 'lastSeenAt'>, idleMs: number) =>
  new Date(Math.min(s.expiresAt.getTime(), s.lastSeenAt.getTime() + idleMs));

/** Whether a browser request's Origin is the dashboard's own (PUBLIC_URL's scheme, host and port). */
export function sameOrigin(origin: string | undefined, publicUrl: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(publicUrl).origin && origin !== 'null';
  } catch {
    return false;
  }
}

/**
 * Whether a sign-in challenge may still be used, pure: once used it never is again; it is open from its issue to its
 * expiry (by the service's clock; a challenge "issued" later than now, the clock having gone back, is not open yet).
 */
export type ChallengeVerdict = 'open' | 'used' | 'expired' | 'not_yet';

export function challengeVerdict(c: { usedAt: Date | null; issuedAt: Date; expiresAt: Date }, now: number): ChallengeVerdict {
  if (c.usedAt) return 'used';
  if (now >= c.expiresAt.getTime()) return 'expired';
  if (now < c.issuedAt.getTime()) return 'not_yet';
  return 'open';
}
