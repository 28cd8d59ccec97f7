import { z } from 'zod';

/** An origin as browsers send it: scheme, host and optional port, nothing else. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:[0-9]{1,5})?$/;

/**
 * `*` (any origin) or a comma-separated list of exact origins. Credentials are never allowed either way: API keys
 * travel in the `x-api-key` header, which a foreign page cannot read or send on a visitor's behalf, so CORS here
 * only decides which pages may call the API with a key they already hold.
 */
const corsOrigins = z.string().transform((s, ctx) => {
  const items = s
    .split(',')
    .map((x) => x.trim().toLowerCase().replace(/\/+$/, ''))
    .filter(Boolean);
  if (items.length === 1 && items[0] === '*') return '*' as const;
  for (const o of items) {
    if (!ORIGIN.test(o)) {
      ctx.addIssue({ code: 'custom', message: `"${o}" is not an origin (scheme://host[:port]), and * only stands alone` });
      return z.NEVER;
    }
  }
  return items;
});

const ms = (min: number, def: number) => z.coerce.number().int().min(min).max(3_600_000).default(def);
const count = (def: number) => z.coerce.number().int().min(0).max(1_000_000).default(def);

/** HTTP and WebSocket protection: CORS, slow-request timeouts, connection and message limits (src/http/security.ts). */
export const httpEnv = {
  CORS_ORIGINS: corsOrigins.default('*'),
  /** All request headers must arrive within this time, however slowly they trickle (slowloris). */
  HTTP_HEADERS_TIMEOUT_MS: ms(100, 10_000),
  /** The whole request (headers and body) must arrive within this time. Responses, SSE streams and WebSockets are not limited by it. */
  HTTP_REQUEST_TIMEOUT_MS: ms(100, 30_000),
  /** An idle keep-alive connection is closed after this long. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(100, 5_000),
  /** Open sockets (HTTP and WebSocket) per peer address; 0 = off. Not applied behind a proxy (TRUST_PROXY > 0), where the peer is the proxy. */
  HTTP_MAX_CONNECTIONS_PER_IP: count(256),
  /** How long a new WebSocket has to send `connection_init` before it is closed with 4408 (graphql-ws; its default of 3 s was missed by healthy clients of a loaded server). */
  WS_CONNECTION_INIT_TIMEOUT_MS: ms(100, 10_000),
  /** Open WebSocket connections per client address (after TRUST_PROXY); 0 = off. */
  WS_MAX_CONNECTIONS_PER_IP: count(50),
  /** Open WebSocket connections per API key (connectionParams or x-api-key header); 0 = off. */
  WS_MAX_CONNECTIONS_PER_KEY: count(50),
  /** Messages a client may send on one WebSocket per second (a burst of this many, refilled continuously; the default fits subscribing up to the operation limit at once); 0 = off. */
  WS_MAX_MESSAGES_PER_SECOND: count(50),
  /** Operations running at once on one WebSocket; 0 = off. */
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: count(50),
  /**
   * Changes one subscription may have waiting for a client that does not read its WebSocket (the server holds them
   * while its send is blocked); one more closes the connection with 4413 (WS_SLOW_CONSUMER_CLOSE_CODE); 0 = off.
   */
  WS_MAX_QUEUED_MESSAGES: count(100),
};
