import { z } from 'zod';
import { SOLANA_CHAIN_ID, type Vm } from '../providers/types.js';
import { isEvmAddress, isSolanaAddress, normalizeTokenAddress } from './addresses.js';
import { fetchJson, joinUrl } from './fetch-json.js';
import type { ListedToken } from './types.js';

/** LI.FI's own id for Solana (docs/providers/lifi.md); the service uses 7565164. */
const LIFI_SOLANA_CHAIN_ID = 1151111081099710;

export interface SourceOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

const finitePositive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

const lifiToken = z.object({
  address: z.string(),
  chainId: z.number(),
  symbol: z.string(),
  decimals: z.number().int().min(0).max(255),
  name: z.string(),
  logoURI: z.string().nullish(),
  priceUSD: z.union([z.string(), z.number()]).nullish(),
  marketCapUSD: z.number().nullish(),
  volumeUSD24H: z.number().nullish(),
  tags: z.array(z.string()).nullish(),
  verificationStatus: z.string().nullish(),
});

/**
 * Parses LI.FI `GET /v1/tokens` (`{ tokens: { "<chainId>": Token[] } }`). Entries of an unexpected shape, of
 * chains we do not serve, or flagged by LI.FI are skipped one by one; only a wrong envelope fails the list.
 */
export function parseLifiTokens(body: unknown, vmOf: (chainId: number) => Vm | undefined): ListedToken[] {
  const env = z.object({ tokens: z.record(z.string(), z.array(z.unknown())) }).safeParse(body);
  if (!env.success) throw new Error('LI.FI tokens: unexpected body');
  const out: ListedToken[] = [];
  for (const items of Object.values(env.data.tokens)) {
    for (const raw of items) {
      const r = lifiToken.safeParse(raw);
      if (!r.success) continue;
      const t = r.data;
      const chainId = t.chainId === LIFI_SOLANA_CHAIN_ID ? SOLANA_CHAIN_ID : t.chainId;
      const vm = vmOf(chainId);
      if (!vm || t.verificationStatus === 'flagged') continue;
      if (vm === 'evm' ? !isEvmAddress(t.address) : !isSolanaAddress(t.address)) continue;
      const verified = t.verificationStatus !== 'unverified';
      out.push({
        chainId,
        address: normalizeTokenAddress(vm, t.address),
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
        logoURI: t.logoURI ?? undefined,
        priceUsd: finitePositive(t.priceUSD),
        verified,
        // Stablecoins are popular, curated or not (LI.FI tags them; an unverified one is not trusted).
        popular: verified && (t.tags?.includes('stablecoin') ?? false),
        liquidityUsd: finitePositive(t.marketCapUSD) ?? finitePositive(t.volumeUSD24H),
      });
    }
  }
  return out;
}

export async function fetchLifiTokens(baseUrl: string, apiKey: string | undefined, vmOf: (chainId: number) => Vm | undefined, o: SourceOptions) {
  const url = joinUrl(baseUrl, '/v1/tokens');
  url.searchParams.set('chainTypes', 'EVM,SVM');
  url.searchParams.set('extended', 'true');
  const body = await fetchJson('LI.FI tokens', url, { timeoutMs: o.timeoutMs, signal: o.signal, headers: { 'x-lifi-api-key': apiKey } });
  return parseLifiTokens(body, vmOf);
}

const jupToken = z.object({
  id: z.string(),
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  icon: z.string().nullish(),
  decimals: z.number().int().min(0).max(255),
  usdPrice: z.number().nullish(),
  liquidity: z.number().nullish(),
  isVerified: z.boolean().nullish(),
  tags: z.array(z.string()).nullish(),
});

/** Parses a Jupiter Tokens v2 answer (an array of MintInformation), skipping malformed entries. */
export function parseJupiterTokens(body: unknown, verified: boolean): ListedToken[] {
  if (!Array.isArray(body)) throw new Error('Jupiter tokens: expected an array');
  const out: ListedToken[] = [];
  for (const raw of body) {
    const r = jupToken.safeParse(raw);
    if (!r.success || !isSolanaAddress(r.data.id)) continue;
    const t = r.data;
    out.push({
      chainId: SOLANA_CHAIN_ID,
      address: t.id,
      symbol: t.symbol ?? '',
      name: t.name ?? t.symbol ?? '',
      decimals: t.decimals,
      logoURI: t.icon ?? undefined,
      priceUsd: finitePositive(t.usdPrice),
      verified,
      popular: false,
      liquidityUsd: finitePositive(t.liquidity),
    });
  }
  return out;
}

export async function fetchJupiterVerified(baseUrl: string, apiKey: string | undefined, o: SourceOptions) {
  const url = joinUrl(baseUrl, '/tokens/v2/tag');
  url.searchParams.set('query', 'verified');
  const body = await fetchJson('Jupiter tokens', url, { timeoutMs: o.timeoutMs, signal: o.signal, headers: { 'x-api-key': apiKey } });
  return parseJupiterTokens(body, true);
}

/** Jupiter token search for up to 100 mints at once (comma-separated). */
export async function searchJupiterMints(baseUrl: string, apiKey: string | undefined, mints: string[], o: SourceOptions) {
  const url = joinUrl(baseUrl, '/tokens/v2/search');
  url.searchParams.set('query', mints.join(','));
  const body = await fetchJson('Jupiter token search', url, { timeoutMs: o.timeoutMs, signal: o.signal, headers: { 'x-api-key': apiKey } });
  return parseJupiterTokens(body, false);
}

/** Jupiter Price v3 (`{ <mint>: { usdPrice } }`, at most 50 ids per call); unpriced or malformed entries are omitted. */
export async function fetchJupiterPrices(baseUrl: string, apiKey: string | undefined, mints: string[], o: SourceOptions): Promise<Map<string, number>> {
  const url = joinUrl(baseUrl, '/price/v3');
  url.searchParams.set('ids', mints.join(','));
  const body = await fetchJson('Jupiter price', url, { timeoutMs: o.timeoutMs, signal: o.signal, headers: { 'x-api-key': apiKey } });
  const out = new Map<string, number>();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('Jupiter price: unexpected body');
  for (const mint of mints) {
    const entry = (body as Record<string, unknown>)[mint];
    const price = entry && typeof entry === 'object' ? finitePositive((entry as { usdPrice?: unknown }).usdPrice) : undefined;
    if (price !== undefined) out.set(mint, price);
  }
  return out;
}

/** Below this DefiLlama confidence a price is not shown (DEX-derived prices of thin pools). */
const MIN_LLAMA_CONFIDENCE = 0.5;

/** DefiLlama `GET /prices/current/{coins}`: response keys echo the requested ids; missing ones are omitted. */
export async function fetchLlamaPrices(baseUrl: string, coins: string[], o: SourceOptions): Promise<Map<string, number>> {
  const url = joinUrl(baseUrl, `/prices/current/${coins.join(',')}`);
  const body = await fetchJson('DefiLlama', url, { timeoutMs: o.timeoutMs, signal: o.signal });
  const parsed = z.object({ coins: z.record(z.string(), z.unknown()) }).safeParse(body);
  if (!parsed.success) throw new Error('DefiLlama: unexpected body');
  const out = new Map<string, number>();
  for (const coin of coins) {
    const e = parsed.data.coins[coin];
    if (!e || typeof e !== 'object') continue;
    const { price, confidence } = e as { price?: unknown; confidence?: unknown };
    const p = finitePositive(price);
    if (p === undefined) continue;
    if (typeof confidence === 'number' && confidence < MIN_LLAMA_CONFIDENCE) continue;
    out.set(coin, p);
  }
  return out;
}
