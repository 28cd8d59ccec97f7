/**
 * Deposit addresses: pure rules (status transitions, the detection curve, the sandbox's outcomes).
 * Table-tested in test/deposits/state.test.ts.
 */
export const DEPOSIT_ADDRESS_STATUSES = ['active', 'disabled'] as const;
export type DepositAddressStatus = (typeof DEPOSIT_ADDRESS_STATUSES)[number];

export type DepositAddressAction = 'disable' | 'refresh' | 'simulate' | 'deposit';

export interface AddressState {
  status: DepositAddressStatus;
  reusable: boolean;
  depositCount: number;
}

/**
 * What an action may do to an address. `disable` is idempotent (a disabled address stays disabled);
 * refresh, simulate and a new deposit need an active address (CONFLICT otherwise, and a disabled address
 * is no longer tracked); a one-time address takes a single deposit, so further use is CONFLICT too.
 */
export function check(a: AddressState, action: DepositAddressAction): { ok: true } | { ok: false; error: string } {
  if (action === 'disable') return { ok: true };
  if (a.status === 'disabled') return { ok: false, error: 'the deposit address is disabled' };
  if (!a.reusable && a.depositCount > 0 && action !== 'refresh') return { ok: false, error: 'this one-time deposit address was already used' };
  return { ok: true };
}

/** The detection curve: how long until an address is checked again. */
export const DETECTION = {
  /** While a deposit is in flight or the address was active in the last 10 minutes. */
  fastMs: 15_000,
  /** Active in the last hour. */
  warmMs: 60_000,
  /** Active in the last 6 hours. */
  coolMs: 5 * 60_000,
  /** Idle: at most this long between checks. */
  idleMs: 15 * 60_000,
} as const;

/**
 * When to check an address next. `sinceActivityMs`: time since its last deposit, or since its creation when it
 * has none; `inFlight`: one of its orders is still `submitted`.
 *
 * | state                                  | next check |
 * |----------------------------------------|-----------|
 * | a deposit in flight                    | 15 s      |
 * | active (created or deposit) < 10 min   | 15 s      |
 * | < 1 h                                  | 1 min     |
 * | < 6 h                                  | 5 min     |
 * | idle                                   | 15 min    |
 */
export function nextCheckDelayMs(sinceActivityMs: number, inFlight: boolean): number {
  if (inFlight || sinceActivityMs < 10 * 60_000) return DETECTION.fastMs;
  if (sinceActivityMs < 60 * 60_000) return DETECTION.warmMs;
  if (sinceActivityMs < 6 * 60 * 60_000) return DETECTION.coolMs;
  return DETECTION.idleMs;
}

export type SandboxOutcome = 'filled' | 'refunded' | 'failed';

/** The sandbox's outcome of a simulated deposit: an amount ending in `4001` is refunded, `4002` fails, anything else fills. */
export function sandboxOutcome(amount: string): SandboxOutcome {
  if (amount.endsWith('4001')) return 'refunded';
  if (amount.endsWith('4002')) return 'failed';
  return 'filled';
}

/**
 * What one deposit of `amount` delivers, priced like the address's estimate (fees fixed at creation):
 * `estimate.dstAmount` × amount / `estimate.amount`, rounded down.
 */
export function scaledDstAmount(amount: bigint, estimate: { amount: string; dstAmount: string }): bigint {
  const base = BigInt(estimate.amount);
  if (base <= 0n) return 0n;
  return (amount * BigInt(estimate.dstAmount)) / base;
}
