import type { KeyAuth } from '../accounts/service.js';
import type { GraphQLContext } from './context.js';

/**
 * The body of a subscription that follows one resource by its status (a checkout session, an invoice…): the
 * resource now, then again after every status change announced on `topic`, read afresh as the caller's key sees it
 * (a key revoked mid-stream ends it). Completes after the first status in `final`, which is always pushed. It
 * listens before it reads, so a change between the read and the subscription is not missed.
 */
/**
 * One read per change per credential on this instance: the subscribers of a resource woken by the same message (the
 * pubsub hands every handler the same payload object) and reading with the same credential share one read, started
 * after that message arrived, so none of them reads a state older than the change it was woken for. A thousand pay
 * pages watching one session cost one query per change, not a thousand.
 */
const reads = new WeakMap<object, Map<string, Promise<unknown>>>();
export function readOnce<V>(message: unknown, auth: KeyAuth | null, read: () => Promise<V>): Promise<V> {
  if (typeof message !== 'object' || message === null) return read();
  let byAuth = reads.get(message);
  if (!byAuth) {
    byAuth = new Map();
    reads.set(message, byAuth);
  }
  const key = auth ? `${auth.via}:${auth.keyId}` : 'public';
  let p = byAuth.get(key) as Promise<V> | undefined;
  if (!p) {
    p = read();
    byAuth.set(key, p);
  }
  return p;
}

export async function* followStatus<V extends { status: string }>(
  ctx: Pick<GraphQLContext, 'pubsub' | 'auth' | 'refresh'>,
  topic: string,
  read: (auth: KeyAuth | null) => Promise<V>,
  final: readonly string[],
): AsyncGenerator<V> {
  const changes = ctx.pubsub.iterate(topic);
  try {
    await changes.ready;
    let view = await read(await ctx.auth());
    yield view;
    while (!final.includes(view.status)) {
      const next = await changes.next();
      if (next.done) return;
      const auth = await ctx.refresh();
      const fresh = await readOnce(next.value, auth, () => read(auth));
      if (fresh.status === view.status) continue;
      view = fresh;
      yield view;
    }
  } finally {
    await changes.return?.();
  }
}
