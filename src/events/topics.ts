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

export const accountEventsTopic = (accountId: string, mode: 'test' | 'live') => `events:${accountId}:${mode}`;

/** Wakes the webhook delivery workers of every instance (sent in the transaction that queued deliveries). */
export const webhooksWakeTopic = 'webhooks:wake';
