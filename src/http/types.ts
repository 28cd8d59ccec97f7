import type { KeyAuth } from '../accounts/service.js';
import type { Config } from '../config.js';
import type { PgPubSub } from '../db/pubsub.js';
import type { Logger } from '../log.js';
import type { RateTicket } from '../ratelimit/service.js';
import type { Services } from '../services.js';

/** What the HTTP layer hands to routes, resolvers and pages; nothing else of the process reaches them. */
export interface HttpDeps {
  services: Services;
  config: Config;
  log: Logger;
  /** GraphQL subscriptions listen here. */
  pubsub: PgPubSub;
}

/**
 * Per-request facts: the id, the access log's timing and account, what the request took from its rate limit, and
 * what the request log keeps of a request of an account (its credential, route template and error code).
 */
export interface RequestState {
  requestId: string;
  started: number;
  accountId?: string;
  rateLimit: RateTicket;
  /** The credential that authenticated the request: set, the request is recorded in its account's request log. */
  auth?: KeyAuth;
  /** The REST route template (`/v1/invoices/:id`) or the GraphQL operation (`graphql:<OperationName>`). */
  route?: string;
  errorCode?: string;
}
