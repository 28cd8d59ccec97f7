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

/** The parsed type of an env fragment (`{ KEY: zod schema }`): what a domain's `<Domain>Config` is made of. */
export type EnvConfig<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;
