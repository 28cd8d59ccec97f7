import { z } from 'zod';

/** Boolean environment flag: 1/0, true/false, yes/no. */
export const envBool = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Comma-separated list of lower-case words. */
export const envList = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
);
