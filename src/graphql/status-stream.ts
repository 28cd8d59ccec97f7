import type { KeyAuth } from '../accounts/service.js';
import type { GraphQLContext } from './context.js';

/**
 * The body of a subscription that follows one resource by its status (a checkout session, an invoice…): the
 * resource now, then again after every status change announced on `topic`, read afresh as the caller's key sees it
 * (a key revoked mid-stream ends it). Completes after the first status in `final`, which is always pushed. It
 * listens before it reads, so a change between the read and the subscription is not missed.
 */
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
      const fresh = await read(await ctx.refresh());
      if (fresh.status === view.status) continue;
      view = fresh;
      yield view;
    }
  } finally {
    await changes.return?.();
  }
}
