import type { KeyAuth } from '../accounts/service.js';
import type { Config } from '../config.js';
import type { PgPubSub } from '../db/pubsub.js';
import type { Logger } from '../log.js';
import type { RateTicket } from '../ratelimit/service.js';
import type { Services } from '../services.js';
import type { Metrics } from '../telemetry/metrics.js';
import type { AnsweredRequest, RequestObservers } from './observe.js';

/** What the HTTP layer hands to routes, resolvers and pages; nothing else of the process reaches them. */
export interface HttpDeps {
  services: Services;
  config: Config;
  log: Logger;
  /** GraphQL subscriptions listen here. */
  pubsub: PgPubSub;
  /** Told of every answered request and WebSocket operation (src/app.ts holds it; absent, nobody is told). */
  requests?: RequestObservers;
  /** The metrics, when served (`/metrics` with ADMIN_TOKEN on this server, unless METRICS_PORT serves them apart). */
  metrics?: Metrics;
}

/**
 * Per-request facts: the id, the access log's timing and account, what the request took from its rate limit, and
 * what the request log keeps of a request of an account (its credential, route template and error code). Once
 * answered, it is the AnsweredRequest observers are told of (method, route, operation, status, ms filled in).
 */
export interface RequestState extends AnsweredRequest {
  requestId: string;
  started: number;
  accountId?: string;
  rateLimit: RateTicket;
  /** The credential that authenticated the request: set, the request is recorded in its account's request log. */
  auth?: KeyAuth;
  /** The REST route template (`/v1/invoices/:id`), `graphql` (its operation name in `operation`), a page, `/metrics`. */
  route?: string;
  errorCode?: string;
}
