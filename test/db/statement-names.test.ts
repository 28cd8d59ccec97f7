import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type RawSql } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { StatementNames } from '../../src/db/statement-names.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';

describe('StatementNames', () => {
  it.each([
    {
      what: 'a text seen once has no name; the second time it gets one, and keeps it',
      max: 10,
      after: 2,
      calls: ['a', 'a', 'a'],
      names: [undefined, 's0', 's0'],
    },
    { what: 'after 1: named at once', max: 10, after: 1, calls: ['a', 'b', 'a'], names: ['s0', 's1', 's0'] },
    {
      what: 'distinct texts get distinct names, in the order they qualify',
      max: 10,
      after: 2,
      calls: ['a', 'b', 'b', 'a'],
      names: [undefined, undefined, 's0', 's1'],
    },
    {
      what: 'past the cap a text stays unnamed; the named keep their names',
      max: 1,
      after: 1,
      calls: ['a', 'b', 'b', 'a'],
      names: ['s0', undefined, undefined, 's0'],
    },
    { what: '0 turns naming off', max: 0, after: 1, calls: ['a', 'a'], names: [undefined, undefined] },
  ])('$what', ({ max, after, calls, names }) => {
    const n = new StatementNames(max, after);
    expect(calls.map((sql) => n.name(sql, 1))).toEqual(names);
  });

  it('a list of parameters whose length varies (a text per length) is never named; a fixed tuple is', () => {
    const n = new StatementNames(10, 1);
    expect(n.name('SELECT * FROM t WHERE "t"."id" IN ($1,$2,$3) OFFSET $4', 1)).toBeUndefined();
    expect(n.name('SELECT * FROM t WHERE id in ($1, $2)', 1)).toBeUndefined();
    expect(n.name('SELECT * FROM t WHERE "t"."id" IN ($1) OFFSET $2', 1)).toBe('s0');
    expect(n.name('INSERT INTO t (a, b) VALUES ($1,$2)', 1)).toBe('s1');
    expect(n.name('INSERT INTO "t" ("a","b") VALUES ($1,$2), ($3,$4)', 1)).toBeUndefined(); // Prisma's createMany
    expect(n.name('INSERT INTO t (a, b) VALUES ($1,$2),($3,$4),($5,$6)', 1)).toBeUndefined();
  });

  it('a text without parameters is never named, however often it runs (it may be a script of several statements)', () => {
    const n = new StatementNames(10, 1);
    expect([1, 2, 3].map(() => n.name('SELECT 1; SELECT 2', 0))).toEqual([undefined, undefined, undefined]);
    expect(n.size).toBe(0);
  });

  it('counts of texts not yet named stay bounded under a stream of one-off texts', () => {
    const n = new StatementNames(5, 2);
    for (let i = 0; i < 10_000; i++) n.name(`SELECT ${i}`, 1);
    expect((n as unknown as { seen: Map<string, number> }).seen.size).toBeLessThanOrEqual(50);
    expect(n.size).toBe(0);
    expect(n.name('SELECT x', 1)).toBeUndefined();
    expect(n.name('SELECT x', 1)).toBe('s0');
  });
});

describe.each(backends.filter((b) => b === 'postgres'))('named statements on Postgres (%s)', (backend) => {
  let t: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR, poolSize: 1, statementCache: 100 });
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await t?.drop();
  });

  /** The texts prepared on the pool's one connection (poolSize 1: every query runs on it). */
  const prepared = async () =>
    (await db.withConnection((c) => c.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE $1::int = 1', [1]))).map(
      (r) => r.statement,
    );

  it('a statement run more than once is prepared once on the connection and answers as before; texts without parameters never are', async () => {
    const sql = 'SELECT $1::int + 1 AS v';
    for (let i = 0; i < 20; i++) expect(await db.sql.query<{ v: number }>(sql, [i])).toEqual([{ v: i + 1 }]);
    // Through Prisma too (its adapter takes the same names), in and out of a transaction.
    const viaPrisma = 'SELECT $1::text AS v';
    for (let i = 0; i < 3; i++) expect(await db.prisma.$queryRawUnsafe(viaPrisma, `x${i}`)).toEqual([{ v: `x${i}` }]);
    await db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < 3; i++) expect(await tx.$queryRawUnsafe(viaPrisma, `t${i}`)).toEqual([{ v: `t${i}` }]);
    });
    // A script of several statements, without parameters, still runs (by the simple protocol, as it is), here and
    // through Prisma.
    for (let i = 0; i < 3; i++) await db.sql.query('SELECT 1; SELECT 2');
    for (let i = 0; i < 3; i++) await db.prisma.$executeRawUnsafe('SELECT 1; SELECT 2');
    const texts = await prepared();
    expect(texts.filter((x) => x === sql)).toHaveLength(1);
    expect(texts.filter((x) => x === viaPrisma)).toHaveLength(1);
  });

  /** Runs `fn` on one checked-out connection, and says whether it was the same backend before and after. */
  const onOneConnection = (fn: (c: RawSql) => Promise<void>) =>
    db.withConnection(async (c) => {
      const pid = async () => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
      const before = await pid();
      await fn(c);
      return { same: before === (await pid()) };
    });

  it('on one connection, a named statement that fails on the server (division by zero) runs again under its name', async () => {
    const sql = 'SELECT 1 / $1::int AS v';
    const r = await onOneConnection(async (c) => {
      expect(await c.query(sql, [1])).toEqual([{ v: 1 }]);
      expect(await c.query(sql, [1])).toEqual([{ v: 1 }]); // named now
      await expect(c.query(sql, [0])).rejects.toThrow(/division by zero/);
      expect(await c.query(sql, [2])).toEqual([{ v: 0 }]);
    });
    expect(r.same).toBe(true);
  });

  it('on one connection, a text that failed to parse (its table not there yet) parses again once a migration made it', async () => {
    const sql = 'SELECT count(*)::int AS n FROM zz_later WHERE v = $1';
    const r = await onOneConnection(async (c) => {
      for (let i = 0; i < 3; i++) await expect(c.query(sql, ['a'])).rejects.toThrow(/zz_later/);
      await c.query('CREATE TABLE zz_later (v text)');
      expect(await c.query(sql, ['a'])).toEqual([{ n: 0 }]);
      expect(await c.query(sql, ['a'])).toEqual([{ n: 0 }]);
    });
    expect(r.same).toBe(true);
  });

  it('a parameter the driver cannot convert (a BigInt inside an object) fails alone: the connection it spoilt is not reused', async () => {
    const sql = 'SELECT $1::jsonb AS v';
    await expect(
      db.withConnection(async (c) => {
        await c.query(sql, [{ a: 1 }]);
        await c.query(sql, [{ a: 2 }]); // named and prepared on this connection
        await c.query(sql, [{ a: 10n }]);
      }),
    ).rejects.toThrow(/BigInt/);
    // The pool's one connection is a new one: the statement runs (prepared again) instead of "does not exist".
    expect(await db.sql.query(sql, [{ a: 3 }])).toEqual([{ v: { a: 3 } }]);
    expect(await db.sql.query(sql, [{ a: 4 }])).toEqual([{ v: { a: 4 } }]);
  });

  it('off (0): nothing is prepared', async () => {
    const off = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR, poolSize: 1, statementCache: 0 });
    try {
      const sql = 'SELECT $1::int * 2 AS v';
      for (let i = 0; i < 5; i++) await off.sql.query(sql, [i]);
      const [row] = await off.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(row!.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
