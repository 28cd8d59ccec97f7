import type { OrderState } from '../types.js';

/**
 * LI.FI `/v1/status` (status, substatus) → our OrderState; `null` means LI.FI does not know the transfer
 * (NOT_FOUND, or INVALID: the hash is not a transfer of the tool asked about) → ORDER_NOT_FOUND.
 * DONE is final and its substatus says how: COMPLETED and PARTIAL (delivered, possibly in a fallback token)
 * are filled, REFUNDED is refunded. PENDING stays pending whatever its substatus (a refund in progress has
 * not arrived yet). FAILED is failed.
 */
export function mapLifiStatus(status: string, substatus?: string): OrderState | null {
  switch (status) {
    case 'NOT_FOUND':
    case 'INVALID':
      return null;
    case 'PENDING':
      return 'pending';
    case 'DONE':
      return substatus === 'REFUNDED' ? 'refunded' : 'filled';
    case 'FAILED':
      return 'failed';
    default:
      return 'unknown';
  }
}
