import { Webhook } from 'standardwebhooks';
import type { Received } from '../fixtures/webhook-receiver.js';
import { waitFor } from '../helpers/wait.js';

/** Verifies a received delivery with the standardwebhooks library, exactly as a receiver would. */
export const verifyWith = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });

export const until = async (pred: () => Promise<boolean> | boolean, what = 'condition') => {
  await waitFor(pred, { intervalMs: 100, what });
};
