/** Pubsub topic of one invoice's status changes; the payload is `{ id }` (subscribers read the rest as it is now). */
export const invoiceTopic = (id: string) => `invoice:${id}`;
