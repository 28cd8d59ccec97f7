import { orderStateFrom, type ProviderStateTable } from '../state-table.js';
import type { OrderState } from '../types.js';

/**
 * DLN order states (`GET /v1.0/dln/order/{id}/status`) → ours. deBridge says to treat Fulfilled,
 * SentUnlock and ClaimedUnlock as completed. A cancelled order is only refunded once the input is claimed
 * back on the source chain (ClaimedOrderCancel); until then the refund is in flight. DLN has no failure
 * state: an unfilled order stays Created until cancelled. `None` is an order not indexed yet.
 */
const DEBRIDGE_STATES: ProviderStateTable = {
  None: 'pending',
  Created: 'pending',
  OrderCancelled: 'pending',
  SentOrderCancel: 'pending',
  Fulfilled: 'filled',
  SentUnlock: 'filled',
  ClaimedUnlock: 'filled',
  ClaimedOrderCancel: 'refunded',
};

export const debridgeState = (status: string): OrderState => orderStateFrom(DEBRIDGE_STATES, status);

/**
 * One source transaction can create several orders. Their combined state is final only when all are:
 * anything still moving (or unreadable) keeps the whole pending; otherwise the worst outcome wins.
 */
export function combineOrderStates(states: OrderState[]): OrderState {
  if (states.length === 0) return 'unknown';
  if (states.some((s) => s === 'pending' || s === 'unknown')) return states.includes('pending') ? 'pending' : 'unknown';
  if (states.includes('failed')) return 'failed';
  if (states.includes('refunded')) return 'refunded';
  return 'filled';
}

/** EVM tx hashes and DLN order ids share the shape 0x + 64 hex; Solana signatures are base58. */
export const HEX32_RE = /^0x[0-9a-fA-F]{64}$/;
export const SOLANA_SIGNATURE_RE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;
