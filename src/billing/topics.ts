/** Pubsub topic of one subscription's changes; the payload is `{ id, status }` (subscribers load the rest). */
export const subscriptionTopic = (id: string) => `subscription:${id}`;
