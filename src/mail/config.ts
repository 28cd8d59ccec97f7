import { z } from 'zod';
import { envBool, type EnvConfig } from '../env.js';

/**
 * Outgoing email. With `SMTP_URL` every message is delivered through it (nodemailer); without it the
 * messages stay in the database as the dev outbox (`/dev/mail`, `npm run cli -- mail:list`). DKIM signs
 * every message when all three `DKIM_*` keys are set (all or none).
 */
export const mailEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465')
    .optional(),
  /** The billing sender address; messages go out as "<merchant name> <MAIL_FROM>". */
  MAIL_FROM: z.email('must be an email address').optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9._-]{0,62})$/i, 'must be a DNS label')
    .optional(),
  /** PEM private key; `\n` escapes are turned into newlines (one-line .env values). */
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((s) => s.replace(/\\n/g, '\n'))
    .refine((s) => /-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(s), 'must be a PEM private key')
    .optional(),
  /** First retry delay of a failed delivery; doubles per attempt (with jitter), capped at one hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Delivery attempts before a message is marked `failed` (the default spans about two days). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(50),
  /** How often the mail job looks at the outbox when no new message woke it. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /** One SMTP delivery (connect, greeting, send) gives up after this long and is retried. */
  MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Serve the dev outbox page `/dev/mail` (every account's messages, unauthenticated: pay links are access tokens).
   * Off unless asked for; `npm run dev` turns it on; never served when NODE_ENV=production.
   */
  DEV_MAIL_PAGE: envBool.default(false),
};

/** Cross-field rule of the fragment: the DKIM keys come together. Returns a problem, or null. */
export function mailConfigProblem(c: { DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string }): string | null {
  const set = [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY].filter((v) => v !== undefined).length;
  return set === 0 || set === 3 ? null : 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY: set all three to sign mail, or none';
}

/** Mail settings as parsed: what the composition root hands this domain's services. */
export type MailConfig = EnvConfig<typeof mailEnv>;
