/** Pubsub topics shared by publishers (outbox, pollers) and GraphQL subscriptions. */
export interface AccountEvent {
  id: string;
  type: string;
  livemode: boolean;
  createdAt: string;
  data: unknown;
}

export const accountEventsTopic = (accountId: string, mode: 'test' | 'live') => `events:${accountId}:${mode}`;
