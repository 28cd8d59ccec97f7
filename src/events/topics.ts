/** Pubsub topics shared by publishers (outbox, pollers) and GraphQL subscriptions. */
export interface AccountEvent {
  id: string;
  type: string;
  livemode: boolean;
  createdAt: string;
  /** The resource the event is about and its per-resource sequence number (1, 2, …); absent on ad-hoc publishes. */
  resourceId?: string;
  sequence?: number;
  data: unknown;
}

/**
 * What the account's event stream carries: the event's id, and its type so a subscriber filtering by type reads only
 * the events it wants (the event itself is read from the events table).
 */
export interface AccountEventNotice {
  id: string;
  type: string;
}

export const accountEventsTopic = (accountId: string, mode: 'test' | 'live') => `events:${accountId}:${mode}`;

/** Wakes the webhook delivery workers of every instance (sent in the transaction that queued deliveries). */
export const webhooksWakeTopic = 'webhooks:wake';
