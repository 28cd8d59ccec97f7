import { describe, expect, it } from 'vitest';
import {
  decide,
  effectivePoints,
  identityKey,
  mergeDecisions,
  rateLimitHeaders,
  remainingUsage,
  type BucketState,
  type Identity,
  type Usage,
} from '../../src/ratelimit/policy.js';
import { RateLimitService, type RateTicket } from '../../src/ratelimit/service.js';
import { createLogger } from '../../src/log.js';
import { balancesQueryWeight, balancesWeight, DEFAULT_BALANCE_CHAINS, QUOTE_WEIGHT, routeUsage } from '../../src/ratelimit/weights.js';
import { ratelimitEnv } from '../../src/ratelimit/config.js';
import { loadConfig } from '../../src/config.js';

const state = (over: Partial<BucketState> = {}): BucketState => ({ bucket: 'default', limit: 600, windowSec: 60, consumed: 1, resetMs: 42_000, ...over });

describe('rate-limit policy (pure)', () => {
  it.each<[string, Identity, number]>([
    ['an address', { kind: 'ip', ip: '203.0.113.1' }, 600],
    ['a key without multiplier', { kind: 'key', keyId: 'key_1' }, 600],
    ['a key with null multiplier', { kind: 'key', keyId: 'key_1', multiplier: null }, 600],
    ['a key ×10', { kind: 'key', keyId: 'key_1', multiplier: 10 }, 6000],
    ['a key ×0.5', { kind: 'key', keyId: 'key_1', multiplier: 0.5 }, 300],
    ['a tiny multiplier still leaves 1', { kind: 'key', keyId: 'key_1', multiplier: 0.0001 }, 1],
    ['a nonsense multiplier is ignored', { kind: 'key', keyId: 'key_1', multiplier: -3 }, 600],
  ])('effective points: %s', (_n, id, points) => {
    expect(effectivePoints({ points: 600, windowSec: 60 }, id)).toBe(points);
  });

  it('identity keys: key id or address, never both', () => {
    expect(identityKey({ kind: 'key', keyId: 'key_abc', multiplier: 2 })).toBe('key:key_abc');
    expect(identityKey({ kind: 'ip', ip: '::1' })).toBe('ip:::1');
  });

  it.each<[string, BucketState[], boolean, number | undefined]>([
    ['under', [state({ consumed: 10 })], true, undefined],
    ['exactly at the limit passes', [state({ consumed: 600 })], true, undefined],
    ['one over', [state({ consumed: 601, resetMs: 41_200 })], false, 42],
    ['a reset under a second still says 1', [state({ consumed: 601, resetMs: 10 })], false, 1],
    ['strict over, default under: the strict reset', [state({ consumed: 5 }), state({ bucket: 'strict', limit: 60, consumed: 61, resetMs: 9_000 })], false, 9],
    [
      'both over: the later reset',
      [state({ consumed: 700, resetMs: 30_000 }), state({ bucket: 'strict', limit: 60, consumed: 61, resetMs: 50_000 })],
      false,
      50,
    ],
  ])('decide: %s', (_n, buckets, allowed, retryAfter) => {
    const d = decide(buckets);
    expect(d.allowed).toBe(allowed);
    expect(d.retryAfterSec).toBe(retryAfter);
  });

  it.each<[string, Parameters<typeof rateLimitHeaders>[0], Record<string, string>]>([
    ['one bucket', { buckets: [state({ consumed: 1 })] }, { 'ratelimit-policy': '"default";q=600;w=60', ratelimit: '"default";r=599;t=42' }],
    [
      'two buckets, in order',
      { buckets: [state({ consumed: 3 }), state({ bucket: 'strict', limit: 60, consumed: 1, resetMs: 59_001 })] },
      { 'ratelimit-policy': '"default";q=600;w=60, "strict";q=60;w=60', ratelimit: '"default";r=597;t=42, "strict";r=59;t=60' },
    ],
    [
      'over: remaining never negative',
      { buckets: [state({ consumed: 900 })] },
      { 'ratelimit-policy': '"default";q=600;w=60', ratelimit: '"default";r=0;t=42' },
    ],
    [
      'store failed: policy only',
      { buckets: [], policies: [{ bucket: 'default', limit: 600, windowSec: 60 }] },
      { 'ratelimit-policy': '"default";q=600;w=60' },
    ],
    ['nothing', { buckets: [] }, {}],
  ])('headers: %s', (_n, decision, headers) => {
    expect(rateLimitHeaders(decision)).toEqual(headers);
  });
});

