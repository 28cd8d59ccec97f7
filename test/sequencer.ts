import { existsSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest (tens of seconds each on 2 cores), started first, in this order. Without a results
 * cache (a clean clone: CI) vitest starts larger files first, and the bench smoke test is a small file: it started
 * last and ran alone for its final minute while the other worker had nothing left (measured on a clean clone:
 * 57 s of a 354 s run). With a cache, vitest's own longest-first order already puts them early; this keeps it so.
 */
const LONGEST_FIRST = [
  'test/bench/smoke.test.ts',
  'test/webhooks/faults.test.ts',
  'test/e2e/dashboard-payments.test.ts',
  'test/e2e/admin.test.ts',
  'test/e2e/pay-page.test.ts',
  'test/dev/hints.test.ts',
  'test/fuzz/fuzz.test.ts',
  'test/openapi/contract.test.ts',
  'test/checkout/verify-anvil.test.ts',
  'test/cluster/cluster.test.ts',
  'test/cluster/jobs.test.ts',
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
