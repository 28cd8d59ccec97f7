import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprint } from '../../src/idempotency/fingerprint.js';
import { parseIdempotencyKey } from '../../src/idempotency/key.js';
import { decide, KEY_TTL_MS, scopeOf, type StoredKey } from '../../src/idempotency/decision.js';
import { decodeResult, encodeResult } from '../../src/idempotency/codec.js';
import { restOperation, restParams } from '../../src/rest/idempotency.js';
import { ApiError } from '../../src/errors.js';

describe('parseIdempotencyKey', () => {
  it.each([
    ['550e8400-e29b-41d4-a716-446655440000', true],
    ['a', true],
    ['x'.repeat(255), true],
    ['!#$%&*+-./:;<=>?@[]^_`{|}~', true],
    ['', false],
    ['x'.repeat(256), false],
    ['has space', false],
    ['tab\there', false],
    ['key\u00e9', false],
    ['emoji🙂', false],
    ['nul\u0000', false],
    ['del\u007f', false],
    ['a, b', false], // two headers, joined by Node
  ])('%j → valid %s', (raw, ok) => {
    if (ok) expect(parseIdempotencyKey(raw, 'Idempotency-Key')).toBe(raw);
    else {
      const err = (() => {
        try {
          parseIdempotencyKey(raw, 'Idempotency-Key');
        } catch (e) {
          return e as ApiError;
        }
      })();
      expect(err).toBeInstanceOf(ApiError);
      expect(err!.code).toBe('INVALID_PARAMS');
      expect(err!.message).toMatch(/^Idempotency-Key: /);
    }
  });

  it('absent (undefined or null) means no key; repeated headers count as two', () => {
    expect(parseIdempotencyKey(undefined, 'k')).toBeUndefined();
    expect(parseIdempotencyKey(null, 'k')).toBeUndefined();
    expect(() => parseIdempotencyKey(['a', 'b'], 'k')).toThrow(ApiError);
  });
});

describe('canonicalJson and fingerprint', () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: 1, x: [3, { d: 1, c: 2 }] } }, '{"z":{"x":[3,{"c":2,"d":1}],"y":1}}'],
    [{ a: undefined, b: null }, '{"b":null}'],
    [[undefined, 1], '[null,1]'],
    ['é"\\', '"é\\"\\\\"'],
    [undefined, 'null'],
    [1.5, '1.5'],
  ])('%j → %s', (value, text) => expect(canonicalJson(value)).toBe(text));

  it('bigints print as strings', () => expect(canonicalJson({ n: 10n })).toBe('{"n":"10"}'));

  it.each([
    ['key order does not matter', { a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }, true],
    ['array order matters', { a: [1, 2] }, { a: [2, 1] }, false],
    ['a number is not its string', { amount: 1 }, { amount: '1' }, false],
    ['null is not absent', { description: null }, {}, false],
    ['nested values matter', { m: { k: 'v' } }, { m: { k: 'w' } }, false],
  ])('%s', (_what, a, b, same) => {
    expect(fingerprint('op', a) === fingerprint('op', b)).toBe(same);
  });

  it('the operation is part of it, and the hash is hex SHA-256', () => {
    expect(fingerprint('POST /a', {})).not.toBe(fingerprint('POST /b', {}));
    expect(fingerprint('op', {})).toMatch(/^[0-9a-f]{64}$/);
  });

  it('REST: route pattern as operation; path parameters and body as parameters (no body is {})', () => {
    expect(restOperation({ method: 'POST', path: '/v1/checkout/sessions/:id/expire' })).toBe('POST /v1/checkout/sessions/:id/expire');
    expect(fingerprint('x', restParams({ id: 'cs_1' }, undefined))).toBe(fingerprint('x', restParams({ id: 'cs_1' }, {})));
    expect(fingerprint('x', restParams({ id: 'cs_1' }, {}))).not.toBe(fingerprint('x', restParams({ id: 'cs_2' }, {})));
  });
});

