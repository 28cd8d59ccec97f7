import type { Route } from './router.js';
import { notFound } from '../errors.js';

/** GET /v1/account: the account and mode of the key (like Stripe's), handy to check a key works. */
export const accountRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/account',
    access: 'key',
    handler: async ({ services, auth }) => {
      const account = await services.accounts.getAccount(auth!.accountId);
      if (!account) throw notFound('Account');
      return { id: account.id, object: 'account', name: account.name, mode: auth!.mode, liveEnabled: account.liveEnabled, createdAt: account.createdAt };
    },
  },
];
