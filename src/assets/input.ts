import { z } from 'zod';

/** Query strings as an object, the first value of a repeated parameter winning (`?chain=base&chain=mars` is base). */
export const firstValues = (q: URLSearchParams): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of q) if (!(k in out)) out[k] = v;
  return out;
};

/**
 * Query parameters of the assets routes (GET /v1/tokens, /v1/tokens/lookup, /v1/prices, /v1/balances):
 * strings on the wire, checked here once. The service validates `tokens` input with the same schema (GraphQL
 * too); chain references, addresses and price ids are then resolved against the chain registry.
 */
export const MAX_PRICE_IDS = 100;
const MAX_TOKENS_LIMIT = 200;
export const DEFAULT_TOKENS_LIMIT = 50;

const required = (what: string, max?: number) =>
  (max === undefined ? z.string({ error: 'is required' }) : z.string({ error: 'is required' }).max(max, `must be at most ${max} characters`))
    .refine((s) => s.trim() !== '', 'is required')
    .meta({ description: what });
/** No length limit of its own: anything that is not a known id or slug is UNSUPPORTED_CHAIN. */
const chainRef = required('Chain id (`8453`) or slug (`base`), as in GET /v1/chains; anything else is UNSUPPORTED_CHAIN.').meta({ example: 'base' });
/** An empty value counts as absent, as in every query string of the API. */
const intFrom = (field: z.ZodNumber) =>
  z.preprocess((v) => (v === '' ? undefined : typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v), field.optional());
const commaList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export const tokensQuerySchema = z.object({
  chain: chainRef,
  q: z
    .string()
    .max(100, 'must be at most 100 characters')
    .optional()
    .meta({ description: 'Case-insensitive search of symbol and name, or an exact address.', example: 'usd' }),
  limit: intFrom(
    z
      .number({ error: `must be an integer from 1 to ${MAX_TOKENS_LIMIT}` })
      .int(`must be an integer from 1 to ${MAX_TOKENS_LIMIT}`)
      .min(1, `must be an integer from 1 to ${MAX_TOKENS_LIMIT}`)
      .max(MAX_TOKENS_LIMIT, `must be an integer from 1 to ${MAX_TOKENS_LIMIT}`),
  )
    .optional()
    .meta({ description: `Page size, 1-${MAX_TOKENS_LIMIT} (default ${DEFAULT_TOKENS_LIMIT}).` }),
  cursor: z.string().max(200).optional().meta({ description: 'The `nextCursor` of the previous page.' }),
});

export type TokensQuery = z.output<typeof tokensQuerySchema>;

export const lookupQuerySchema = z.object({
  chain: chainRef,
  address: required('Token address: 0x-prefixed 20-byte hex on EVM chains, a base58 mint on Solana.', 200).meta({
    example: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  }),
});

export const pricesQuerySchema = z.object({
  ids: required(`Comma-separated \`chainId:address\` or \`slug:address\` ids, 1-${MAX_PRICE_IDS}.`, MAX_PRICE_IDS * 100)
    .refine((s) => commaList(s).length <= MAX_PRICE_IDS, `at most ${MAX_PRICE_IDS} ids per request`)
    .transform(commaList)
    .meta({ example: 'base:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }),
});

export const balancesQuerySchema = z.object({
  address: required('Wallet address (EVM hex or Solana base58); chains of its VM are read.', 200).meta({
    example: '0x8ba1f109551bd432803012645ac136ddd64dba72',
  }),
  chains: z
    .string()
    .max(1000)
    .transform(commaList)
    .optional()
    .meta({ description: "Comma-separated chain ids or slugs; default: every chain of the address's VM.", example: 'base,arbitrum' }),
});
