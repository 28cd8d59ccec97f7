import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseInput } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { balancesQuerySchema, firstValues, lookupQuerySchema, pricesQuerySchema, tokensQuerySchema } from '../assets/input.js';
import { balancesResponseSchema, chainsResponseSchema, pricesResponseSchema, tokenLookupSchema, tokenPageSchema } from '../assets/views.js';
import { reply, type Route } from './router.js';
import { balancesQueryWeight } from '../ratelimit/weights.js';

/** `/chains` and `/tokens` are cacheable by browsers and CDNs for 5 minutes (`Cache-Control: public, max-age=300`). */
export const PUBLIC_CACHE = 'public, max-age=300';

/** A 200 with Cache-Control and a strong ETag of the body, or a bodiless 304 when If-None-Match matches. */
function cacheable(headers: IncomingHttpHeaders, body: unknown) {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  const h = { 'cache-control': PUBLIC_CACHE, etag };
  const inm = headers['if-none-match'];
  if (inm && ifNoneMatchHits(Array.isArray(inm) ? inm.join(',') : inm, etag)) return reply(304, undefined, h);
  return reply(200, body, h);
}

/** RFC 9110 weak comparison: `*`, or any listed tag equal to ours with or without `W/`. */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  return header.split(',').some((raw) => {
    const t = raw.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

const CACHED = ['CacheControl', 'ETag'];
const notModified = { description: 'Not Modified: the `If-None-Match` tag still matches; no body.', headers: CACHED };

const EXAMPLE_CHAIN = {
  id: 8453,
  slug: 'base',
  name: 'Base',
  vm: 'evm' as const,
  nativeSymbol: 'ETH',
  nativeDecimals: 18,
  explorerTx: 'https://basescan.org/tx/',
  explorerAddress: 'https://basescan.org/address/',
  providers: ['relay' as const, 'lifi' as const, '0x' as const],
  popular: true,
};

const EXAMPLE_TOKEN = {
  chainId: 8453,
  address: EX.baseUsdc,
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  logoURI: 'https://static.example.com/tokens/usdc.png',
  priceUsd: 0.9998,
  verified: true,
  popular: true,
};

export const assetsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/chains',
    access: 'public',
    scope: 'public',
    handler: ({ services, headers }) => cacheable(headers, { chains: services.assets.listChains() }),
    doc: {
      operationId: 'listChains',
      tag: 'Assets',
      summary: 'Supported chains',
      description: 'Popular first, then alphabetical. Cacheable for 5 minutes, with an ETag.',
      conditional: true,
      responses: {
        200: json('The chain registry.', chainsResponseSchema, { chains: { chains: [EXAMPLE_CHAIN] } }, CACHED),
        304: notModified,
      },
      examples: { all: { summary: 'Every supported chain' } },
    },
  },
  {
    method: 'GET',
    path: '/v1/tokens',
    access: 'public',
    scope: 'public',
    handler: async ({ services, query, headers }) => cacheable(headers, await services.assets.tokens(parseInput(tokensQuerySchema, firstValues(query)))),
    doc: {
      operationId: 'listTokens',
      tag: 'Assets',
      summary: 'Tokens of a chain, or a search',
      description: 'Popular first, then verified, then by liquidity; with `q`, exact symbol matches first. Paged by `cursor`. Cacheable, with an ETag.',
      query: tokensQuerySchema,
      conditional: true,
      responses: {
        200: json('A page of tokens.', tokenPageSchema, { page: { tokens: [EXAMPLE_TOKEN], nextCursor: 'MTpiYXNl' } }, CACHED),
        304: notModified,
      },
      errors: ['UNSUPPORTED_CHAIN', 'SERVICE_UNAVAILABLE'],
      examples: {
        popular: { summary: 'The first page of Base tokens', query: { chain: 'base', limit: '20' } },
        search: { summary: 'Search by symbol or name', query: { chain: '8453', q: 'usd' } },
        badLimit: { summary: 'A limit out of range is refused', query: { chain: 'base', limit: '500' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/tokens/lookup',
    access: 'public',
    scope: 'public',
    handler: async ({ services, query }) => {
      const q = parseInput(lookupQuerySchema, firstValues(query));
      return { token: await services.assets.lookup(q.chain, q.address) };
    },
    doc: {
      operationId: 'lookUpToken',
      tag: 'Assets',
      summary: 'One token by address',
      description: 'A listed token, or one read on chain (`verified: false`).',
      query: lookupQuerySchema,
      responses: { 200: json('The token.', tokenLookupSchema, { usdc: { token: EXAMPLE_TOKEN } }) },
      errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'SERVICE_UNAVAILABLE'],
      examples: {
        listed: { summary: 'USDC on Base', query: { chain: 'base', address: EX.baseUsdc } },
        malformed: { summary: 'A malformed address is refused', query: { chain: 'base', address: '0x12' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    access: 'public',
    scope: 'public',
    handler: async ({ services, query }) => services.assets.pricesWithPeg(parseInput(pricesQuerySchema, firstValues(query)).ids),
    doc: {
      operationId: 'getPrices',
      tag: 'Assets',
      summary: 'USD prices',
      description:
        'Keys echo the ids as requested; ids without a known price are absent. A settlement stablecoin whose price source does not answer (and with no token-list price) is priced at 1.00 and listed in `pegged`.',
      query: pricesQuerySchema,
      responses: {
        200: json('Prices by id.', pricesResponseSchema, { two: { prices: { [`base:${EX.baseUsdc}`]: 0.9998, [`42161:${EX.arbUsdc}`]: 1.0001 } } }),
      },
      errors: ['UNSUPPORTED_CHAIN'],
      examples: { two: { summary: 'Two tokens, by slug and by chain id', query: { ids: `base:${EX.baseUsdc},42161:${EX.arbUsdc}` } } },
    },
  },
  {
    method: 'GET',
    path: '/v1/balances',
    access: 'public',
    scope: 'public',
    rateLimit: { weight: balancesQueryWeight },
    handler: ({ services, query }) => {
      const q = parseInput(balancesQuerySchema, firstValues(query));
      return services.assets.balances(q.address, q.chains);
    },
    doc: {
      operationId: 'getBalances',
      tag: 'Assets',
      summary: 'Wallet balances with USD values',
      description:
        'Non-zero balances, largest value first. Chains are read in parallel; a chain that fails or is slower than `BALANCES_CHAIN_TIMEOUT_MS` is reported in `errors`.',
      query: balancesQuerySchema,
      responses: {
        200: json('The balances.', balancesResponseSchema, {
          wallet: {
            address: EX.payer,
            vm: 'evm',
            balances: [{ ...EXAMPLE_TOKEN, amount: '125000000', valueUsd: 124.98 }],
            totalUsd: 124.98,
            errors: [{ chainId: 137, message: 'timeout after 6000 ms' }],
          },
        }),
      },
      errors: ['UNSUPPORTED_CHAIN'],
      examples: { base: { summary: 'A wallet on Base', query: { address: EX.payer, chains: 'base' } } },
    },
  },
];
