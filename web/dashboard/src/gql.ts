import { Client, type CombinedError, cacheExchange, fetchExchange, mapExchange, subscriptionExchange } from '@urql/core';
import { createClient as createWsClient } from 'graphql-ws';

/**
 * The GraphQL client: urql over /graphql on this origin, the session cookie authenticating every request, and
 * graphql-ws on the same path for subscriptions (the cookie authenticates the upgrade too). One client per
 * account and mode: switching either makes a new one, so no answer of the other mode stays in the cache.
 */
export function createGraphQLClient(opts: { onUnauthorized: () => void }): { client: Client; dispose: () => void } {
  const wsUrl = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
  const ws = createWsClient({ url: wsUrl, lazy: true, retryAttempts: 5 });
  const client = new Client({
    url: '/graphql',
    fetchOptions: { credentials: 'same-origin' },
    // A mutation's answer is the truth: the document cache drops every cached query touching its types.
    requestPolicy: 'cache-and-network',
    exchanges: [
      mapExchange({
        onError(error) {
          if (errorCode(error) === 'UNAUTHORIZED') opts.onUnauthorized();
        },
      }),
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? '' };
          return {
            subscribe(sink) {
              const unsubscribe = ws.subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });
  return { client, dispose: () => void ws.dispose() };
}

/** An error a page shows: the API's code (for the docs link), its message and the request id when known. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** The code of a failed operation: the first GraphQL error's `extensions.code`, NETWORK when the request never got an answer. */
function errorCode(error: CombinedError): string {
  if (error.networkError) return 'NETWORK';
  const code = error.graphQLErrors[0]?.extensions?.code;
  return typeof code === 'string' ? code : 'INTERNAL';
}

/** A CombinedError as an ApiFailure (message without urql's "[GraphQL]" prefix). */
export function toFailure(error: CombinedError): ApiFailure {
  const first = error.graphQLErrors[0];
  const requestId = first?.extensions?.requestId;
  const message = error.networkError ? 'The service could not be reached. Check your connection and try again.' : (first?.message ?? error.message);
  return new ApiFailure(errorCode(error), message, typeof requestId === 'string' ? requestId : undefined);
}

interface ErrorMember {
  __typename: string;
  code: string;
  message: string;
}

const isErrorMember = (v: unknown): v is ErrorMember =>
  typeof v === 'object' && v !== null && typeof (v as ErrorMember).code === 'string' && typeof (v as ErrorMember).message === 'string';

/**
 * Runs a mutation whose field answers a `<Name>Result` union (payload or a typed error, every member selecting
 * `... on Error { code message }`) and returns the payload; a typed error or a top-level error throws ApiFailure.
 */
export async function mutate<T>(client: Client, document: string, field: string, input: Record<string, unknown>): Promise<T> {
  const r = await client.mutation(document, { input }).toPromise();
  if (r.error) throw toFailure(r.error);
  const value = (r.data as Record<string, unknown> | undefined)?.[field];
  if (isErrorMember(value)) throw new ApiFailure(value.code, value.message);
  if (value === undefined || value === null) throw new ApiFailure('INTERNAL', 'The service gave no answer');
  return value as T;
}

/** Runs a query once, network only (for an action's fresh read); throws ApiFailure. */
export async function queryOnce<T>(client: Client, document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.query(document, variables, { requestPolicy: 'network-only' }).toPromise();
  if (r.error) throw toFailure(r.error);
  return r.data as T;
}
