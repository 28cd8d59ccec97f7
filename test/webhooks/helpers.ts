import { createServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Received } from '../fixtures/webhook-receiver.js';
import { waitFor } from '../helpers/wait.js';

/** A port that was free a moment ago (for child processes, which cannot report an ephemeral one). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Verifies a received delivery with the standardwebhooks library, exactly as a receiver would. */
export const verifyWith = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });

export const until = async (pred: () => Promise<boolean> | boolean, what = 'condition') => {
  await waitFor(pred, { intervalMs: 100, what });
};
