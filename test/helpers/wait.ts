import { TestRunner } from 'vitest';

/** Room left before the test's own timeout, so a wait that gives up names what it waited for. */
const MARGIN_MS = 2_000;
/** Outside a test (a hook, a helper process): the hook timeout's order of magnitude. */
const OUTSIDE_TEST_MS = 120_000;

/** When the running test times out (start + its timeout), less a margin; or `OUTSIDE_TEST_MS` from now. */
function testDeadline(): number {
  const test = TestRunner.getCurrentTest();
  const start = test?.result?.startTime;
  if (!test || !start || !test.timeout) return Date.now() + OUTSIDE_TEST_MS;
  return Math.max(Date.now() + 1_000, start + test.timeout - MARGIN_MS);
}

/**
 * The suite's one way to wait: poll `probe` until it returns a truthy value (which is returned). The wait is
 * bounded by the test's own timeout only (it fails just before it, naming `what` and the last value seen): a
 * loaded machine makes a test slower, never red. Never wait a fixed time for something to happen.
 * `timeoutMs` is for the rare wait whose bound is itself the subject (e.g. "the process is gone within 3 s").
 */
export async function waitFor<T>(probe: () => T | Promise<T>, opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const { intervalMs = 25, what = 'condition' } = opts;
  const end = opts.timeoutMs === undefined ? testDeadline() : Date.now() + opts.timeoutMs;
  const started = Date.now();
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await probe();
      error = undefined;
      if (last) return last as NonNullable<T>;
    } catch (err) {
      error = err;
    }
    if (Date.now() >= end) {
      const seen = error ? `last error: ${error instanceof Error ? error.message : String(error)}` : `last value: ${safeJson(last)}`;
      throw new Error(`timed out after ${Date.now() - started} ms waiting for ${what}; ${seen}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 500) ?? String(v);
  } catch {
    return String(v);
  }
}
