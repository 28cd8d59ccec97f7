import { describe, expect, it } from 'vitest';
import { idleEnd, sameOrigin, sessionVerdict, shouldTouch } from '../../src/auth/state.js';
import { clearedSessionCookie, readCookie, sessionCookie } from '../../src/auth/cookie.js';

const T = Date.parse('2026-11-27T10:00:00.000Z');
const HOUR = 3_600_000;
const base = { revokedAt: null, expiresAt: new Date(T + 24 * HOUR), lastSeenAt: new Date(T) };

describe('session lifetime', () => {
  it.each([
    ['fresh', base, T + 1000, 'active'],
    ['just before idle end', base, T + 8 * HOUR - 1, 'active'],
    ['idle window over', base, T + 8 * HOUR, 'idle'],
    ['absolute end reached while busy', { ...base, lastSeenAt: new Date(T + 24 * HOUR - 10) }, T + 24 * HOUR, 'expired'],
    ['revoked', { ...base, revokedAt: new Date(T) }, T + 1, 'revoked'],
  ] as const)('%s → %s', (_name, s, now, verdict) => expect(sessionVerdict(s, now, 8 * HOUR)).toBe(verdict));

  it('the idle end never passes the absolute end', () => {
    expect(idleEnd(base, 8 * HOUR).getTime()).toBe(T + 8 * HOUR);
    expect(idleEnd({ ...base, lastSeenAt: new Date(T + 20 * HOUR) }, 8 * HOUR).getTime()).toBe(T + 24 * HOUR);
  });

  it('last use is written at most once a minute', () => {
    expect(shouldTouch(new Date(T), T + 59_999)).toBe(false);
    expect(shouldTouch(new Date(T), T + 60_000)).toBe(true);
  });
});

describe('origin and cookie', () => {
  it.each([
    ['http://localhost:8787', 'http://localhost:8787', true],
    ['http://localhost:8787', 'http://localhost:8787/', true],
    ['http://127.0.0.1:8787', 'http://localhost:8787', false],
    ['https://evil.example', 'https://pay.example', false],
    ['https://pay.example.evil.example', 'https://pay.example', false],
    ['http://pay.example', 'https://pay.example', false],
    ['null', 'https://pay.example', false],
    [undefined, 'https://pay.example', false],
    ['not a url', 'https://pay.example', false],
  ] as const)('Origin %s against %s → %s', (origin, pub, ok) => expect(sameOrigin(origin, pub)).toBe(ok));

  it('reads one cookie among others, the first of several', () => {
    expect(readCookie('a=1; sg_session=tok; b=2', 'sg_session')).toBe('tok');
    expect(readCookie('sg_session=one; sg_session=two', 'sg_session')).toBe('one');
    expect(readCookie('xsg_session=tok', 'sg_session')).toBeUndefined();
    expect(readCookie('sg_session=', 'sg_session')).toBeUndefined();
    expect(readCookie(undefined, 'sg_session')).toBeUndefined();
  });

  it('the cookie is HttpOnly, SameSite=Lax, Secure only behind TLS; clearing expires it', () => {
    expect(sessionCookie({ brand: 'sg', token: 'T', maxAgeSeconds: 60, secure: false })).toBe('sg_session=T; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
    expect(sessionCookie({ brand: 'sg', token: 'T', maxAgeSeconds: 60, secure: true })).toMatch(/; Secure$/);
    expect(clearedSessionCookie({ brand: 'sg', secure: false })).toBe('sg_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  });
});
