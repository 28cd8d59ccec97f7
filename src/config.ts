import { z } from 'zod';
import { envBool } from './env.js';
import { assetsEnv } from './assets/config.js';
import { providersEnv } from './providers/config.js';
import { quotesEnv } from './quotes/config.js';
import { ordersEnv } from './orders/config.js';
import { depositsEnv } from './deposits/config.js';
import { limitOrdersEnv } from './limit-orders/config.js';
import { webhooksEnv } from './webhooks/config.js';
import { eventsEnv } from './events/config.js';
import { checkoutEnv } from './checkout/config.js';
import { graphqlEnv } from './graphql/config.js';
import { httpEnv } from './http/config.js';
import { ratelimitEnv } from './ratelimit/config.js';
import { idempotencyEnv } from './idempotency/config.js';
import { mailConfigProblem, mailEnv } from './mail/config.js';
import { subscriptionsEnv } from './billing/config.js';

/**
 * Environment configuration, parsed and validated once at start. Each domain owns a fragment
 * (`src/<domain>/config.ts`); this file joins them. README's configuration table lists every key.
 */

export const coreEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DOCS_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BRAND: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}$/, 'must be 2-16 lower-case letters or digits, starting with a letter')
    .default('swapgate'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Run pollers and schedulers in this process (turn off on API-only replicas). */
  JOBS_ENABLED: envBool.default(true),
  /**
   * Reverse proxies in front of the service (0: none). With N, the client address is the N-th entry from the right
   * of X-Forwarded-For and X-Forwarded-Proto is believed; `true` means 1.
   */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .transform((v) => (v === 'true' ? 1 : 0))
    .or(z.coerce.number().int().min(0).max(10))
    .default(0),
};

const schema = z.object({
  ...coreEnv,
  ...assetsEnv,
  ...providersEnv,
  ...quotesEnv,
  ...ordersEnv,
  ...depositsEnv,
  ...limitOrdersEnv,
  ...webhooksEnv,
  ...eventsEnv,
  ...checkoutEnv,
  ...graphqlEnv,
  ...httpEnv,
  ...ratelimitEnv,
  ...idempotencyEnv,
  ...mailEnv,
  ...subscriptionsEnv,
});

type Parsed = z.infer<typeof schema>;
export type Config = Parsed & {
  PUBLIC_URL: string;
  DOCS_URL: string;
  /** Per-chain RPC overrides from `RPC_URL_<chainId>`. */
  rpcUrls: Record<number, string>;
};

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO=` in a .env file falls back to the default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  const mailProblem = mailConfigProblem(c);
  if (mailProblem) throw new ConfigError(`Invalid configuration:\n  ${mailProblem}`);
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  const rpcUrls: Record<number, string> = {};
  for (const [k, v] of Object.entries(cleaned)) {
    const m = /^RPC_URL_(\d+)$/.exec(k);
    if (!m) continue;
    if (!/^(https?|wss?):\/\//.test(v)) throw new ConfigError(`Invalid configuration:\n  ${k}: must be an http(s) or ws(s) URL`);
    rpcUrls[Number(m[1])] = v;
  }
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    DOCS_URL: (c.DOCS_URL ?? `${publicUrl}/docs`).replace(/\/+$/, ''),
    rpcUrls,
  };
}
