import { describe, expect, it } from 'vitest';
import { clientIp, isHttps } from '../../src/http/client-ip.js';
import { loadConfig } from '../../src/config.js';

const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress } }) as never;

describe('clientIp', () => {
  it.each([
    ['no proxy trusted: the peer, whatever the header says', req('10.0.0.9', { 'x-forwarded-for': '1.2.3.4' }), 0, '10.0.0.9'],
    ['IPv4-mapped peer is shown as IPv4', req('::ffff:127.0.0.1'), 0, '127.0.0.1'],
    ['one proxy: the entry it appended', req('10.0.0.1', { 'x-forwarded-for': '203.0.113.7' }), 1, '203.0.113.7'],
    ['one proxy: a spoofed left entry is ignored', req('10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }), 1, '203.0.113.7'],
    ['two proxies', req('10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' }), 2, '203.0.113.7'],
    ['fewer entries than proxies: the left-most', req('10.0.0.1', { 'x-forwarded-for': '203.0.113.7' }), 3, '203.0.113.7'],
    ['no header behind a proxy: the peer', req('10.0.0.1'), 1, '10.0.0.1'],
    ['garbage in the header: the peer', req('10.0.0.1', { 'x-forwarded-for': '<script>' }), 1, '10.0.0.1'],
    ['IPv6', req('10.0.0.1', { 'x-forwarded-for': '2001:db8::1' }), 1, '2001:db8::1'],
  ])('%s', (_name, r, trust, ip) => expect(clientIp(r, trust)).toBe(ip));
});

describe('isHttps', () => {
  it('believes X-Forwarded-Proto only behind a trusted proxy', () => {
    expect(isHttps(req('10.0.0.1', { 'x-forwarded-proto': 'https' }), 0)).toBe(false);
    expect(isHttps(req('10.0.0.1', { 'x-forwarded-proto': 'https' }), 1)).toBe(true);
    expect(isHttps(req('10.0.0.1', { 'x-forwarded-proto': 'http' }), 1)).toBe(false);
    expect(isHttps(req('10.0.0.1'), 1)).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['false', 0],
    ['true', 1],
    ['2', 2],
  ])('%s → %s', (v, n) => expect(loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY).toBe(n));
  it('refuses nonsense', () => expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/));
});
