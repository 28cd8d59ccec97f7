import { z } from 'zod';
import type { EnvConfig } from '../env.js';

/**
 * Checkout settings. Confirmations: how many blocks (the paying one included) must exist before a payment
 * is trusted; defaults per chain live in src/checkout/confirmations.ts, `CHECKOUT_CONFIRMATIONS` overrides
 * them as `chainId:n` pairs (e.g. `8453:1,1:12`).
 */
const confirmationsMap = z
  .string()
  .regex(/^\s*\d+\s*:\s*\d+\s*(,\s*\d+\s*:\s*\d+\s*)*$/, 'must be chainId:n pairs separated by commas, e.g. 8453:1,1:12')
  .transform(
    (s) =>
      Object.fromEntries(
        s.split(',').map((pair) => {
          const [chain, n] = pair.split(':').map((x) => Number(x.trim()));
          return [chain, Math.max(1, n)];
        }),
      ) as Record<number, number>,
  );

export const checkoutEnv = {
  CHECKOUT_CONFIRMATIONS: confirmationsMap.optional(),
  /** Solana commitment a payment must reach: `confirmed` (~1 s) or `finalized` (~13 s, cannot be rolled back). */
  CHECKOUT_SOLANA_COMMITMENT: z.enum(['confirmed', 'finalized']).default('finalized'),
  /** How often the verification job looks at payments being verified (it idles at 10x this when none are). */
  CHECKOUT_VERIFY_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** How often open sessions past `expiresAt` are expired. */
  CHECKOUT_EXPIRE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** A reported transaction never seen on chain for this long counts as a failed attempt (session reopens). */
  CHECKOUT_TX_NOT_FOUND_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * How many seconds a payment's block timestamp may precede the session's creation and still count as made
   * for it (older: needs_review `mined_before_session`). Blocks are stamped by their producer's clock when the
   * block starts (Base: the start of its 2 s slot; Solana block times are estimates), not when a transfer was
   * sent, and that clock is not ours: without slack, a transfer sent right after the session was created could
   * be flagged. Kept small: it only has to cover that stamping and clock skew.
   */
  CHECKOUT_BLOCK_TIME_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** A routed payment whose delivery is not seen on the settlement chain for this long goes to needs_review. */
  CHECKOUT_DELIVERY_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(180),
  /** Most a payer may overpay on a routed payment (fees and slippage included), in bps of the amount due. */
  CHECKOUT_MAX_OVERPAY_BPS: z.coerce.number().int().min(10).max(1000).default(300),
};

/** Checkout settings as parsed: what the composition root hands this domain's services. */
export type CheckoutConfig = EnvConfig<typeof checkoutEnv>;

/** The settlement chains and tokens are fixed settings of this domain; invoices settle on the same ones. */
export { SETTLEMENT_CHAINS } from './settlement.js';
