import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../../src/providers/types.js';
import { backends } from '../helpers/db.js';
import { orderPollerWith, seedSubmittedOrders } from '../helpers/ledger.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

/**
 * A rolling restart: the stopping instance's order poller is waiting on a provider. Its calls end at the stop, not at
 * the provider's deadline, and every order it had claimed (asked about or not yet) is due again at once for another
 * instance, rather than after its 60 s lease; an order whose lease another instance has taken meanwhile keeps it.
 */
describe.each(backends)('order poller, stopped mid-run (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false', PROVIDER_TIMEOUT_MS: '60000' } });
  });
  afterAll(() => s?.close());

  it('ends its calls at the stop and hands back what it claimed', { timeout: 60_000 }, async () => {
    // More than one batch (8 at a time): the first is asked about, the rest is claimed and not reached.
    const ids = await seedSubmittedOrders(
      s,
      Array.from({ length: 11 }, () => ({ amount: '1000000', ourFeeBps: 20, livemode: false })),
    );
    let asked = 0;
    // A provider that never answers (the job's 60 s deadline is far away).
    const stub = {
      id: 'relay',
      capabilities: { tracksStatus: true },
      status: () => {
        asked++;
        return new Promise<never>(() => {});
      },
    } as unknown as Provider;
    const job = orderPollerWith(s, stub);
    const stop = new AbortController();
    const run = job.run(stop.signal);
    await waitFor(() => asked === 8, { what: 'the first batch to be asked about' });
    const rows = await s.infra.prisma.order.findMany({ where: { quoteId: { in: ids } } });
    expect(rows.every((r) => r.nextPollAt.getTime() > Date.now() + 30_000)).toBe(true);
    // One order's lease ran out and another instance took it: that lease stays.
    const other = new Date(Date.now() + 45_000);
    const taken = rows.find((r) => r.quoteId === ids[0])!;
    await s.infra.prisma.order.update({ where: { quoteId: taken.quoteId }, data: { nextPollAt: other } });
    stop.abort();
    await run;
    expect(asked).toBe(8);
    const after = await s.infra.prisma.order.findMany({ where: { quoteId: { in: ids } } });
    for (const r of after) {
      expect(r.status).toBe('submitted');
      if (r.quoteId === taken.quoteId) expect(r.nextPollAt.getTime()).toBe(other.getTime());
      else expect(r.nextPollAt.getTime(), r.quoteId).toBeLessThanOrEqual(Date.now());
    }
  });
});
