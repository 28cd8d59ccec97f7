/** Pubsub topic for live limit order updates (GraphQL subscription `limitOrder(id)`). */
export const limitOrderTopic = (id: string) => `limit-order:${id}`;
