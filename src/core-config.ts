import { z } from 'zod';
import { envBool, type EnvConfig } from './env.js';

/**
 * The settings of the process itself (port, URLs, database, log level, brand), read by every layer. Each domain
 * owns the fragment of its own settings (`src/<domain>/config.ts`, with its `<Domain>Config` type); src/config.ts
 * joins them all and is read by the composition root only, which hands each service its slice.
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
  /** Statement texts prepared by name on each Postgres connection (src/db/statement-names.ts); 0 turns it off. */
  DATABASE_STATEMENT_CACHE: z.coerce.number().int().min(0).max(1000).default(100),
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

/** The core settings as parsed, with the URLs defaulted and the per-chain RPC overrides (src/config.ts `loadConfig`). */
export type CoreConfig = Omit<EnvConfig<typeof coreEnv>, 'PUBLIC_URL' | 'DOCS_URL'> & {
  PUBLIC_URL: string;
  DOCS_URL: string;
  /** Per-chain RPC overrides from `RPC_URL_<chainId>`. */
  rpcUrls: Record<number, string>;
};
