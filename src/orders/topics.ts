/** Pubsub topics for live order updates (GraphQL subscriptions `order` and `orderStatus`). */
export const orderTopic = (quoteId: string) => `order:${quoteId}`;
export const orderStatusTopic = (provider: string, id: string) => `order-status:${provider}:${id}`;
