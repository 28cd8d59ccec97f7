/**
 * Deposit addresses: pure rules (status transitions, the detection curve, the sandbox's outcomes).
 * Table-tested in test/deposits/state.test.ts.
 */
export const DEPOSIT_ADDRESS_STATUSES = ['active', 'disabled'] as const;
export type DepositAddressStatus = (typeof DEPOSIT_ADDRESS_STATUSES)[number];

/** Final: a disabled address is never enabled again (no action leaves it); its status stream completes there. */
export const isFinal = (s: DepositAddressStatus) => s === 'disabled';

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

/**
 * Checkout "pay by transfer": a session has at most this many source (chain, token) pairs, one active address
 * each. The pay page offers 10 pairs; a payer picks one and sometimes changes their mind once or twice (wrong
 * network, no balance of the first token), so 3 covers honest use. Each address costs one provider quote at
 * creation (Relay: /quote/v2, 50 a minute per API key shared by all traffic) and one provider request per
 * detection check until the session closes; the bound keeps both small whoever calls the public route.
 */
export const CHECKOUT_ADDRESS_PAIRS = 3;

export interface CheckoutAddressRow {
  chainId: number;
  token: string;
  status: string;
  depositCount: number;
}

export type CheckoutAddressPlan<A> =
  /** The pair's active, unused address: answered as it is (its refundTo is the one fixed at creation). */
  | { kind: 'reuse'; address: A }
  /** A new address; `replaces` is the pair's used one-time address, disabled in the same transaction. */
  | { kind: 'create'; replaces?: A }
  /** The session already has `CHECKOUT_ADDRESS_PAIRS` other pairs. */
  | { kind: 'full'; pairs: number };

/**
 * What a request for a pay-by-transfer address of (`chainId`, `token`) gets, given the session's addresses:
 *
 * | the session has, for this pair                    | other active pairs          | answer                      |
 * |---------------------------------------------------|-----------------------------|-----------------------------|
 * | an active, unused address                         | any                         | reuse it (original refundTo) |
 * | an active address whose one deposit was recorded  | any                         | create, disabling that one  |
 * | nothing active                                    | fewer than the bound        | create                      |
 * | nothing active                                    | the bound                   | full (CONFLICT)             |
 *
 * Disabled addresses count for nothing. A used one-time address on a session that takes payments again means its
 * deposit's payment failed (refunded or failed): it can take no other deposit, so a new one replaces it; every
 * replacement follows a real transfer, so the count of active addresses stays within the bound.
 */
export function planCheckoutAddress<A extends CheckoutAddressRow>(addresses: readonly A[], pair: { chainId: number; token: string }): CheckoutAddressPlan<A> {
  const active = addresses.filter((a) => a.status === 'active');
  const same = active.find((a) => a.chainId === pair.chainId && a.token === pair.token);
  if (same) return same.depositCount === 0 ? { kind: 'reuse', address: same } : { kind: 'create', replaces: same };
  const pairs = new Set(active.map((a) => `${a.chainId}:${a.token}`)).size;
  if (pairs >= CHECKOUT_ADDRESS_PAIRS) return { kind: 'full', pairs };
  return { kind: 'create' };
}

/** The provider id of test-mode deposit addresses (simulated deposits, nothing on chain). */
export const SANDBOX_PROVIDER = 'sandbox';
