/**
 * Limit order states and the one transition function that moves them. Pure: callers read the provider and
 * the clock, this decides.
 *
 * | State               | Moved by                                     | Next                                                        |
 * |---------------------|----------------------------------------------|-------------------------------------------------------------|
 * | `pending_signature` | the wallet signs the create transaction      | `open` (landed), `failed` (never landed in time)            |
 * | `open`              | a keeper fills part / all, maker cancels, expiry | `partially_filled`, `filled`, `cancelled`, `expired`, `failed` |
 * | `partially_filled`  | more fills, cancel, expiry                   | `partially_filled`, `filled`, `cancelled`, `expired`        |
 * | `filled`, `cancelled`, `expired`, `failed` | final                 | —                                                           |
 *
 * A final order's fill figures still grow when the provider lists a fill late (not a failed one's: it never opened).
 * The filled and remaining amounts come from the provider's own figures (raw base units) and only grow.
 */
export const LIMIT_ORDER_STATUSES = ['pending_signature', 'open', 'partially_filled', 'filled', 'cancelled', 'expired', 'failed'] as const;
export type LimitOrderStatus = (typeof LIMIT_ORDER_STATUSES)[number];
export const FINAL_LIMIT_ORDER_STATUSES: readonly LimitOrderStatus[] = ['filled', 'cancelled', 'expired', 'failed'];
export const isFinalLimitOrder = (s: LimitOrderStatus) => FINAL_LIMIT_ORDER_STATUSES.includes(s);

/** Trigger's order `status` strings → what they say about the order ('Open' alone does not say whether it was partly filled). */
const PROVIDER_LIMIT_STATES: Readonly<Record<string, 'open' | 'filled' | 'cancelled' | 'expired' | 'failed'>> = {
  Open: 'open',
  Completed: 'filled',
  Cancelled: 'cancelled',
  Canceled: 'cancelled',
  Expired: 'expired',
  Failed: 'failed',
};

export interface LimitOrderState {
  status: LimitOrderStatus;
  makingAmount: bigint;
  filledMaking: bigint;
  filledTaking: bigint;
}

export type LimitOrderEvent =
  /** The create transaction landed (the provider executed it, or it was reported and then seen at the provider). */
  | { type: 'opened' }
  /** The create transaction can no longer land. */
  | { type: 'open_failed' }
  /** A cancel transaction landed. */
  | { type: 'cancel_landed' }
  /** What the provider lists now; `expired` says the order's expiry has passed on our clock. */
  | { type: 'observed'; providerStatus: string; filledMaking: bigint; filledTaking: bigint; expired: boolean };

/** Fill figures never go backwards (a stale page of the provider's list must not undo a fill). */
function grown(s: LimitOrderState, e: { filledMaking: bigint; filledTaking: bigint }) {
  const filledMaking = e.filledMaking > s.filledMaking ? (e.filledMaking > s.makingAmount ? s.makingAmount : e.filledMaking) : s.filledMaking;
  const filledTaking = e.filledTaking > s.filledTaking ? e.filledTaking : s.filledTaking;
  return { filledMaking, filledTaking };
}

/** The next state; the same object back when the event changes nothing (or is not allowed from here). */
export function transition(s: LimitOrderState, e: LimitOrderEvent): LimitOrderState {
  if (isFinalLimitOrder(s.status)) {
    // A final state never moves, but a fill the provider lists after the order closed (made before the cancel or
    // expiry landed) still counts: the figures grow. A failed order never opened, so it has none.
    if (e.type !== 'observed' || s.status === 'failed') return s;
    const { filledMaking, filledTaking } = grown(s, e);
    return filledMaking === s.filledMaking && filledTaking === s.filledTaking ? s : { ...s, filledMaking, filledTaking };
  }
  switch (e.type) {
    case 'opened':
      return s.status === 'pending_signature' ? { ...s, status: 'open' } : s;
    case 'open_failed':
      return s.status === 'pending_signature' ? { ...s, status: 'failed' } : s;
    case 'cancel_landed':
      return s.status === 'pending_signature' ? s : { ...s, status: 'cancelled' };
    case 'observed': {
      const { filledMaking, filledTaking } = grown(s, e);
      const seen = Object.hasOwn(PROVIDER_LIMIT_STATES, e.providerStatus) ? PROVIDER_LIMIT_STATES[e.providerStatus] : undefined;
      const partly = filledMaking > 0n;
      let status: LimitOrderStatus = s.status;
      if (seen === 'filled' || (filledMaking >= s.makingAmount && s.makingAmount > 0n)) status = 'filled';
      else if (seen === 'cancelled') status = 'cancelled';
      else if (seen === 'expired' || (seen === 'open' && e.expired)) status = 'expired';
      else if (seen === 'failed') status = s.status === 'pending_signature' ? 'failed' : s.status;
      else if (seen === 'open') status = partly ? 'partially_filled' : 'open';
      else if (partly && s.status !== 'pending_signature') status = 'partially_filled'; // unknown provider state: only fills move it
      if (status === s.status && filledMaking === s.filledMaking && filledTaking === s.filledTaking) return s;
      return { ...s, status, filledMaking, filledTaking };
    }
  }
}

/** The least a submit's lease on an order outlasts the provider's timeout (service.ts `submit`). */
export const LIMIT_ORDER_SUBMIT_GRACE_MS = 5_000;
/** How long a Solana transaction can land after it was handed over: its blockhash stays valid about 60–90 s. */
const LIMIT_ORDER_LANDING_MS = 90_000;

/**
 * When an order still `pending_signature` that the provider does not list has failed: once its signing window has
 * closed, and not before what was last handed over (submitted, or its signature reported, at `updatedAtMs`) has had
 * the provider's timeout and the landing time to appear, so a create sent at the window's edge is not failed while
 * it can still land. Capped: reporting signatures again and again cannot keep an order pending past that.
 */
export function openFailsAtMs(createdAtMs: number, updatedAtMs: number, signWindowMs: number, providerTimeoutMs: number): number {
  const windowEnd = createdAtMs + signWindowMs;
  const landing = providerTimeoutMs + LIMIT_ORDER_LANDING_MS;
  return Math.max(windowEnd, Math.min(updatedAtMs + landing, windowEnd + landing));
}

/** The webhook event a move into `to` sends (fills send `limit_order.filled` per fill, with its order record). */
export function eventForStatus(to: LimitOrderStatus): 'limit_order.cancelled' | 'limit_order.expired' | undefined {
  if (to === 'cancelled') return 'limit_order.cancelled';
  if (to === 'expired') return 'limit_order.expired';
  return undefined;
}

/**
 * When to look at an order again: soon after a change, then backing off while nothing changes (doubling,
 * capped at 64 × base and 10 minutes), and a longer wait when the provider rate-limited us.
 */
export function nextLimitPollDelayMs(quietPolls: number, baseMs: number, rateLimited = false): number {
  const d = Math.min(baseMs * 2 ** Math.min(quietPolls, 6), Math.max(baseMs, 10 * 60_000));
  return rateLimited ? Math.max(d * 4, 30_000) : d;
}
