/**
 * When a failed delivery is tried again: `base · 2^(attempt-1)`, capped at one hour, with ±20 % jitter so a
 * recovered SMTP server is not hit by every waiting message at once. `attempt` counts the failed tries so far
 * (1 after the first). Null once `maxAttempts` have failed: the message is given up (`failed`).
 */
export function retryDelayMs(attempt: number, opts: { baseMs: number; maxAttempts: number; random?: () => number }): number | null {
  if (attempt >= opts.maxAttempts) return null;
  const raw = Math.min(opts.baseMs * 2 ** Math.min(attempt - 1, 30), 3_600_000);
  const jitter = 0.8 + 0.4 * (opts.random ?? Math.random)();
  return Math.max(1, Math.round(raw * jitter));
}

/** SMTP replies and errors can carry anything; what we store and show is one bounded line. */
export function errorLine(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  const text = `${e?.code ? `${e.code}: ` : ''}${e?.responseCode ? `${e.responseCode} ` : ''}${e?.message ?? String(err)}`;
  return text.replace(/[\r\n\t]+/g, ' ').slice(0, 500);
}
