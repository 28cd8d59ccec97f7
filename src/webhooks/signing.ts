import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks (standardwebhooks.com): the signed content is `${id}.${timestamp}.${body}`,
 * HMAC-SHA256 with the base64-decoded secret, sent as `webhook-signature: v1,<base64>`; several
 * space-separated signatures are allowed, which is how both secrets sign during a rotation.
 */
const SECRET_PREFIX = 'whsec_';

/** 32 random bytes, base64, with the `whsec_` prefix the libraries expect. */
export const generateSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Headers for one attempt; `secrets` are the current one first, then any still-valid previous one. */
export function signDelivery(msgId: string, body: string, secrets: string[], at: Date = new Date()): SignedHeaders {
  if (!secrets.length) throw new Error('signDelivery: no secret');
  // The header carries whole seconds; sign exactly what is sent.
  const ts = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(ts.getTime() / 1000),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(msgId, ts, body)).join(' '),
  };
}
