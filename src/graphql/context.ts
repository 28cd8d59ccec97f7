import type DataLoader from 'dataloader';
import type { Config } from '../config.js';
import type { PgPubSub } from '../db/pubsub.js';
import type { Logger } from '../log.js';
import type { Services } from '../services.js';
import type { KeyAuth } from '../accounts/service.js';
import { type AdminAccess, type AdminWrite, adminRefusal } from '../admin/service.js';
import { ApiError } from '../errors.js';
import { newTicket, type RateTicket } from '../ratelimit/service.js';

/** Per-request (or per-WebSocket-operation) context handed to every resolver. */
export interface GraphQLContext {
  /** The domain services (src/services.ts); resolvers call these and hold no business rule. */
  services: Services;
  config: Config;
  log: Logger;
  /**
   * Subscriptions listen here (Postgres LISTEN/NOTIFY). Over WebSocket each subscription's iterator is bounded
   * (WS_MAX_QUEUED_MESSAGES, src/http/graphql-ws.ts): a client that does not read is closed, not buffered for.
   */
  pubsub: Pick<PgPubSub, 'iterate'>;
  requestId: string;
  /** The client's address (src/http/client-ip.ts): whose rate-limit count a keyless operation takes from. */
  clientIp: string;
  /**
   * What this request took at the rate-limit gate and what the limiter decided (src/graphql/operation-hooks.ts), for the
   * response headers. A holder: yoga hands resolvers a copy of this context, and the HTTP layer reads the original.
   */
  rateLimit: RateTicket;
  /**
   * Resolves the credential once: the x-api-key (header, or graphql-ws connectionParams) when one was sent, else
   * the dashboard session cookie; null when neither was sent.
   */
  auth(): Promise<KeyAuth | null>;
  requireAuth(): Promise<KeyAuth>;
  /**
   * Operator access from `Authorization: Bearer <ADMIN_TOKEN>` (HTTP only; never over WebSocket): `disabled` when no
   * token is configured, `refused` without a matching one. The `admin` scope checks it on every `admin*` field.
   */
  adminAccess(): AdminAccess;
  /** The operator and request id for the audit log (`admin*` mutations; their scope has already admitted them). */
  requireAdmin(): AdminWrite;
  /** A DataLoader that lives as long as this request, shared by every resolver that asks for `name`. */
  loader<K, V, C = K>(name: string, make: () => DataLoader<K, V, C>): DataLoader<K, V, C>;
  /**
   * Called by a subscription before each result it pushes: the per-request DataLoaders are emptied (references
   * in the result are read as they are now, and the cache does not grow for the life of the stream) and the
   * key is checked again (a key revoked mid-stream ends the stream with UNAUTHORIZED). Returns the key's auth.
   */
  refresh(): Promise<KeyAuth | null>;
  /** Set by auth() for the access log. */
  accountId?: string;
  /** The client's user agent (recorded on a dashboard session opened by `signIn`). */
  userAgent?: string;
  /** The request's Origin header, when a browser sent one (sign-in refuses a foreign one: login CSRF). */
  origin?: string;
  /** The session cookie's token the request carried (sign-in ends that session: rotation). */
  sessionToken?: string;
  /** Set-Cookie values for the HTTP response (sign-in, sign-out); over WebSocket there is no response to carry them. */
  responseCookies: string[];
  /**
   * What the transport's request log needs of the operation (src/graphql/operation-hooks.ts fills it): its name and the first
   * error code it answered. A holder, shared by the copies of this context yoga makes.
   */
  outcome: { operation?: string; errorCode?: string };
  /** Set when a mutation answered with the stored result of an idempotency key (src/graphql/idempotency.ts). */
  idempotentReplayed?: boolean;
}

/** What every request's context is made of (src/http/server.ts hands it over once). */
export type GraphQLContextDeps = Pick<GraphQLContext, 'services' | 'config' | 'log' | 'pubsub'>;

/** What the transport read of the client besides its key. */
export interface ClientFacts {
  /** The dashboard session cookie's token, when the request carried one. */
  sessionToken?: string;
  userAgent?: string;
  origin?: string;
  /** The Authorization header (an operator's bearer token). */
  authorization?: string;
}

/** `clientIp`: the transport's client address; in-process callers (tests, tools) have none and share one count. */
export function createGraphQLContext(
  deps: GraphQLContextDeps,
  requestId: string,
  apiKey: string | undefined,
  clientIp = 'in-process',
  client: ClientFacts = {},
): GraphQLContext {
  let authPromise: Promise<KeyAuth | null> | undefined;
  let admin: AdminAccess | undefined;
  const loaders = new Map<string, DataLoader<unknown, unknown, unknown>>();
  const ctx: GraphQLContext = {
    services: deps.services,
    config: deps.config,
    log: deps.log,
    pubsub: deps.pubsub,
    requestId,
    clientIp,
    ...(client.userAgent ? { userAgent: client.userAgent } : {}),
    responseCookies: [],
    ...(client.sessionToken ? { sessionToken: client.sessionToken } : {}),
    ...(client.origin ? { origin: client.origin } : {}),
    rateLimit: newTicket(),
    outcome: {},
    auth() {
      const found = (a: KeyAuth | null) => {
        if (a) ctx.accountId = a.accountId;
        return a;
      };
      authPromise ??= apiKey
        ? deps.services.accounts.authenticate(apiKey).then(found)
        : client.sessionToken
          ? deps.services.auth.authenticateSession(client.sessionToken).then(found)
          : Promise.resolve(null);
      return authPromise;
    },
    async requireAuth() {
      const a = await ctx.auth();
      if (!a) throw new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header (or connectionParams over WebSocket)');
      return a;
    },
    adminAccess() {
      admin ??= deps.services.admin.authenticate(client.authorization);
      return admin;
    },
    requireAdmin() {
      const a = ctx.adminAccess();
      if (a.kind !== 'operator') throw adminRefusal(a);
      return { actor: a.actor, requestId };
    },
    async refresh() {
      loaders.clear();
      authPromise = undefined;
      return ctx.auth();
    },
    loader<K, V, C>(name: string, make: () => DataLoader<K, V, C>) {
      let l = loaders.get(name);
      if (!l) {
        l = make() as unknown as DataLoader<unknown, unknown, unknown>;
        loaders.set(name, l);
      }
      return l as unknown as DataLoader<K, V, C>;
    },
  };
  return ctx;
}
