export const VERIFY_JOB = 'checkout-verify';
export const EXPIRE_JOB = 'checkout-expire';

/** A unique-index violation, as Prisma reports it through either driver adapter. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };
  return e?.code === 'P2002' || e?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation' || /unique constraint|23505/i.test(e?.message ?? '');
}

/** What the verifier concluded about one payment. */
export type SettledPayment =
  | { kind: 'succeeded'; deliveryTxHash: string; amountReceived: bigint; blockNumber?: bigint }
  | { kind: 'failed'; reason: string }
  | { kind: 'rejected'; reason: string; deliveryTxHash?: string; amountReceived?: bigint; blockNumber?: bigint };
