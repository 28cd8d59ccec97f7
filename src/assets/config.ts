import { z } from 'zod';
import type { EnvConfig } from '../env.js';

/** Asset data sources and chain access. `RPC_URL_<chainId>` overrides are read in src/config.ts. */
export const assetsEnv = {
  SOLANA_RPC_URL: z.url().default('https://api.mainnet-beta.solana.com'),
  DEFILLAMA_API_URL: z.url().default('https://coins.llama.fi'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  /** Deadline for one token-list download (LI.FI, Jupiter verified list). */
  TOKEN_LIST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Deadline for one price-source request (DefiLlama, Jupiter price). */
  PRICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Per-chain deadline of a balances read; a slower chain goes to `errors`. */
  BALANCES_CHAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(6_000),
};

/** Asset and price settings as parsed: what the composition root hands this domain's services. */
export type AssetsConfig = EnvConfig<typeof assetsEnv>;
