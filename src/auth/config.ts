import { z } from 'zod';
import type { EnvConfig } from '../env.js';

export const authEnv = {
  /** A dashboard session ends after this long without a request (idle expiry). */
  DASHBOARD_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(10_080).default(480),
  /** A dashboard session ends this long after sign-in, however busy (absolute expiry). */
  DASHBOARD_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(168),
  /** How long a sign-in challenge (the message a wallet signs) can be used. */
  SIGN_IN_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
};

/** Dashboard sign-in and session settings as parsed. */
export type AuthConfig = EnvConfig<typeof authEnv>;
