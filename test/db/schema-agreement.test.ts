import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { readDmmf, type DmmfField, type DmmfModel } from '../helpers/dmmf.js';

/**
 * schema.prisma (all prisma/*.prisma files) and the hand-written SQL migrations must agree:
 * every model's table and columns exist with matching types and nullability, and one row of every
 * model can be created through Prisma and read back unchanged, on PGlite and on Postgres.
 */
const dmmf = readDmmf();

// Postgres type families each Prisma scalar may map to.
const PG_TYPES: Record<string, string[]> = {
  String: ['text', 'character varying', 'character', 'uuid', 'citext'],
  Int: ['integer', 'smallint'],
  BigInt: ['bigint'],
  Float: ['double precision', 'real'],
  Decimal: ['numeric'],
  Boolean: ['boolean'],
  DateTime: ['timestamp with time zone', 'timestamp without time zone', 'date'],
  Json: ['jsonb', 'json'],
  Bytes: ['bytea'],
};

/**
 * Values for columns whose CHECK constraints or formats a random value would violate.
 * Domains add their model here when a generic value does not fit.
 */
const SAMPLE_OVERRIDES: Record<string, Record<string, unknown>> = {
  ApiKey: { mode: 'test' },
  CheckoutSession: { amount: '1000000', amountReceived: '1000001', amountRefunded: '0' },
  CheckoutPayment: { kind: 'direct', amountReceived: '1000000', srcAmount: '1000000' },
  CheckoutQuoteBuild: { vm: 'evm', value: '0' },
  CheckoutRefund: { amount: '1000' },
  CheckoutReview: { action: 'reopen', note: 'Customer confirmed; pay again', fromStatus: 'needs_review', toStatus: 'open' },
  Partner: { id: 'partner-1', kind: 'fee' },
  Order: { status: 'submitted', amount: '1000', dstAmount: '990', fillFeeAmount: '10' },
  IdempotencyKey: { state: 'in_progress' },
  Invoice: { amount: '49000000', number: null },
  EmailMessage: { kind: 'invoice', status: 'pending' },
  DepositAddress: { status: 'active', amount: '1000000' },
  Deposit: { amount: '1000000' },
  Subscription: { amount: '49000000', interval: 'month', intervalCount: 1, daysUntilDue: 7, livemode: false, canceledAt: null, nextActionAt: null },
  SubscriptionPeriod: { periodIndex: 0, startAt: new Date('2026-01-01T00:00:00.000Z'), endAt: new Date('2026-02-01T00:00:00.000Z') },
  TestClock: { livemode: false, status: 'ready' },
  LimitOrder: { status: 'open', makingAmount: '50000000', takingAmount: '400000000' },
  LedgerTransaction: { kind: 'fee', leg: 'service_fee', reversesId: null, reason: null },
  LedgerEntry: { kind: 'fee', leg: 'service_fee', account: 'service_revenue', amount: '1000', usdValue: '0.001000', priceUsd: 1, priceSource: 'usd_peg' },
};

const column = (f: DmmfField) => f.dbName ?? f.name;

function sampleScalar(model: DmmfModel, f: DmmfField, enums: Map<string, string[]>): unknown {
  if (f.kind === 'enum') return enums.get(f.type)![0];
  const u = randomBytes(4).toString('hex');
  const one = (() => {
    switch (f.type) {
      case 'String':
        return `${model.name.toLowerCase()}_${f.name}_${u}`;
      case 'Int':
        return 7;
      case 'BigInt':
        return 1234567890123n;
      case 'Float':
        return 1.5;
      case 'Decimal':
        return '12345678901234567890.5';
      case 'Boolean':
        return true;
      case 'DateTime':
        return new Date('2026-01-02T03:04:05.678Z');
      case 'Json':
        return { sample: u, nested: [1, 'two'] };
      case 'Bytes':
        return new Uint8Array([1, 2, 3]);
      default:
        throw new Error(`no sample for ${f.type}`);
    }
  })();
  return f.isList ? [one] : one;
}

