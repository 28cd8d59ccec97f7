import { createHash } from 'node:crypto';

/**
 * WebSocket limits: open connections per client address and per API key, messages per second and operations at
 * once per connection. Over a limit the connection is closed with WS_LIMIT_CLOSE_CODE and a reason naming the
 * setting, e.g. `WS_MAX_CONNECTIONS_PER_IP: 50 connections from this address are open`. graphql-ws clients treat
 * 4429 as final (no automatic reconnect storm against the limit); the client retries later, with backoff.
 */
export const WS_LIMIT_CLOSE_CODE = 4429;

/**
 * A slow consumer: a client that does not read its socket, so the server's sends to it wait and the changes of its
 * subscriptions pile up. Past WS_MAX_QUEUED_MESSAGES for one subscription the connection is closed with this code
 * (the reason names the setting). graphql-ws clients retry it with backoff (it is not one of their fatal codes), and
 * a subscription's first message on the new connection is the resource as it is now, so nothing is missed for good.
 */
export const WS_SLOW_CONSUMER_CLOSE_CODE = 4413;

/** Counts of open things per name (address, key hash); a name at 0 is forgotten, so the map holds only what is open. */
export class OpenCounts {
  private readonly counts = new Map<string, number>();

  /** Takes one slot for `name` unless `max` are taken (max 0 = unlimited); true when taken. */
  take(name: string, max: number): boolean {
    const n = this.counts.get(name) ?? 0;
    if (max > 0 && n >= max) return false;
    this.counts.set(name, n + 1);
    return true;
  }

  release(name: string) {
    const n = (this.counts.get(name) ?? 0) - 1;
    if (n > 0) this.counts.set(name, n);
    else this.counts.delete(name);
  }

  get(name: string) {
    return this.counts.get(name) ?? 0;
  }
}

/** Keys are counted by hash: the secret itself is never held in memory longer than the request. */
export const keyBucket = (apiKey: string) => createHash('sha256').update(apiKey).digest('base64url');

export const limitReason = {
  ip: (max: number) => `WS_MAX_CONNECTIONS_PER_IP: ${max} connections from this address are open`,
  key: (max: number) => `WS_MAX_CONNECTIONS_PER_KEY: ${max} connections with this API key are open`,
  messages: (max: number) => `WS_MAX_MESSAGES_PER_SECOND: ${max} messages per second is the most`,
  subscriptions: (max: number) => `WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: ${max} operations at once is the most`,
  // A close reason is at most 123 bytes.
  slowConsumer: (max: number) => `WS_MAX_QUEUED_MESSAGES: over ${max} changes wait for this connection; read faster`,
};
