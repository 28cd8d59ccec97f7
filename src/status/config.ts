import { z } from 'zod';
import { type EnvConfig, envList } from '../env.js';
import { SOLANA_CHAIN_ID } from '../providers/types.js';

/** The public platform status (src/status/, docs/status.md). */
export const statusEnv = {
  /**
   * How often the probe job runs (0: never). Each run checks the chain RPCs and the webhook queue, and asks each
   * provider with no call in the last STATUS_WINDOW_MINUTES a probe quote; one instance probes each target per interval.
   */
  STATUS_PROBE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 5_000 && v <= 3_600_000), 'must be 0 (off) or 5000 to 3600000')
    .default(60_000),
  /** The current state of a component is judged on this many last minutes of signals (1 to 60). */
  STATUS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** How long an instance keeps its computed status before computing it again (also the answer's max-age). */
  STATUS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  /** How often an instance writes the signal counts it gathered (added to what other instances wrote). */
  STATUS_FLUSH_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** A provider quote call or an RPC check slower than this counts as slow. */
  STATUS_SLOW_MS: z.coerce.number().int().min(10).max(120_000).default(3_000),
  /**
   * Which chain RPCs are components: chain ids (`solana` for Solana), or `none`. Default: the chains with an
   * RPC_URL_<chainId> of their own and those whose RPC this instance has used.
   */
  STATUS_RPC_CHAINS: envList
    .transform((list) => list.map((x) => (x === 'solana' ? String(SOLANA_CHAIN_ID) : x)))
    .refine((list) => list.every((x) => x === 'none' || /^[1-9][0-9]{0,11}$/.test(x)), 'must be chain ids, `solana`, or `none`')
    .optional(),
  /** How often the hourly roll-up (and the retention sweep) runs (0: never, e.g. on API-only replicas). */
  STATUS_ROLLUP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 10_000 && v <= 3_600_000), 'must be 0 (off) or 10000 to 3600000')
    .default(300_000),
  /** Minute samples are kept this many hours (the roll-up recomputes hours from them). */
  STATUS_MINUTE_RETENTION_HOURS: z.coerce.number().int().min(3).max(720).default(48),
  /** Hourly roll-ups are kept this many days (the page shows 90). */
  STATUS_HOURLY_RETENTION_DAYS: z.coerce.number().int().min(90).max(3650).default(120),
};

/** Status settings as parsed. */
export type StatusConfig = EnvConfig<typeof statusEnv>;
