import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { WebhooksService } from '../../src/webhooks/service.js';
import { parseInput } from '../../src/validation.js';
import { createSchema } from '../../src/webhooks/input.js';
import type { Resolver } from '../../src/webhooks/sender.js';
import { memoryDb, silentLog, testConfig } from '../helpers/memory-db.js';
import { internalAuth } from '../../src/accounts/service.js';

/** WebhooksService built alone; DNS is an injected resolver (the worker's pubsub is never started here). */
describe('WebhooksService (injected DNS resolver)', () => {
  let db: Db;
  let webhooks: WebhooksService;
  const asked: string[] = [];
  const dns: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'], 'rebind.example.com': ['10.0.0.7'] };
  const resolver: Resolver = async (host) => {
    asked.push(host);
    return (dns[host] ?? []).map((address) => ({ address, family: 4 }));
  };
  const live = internalAuth('acct_hooks', 'live', 'key_hooks');
  beforeAll(async () => {
    db = await memoryDb();
    await db.prisma.account.create({ data: { id: live.accountId, name: 'Hooks', liveEnabled: true } });
    webhooks = new WebhooksService({ config: testConfig(), log: silentLog, clock: new ManualClock(), prisma: db.prisma, resolver });
  });
  afterAll(() => db?.close());

  it('checks a live endpoint host through the injected resolver: public addresses pass, private ones are refused', async () => {
    const ep = await webhooks.create(live, parseInput(createSchema, { url: 'https://hooks.example.com/in', enabledEvents: ['order.*'] }));
    expect(ep).toMatchObject({ url: 'https://hooks.example.com/in', enabledEvents: ['order.*'], livemode: true });
    await expect(webhooks.create(live, parseInput(createSchema, { url: 'https://rebind.example.com/in' }))).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      details: { field: 'url' },
    });
    await expect(webhooks.create(live, parseInput(createSchema, { url: 'https://nowhere.example.com/in' }))).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      message: 'url: nowhere.example.com does not resolve',
    });
    expect(asked).toEqual(['hooks.example.com', 'rebind.example.com', 'nowhere.example.com']);
    expect(webhooks.worker.resolver).toBe(resolver);
  });
});
