import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { PartnersService } from '../../src/partners/service.js';
import { memoryDb } from '../helpers/memory-db.js';

/** PartnersService on its own: a database and a clock; its lookup cache ages by the injected clock. */
describe('PartnersService (injected clock)', () => {
  let db: Db;
  const clock = new ManualClock(Date.parse('2030-01-02T03:04:05.000Z'));
  let partners: PartnersService;
  beforeAll(async () => {
    db = await memoryDb();
    partners = new PartnersService({ prisma: db.prisma, clock });
  });
  afterAll(() => db?.close());

  it('serves a cached lookup until 30 s of the injected clock have passed', async () => {
    await partners.create({ id: 'acme', label: 'Acme', kind: 'fee', feeBps: 25, maxFeeBps: 100 }, SETUP_WRITE);
    expect((await partners.forIntegrator('acme'))?.feeBps).toBe(25);
    // A change made elsewhere (another instance, the CLI) is not seen through this cache yet …
    await db.prisma.partner.update({ where: { id: 'acme' }, data: { feeBps: 40 } });
    clock.advance(29_000);
    expect((await partners.forIntegrator('acme'))?.feeBps).toBe(25);
    // … and is once the entry has aged out.
    clock.advance(2_000);
    expect((await partners.forIntegrator('acme'))?.feeBps).toBe(40);
  });

  it('a partner belongs to one account: the first key linked gives it, keys of other accounts and second partners are CONFLICT', async () => {
    const account = async (name: string) => (await db.prisma.account.create({ data: { id: `acct_${name}`, name } })).id;
    const key = async (accountId: string, id: string) =>
      (await db.prisma.apiKey.create({ data: { id, accountId, mode: 'test', prefix: 'sg_test_xxxx', hash: `h-${id}` } })).id;
    const a = await account('own_a');
    const b = await account('own_b');
    const ka = await key(a, 'key_own_a');
    const kb = await key(b, 'key_own_b');
    await partners.create({ id: 'p1', label: 'P1', kind: 'label' }, SETUP_WRITE);
    expect((await partners.linkKey('p1', ka, SETUP_WRITE)).accountId).toBe(a);
    expect(await partners.forAccount(a)).toMatchObject({ id: 'p1', apiKeyIds: [ka] });
    await expect(partners.linkKey('p1', kb, SETUP_WRITE)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/another account/) });
    // A second partner for A, by --account or by a key of A, is refused: one partner per account.
    await partners.create({ id: 'p2', label: 'P2', kind: 'label' }, SETUP_WRITE);
    await expect(partners.update('p2', { accountId: a }, SETUP_WRITE)).rejects.toMatchObject({ code: 'CONFLICT' });
    const ka2 = await key(a, 'key_own_a2');
    await expect(partners.linkKey('p2', ka2, SETUP_WRITE)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already has partner p1/),
    });
    expect((await partners.get('p2')).accountId).toBeNull();
    // Giving P1 to B while it links A's key is refused; an unknown account is NOT_FOUND.
    await expect(partners.update('p1', { accountId: b }, SETUP_WRITE)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(partners.update('p2', { accountId: 'acct_nobody' }, SETUP_WRITE)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await partners.update('p2', { accountId: b }, SETUP_WRITE)).accountId).toBe(b);
    expect((await partners.linkKey('p2', kb, SETUP_WRITE)).apiKeyIds).toEqual([kb]);
  });
});
