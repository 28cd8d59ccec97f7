import type { Route } from './router.js';
import { notFound } from '../errors.js';
import { json } from '../openapi/route-doc.js';
import { accountViewSchema, type AccountView } from '../accounts/views.js';

/** GET /v1/account: the account and mode of the key (like Stripe's), handy to check a key works. */
export const accountRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/account',
    access: 'key',
    scope: { resource: 'account', level: 'read' },
    handler: async ({ services, auth }): Promise<AccountView> => {
      const account = await services.accounts.getAccount(auth!.accountId);
      if (!account) throw notFound('Account');
      return {
        id: account.id,
        object: 'account',
        name: account.name,
        mode: auth!.mode,
        liveEnabled: account.liveEnabled,
        createdAt: account.createdAt.toISOString(),
      };
    },
    doc: {
      operationId: 'getAccount',
      tag: 'Account',
      summary: "The key's account and mode",
      description: 'Handy to check that a key works and which mode it is in.',
      responses: {
        200: json('The account.', accountViewSchema, {
          account: {
            id: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5',
            object: 'account',
            name: 'Acme Tools',
            mode: 'test',
            liveEnabled: false,
            createdAt: '2026-10-01T09:12:44.120Z',
          },
        }),
      },
      examples: { account: { summary: 'Read the account of the key' } },
    },
  },
];
