import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client.js';
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
    expect(calls.map((sql) => n.name(sql))).toEqual(names);
  });

  it('a list of parameters whose length varies (a text per length) is never named; a fixed tuple is', () => {
    const n = new StatementNames(10, 1);
    expect(n.name('SELECT * FROM t WHERE "t"."id" IN ($1,$2,$3) OFFSET $4')).toBeUndefined();
    expect(n.name('SELECT * FROM t WHERE id in ($1, $2)')).toBeUndefined();
    expect(n.name('SELECT * FROM t WHERE "t"."id" IN ($1) OFFSET $2')).toBe('s0');
    expect(n.name('INSERT INTO t (a, b) VALUES ($1,$2)')).toBe('s1');
  });

  it('counts of texts not yet named stay bounded under a stream of one-off texts', () => {
    const n = new StatementNames(5, 2);
    for (let i = 0; i < 10_000; i++) n.name(`SELECT ${i}`);
    expect((n as unknown as { seen: Map<string, number> }).seen.size).toBeLessThanOrEqual(50);
    expect(n.size).toBe(0);
    expect(n.name('SELECT x')).toBeUndefined();
    expect(n.name('SELECT x')).toBe('s0');
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
    // A script of several statements, without parameters, still runs (by the simple protocol, as it is).
    for (let i = 0; i < 3; i++) await db.sql.query('SELECT 1; SELECT 2');
    const texts = await prepared();
    expect(texts.filter((x) => x === sql)).toHaveLength(1);
    expect(texts.filter((x) => x === viaPrisma)).toHaveLength(1);
    expect(texts.filter((x) => x.startsWith('SELECT 1;'))).toHaveLength(0);
  });

  it('a statement that fails leaves the connection usable, and the same name runs again', async () => {
    const sql = 'SELECT 1 / $1::int AS v';
    await db.sql.query(sql, [1]);
    await db.sql.query(sql, [1]);
    await expect(db.sql.query(sql, [0])).rejects.toThrow(/division by zero/);
    expect(await db.sql.query(sql, [2])).toEqual([{ v: 0 }]);
  });

  it('a text that failed to parse (its table not there yet) is parsed again once it can be: a migration made it', async () => {
    const sql = 'SELECT count(*)::int AS n FROM zz_later WHERE v = $1';
    for (let i = 0; i < 3; i++) await expect(db.sql.query(sql, ['a'])).rejects.toThrow(/zz_later/);
    await db.sql.query('CREATE TABLE zz_later (v text)');
    expect(await db.sql.query(sql, ['a'])).toEqual([{ n: 0 }]);
    expect(await db.sql.query(sql, ['a'])).toEqual([{ n: 0 }]);
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