describe.each(backends)('schema.prisma and migrations agree (%s)', (backend) => {
  let tdb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    db = await createDb({ databaseUrl: tdb.env.DATABASE_URL, dataDir: tdb.env.DATA_DIR });
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('applies no migration twice (a second run is a no-op)', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it.each(dmmf.models.map((m) => [m.name, m] as const))('%s: table and columns match', async (_name, model) => {
    const table = model.dbName ?? model.name;
    const cols = await db.sql.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
      `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    expect(cols.length, `table ${table} exists`).toBeGreaterThan(0);
    const byName = new Map(cols.map((c) => [c.column_name, c]));
    for (const f of model.fields.filter((x) => x.kind !== 'object')) {
      const c = byName.get(column(f));
      expect(c, `${table}.${column(f)} exists`).toBeDefined();
      if (f.isList) expect(c!.data_type, `${table}.${column(f)} is an array`).toBe('ARRAY');
      else if (f.kind === 'enum') expect(c!.data_type, `${table}.${column(f)} enum`).toBe('USER-DEFINED');
      else expect(PG_TYPES[f.type], `${table}.${column(f)}: ${c!.data_type} for ${f.type}`).toContain(c!.data_type);
      expect(c!.is_nullable === 'NO', `${table}.${column(f)} nullability`).toBe(f.isRequired);
      // A database-side default (now(), autoincrement, dbgenerated, literal) must exist in SQL too.
      const d = f.default as { name?: string } | string | number | boolean | undefined;
      const needsDbDefault = f.hasDefaultValue && !(typeof d === 'object' && d && ['cuid', 'uuid', 'nanoid', 'ulid'].includes(d.name ?? ''));
      if (needsDbDefault) expect(c!.column_default, `${table}.${column(f)} has a database default`).not.toBeNull();
    }
    const modelColumns = new Set(model.fields.filter((x) => x.kind !== 'object').map(column));
    const extra = cols.filter((c) => !modelColumns.has(c.column_name) && c.is_nullable === 'NO' && c.column_default === null);
    expect(
      extra.map((c) => c.column_name),
      `${table} has required columns unknown to Prisma`,
    ).toEqual([]);
  });

  it('creates one row of every model through Prisma and reads it back', async () => {
    const enums = new Map(dmmf.enums.map((e) => [e.name, e.values.map((v) => v.name)]));
    const created = new Map<string, Record<string, unknown>>();
    type Delegate = { create(args: unknown): Promise<Record<string, unknown>>; findUnique(args: unknown): Promise<Record<string, unknown> | null> };
    // Every model's public delegate, by the model's name (Prisma names them in lower camel case).
    const delegate = (name: string) => (db.prisma as unknown as Record<string, Delegate>)[name[0].toLowerCase() + name.slice(1)]!;

    const create = async (model: DmmfModel, stack: string[] = []): Promise<Record<string, unknown>> => {
      if (created.has(model.name)) return created.get(model.name)!;
      const data: Record<string, unknown> = {};
      const fkFields = new Set<string>();
      for (const rel of model.fields.filter((f) => f.kind === 'object' && f.relationFromFields?.length)) {
        for (const x of rel.relationFromFields!) fkFields.add(x);
        const isRequired = rel.relationFromFields!.some((x) => model.fields.find((f) => f.name === x)!.isRequired);
        if (!isRequired || stack.includes(rel.type)) continue;
        const parent = await create(dmmf.models.find((m) => m.name === rel.type)!, [...stack, model.name]);
        for (const [i, from] of rel.relationFromFields!.entries()) data[from] = parent[rel.relationToFields![i]];
      }
      for (const f of model.fields) {
        if (f.kind === 'object' || fkFields.has(f.name) || f.isUpdatedAt) continue;
        if (f.hasDefaultValue && !f.isId) continue;
        if (!f.isRequired && !f.isId) {
          // Optional scalars are exercised too: they must round-trip through their column.
          data[f.name] = sampleScalar(model, f, enums);
          continue;
        }
        if (f.hasDefaultValue) continue;
        data[f.name] = sampleScalar(model, f, enums);
      }
      Object.assign(data, SAMPLE_OVERRIDES[model.name] ?? {});
      const row = await delegate(model.name).create({ data });
      created.set(model.name, row);
      return row;
    };

    for (const model of dmmf.models) {
      const row = await create(model);
      const idFields = model.primaryKey?.fields ?? model.fields.filter((f) => f.isId).map((f) => f.name);
      const where =
        idFields.length === 1 ? { [idFields[0]]: row[idFields[0]] } : { [idFields.join('_')]: Object.fromEntries(idFields.map((k) => [k, row[k]])) };
      const back = await delegate(model.name).findUnique({ where });
      expect(back, `${model.name} read back`).toEqual(row);
    }
  });
});
