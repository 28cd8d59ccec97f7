import DataLoader from 'dataloader';
import type { KeyAuth } from '../accounts/service.js';
import { ApiError } from '../errors.js';
import type { GraphQLContext } from './context.js';

/**
 * Per-request DataLoaders behind every reference field (`Order.checkoutSession`, `WebhookDelivery.event`, …):
 * one query per batch. Tenant isolation lives in the service methods they call: each returns only what the
 * request's API key may see (its own account and mode, or the public view REST shows anyone), and null for
 * anything else, so a reference to another account's object resolves to null.
 */

/**
 * The credential (API key or dashboard session) a field was admitted with. The scope is declared on the field or
 * its type (`authScopes: { read: 'invoices' }`); this only hands its value to the service call.
 */
export async function keyOf(ctx: GraphQLContext): Promise<KeyAuth> {
  const auth = await ctx.auth();
  if (!auth) throw new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header (or connectionParams over WebSocket)');
  return auth;
}

/** A loader whose batch needs the request's key; without one every id resolves to null. */
function keyed<V>(ctx: GraphQLContext, name: string, load: (auth: KeyAuth, ids: readonly string[]) => Promise<(V | null)[]>) {
  return ctx.loader(
    name,
    () =>
      new DataLoader<string, V | null>(async (ids) => {
        const auth = await ctx.auth();
        return auth ? load(auth, ids) : ids.map(() => null);
      }),
  );
}

/** Sessions as `checkoutSession(id)` shows them to this request: the owner's view with the owner's key, else the public view. */
export const sessionLoader = (ctx: GraphQLContext) =>
  ctx.loader('checkout.sessions', () => new DataLoader(async (ids: readonly string[]) => ctx.services.checkout.getMany(ids, await ctx.auth())));

/** Orders by quote id (orders are public to whoever holds the quote id, as in REST). */
export const orderLoader = (ctx: GraphQLContext) => ctx.loader('orders', () => new DataLoader((ids: readonly string[]) => ctx.services.orders.getMany(ids)));

/** Payments of sessions the key owns. */
export const paymentLoader = (ctx: GraphQLContext) => keyed(ctx, 'checkout.payments', (auth, ids) => ctx.services.checkout.paymentsOwned(ids, auth));

/** Events of the key's account and mode. */
export const eventLoader = (ctx: GraphQLContext) => keyed(ctx, 'events', (auth, ids) => ctx.services.events.getMany(auth, ids));

/** Webhook endpoints of the key's account and mode (never with their secret). */
export const endpointLoader = (ctx: GraphQLContext) => keyed(ctx, 'webhooks.endpoints', (auth, ids) => ctx.services.webhooks.getMany(auth, ids));

/** Deliveries to endpoints of the key's account and mode. */
export const deliveryLoader = (ctx: GraphQLContext) => keyed(ctx, 'webhooks.deliveries', (auth, ids) => ctx.services.webhooks.deliveriesByIds(auth, ids));

/** Invoices of the key's account and mode (the owner's view). */
export const invoiceLoader = (ctx: GraphQLContext) => keyed(ctx, 'invoices', (auth, ids) => ctx.services.invoices.getManyOwned(ids, auth));

/** Deposit addresses of the key's account and mode. */
export const depositAddressLoader = (ctx: GraphQLContext) => keyed(ctx, 'deposits.addresses', (auth, ids) => ctx.services.deposits.getManyOwned(ids, auth));
/** Subscriptions of the request's key; null for others' (and without a key). */
export const subscriptionLoader = (ctx: GraphQLContext) => keyed(ctx, 'subscriptions', (auth, ids) => ctx.services.subscriptions.getManyOwned(ids, auth));
