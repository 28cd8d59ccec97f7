import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../../src/accounts/service.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { memoryDb } from '../helpers/memory-db.js';

/** AccountsService on its own: a database, a clock and the brand it mints keys under, nothing else. */
describe('AccountsService (injected clock and brand)', () => {
  let db: Db;
  const clock = new ManualClock(Date.parse('2030-01-02T03:04:05.000Z'));
  let accounts: AccountsService;
  beforeAll(async () => {
    db = await memoryDb();
    accounts = new AccountsService({ prisma: db.prisma, clock, config: { BRAND: 'acme' } });
  });
  afterAll(() => db?.close());

  it('mints keys under the injected brand and stamps their use with the injected clock', async () => {
    const account = await accounts.createAccount('Unit');
    const { key, apiKey } = await accounts.createKey(account.id, 'test');
    expect(key.startsWith('acme_test_')).toBe(true);
    expect(await accounts.authenticate(key)).toMatchObject({ accountId: account.id, mode: 'test', keyId: apiKey.id, via: 'key' });
    const [stored] = await accounts.listKeys(account.id);
    expect(stored!.lastUsedAt?.getTime()).toBe(clock.now());
    // A service minting under another brand does not accept it.
    const other = new AccountsService({ prisma: db.prisma, clock, config: { BRAND: 'swapgate' } });
    await expect(other.authenticate(key)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('revoking an id that cannot be a key (NUL bytes, huge text) is NOT_FOUND without a query (Postgres refused the NUL: 500)', async () => {
    const account = await accounts.createAccount('Revoker');
    for (const id of ['key_\u0000', '\u0000', 'x'.repeat(10_000), 'key_a b', '']) {
      await expect(accounts.revokeKey(account.id, id, 'test')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
