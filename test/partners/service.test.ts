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
    await partners.upsert({ id: 'acme', label: 'Acme', kind: 'fee', feeBps: 25, maxFeeBps: 100 });
    expect((await partners.forIntegrator('acme'))?.feeBps).toBe(25);
    // A change made elsewhere (another instance, the CLI) is not seen through this cache yet …
    await db.prisma.partner.update({ where: { id: 'acme' }, data: { feeBps: 40 } });
    clock.advance(29_000);
    expect((await partners.forIntegrator('acme'))?.feeBps).toBe(25);
    // … and is once the entry has aged out.
    clock.advance(2_000);
    expect((await partners.forIntegrator('acme'))?.feeBps).toBe(40);
  });
});
