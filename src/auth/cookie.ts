/**
 * The dashboard session cookie: `<brand>_session`, HttpOnly (no script reads it), SameSite=Lax (not sent on
 * cross-site subrequests), Path=/, Secure when the service is reached over TLS (PUBLIC_URL is https).
 */
export const sessionCookieName = (brand: string) => `${brand}_session`;

/** The value of one cookie in a Cookie header; undefined when absent. The first of several same-named wins. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

export function sessionCookie(opts: { brand: string; token: string; maxAgeSeconds: number; secure: boolean }): string {
  return [
    `${sessionCookieName(opts.brand)}=${opts.token}`,
    'Path=/',
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Clears the cookie (sign-out, or a session that no longer works). */
export const clearedSessionCookie = (opts: { brand: string; secure: boolean }) =>
  [`${sessionCookieName(opts.brand)}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax', ...(opts.secure ? ['Secure'] : [])].join('; ');
