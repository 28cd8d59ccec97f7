import { z } from 'zod';
import { envBool, type EnvConfig } from '../env.js';

export const webhooksEnv = {
  /** Per-attempt limit: connect, send, and response headers plus the first KiB of the body. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /** Parallel HTTP deliveries per instance. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Fallback poll of the delivery queue (workers are also woken by NOTIFY at commit). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** First retry delay; later ones grow ×3 up to 8640× this (12 h at the default 5 s), ~3 days in all. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  /** An endpoint whose attempts have all failed for this long is disabled (and `webhook_endpoint.disabled` is emitted). */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(3 * 24 * 3600 * 1000),
  /**
   * Whether test-mode endpoints follow the local-development rules of address-policy.ts (public plus
   * loopback and RFC 1918 private addresses) instead of the public rules of live endpoints. Default:
   * yes, except with NODE_ENV=production, where any test-key holder could otherwise probe internal
   * services (use `npm run cli -- listen` to receive test events locally instead).
   */
  WEBHOOK_TEST_PRIVATE_HOSTS: envBool.optional(),
};

/** The effective WEBHOOK_TEST_PRIVATE_HOSTS. */
export const testEndpointsMayBePrivate = (c: { WEBHOOK_TEST_PRIVATE_HOSTS?: boolean; NODE_ENV: string }) =>
  c.WEBHOOK_TEST_PRIVATE_HOSTS ?? c.NODE_ENV !== 'production';

/** Webhook settings as parsed: what the composition root hands this domain's services. */
export type WebhooksConfig = EnvConfig<typeof webhooksEnv>;
