import { z } from 'zod';
import { PROVIDER_IDS } from '../providers/types.js';
import { sameShape } from '../openapi/same-shape.js';
import type { BalancesResponse, Chain, Token } from './types.js';
import type { TokenPage } from './token-index.js';

/** Response schemas of the assets routes (GET /v1/chains, /v1/tokens, /v1/prices, /v1/balances), checked against the types the service builds. */

const vm = z.enum(['evm', 'svm']).meta({ description: '`evm` or `svm` (Solana).' });

const chainSchema = z
  .object({
    id: z.number().int().meta({ example: 8453 }),
    slug: z.string().meta({ example: 'base' }),
    name: z.string().meta({ example: 'Base' }),
    vm,
    nativeSymbol: z.string().meta({ example: 'ETH' }),
    nativeDecimals: z.number().int(),
    logoURI: z.string().optional(),
    explorerTx: z.string().meta({ description: 'Explorer URL prefix for a transaction hash.' }),
    explorerAddress: z.string().meta({ description: 'Explorer URL prefix for an address.' }),
    providers: z.array(z.enum(PROVIDER_IDS)).meta({ description: 'Providers loaded in this instance that serve the chain.' }),
    popular: z.boolean(),
  })
  .meta({ id: 'Chain' });

const tokenSchema = z
  .object({
    chainId: z.number().int(),
    address: z.string().meta({ description: 'EVM: lower-case hex (native coin = zero address); Solana: base58 mint (SOL = wrapped-SOL mint).' }),
    symbol: z.string(),
    name: z.string(),
    decimals: z.number().int().min(0),
    logoURI: z.string().optional(),
    priceUsd: z.number().optional(),
    verified: z.boolean().meta({ description: 'On a curated or verified list; false for tokens read on chain.' }),
    popular: z.boolean(),
  })
  .meta({ id: 'Token' });

export const chainsResponseSchema = z.object({ chains: z.array(chainSchema) });

export const tokenPageSchema = z.object({
  tokens: z.array(tokenSchema),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
});

export const tokenLookupSchema = z.object({ token: tokenSchema });

export const pricesResponseSchema = z.object({
  prices: z.record(z.string(), z.number()).meta({ description: 'USD price per requested id, keyed exactly as requested; unpriced ids are absent.' }),
  pegged: z.array(z.string()).optional().meta({
    description:
      'Ids priced at the 1.00 USD peg because their price source did not answer and the token list has no price (settlement stablecoins only: USDC and USDT where checkout settles); absent when there are none.',
  }),
});

export const balancesResponseSchema = z.object({
  address: z.string(),
  vm,
  balances: z.array(tokenSchema.extend({ amount: z.string().regex(/^[0-9]+$/), valueUsd: z.number().optional() })),
  totalUsd: z.number(),
  errors: z
    .array(z.object({ chainId: z.number().int(), message: z.string() }))
    .meta({ description: 'Chains that failed or timed out; their balances are missing.' }),
});

sameShape<z.output<typeof chainSchema>, Chain>(true);
sameShape<z.output<typeof tokenSchema>, Token>(true);
sameShape<z.output<typeof tokenPageSchema>, TokenPage>(true);
sameShape<z.output<typeof balancesResponseSchema>, BalancesResponse>(true);
