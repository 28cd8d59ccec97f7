import type { Page } from 'playwright-core';

const within = <T>(ms: number, p: Promise<T>) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))]);

/**
 * Turns a failed browser step into an error that says where the payment stood: what the page showed (its
 * heading, status line, error box and pay button) and the session on the service. A timed-out wait alone
 * does not say whether the wallet, the report, the verifier or the redirect was stuck.
 */
export async function withPageState(err: unknown, page: Page, sessionUrl: string): Promise<Error> {
  const shown = await within(
    5_000,
    page.evaluate(() => ['h1', '#status', '#error', '#pay button'].map((sel) => `${sel}: ${[...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.innerText.trim()).join(' | ')}`).join('\n')),
  ).catch((e: Error) => `(page unavailable: ${e.message})`);
  const service = await fetch(sessionUrl, { signal: AbortSignal.timeout(5_000) })
    .then(async (r) => `${r.status} ${await r.text()}`)
    .catch((e: Error) => `(unavailable: ${e.message})`);
  const base = err instanceof Error ? err : new Error(String(err));
  const out = new Error(`${base.message}\n--- page at ${page.url()} ---\n${shown.slice(0, 2000)}\n--- session on the service ---\n${service.slice(0, 2000)}`);
  out.stack = `${out.message}\n${base.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return out;
}
