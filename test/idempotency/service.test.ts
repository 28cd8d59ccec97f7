import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLResolveInfo } from 'graphql';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { ApiError } from '../../src/errors.js';
import { KEY_TTL_MS, type IdempotentRequest } from '../../src/idempotency/decision.js';
import { IdempotencyService, type StoredResponse } from '../../src/idempotency/service.js';
import { idempotencySweepJob } from '../../src/idempotency/jobs.js';
import { idempotent } from '../../src/graphql/idempotency.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { memoryDb, silentLog } from '../helpers/memory-db.js';

/** IdempotencyService alone over an in-memory database; `execute` callbacks stand in for the routes. */
describe('IdempotencyService', () => {
  let db: Db;
  let svc: IdempotencyService;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
  const req = (over: Partial<IdempotentRequest> = {}): IdempotentRequest => ({
    scope: 'acct:acct_1:test',
    key: randomUUID(),
    operation: 'POST /v1/things',
    fingerprint: 'f1',
    requestId: randomUUID(),
    ...over,
  });
  const ok =
    (body: string): (() => Promise<StoredResponse>) =>
    async () => ({ status: 201, headers: { 'x-a': 'b' }, body });

  beforeAll(async () => {
    db = await memoryDb();
    svc = new IdempotencyService({ prisma: db.prisma, clock, log: silentLog, config: { IDEMPOTENCY_WAIT_MS: 150 } });
  });
  afterAll(() => db?.close());

  it('runs once, stores status, headers and body, and replays them with the first request id', async () => {
    const r = req();
    let runs = 0;
    const first = await svc.run(r, 'Idempotency-Key', async () => {
      runs++;
      return ok('{"id":1}')();
    });
    expect(first).toEqual({ response: { status: 201, headers: { 'x-a': 'b' }, body: '{"id":1}' }, replayed: false, originalRequestId: r.requestId });
    const second = await svc.run({ ...r, requestId: 'another' }, 'Idempotency-Key', async () => {
      runs++;
      return ok('{"id":2}')();
    });
    expect(second).toEqual({ ...first, replayed: true });
    expect(runs).toBe(1);
    const row = await db.prisma.idempotencyKey.findUniqueOrThrow({ where: { scope_key: { scope: r.scope, key: r.key } } });
    expect(row).toMatchObject({ state: 'completed', responseStatus: 201, expiresAt: new Date(clock.now() + KEY_TTL_MS) });
  });

  it('a concurrent duplicate in this process waits for the first and replays it', async () => {
    const r = req();
    let release!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    const first = svc.run(r, 'k', async () => {
      await gate;
      return ok('first')();
    });
    // The second starts while the first holds the key; it must not run its own callback.
    await new Promise((res) => setImmediate(res));
    const second = svc.run({ ...r, requestId: 'dup' }, 'k', async () => ok('second')());
    release();
    expect((await second).response.body).toBe('first');
    expect((await second).replayed).toBe(true);
    expect((await first).replayed).toBe(false);
  });

  it('a callback that throws leaves the key locked: duplicates get CONFLICT after the wait, never a second run', async () => {
    const r = req();
    await expect(svc.run(r, 'k', async () => Promise.reject(new Error('process died')))).rejects.toThrow('process died');
    let ran = false;
    const err = await svc
      .run(r, 'k', async () => {
        ran = true;
        return ok('x')();
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'CONFLICT', details: { field: 'k', reason: 'idempotency_in_progress' } });
    expect(ran).toBe(false);
  });

  it('conflicts name their reason and are not stored', async () => {
    const r = req();
    await svc.run(r, 'k', ok('a'));
    await expect(svc.run({ ...r, fingerprint: 'f2' }, 'k', ok('b'))).rejects.toMatchObject({ code: 'CONFLICT', details: { reason: 'idempotency_parameters' } });
    await expect(svc.run({ ...r, operation: 'POST /v1/other' }, 'k', ok('b'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('(POST /v1/things)'),
    });
    expect((await svc.run(r, 'k', ok('c'))).response.body).toBe('a');
  });

  it('deleteExpired removes every row past its 24 hours, in batches, and the sweep job calls it', async () => {
    for (let i = 0; i < 5; i++) await svc.run(req({ scope: 'acct:sweep:test' }), 'k', ok('x'));
    clock.advance(KEY_TTL_MS);
    const fresh = req({ scope: 'acct:sweep:test' });
    await svc.run(fresh, 'k', ok('y'));
    expect(await svc.deleteExpired(2)).toBeGreaterThanOrEqual(5);
    expect((await db.prisma.idempotencyKey.findMany({ where: { scope: 'acct:sweep:test' } })).map((x) => x.key)).toEqual([fresh.key]);
    clock.advance(KEY_TTL_MS);
    await idempotencySweepJob({ idempotency: svc }).run(new AbortController().signal);
    expect(await db.prisma.idempotencyKey.count()).toBe(0);
  });

  describe('the GraphQL wrapper', () => {
    const info = { fieldName: 'createThing' } as GraphQLResolveInfo;
    const ctx = () =>
      ({
        services: { idempotency: svc },
        requestId: randomUUID(),
        auth: async () => ({ accountId: 'acct_gql', mode: 'test', keyId: 'key_1' }),
      }) as unknown as GraphQLContext;

    it('hands the resolver its input without the key, and replays the stored result with its types', async () => {
      const seen: unknown[] = [];
      const resolve = idempotent(async (_r, { input }: { input: { name: string; idempotencyKey?: string | null } }) => {
        seen.push(input);
        return { thing: { name: input.name, at: new Date(5), big: 7n } };
      });
      const args = { input: { name: 'a', idempotencyKey: randomUUID() } };
      const c = ctx();
      const first = await resolve(null, args, c, info);
      const again = await resolve(null, args, ctx(), info);
      expect(again).toEqual(first);
      expect((again.thing.at as Date).getTime()).toBe(5);
      expect(seen).toEqual([{ name: 'a' }]);
      expect(c.idempotentReplayed).toBeUndefined();
    });

    it('a result that cannot be stored still reaches the client; the key stays locked instead of running twice', async () => {
      class Odd {
        v = 1;
      }
      let runs = 0;
      const resolve = idempotent(async (_r, _a: { input: { idempotencyKey?: string | null } }) => {
        runs++;
        return { odd: new Odd() };
      });
      const args = { input: { idempotencyKey: randomUUID() } };
      expect((await resolve(null, args, ctx(), info)).odd).toBeInstanceOf(Odd);
      await expect(resolve(null, args, ctx(), info)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(runs).toBe(1);
    });

    it('an unexpected error is rethrown as is the first time and replayed as INTERNAL', async () => {
      const resolve = idempotent(async (_r, _a: { input: { idempotencyKey?: string | null } }): Promise<never> => {
        throw new Error('db exploded');
      });
      const args = { input: { idempotencyKey: randomUUID() } };
      await expect(resolve(null, args, ctx(), info)).rejects.toThrow('db exploded');
      const c = ctx();
      await expect(resolve(null, args, c, info)).rejects.toMatchObject({ code: 'INTERNAL', message: 'Unexpected error.' });
      expect(c.idempotentReplayed).toBe(true);
    });
  });
});
