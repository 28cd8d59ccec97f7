import { z } from 'zod';
import { envBool, envList, type EnvConfig } from '../env.js';

/** Liquidity providers: which are loaded, where they live, their keys. */
export const providersEnv = {
  /** Comma-separated provider ids, or `none`; default: every real provider. `mock` needs MOCK_PROVIDER=1 too. */
  PROVIDERS: envList.optional(),
  MOCK_PROVIDER: envBool.default(false),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  RELAY_API_URL: z.url().default('https://api.relay.link'),
  RELAY_API_KEY: z.string().optional(),
  DEBRIDGE_API_URL: z.url().default('https://dln.debridge.finance'),
  DEBRIDGE_STATS_API_URL: z.url().default('https://stats-api.dln.trade'),
  DEBRIDGE_ACCESS_TOKEN: z.string().optional(),
  /** deBridge referral code; the affiliate-fee docs say it must accompany `affiliateFeePercent`, so without it deBridge quotes carry no service/partner fee. */
  DEBRIDGE_REFERRAL_CODE: z.coerce.number().int().min(0).optional(),
  LIFI_API_URL: z.url().default('https://li.quest'),
  LIFI_API_KEY: z.string().optional(),
  LIFI_INTEGRATOR: z.string().default('swapgate'),
  JUPITER_API_URL: z.url().default('https://api.jup.ag'),
  JUPITER_API_KEY: z.string().optional(),
  /** Path prefix of Jupiter's Trigger API (limit orders), on JUPITER_API_URL. */
  JUPITER_TRIGGER_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with /')
    .default('/trigger/v1'),
  ZEROEX_API_URL: z.url().default('https://api.0x.org'),
  ZEROEX_API_KEY: z.string().optional(),
  KYBERSWAP_API_URL: z.url().default('https://aggregator-api.kyberswap.com'),
  KYBERSWAP_CLIENT_ID: z.string().default('swapgate'),
  /** Where our service fee is paid on EVM chains and on Solana (provider fee parameters). */
  FEE_RECIPIENT_EVM: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
    .optional(),
  FEE_RECIPIENT_SOLANA: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address')
    .optional(),
};

/** Provider settings as parsed: what the composition root hands this domain's services. */
export type ProvidersConfig = EnvConfig<typeof providersEnv>;
