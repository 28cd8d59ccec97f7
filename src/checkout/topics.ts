/** Pubsub topic of one session's status changes; the payload is `{ id, status }` (subscribers load the rest). */
export const checkoutSessionTopic = (id: string) => `checkout:session:${id}`;
