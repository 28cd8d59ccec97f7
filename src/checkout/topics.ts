/** Pubsub topic of one session's status changes; the payload is `{ id }` (subscribers read the rest as it is now). */
export const checkoutSessionTopic = (id: string) => `checkout:session:${id}`;
