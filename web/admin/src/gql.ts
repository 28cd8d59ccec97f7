import { Client, cacheExchange, fetchExchange, mapExchange } from '@urql/core';
import { queryOnce, toFailure } from '../../dashboard/src/gql';

/**
 * The operator's GraphQL client: urql over /graphql on this origin with the admin token as `Authorization: Bearer`
 * on every request, and no cookie (`credentials: 'omit'`: the dashboard's session is never sent, and no request
 * the browser makes by itself carries the token). No WebSocket: operator fields are not served over it.
 */
export function createAdminClient(token: string, opts: { onUnauthorized: () => void }): Client {
  return new Client({
    url: '/graphql',
    fetchOptions: () => ({ credentials: 'omit', headers: { authorization: `Bearer ${token}` } }),
    // A mutation's answer is the truth: the document cache drops every cached query touching its types.
    requestPolicy: 'cache-and-network',
    exchanges: [
      mapExchange({
        onError(error) {
          if (toFailure(error).code === 'UNAUTHORIZED') opts.onUnauthorized();
        },
      }),
      cacheExchange,
      fetchExchange,
    ],
  });
}

/** The cheapest operator read: whether the server takes the token (UNAUTHORIZED when it does not). */
const CHECK = /* GraphQL */ `
  query AdminCheck {
    adminAuditLog(first: 1) { nodes { id } }
  }
`;

/** Resolves when `token` is an operator token; throws ApiFailure (UNAUTHORIZED when the server refuses it). */
export async function checkToken(token: string): Promise<void> {
  await queryOnce(createAdminClient(token, { onUnauthorized: () => {} }), CHECK);
}

/** An operation with the fragment documents it spreads appended (each a plain `/* GraphQL *\/` string of its page). */
export const withFragments = (operation: string, ...fragments: string[]) => [operation, ...fragments].join('\n');
