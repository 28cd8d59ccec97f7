import type { Session } from './api.js';

/**
 * Live status: the GraphQL subscription `checkoutSession(id)` over server-sent events (same origin, no
 * WebSocket library needed), reconnecting on drops, plus a slow poll as a safety net. Both stop once the
 * session reaches a final status (the subscription completes then too): nothing can change after it.
 */
const QUERY = 'subscription($id: ID!) { checkoutSession(id: $id) { id status } }';

/**
 * Statuses no other status follows (the subscription completes after pushing one). `needs_review` is not one:
 * the merchant accepts the payment (→ `paid`, the page then redirects) or reopens the session (→ `open`).
 */
const FINAL: ReadonlySet<Session['status']> = new Set(['paid', 'expired']);

export function watchSession(id: string, onStatus: (status: Session['status']) => void): () => void {
  const stop = new AbortController();
  let final = false;
  let last: Session['status'] | undefined;
  // Each status once: the stream's first message and the 10 s poll repeat it, and every report re-renders the page.
  const report = (status: Session['status']) => {
    if (status === last) return;
    last = status;
    if (FINAL.has(status)) {
      final = true;
      clearInterval(poll);
    }
    onStatus(status);
  };
  const stream = async () => {
    while (!stop.signal.aborted && !final) {
      try {
        const res = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query: QUERY, variables: { id } }),
          signal: stop.signal,
        });
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
            const chunk = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            for (const line of chunk.split('\n')) {
              if (!line.startsWith('data:')) continue;
              const msg = JSON.parse(line.slice(5).trim() || '{}') as { data?: { checkoutSession?: { status: Session['status'] } } };
              const status = msg.data?.checkoutSession?.status;
              if (status) report(status);
            }
          }
        }
      } catch {
        // dropped or aborted; retry below
      }
      if (!stop.signal.aborted && !final) await new Promise((r) => setTimeout(r, 2000));
    }
  };
  const poll = setInterval(async () => {
    const r = await fetch(`/v1/checkout/sessions/${encodeURIComponent(id)}`).catch(() => undefined);
    const s = (await r?.json().catch(() => undefined)) as Session | undefined;
    if (s?.status && !final) report(s.status);
  }, 10_000);
  void stream();
  return () => {
    stop.abort();
    clearInterval(poll);
  };
}
