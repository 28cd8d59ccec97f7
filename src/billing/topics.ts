/** Pubsub topic of one subscription's changes; the payload is `{ id }` (subscribers read the rest as it is now). */
export const subscriptionTopic = (id: string) => `subscription:${id}`;
