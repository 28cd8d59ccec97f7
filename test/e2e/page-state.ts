import type { Page } from 'playwright-core';
import { raceTimeout } from '../../src/assets/timeout.js';

/**
 * Turns a failed browser step into an error that says where the payment stood: what the page showed (its
 * heading, status line, error box and pay button) and the session on the service. A timed-out wait alone
 * does not say whether the wallet, the report, the verifier or the redirect was stuck.
 */
export async function withPageState(err: unknown, page: Page, sessionUrl: string): Promise<Error> {
  const shown = await raceTimeout(
    page.evaluate(() =>
      ['h1', '#status', '#error', '#pay button']
        .map((sel) => `${sel}: ${[...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.textContent.trim()).join(' | ')}`)
        .join('\n'),
    ),
    5_000,
  ).catch((e: Error) => `(page unavailable: ${e.message})`);
  const service = await fetch(sessionUrl, { signal: AbortSignal.timeout(5_000) })
    .then(async (r) => `${r.status} ${await r.text()}`)
    .catch((e: Error) => `(unavailable: ${e.message})`);
  const base = err instanceof Error ? err : new Error(String(err));
  const out = new Error(`${base.message}\n--- page at ${page.url()} ---\n${shown.slice(0, 2000)}\n--- session on the service ---\n${service.slice(0, 2000)}`);
  out.stack = `${out.message}\n${base.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return out;
}
