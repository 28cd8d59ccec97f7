export const VERIFY_JOB = 'checkout-verify';
export const EXPIRE_JOB = 'checkout-expire';

/** What the verifier concluded about one payment. */
export type SettledPayment =
  | { kind: 'succeeded'; deliveryTxHash: string; amountReceived: bigint; blockNumber?: bigint }
  | { kind: 'failed'; reason: string }
  | { kind: 'rejected'; reason: string; deliveryTxHash?: string; amountReceived?: bigint; blockNumber?: bigint };
