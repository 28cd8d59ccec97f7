import { existsSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest, started first, longest first: every file of at least 8 s in a full run
 * (3 workers, 2 cores, 2026-11-28's machine; the bench smoke test before it ran two benches at a time), with those seconds. Without a results cache (a clean clone: CI) vitest starts
 * larger files first, whatever they cost: a long file started late runs alone at the end while the other workers have
 * nothing left (the bench smoke test, a small file, once ran alone for its last minute). A file missing here only
 * starts later; the order among the short ones matters little.
 */
const LONGEST_FIRST = [
  'test/bench/smoke.test.ts', // 127
  'test/cluster/cluster.test.ts', // 54
  'test/fuzz/fuzz.test.ts', // 45
  'test/e2e/dashboard-payments.test.ts', // 32
  'test/cluster/jobs.test.ts', // 32
  'test/webhooks/faults.test.ts', // 30
  'test/limit-orders/poller.test.ts', // 29
  'test/dev/hints.test.ts', // 29
  'test/openapi/contract.test.ts', // 28
  'test/e2e/admin.test.ts', // 28
  'test/http/shutdown.test.ts', // 25
  'test/quotes/quote-stream.test.ts', // 23
  'test/mail/cli.test.ts', // 22
  'test/isolation/rest.test.ts', // 22
  'test/isolation/graphql.test.ts', // 22
  'test/fuzz/ids.test.ts', // 22
  'test/limit-orders/limit-orders-http.test.ts', // 21
  'test/checkout/verify-anvil.test.ts', // 21
  'test/validation/edge-inputs.test.ts', // 20
  'test/checkout/transfer-bound.test.ts', // 19
  'test/deploy/runtime-stage.test.ts', // 18
  'test/e2e/pay-page.test.ts', // 17
  'test/ratelimit/http.test.ts', // 16
  'test/idempotency/http.test.ts', // 16
  'test/cli.test.ts', // 16
  'test/webhooks/webhooks.test.ts', // 15
  'test/quotes/store.test.ts', // 14
  'test/e2e/dashboard.test.ts', // 14
  'test/e2e/pay-page-solana.test.ts', // 13
  'test/db/migrate.test.ts', // 13
  'test/checkout/verify-solana.test.ts', // 13
  'test/auth/sign-in.test.ts', // 13
  'test/billing/billing.test.ts', // 12
  'test/e2e/dashboard-webhooks.test.ts', // 11
  'test/checkout/review-anvil.test.ts', // 11
  'test/webhooks/redeliver-failed.test.ts', // 10
  'test/http/security.test.ts', // 10
  'test/devnet/devnet.test.ts', // 10
  'test/dev/database-url.test.ts', // 10
  'test/invoices/api.test.ts', // 9
  'test/e2e/invoice-page.test.ts', // 9
  'test/e2e/dashboard-sign-in.test.ts', // 9
  'test/e2e/dashboard-partner.test.ts', // 9
  'test/assets/http.test.ts', // 9
  'test/invoices/numbering.test.ts', // 8
  'test/http/ws-slow-consumer.test.ts', // 8
  'test/db/data-dir-lock.test.ts', // 8
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
