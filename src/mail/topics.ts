/** Pubsub topic that wakes the mail job when a transaction committed a new message. */
export const mailWakeTopic = 'mail:wake';
