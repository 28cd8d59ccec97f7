import { z } from 'zod';
import { type EnvConfig, envBool } from '../env.js';

export const requestLogsEnv = {
  /**
   * Whether API requests of accounts are logged (src/request-logs/): on by default. Off, nothing is recorded and
   * the request log and usage answer what was recorded before.
   */
  REQUEST_LOG_ENABLED: envBool.default(true),
  /** Request log entries are kept this many days, then deleted (hourly, in batches). */
  REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Daily usage roll-ups (requests per day, route and status) are kept this many days: longer than the log. */
  USAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** How often buffered entries are written (one multi-row insert); a full batch is written at once. */
  REQUEST_LOG_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /**
   * Entries held in memory while the database cannot take them; past this the oldest are dropped (counted and
   * logged as a warning). Requests never wait for the log.
   */
  REQUEST_LOG_BUFFER_MAX: z.coerce.number().int().min(100).max(1_000_000).default(20_000),
};

/** Request log settings as parsed: what the composition root hands this domain's service. */
export type RequestLogsConfig = EnvConfig<typeof requestLogsEnv>;
