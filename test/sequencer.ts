import { existsSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest, started first, longest first: every file of at least 8 s in a full run
 * (3 workers, 2 cores, 2026-11-27), with those seconds. Without a results cache (a clean clone: CI) vitest starts
 * larger files first, whatever they cost: a long file started late runs alone at the end while the other workers have
 * nothing left (the bench smoke test, a small file, once ran alone for its last minute). A file missing here only
 * starts later; the order among the short ones matters little.
 */
const LONGEST_FIRST = [
  'test/bench/smoke.test.ts', // 171
  'test/cluster/cluster.test.ts', // 34
  'test/e2e/dashboard-payments.test.ts', // 34
  'test/webhooks/faults.test.ts', // 33
  'test/fuzz/fuzz.test.ts', // 26
  'test/e2e/admin.test.ts', // 26
  'test/openapi/contract.test.ts', // 24
  'test/quotes/quote-stream.test.ts', // 22
  'test/checkout/verify-anvil.test.ts', // 20
  'test/isolation/graphql.test.ts', // 19
  'test/e2e/pay-page.test.ts', // 18
  'test/validation/edge-inputs.test.ts', // 16
  'test/checkout/routed-report-race.test.ts', // 15
  'test/cli.test.ts', // 14
  'test/isolation/rest.test.ts', // 14
  'test/fuzz/ids.test.ts', // 14
  'test/e2e/dashboard.test.ts', // 13
  'test/ratelimit/http.test.ts', // 13
  'test/mail/cli.test.ts', // 13
  'test/cluster/jobs.test.ts', // 13
  'test/dev/hints.test.ts', // 12
  'test/limit-orders/limit-orders-http.test.ts', // 12
  'test/http/shutdown.test.ts', // 12
  'test/webhooks/webhooks.test.ts', // 11
  'test/limit-orders/poller.test.ts', // 11
  'test/db/migrate.test.ts', // 10
  'test/db/data-dir-lock.test.ts', // 10
  'test/e2e/dashboard-webhooks.test.ts', // 10
  'test/idempotency/http.test.ts', // 9
  'test/checkout/transfer-bound.test.ts', // 9
  'test/e2e/pay-page-solana.test.ts', // 9
  'test/quotes/store.test.ts', // 8
  'test/invoices/numbering.test.ts', // 8
  'test/http/ws-slow-consumer.test.ts', // 8
  'test/http/security.test.ts', // 8
];

// A renamed or removed file must leave the list too, or its successor would silently start last again.
for (const p of LONGEST_FIRST) if (!existsSync(new URL(`../${p}`, import.meta.url))) throw new Error(`test/sequencer.ts names ${p}, which does not exist`);

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(`/${p}`));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    // Array#sort is stable: everything else keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