describe('decide', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const stored = (over: Partial<StoredKey> = {}): StoredKey => ({
    operation: 'POST /v1/checkout/sessions',
    fingerprint: 'f1',
    state: 'completed',
    expiresAt: new Date(now + 1000),
    ...over,
  });
  const req = { operation: 'POST /v1/checkout/sessions', fingerprint: 'f1' };

  it.each<[string, Partial<StoredKey>, Partial<typeof req>, ReturnType<typeof decide>]>([
    ['completed, same request → replay', {}, {}, { kind: 'replay' }],
    ['in progress, same request → wait', { state: 'in_progress' }, {}, { kind: 'wait' }],
    ['other parameters → conflict', {}, { fingerprint: 'f2' }, { kind: 'conflict', reason: 'parameters' }],
    ['other parameters while in progress → conflict at once', { state: 'in_progress' }, { fingerprint: 'f2' }, { kind: 'conflict', reason: 'parameters' }],
    ['another operation → conflict', {}, { operation: 'POST /v1/webhook-endpoints', fingerprint: 'f9' }, { kind: 'conflict', reason: 'operation' }],
    ['expired exactly now → expired', { expiresAt: new Date(now) }, {}, { kind: 'expired' }],
    ['expired, even in progress (a crashed request is released after 24 h)', { state: 'in_progress', expiresAt: new Date(now - 1) }, {}, { kind: 'expired' }],
    ['expired, other parameters → expired (the key is free again)', { expiresAt: new Date(now - 1) }, { fingerprint: 'f2' }, { kind: 'expired' }],
  ])('%s', (_what, s, r, expected) => {
    expect(decide(stored(s), { ...req, ...r }, now)).toEqual(expected);
  });

  it('keys live 24 hours', () => expect(KEY_TTL_MS).toBe(86_400_000));
});

describe('scopeOf', () => {
  it.each([
    [{ accountId: 'acct_1', mode: 'test' as const }, 'fp', 'acct:acct_1:test'],
    [{ accountId: 'acct_1', mode: 'live' as const }, 'fp', 'acct:acct_1:live'],
    [{ accountId: 'acct_2', mode: 'test' as const }, 'fp', 'acct:acct_2:test'],
    [null, 'fp1', 'public:fp1'],
    [null, 'fp2', 'public:fp2'],
  ])('%j → %s', (auth, fp, scope) => expect(scopeOf(auth, fp)).toBe(scope));
});

describe('encodeResult / decodeResult (GraphQL results)', () => {
  it.each<[string, unknown]>([
    ['plain data', { a: 1, b: 'x', c: [true, null, { d: 2.5 }] }],
    ['dates', { createdAt: new Date('2026-11-25T12:00:00.123Z'), list: [new Date(0)] }],
    ['bigints', { amount: 123456789012345678901234567890n }],
    ['bytes', { raw: Buffer.from([0, 1, 255]) }],
    ['an object with a $t member (e.g. metadata) stays an object', { metadata: { $t: 'date', v: '2026-01-01T00:00:00.000Z' } }],
    ['a $t member that is not a string', { m: { $t: 5, other: 'x' } }],
    ['nested $t objects', { m: { $t: 'obj', v: { $t: 'bigint', v: '1' } } }],
    ['non-finite numbers', { n: Infinity, m: -Infinity }],
    ['strings that look like tags', { s: '{"$t":"date"}' }],
  ])('%s round-trip', (_what, value) => {
    expect(decodeResult(encodeResult(value))).toEqual(value);
  });

  it('undefined members are left out; an invalid date stays invalid', () => {
    expect(decodeResult(encodeResult({ a: undefined, b: 1 }))).toEqual({ b: 1 });
    expect(Number.isNaN((decodeResult(encodeResult({ d: new Date(NaN) })) as { d: Date }).d.getTime())).toBe(true);
  });

  it('refuses what cannot be replayed faithfully', () => {
    class Thing {
      x = 1;
    }
    expect(() => encodeResult({ t: new Thing() })).toThrow(/Thing at \$\.t/);
    expect(() => encodeResult({ f: () => 1 })).toThrow(/function at \$\.f/);
    expect(() => encodeResult(new Map())).toThrow(/Map/);
  });
});

describe('nesting limit', () => {
  const nest = (n: number): unknown => (n === 0 ? 1 : { a: nest(n - 1) });
  it('64 levels are fine; deeper is INVALID_PARAMS, not a stack overflow', () => {
    expect(() => canonicalJson(nest(64))).not.toThrow();
    expect(() => canonicalJson(nest(65))).toThrow(/body: nested deeper than 64 levels/);
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(() => fingerprint('op', deep)).toThrow(ApiError);
  });
});
