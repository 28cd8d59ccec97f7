import { EVM_NATIVE, type Provider, type QuoteRequest, SOL_NATIVE_MINT, SOLANA_CHAIN_ID, type TokenRef } from '../providers/types.js';

/**
 * The quote a probe asks a provider that had no real call lately: 10 USDC into the chain's native coin (or USDC on
 * another chain, for bridges), on the first of these routes the provider serves. Any answer about the request
 * (a quote, no route, an amount bound) shows the provider healthy; an error, a timeout or a 429 does not.
 */

const usdc = (chainId: number, address: string): TokenRef => ({ chainId, address, symbol: 'USDC', decimals: 6 });
const native = (chainId: number, symbol: string, decimals: number): TokenRef => ({
  chainId,
  address: chainId === SOLANA_CHAIN_ID ? SOL_NATIVE_MINT : EVM_NATIVE,
  symbol,
  decimals,
});

const BASE_USDC = usdc(8453, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913');
const ARBITRUM_USDC = usdc(42161, '0xaf88d065e77c8cc2239327c5edb3a432268e5831');
const ETHEREUM_USDC = usdc(1, '0xa0b86991c6218b36c1d19d4a445e9f0ae3c6eb48');
const SOLANA_USDC = usdc(SOLANA_CHAIN_ID, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

/** A well-formed address that holds nothing of ours: the probe never builds or signs anything. */
const EVM_PROBE_ADDRESS = '0x000000000000000000000000000000000000dead';
const SOLANA_PROBE_ADDRESS = 'GThUX1Atko4tqhN2NaiTazWSeFWMuiUvfFnyJyUghFMJ';

const ROUTES: Array<[TokenRef, TokenRef]> = [
  [BASE_USDC, native(8453, 'ETH', 18)],
  [ARBITRUM_USDC, native(42161, 'ETH', 18)],
  [ETHEREUM_USDC, native(1, 'ETH', 18)],
  [SOLANA_USDC, native(SOLANA_CHAIN_ID, 'SOL', 9)],
  [BASE_USDC, ARBITRUM_USDC],
  [ETHEREUM_USDC, SOLANA_USDC],
];

const vmOf = (t: TokenRef) => (t.chainId === SOLANA_CHAIN_ID ? 'svm' : 'evm');
const addressOf = (t: TokenRef) => (t.chainId === SOLANA_CHAIN_ID ? SOLANA_PROBE_ADDRESS : EVM_PROBE_ADDRESS);

/** The probe quote for `provider`, or null when it serves none of the routes (it is then not probed). */
export function probeRequest(provider: Pick<Provider, 'supportsRoute'>): QuoteRequest | null {
  for (const [src, dst] of ROUTES) {
    const route = { src, dst, srcVm: vmOf(src), dstVm: vmOf(dst) } as const;
    if (!provider.supportsRoute(route)) continue;
    return {
      ...route,
      tradeType: 'EXACT_INPUT',
      amount: 10_000_000n,
      sender: addressOf(src),
      recipient: addressOf(dst),
      slippageBps: 50,
      fees: { ourFeeBps: 0, partnerFeeBps: 0, recipients: {} },
    };
  }
  return null;
}
