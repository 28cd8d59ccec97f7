import { z } from 'zod';
import { coreEnv } from './core-config.js';
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
import { requestLogsEnv } from './request-logs/config.js';
import { authEnv } from './auth/config.js';
import { adminEnv } from './admin/config.js';
import { statusEnv } from './status/config.js';
import { telemetryEnv } from './telemetry/config.js';

/**
 * Environment configuration, parsed and validated once at start. Each domain owns a fragment
 * (`src/<domain>/config.ts`); this file joins them. docs/configuration.md lists every key.
 */

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
  ...requestLogsEnv,
  ...authEnv,
  ...adminEnv,
  ...statusEnv,
  ...telemetryEnv,
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
