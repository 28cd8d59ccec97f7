import { SETTLEMENT_CHAINS, SETTLEMENT_TOKENS } from '../../../../../src/checkout/settlement';

/**
 * The settlement pairs a session, invoice or subscription can settle in (USDC and USDT on the chains that carry
 * them), from the service's own table (src/checkout/settlement.ts, plain data), so a form offers exactly what the
 * API accepts and knows each token's decimals before anything is sent.
 */
export interface SettlementPair {
  /** `<chain slug>:<symbol>`: the value of a form's select. */
  value: string;
  chainId: number;
  chain: string;
  chainName: string;
  symbol: string;
  decimals: number;
  vm: 'evm' | 'svm';
}

export const SETTLEMENT_PAIRS: SettlementPair[] = SETTLEMENT_TOKENS.map((t) => {
  const c = SETTLEMENT_CHAINS[t.chainId]!;
  return { value: `${c.slug}:${t.symbol}`, chainId: t.chainId, chain: c.slug, chainName: c.name, symbol: t.symbol, decimals: t.decimals, vm: t.vm };
});

/** The pair of a settlement as the API answers it (chain id and token address), or of a select value. */
export function findPair(chainId: number, token: string): SettlementPair | undefined {
  const t = SETTLEMENT_TOKENS.find((x) => x.chainId === chainId && (x.vm === 'evm' ? x.token === token.toLowerCase() : x.token === token));
  return t ? SETTLEMENT_PAIRS.find((p) => p.chainId === chainId && p.symbol === t.symbol) : undefined;
}
