import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';

/**
 * In-memory PGlite databases of one process start from the same bytes (the seed dump and PGlite's file-system bundle,
 * read once: src/db/client.ts MemoryBlob). Each must get its own copy: a database's writes never reach another's,
 * whether it started before the write or after it.
 */
describe('in-memory databases started from one seed', () => {
  it('share nothing: a row written in one is in no other, earlier or later', async () => {
    const count = async (db: Awaited<ReturnType<typeof createDb>>) =>
      (await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE id = 'acct_shared_check'`))[0]!.n;
    const before = await createDb({ dataDir: 'memory://' });
    const writer = await createDb({ dataDir: 'memory://' });
    try {
      await writer.sql.query(`INSERT INTO accounts (id, name) VALUES ('acct_shared_check', 'one')`);
      // A checkpoint pushes the write into the data files, where a shared buffer would carry it to the next database.
      await writer.sql.exec('CHECKPOINT');
      const after = await createDb({ dataDir: 'memory://' });
      try {
        expect(await count(writer)).toBe(1);
        expect(await count(before)).toBe(0);
        expect(await count(after)).toBe(0);
      } finally {
        await after.close();
      }
    } finally {
      await Promise.all([before.close(), writer.close()]);
    }
  }, 60_000);
});
