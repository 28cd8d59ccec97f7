import { orderStateFrom, type ProviderStateTable } from '../state-table.js';
import type { OrderState } from '../types.js';

/**
 * LI.FI `/v1/status` (status, substatus) → ours. DONE is final and its substatus says how: COMPLETED and
 * PARTIAL (delivered, possibly in a fallback token) are filled, REFUNDED is refunded. PENDING stays pending
 * whatever its substatus (a refund in progress has not arrived yet). FAILED is failed.
 */
const LIFI_STATES: ProviderStateTable = {
  PENDING: 'pending',
  DONE: 'filled',
  'DONE/REFUNDED': 'refunded',
  FAILED: 'failed',
};

/** Statuses meaning LI.FI does not know the transfer (NOT_FOUND, or INVALID: not a transfer of the tool asked about). */
const NOT_A_TRANSFER = new Set(['NOT_FOUND', 'INVALID']);

/** Our state for a LI.FI status; `null` when LI.FI does not know the transfer (→ ORDER_NOT_FOUND). */
export function lifiState(status: string, substatus?: string): OrderState | null {
  return NOT_A_TRANSFER.has(status) ? null : orderStateFrom(LIFI_STATES, status, substatus);
}
