import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const DIR = new URL('../../prisma/migrations/', import.meta.url).pathname;
const MIGRATION = '20261127050000_partner_account';

/**
 * The migration that gives partners an account backfills it from their linked keys only where that is
 * unambiguous: every key of the partner belongs to one account, and no other partner claims that account.
 */
describe('partner account migration: the backfill', () => {
  const db = new PGlite();
  afterAll(() => db.close());
  const run = async (names: string[]) => {
    for (const m of names) await db.exec(readFileSync(`${DIR}${m}/migration.sql`, 'utf8'));
  };

  it('takes the account of the linked keys when unambiguous, and leaves the others unowned', async () => {
    const all = readdirSync(DIR)
      .filter((d) => /^\d/.test(d))
      .sort();
    await run(all.filter((m) => m < MIGRATION));
    await db.exec(`
      INSERT INTO accounts (id, name) VALUES ('a1', 'A1'), ('a2', 'A2'), ('a3', 'A3');
      INSERT INTO api_keys (id, account_id, mode, prefix, hash) VALUES
        ('k1', 'a1', 'test', 'p', 'h1'), ('k1live', 'a1', 'live', 'p', 'h2'), ('k2', 'a2', 'test', 'p', 'h3'), ('k1other', 'a1', 'test', 'p', 'h4'),
        ('k3', 'a3', 'test', 'p', 'h5'), ('k3b', 'a3', 'test', 'p', 'h6');
      INSERT INTO partners (id, label, kind) VALUES ('one', 'x', 'fee'), ('mixed', 'x', 'fee'), ('none', 'x', 'fee'), ('twin-a', 'x', 'fee'), ('twin-b', 'x', 'fee');
      INSERT INTO partner_keys (api_key_id, partner_id) VALUES
        ('k1', 'one'), ('k1live', 'one'), ('k2', 'mixed'), ('k1other', 'mixed'), ('k3', 'twin-a'), ('k3b', 'twin-b');
    `);
    await run([MIGRATION]);
    const rows = (await db.query<{ id: string; account_id: string | null }>('SELECT id, account_id FROM partners ORDER BY id')).rows;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.account_id]))).toEqual({
      one: 'a1', // both modes' keys of one account
      mixed: null, // keys of two accounts
      none: null, // no key
      'twin-a': null, // two partners on one account: neither is chosen
      'twin-b': null,
    });
    // One partner per account from now on.
    await expect(db.exec(`UPDATE partners SET account_id = 'a1' WHERE id = 'none'`)).rejects.toThrow(/unique/);
  });
});
