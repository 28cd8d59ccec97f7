/** Pubsub topic for live updates of one deposit address (GraphQL subscription `depositAddress(id)`). */
export const depositAddressTopic = (id: string) => `deposit-address:${id}`;
