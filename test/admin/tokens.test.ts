import { describe, expect, it } from 'vitest';
import { bearerToken, matchAdminToken, parseAdminTokens } from '../../src/admin/tokens.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(40);

describe('admin tokens (pure)', () => {
  it.each([
    ['', /at least one token/],
    ['short', /shorter than 32/],
    [`ops:${'x'.repeat(31)}`, /token 1 is shorter/],
    [`ops:${A},ops:${B}`, /ops is used twice/],
    [`ops:${'a b'.repeat(20)}`, /whitespace/],
  ])('refuses %j', (raw, message) => {
    expect(() => parseAdminTokens(raw)).toThrow(message);
  });

  it('never puts a secret in an error', () => {
    const secret = `s3cr3t-${'z'.repeat(10)}`;
    expect(() => parseAdminTokens(`ops:${secret}`)).toThrow(/^(?!.*s3cr3t)/s);
  });

  it('names tokens: name:secret, or token-<sha256 prefix> for a bare secret', () => {
    const [named, bare] = parseAdminTokens(`alice:${A}, ${B}`);
    expect(named!.name).toBe('alice');
    expect(bare!.name).toMatch(/^token-[0-9a-f]{8}$/);
    // A colon inside a bare secret is part of it when what comes before is not a name.
    expect(parseAdminTokens(`:${A}`)[0]!.name).toMatch(/^token-/);
  });

  it.each([
    [A, 'alice'],
    [B, 'bob'],
    [`${A}x`, null],
    [A.slice(1), null],
    ['', null],
    [undefined, null],
  ])('matches %j → %s (every configured token works at once)', (presented, name) => {
    const tokens = parseAdminTokens(`alice:${A},bob:${B}`);
    expect(matchAdminToken(tokens, presented)?.name ?? null).toBe(name);
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc ', 'abc'],
    ['Basic abc', undefined],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    [undefined, undefined],
  ])('reads the bearer token of %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
