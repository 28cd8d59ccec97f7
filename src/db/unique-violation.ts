/** A unique-index violation, as Prisma reports it through either driver adapter (pg or PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };
  return e?.code === 'P2002' || e?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation' || /unique constraint|23505/i.test(e?.message ?? '');
}
