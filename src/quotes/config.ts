import { z } from 'zod';
import { envList, type EnvConfig } from '../env.js';

/** Fee defaults per channel, the total fee cap, and quote bounds; operators may override them. */
export const quotesEnv = {
  FEE_BPS_WEB: z.coerce.number().int().min(0).max(1000).default(30),
  FEE_BPS_WIDGET: z.coerce.number().int().min(0).max(1000).default(30),
  FEE_BPS_API: z.coerce.number().int().min(0).max(1000).default(20),
  FEE_BPS_BOT: z.coerce.number().int().min(0).max(1000).default(90),
  FEE_CAP_BPS: z.coerce.number().int().min(0).max(1000).default(150),
  /** Documented bounds behind AMOUNT_TOO_SMALL / AMOUNT_TOO_LARGE, applied when the input token has a USD price. */
  QUOTE_MIN_USD: z.coerce.number().min(0).default(0.01),
  QUOTE_MAX_USD: z.coerce.number().positive().default(10_000_000),
  /**
   * How destination calls are simulated: `auto` tries `eth_simulateV1` and falls back to `eth_call` with state
   * overrides on nodes without it; the other two force one method.
   */
  CALLS_SIMULATION_MODE: z.enum(['auto', 'eth_simulateV1', 'eth_call']).default('auto'),
  /** Chains the mock provider quotes on (needs RPC_URL_<id> pointing at a local devnet). */
  MOCK_CHAINS: envList.default(['8453']),
};

/** Quote settings as parsed: what the composition root hands this domain's services. */
export type QuotesConfig = EnvConfig<typeof quotesEnv>;
