import type { Page } from 'playwright-core';

/**
 * Turns a failed browser step into an error that says where the payment stood: the page's visible text
 * (its status line and any error it showed) and the session's status on the service. A timed-out wait
 * alone does not say whether the wallet, the report, the verifier or the redirect was stuck.
 */
export async function withPageState(err: unknown, page: Page, sessionUrl: string): Promise<Error> {
  // The heading, the status line, the error box and the pay button: not the long network and token lists.
  const text = await page
    .evaluate(() => ['h1', '#status', '#error', '#pay button'].map((sel) => `${sel}: ${[...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.innerText.trim()).join(' | ')}`).join('\n'))
    .catch((e: Error) => `(page text unavailable: ${e.message})`);
  const service = await fetch(sessionUrl, { signal: AbortSignal.timeout(5_000) })
    .then(async (r) => `${r.status} ${JSON.stringify(((await r.json()) as { status?: string; payments?: unknown }) ?? {})}`)
    .catch((e: Error) => `(unavailable: ${e.message})`);
  const base = err instanceof Error ? err : new Error(String(err));
  const out = new Error(`${base.message}\n--- page at ${page.url()} ---\n${text.trim().slice(0, 2000)}\n--- session on the service ---\n${service.slice(0, 2000)}`);
  out.stack = `${out.message}\n${base.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return out;
}