describe('rate-limit weights (pure)', () => {
  it.each<[string, string[] | undefined, number]>([
    ['default chains', undefined, DEFAULT_BALANCE_CHAINS],
    ['one chain', ['base'], 1],
    ['duplicates and case count once', ['base', 'BASE', ' base'], 1],
    ['three', ['base', 'ethereum', 'arbitrum'], 3],
    ['empty list counts 1', [], 1],
    ['more than the cap counts the cap', Array.from({ length: 40 }, (_, i) => `c${i}`), 25],
  ])('balances: %s', (_n, chains, weight) => {
    expect(balancesWeight(chains)).toBe(weight);
  });

  it('balances of a Solana address without chains: one chain', () => {
    expect(balancesWeight(undefined, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(1);
    expect(balancesWeight(undefined, '0x000000000000000000000000000000000000bEEF')).toBe(DEFAULT_BALANCE_CHAINS);
    expect(balancesQueryWeight(new URLSearchParams('address=9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'))).toBe(1);
  });

  it.each<[string, Parameters<typeof routeUsage>[0], string, object]>([
    ['a plain route', undefined, '', { default: 1 }],
    ['a quote', { weight: QUOTE_WEIGHT }, 'srcChain=base', { default: QUOTE_WEIGHT }],
    ['balances by chains', { weight: balancesQueryWeight }, 'address=0x0&chains=base,ethereum', { default: 2 }],
    ['balances with the default chains', { weight: balancesQueryWeight }, 'address=0x0', { default: DEFAULT_BALANCE_CHAINS }],
    ['a costly write', { bucket: 'strict' }, '', { default: 1, strict: 1 }],
  ])('routes: %s', (_n, rl, query, usage) => {
    expect(routeUsage(rl, new URLSearchParams(query))).toEqual(usage);
  });
});

describe('rate-limit configuration', () => {
  it('defaults, and <points>/<seconds> per bucket', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      RATE_LIMIT_ENABLED: true,
      RATE_LIMIT_DEFAULT: { points: 600, windowSec: 60 },
      RATE_LIMIT_STRICT: { points: 60, windowSec: 60 },
      RATE_LIMIT_KEY_PREFIX: 'rl',
    });
    expect(loadConfig({ RATE_LIMIT_DEFAULT: ' 1200 / 30 ' }).RATE_LIMIT_DEFAULT).toEqual({ points: 1200, windowSec: 30 });
    expect(ratelimitEnv.RATE_LIMIT_STRICT.parse('5/1')).toEqual({ points: 5, windowSec: 1 });
  });

  it.each(['600', '600/0', '0/60', '1/100000', 'ten/60', '-1/60'])('refuses %s naming the variable', (v) => {
    expect(() => loadConfig({ RATE_LIMIT_DEFAULT: v })).toThrow(/RATE_LIMIT_DEFAULT/);
  });
});

describe('rate-limit documentation', () => {
  it('every rate-limit variable (and GRAPHQL_MAX_COST) has a row in the configuration table (docs/configuration.md)', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    for (const key of [...Object.keys(ratelimitEnv), 'GRAPHQL_MAX_COST']) expect(readme, key).toMatch(new RegExp(`^\\| \`${key}\` \\|`, 'm'));
  });
});

describe('one request in two takes (its base point on arrival, then the rest of its weight)', () => {
  const state = (bucket: 'default' | 'strict', consumed: number, limit = 10): BucketState => ({ bucket, limit, windowSec: 60, consumed, resetMs: 30_000 });

  it('owes what its weight asks beyond what it took, never less than nothing', () => {
    expect(remainingUsage({ default: 10, strict: 1 }, { default: 1 })).toEqual({ default: 9, strict: 1 });
    expect(remainingUsage({ default: 1, strict: 1 }, { default: 1 })).toEqual({ strict: 1 });
    expect(remainingUsage({ default: 1 }, { default: 3 })).toEqual({});
  });

  it('reports each bucket as the later take left it, and the request refused when the later take was', () => {
    const first = decide([state('default', 5)]);
    const later = decide([state('strict', 11)]);
    const merged = mergeDecisions(first, later)!;
    expect(merged.allowed).toBe(false);
    expect(merged.retryAfterSec).toBe(30);
    expect(rateLimitHeaders(merged).ratelimit).toBe('"default";r=5;t=30, "strict";r=0;t=30');
    expect(rateLimitHeaders(mergeDecisions(first, decide([state('default', 9)]))!).ratelimit).toBe('"default";r=1;t=30');
    expect(mergeDecisions(undefined, later)).toBe(later);
    expect(mergeDecisions(first, null)).toBe(first);
  });

  it('keeps only the quotas when either take found the store down (no counts to report)', () => {
    const failed = { allowed: true, buckets: [], failedOpen: true, policies: [{ bucket: 'strict' as const, limit: 10, windowSec: 60 }] };
    const merged = mergeDecisions(decide([state('default', 5)]), failed)!;
    expect(merged).toMatchObject({ allowed: true, buckets: [], failedOpen: true });
    expect(rateLimitHeaders(merged)).toEqual({ 'ratelimit-policy': '"default";q=10;w=60, "strict";q=10;w=60' });
  });
});

describe('RateLimitService.owes: whether an operation needs a count from the store', () => {
  const service = (enabled: boolean) =>
    new RateLimitService({
      config: { RATE_LIMIT_ENABLED: enabled, RATE_LIMIT_DEFAULT: { points: 600, windowSec: 60 }, RATE_LIMIT_STRICT: { points: 60, windowSec: 60 } },
      log: createLogger('silent'),
      store: {
        kind: 'memory',
        limiter: () => {
          throw new Error('owes must not touch the store');
        },
        close: async () => {},
      } as never,
    });
  const allowed = { allowed: true, buckets: [] } as never;
  it.each<[string, boolean, RateTicket, Usage, boolean]>([
    ['limits off', false, { taken: {} }, { default: 5 }, false],
    ['nothing taken yet (no decision)', true, { taken: {} }, { default: 1 }, true],
    ['the arrival point covers the operation', true, { taken: { default: 1 }, decision: allowed }, { default: 1 }, false],
    ['the operation weighs more than the arrival point', true, { taken: { default: 1 }, decision: allowed }, { default: 3 }, true],
    ['the operation uses another bucket', true, { taken: { default: 1 }, decision: allowed }, { default: 1, strict: 1 }, true],
  ])('%s', (_n, enabled, ticket, usage, owes) => {
    expect(service(enabled).owes(ticket, usage)).toBe(owes);
  });
});
