import { describe, expect, it } from 'vitest';
import { isAddress } from 'viem';
import { PublicKey } from '@solana/web3.js';
import { findSettlementToken, SETTLEMENT_TOKENS, SOLANA_CHAIN_ID } from '../../src/checkout/settlement.js';

describe('settlement pairs', () => {
  it('lists exactly the supported pairs', () => {
    expect(SETTLEMENT_TOKENS.map((t) => `${t.symbol}@${t.chainId}`).sort()).toEqual(
      [
        'USDC@1',
        'USDC@42161',
        'USDC@8453',
        'USDC@10',
        'USDC@56',
        'USDC@137',
        `USDC@${SOLANA_CHAIN_ID}`,
        'USDT@1',
        'USDT@42161',
        'USDT@56',
        `USDT@${SOLANA_CHAIN_ID}`,
      ].sort(),
    );
  });
  it('has 6 decimals everywhere except 18 on BNB Chain', () => {
    for (const t of SETTLEMENT_TOKENS) expect(t.decimals, `${t.symbol}@${t.chainId}`).toBe(t.chainId === 56 ? 18 : 6);
  });
  it('carries well-formed addresses (lower-case EVM, 32-byte Solana mints)', () => {
    for (const t of SETTLEMENT_TOKENS) {
      if (t.vm === 'evm') {
        expect(isAddress(t.token)).toBe(true);
        expect(t.token).toBe(t.token.toLowerCase());
      } else expect(new PublicKey(t.token).toBytes()).toHaveLength(32);
    }
  });
  it('finds a pair by symbol or address', () => {
    expect(findSettlementToken(8453, 'usdc')?.token).toBe('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913');
    expect(findSettlementToken(8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')?.symbol).toBe('USDC');
    expect(findSettlementToken(SOLANA_CHAIN_ID, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')?.symbol).toBe('USDC');
    expect(findSettlementToken(SOLANA_CHAIN_ID, 'epjfwdd5aufqssqem2qn1xzybapc8g4wegGkZwyTDt1v')).toBeUndefined();
    expect(findSettlementToken(8453, 'USDT')).toBeUndefined();
    expect(findSettlementToken(137, 'USDT')).toBeUndefined();
    expect(findSettlementToken(56, 'USDT')?.decimals).toBe(18);
  });
});
