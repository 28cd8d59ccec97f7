/** Pubsub topic of one invoice's status changes; the payload is `{ id, status }` (subscribers load the rest). */
export const invoiceTopic = (id: string) => `invoice:${id}`;
