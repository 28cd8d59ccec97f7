/**
 * The suite's one way to wait: poll `probe` until it returns a truthy value (which is returned), or fail
 * after `timeoutMs` naming `what` and the last value seen. Never wait a fixed time for something to happen.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 15_000, intervalMs = 25, what = 'condition' } = opts;
  const end = Date.now() + timeoutMs;
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
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${seen}`);
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
