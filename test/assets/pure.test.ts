import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, stringToHex, type Hex } from 'viem';
import { decodeDecimals, decodeTokenText, interpretErc20 } from '../../src/assets/evm-token.js';
import { ChainTokenIndex, type IndexedToken } from '../../src/assets/token-index.js';
import { mergeTokenLists } from '../../src/assets/token-merge.js';
import { parseLifiTokens, parseJupiterTokens } from '../../src/assets/sources.js';
import { parseMetaplexMetadata, parseMintAccount, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../src/assets/solana-mint.js';
import { addressVm, balanceTokens, priceBalances, sumTokenAccounts } from '../../src/assets/balances.js';
import { ifNoneMatchHits } from '../../src/rest/assets.js';
import { metaplexMetadata, mintData, token2022MintWithMetadata } from '../fixtures/solana-rpc-server.js';

const tok = (i: number, o: Partial<IndexedToken> = {}): IndexedToken => ({
  chainId: 1,
  address: `0x${i.toString(16).padStart(40, '0')}`,
  symbol: `T${i}`,
  name: `Token ${i}`,
  decimals: 18,
  verified: true,
  popular: false,
  ...o,
});

describe('ERC-20 text decoding', () => {
  it.each<[string, Hex | undefined, string | undefined]>([
    ['ABI string', encodeAbiParameters([{ type: 'string' }], ['USDC']), 'USDC'],
    ['bytes32 (MKR style)', stringToHex('MKR', { size: 32 }), 'MKR'],
    ['bytes32 full width', stringToHex('A'.repeat(32), { size: 32 }), 'A'.repeat(32)],
    ['empty answer (no code)', '0x', undefined],
    ['missing', undefined, undefined],
    ['garbage length', '0x1234', undefined],
    ['empty bytes32', `0x${'00'.repeat(32)}`, undefined],
  ])('%s', (_n, data, want) => expect(decodeTokenText(data)).toBe(want));

  it('decimals must be one 32-byte word at most 255', () => {
    expect(decodeDecimals(encodeAbiParameters([{ type: 'uint8' }], [6]))).toBe(6);
    expect(decodeDecimals(encodeAbiParameters([{ type: 'uint256' }], [256n]))).toBeUndefined();
    expect(decodeDecimals('0x')).toBeUndefined();
  });

  it('is a token only with decimals and a symbol; the name falls back to the symbol', () => {
    const s = encodeAbiParameters([{ type: 'string' }], ['X']);
    const d = encodeAbiParameters([{ type: 'uint8' }], [18]);
    expect(interpretErc20({ symbol: s, decimals: d })).toEqual({ symbol: 'X', name: 'X', decimals: 18 });
    expect(interpretErc20({ symbol: s })).toBeNull();
    expect(interpretErc20({ decimals: d })).toBeNull();
  });
});

describe('Solana account parsing', () => {
  it('reads SPL and Token-2022 mints, with the metadata extension, and nothing else', () => {
    expect(parseMintAccount(TOKEN_PROGRAM_ID, mintData(6))).toEqual({ decimals: 6, program: 'token' });
    expect(parseMintAccount(TOKEN_2022_PROGRAM_ID, mintData(9))).toEqual({ decimals: 9, program: 'token-2022' });
    expect(parseMintAccount(TOKEN_2022_PROGRAM_ID, token2022MintWithMetadata(2, 'Name X', 'SYMX'))).toEqual({
      decimals: 2,
      program: 'token-2022',
      metadata: { name: 'Name X', symbol: 'SYMX' },
    });
    expect(parseMintAccount('11111111111111111111111111111111', mintData(6))).toBeNull();
    expect(parseMintAccount(TOKEN_PROGRAM_ID, Buffer.alloc(165))).toBeNull(); // a token account
    const uninit = mintData(6);
    uninit[45] = 0;
    expect(parseMintAccount(TOKEN_PROGRAM_ID, uninit)).toBeNull();
    const t22Account = token2022MintWithMetadata(2, 'n', 's');
    t22Account[165] = 2; // account type "Account"
    expect(parseMintAccount(TOKEN_2022_PROGRAM_ID, t22Account)).toBeNull();
  });

  it('reads Metaplex metadata with NUL padding trimmed', () => {
    expect(parseMetaplexMetadata(metaplexMetadata('Helper', 'HLP'))).toEqual({ name: 'Helper', symbol: 'HLP' });
    expect(parseMetaplexMetadata(Buffer.alloc(10))).toBeNull();
  });

  it('sums token accounts per mint and skips NFTs and malformed entries', () => {
    const acct = (mint: string, amount: string, decimals: number) => ({
      program: 'token' as const,
      data: { parsed: { info: { mint, tokenAmount: { amount, decimals } } } },
    });
    const held = sumTokenAccounts([acct('A', '5', 6), acct('A', '7', 6), acct('NFT', '1', 0), acct('B', 'x', 6), { program: 'token', data: 'base64' }]);
    expect([...held.entries()]).toEqual([['A', { amount: 12n, decimals: 6, program: 'token' }]]);
  });
});

describe('token index', () => {
  it('orders popular (curated order) → verified → liquidity → price presence → symbol', () => {
    const idx = new ChainTokenIndex([
      tok(1, { symbol: 'ZZZ' }),
      tok(2, { symbol: 'LIQ', liquidityUsd: 5 }),
      tok(3, { symbol: 'POP2', popular: true, curatedRank: 2 }),
      tok(4, { symbol: 'UNV', verified: false, liquidityUsd: 1e12 }),
      tok(5, { symbol: 'PRICED', priceUsd: 1 }),
      tok(6, { symbol: 'POP1', popular: true, curatedRank: 1 }),
      tok(7, { symbol: 'AAA' }),
    ]);
    expect(idx.tokens.map((t) => t.symbol)).toEqual(['POP1', 'POP2', 'LIQ', 'PRICED', 'AAA', 'ZZZ', 'UNV']);
  });

  it('searches by substring with exact symbols first and pages without gaps or repeats', () => {
    const tokens = Array.from({ length: 500 }, (_, i) =>
      tok(i, { symbol: i % 7 === 0 ? 'USDC' : `X${i}USD`, name: i % 3 === 0 ? 'Dollar thing' : `Other ${i}`, liquidityUsd: i }),
    );
    const idx = new ChainTokenIndex(tokens);
    for (const q of ['usd', 'usdc', 'u', 'doll', 'thing', 'x1', 'nothing-here']) {
      const expected = idx.tokens.filter((t) => t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q));
      const exact = expected.filter((t) => t.symbol.toLowerCase() === q);
      const want = [...exact, ...expected.filter((t) => !exact.includes(t))].map((t) => t.address);
      const got: string[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 1000; guard++) {
        const p = idx.page({ q, limit: 13, cursor });
        got.push(...p.tokens.map((t) => t.address));
        if (!p.nextCursor) break;
        cursor = p.nextCursor;
      }
      expect(got, q).toEqual(want);
    }
  });

  it('an address query returns that token only', () => {
    const idx = new ChainTokenIndex([tok(1), tok(2)]);
    const p = idx.page({
      q: tok(2).address.toUpperCase().replace('0X', '0x'),
      limit: 5,
      isAddress: (q) => q.startsWith('0x'),
      normalize: (q) => q.toLowerCase(),
    });
    expect(p.tokens.map((t) => t.symbol)).toEqual(['T2']);
  });

  it('refuses a forged cursor', () => {
    expect(() => new ChainTokenIndex([tok(1)]).page({ limit: 5, cursor: Buffer.from('[1,2]').toString('base64url') })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMS' }),
    );
  });
});

describe('token lists', () => {
  const vmOf = (id: number) => (id === 7565164 ? 'svm' : id === 8453 || id === 56 ? 'evm' : undefined);

  it('parses LI.FI: maps Solana ids and SOL, lower-cases EVM, drops flagged/foreign/malformed entries', () => {
    const out = parseLifiTokens(
      {
        tokens: {
          '8453': [
            {
              address: '0xABCDEFabcdefABCDEFabcdefABCDEFabcdefABCD',
              chainId: 8453,
              symbol: 'A',
              decimals: 18,
              name: 'A',
              priceUSD: '1.5',
              verificationStatus: 'verified',
            },
            {
              address: '0x0000000000000000000000000000000000000001',
              chainId: 8453,
              symbol: 'F',
              decimals: 18,
              name: 'F',
              priceUSD: '1',
              verificationStatus: 'flagged',
            },
            { address: 'bad', chainId: 8453, symbol: 'B', decimals: 18, name: 'B', priceUSD: '1' },
            { chainId: 8453 },
          ],
          '1151111081099710': [
            { address: '11111111111111111111111111111111', chainId: 1151111081099710, symbol: 'SOL', decimals: 9, name: 'SOL', priceUSD: '0' },
          ],
          '999': [{ address: '0x0000000000000000000000000000000000000000', chainId: 999, symbol: 'X', decimals: 18, name: 'X', priceUSD: '1' }],
        },
      },
      vmOf,
    );
    expect(out).toEqual([
      {
        chainId: 8453,
        address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
        symbol: 'A',
        name: 'A',
        decimals: 18,
        logoURI: undefined,
        priceUsd: 1.5,
        verified: true,
        popular: false,
        liquidityUsd: undefined,
      },
      {
        chainId: 7565164,
        address: 'So11111111111111111111111111111111111111112',
        symbol: 'SOL',
        name: 'SOL',
        decimals: 9,
        logoURI: undefined,
        priceUsd: undefined,
        verified: true,
        popular: false,
        liquidityUsd: undefined,
      },
    ]);
    expect(() => parseLifiTokens({ tokens: [] }, vmOf)).toThrow();
  });

  it('LI.FI stablecoins are popular unless unverified, and rank with the popular tokens', () => {
    const usde = {
      address: '0x5d3a1ff2b6bab83b63cd9ad0787074081a52ef34',
      chainId: 8453,
      symbol: 'USDe',
      decimals: 18,
      name: 'USDe',
      priceUSD: '1',
      tags: ['stablecoin'],
    };
    const out = parseLifiTokens(
      {
        tokens: {
          '8453': [
            usde,
            { ...usde, address: '0x0000000000000000000000000000000000000abc', symbol: 'FAKEUSD', tags: ['stablecoin'], verificationStatus: 'unverified' },
            {
              address: '0x940181a94a35a4569e4529a3cdfb74e38fd98631',
              chainId: 8453,
              symbol: 'AERO',
              decimals: 18,
              name: 'Aerodrome',
              priceUSD: '1.2',
              marketCapUSD: 9e8,
              tags: [],
            },
          ],
        },
      },
      vmOf,
    );
    expect(out.map((t) => [t.symbol, t.popular])).toEqual([
      ['USDe', true],
      ['FAKEUSD', false],
      ['AERO', false],
    ]);
    // A source listed first without the tag does not hide it (popular is OR-ed like verified).
    const jupLike = [{ ...out[0]!, popular: false, logoURI: 'https://x/usde.png' }];
    const idx = new ChainTokenIndex(mergeTokenLists([jupLike, out], new Set([8453])).get(8453)!);
    const listed = new Set(out.map((t) => t.address));
    expect(idx.tokens.filter((t) => listed.has(t.address)).map((t) => [t.symbol, t.popular])).toEqual([
      ['USDe', true],
      ['AERO', false],
      ['FAKEUSD', false],
    ]);
  });

  it('merges by chainId:address; curated facts win and mark popular', () => {
    const lifi = parseLifiTokens(
      {
        tokens: {
          '56': [
            {
              address: '0x55d398326f99059fF775485246999027B3197955',
              chainId: 56,
              symbol: 'USDT',
              decimals: 6,
              name: 'wrong decimals',
              priceUSD: '1.0',
              logoURI: 'https://x/usdt.png',
            },
          ],
        },
      },
      vmOf,
    );
    const jup = parseJupiterTokens([{ id: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', name: 'USD Coin', symbol: 'USDC', decimals: 6, usdPrice: 1 }], true);
    const merged = mergeTokenLists([jup, lifi, lifi], new Set([56, 7565164]));
    const usdt = merged.get(56)!.find((t) => t.symbol === 'USDT')!;
    expect(usdt).toMatchObject({ decimals: 18, popular: true, verified: true, priceUsd: 1, logoURI: 'https://x/usdt.png' });
    expect(merged.get(56)!.filter((t) => t.address === usdt.address)).toHaveLength(1);
    expect(merged.get(7565164)!.find((t) => t.symbol === 'USDC')).toMatchObject({ priceUsd: 1, popular: true });
  });

  it("makes every chain's gas coin popular and first, listed or not", () => {
    const listed = parseLifiTokens(
      {
        tokens: {
          '100': [
            {
              address: '0x0000000000000000000000000000000000000000',
              chainId: 100,
              symbol: 'xDAI',
              decimals: 18,
              name: 'xDAI',
              priceUSD: '1',
              logoURI: 'https://x/xdai.png',
            },
            {
              address: '0x0000000000000000000000000000000000000bad',
              chainId: 100,
              symbol: 'BIG',
              decimals: 18,
              name: 'Big',
              priceUSD: '1',
              marketCapUSD: 1e12,
            },
          ],
        },
      },
      (id) => (id === 100 ? 'evm' : undefined),
    );
    const native = {
      chainId: 100,
      address: '0x0000000000000000000000000000000000000000',
      symbol: 'XDAI',
      name: 'XDAI',
      decimals: 18,
      verified: true,
      popular: true,
    };
    const idx = new ChainTokenIndex(mergeTokenLists([listed], new Set([100, 534352]), [native, { ...native, chainId: 534352, symbol: 'ETH' }]).get(100)!);
    expect(idx.tokens.map((t) => [t.symbol, t.popular, t.logoURI])).toEqual([
      ['XDAI', true, 'https://x/xdai.png'],
      ['BIG', false, undefined],
    ]);
  });
});

describe('balances helpers', () => {
  it('tells the VM from the address', () => {
    expect(addressVm('0x000000000000000000000000000000000000bEEF')).toBe('evm');
    expect(addressVm('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe('svm');
    expect(() => addressVm('0x12')).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
  });

  it('reads at most 200 popular or verified tokens, native excluded', () => {
    const idx = new ChainTokenIndex([
      tok(0, { address: '0x0000000000000000000000000000000000000000', popular: true }),
      ...Array.from({ length: 300 }, (_, i) => tok(i + 1, { verified: i % 2 === 0 })),
    ]);
    const picked = balanceTokens(idx);
    expect(picked).toHaveLength(150);
    expect(picked.every((t) => t.verified && t.address !== '0x0000000000000000000000000000000000000000')).toBe(true);
    expect(balanceTokens(idx, 10)).toHaveLength(10);
  });

  it('prices, values and sorts balances; unpriced items last and outside the total', () => {
    const r = priceBalances(
      {
        address: 'a',
        vm: 'evm',
        errors: [],
        balances: [
          { token: tok(1, { decimals: 6, symbol: 'A', priceUsd: 99 }), amount: 2_500_000n },
          { token: tok(2, { decimals: 18, symbol: 'B' }), amount: 10n ** 18n },
          { token: tok(3, { decimals: 18, symbol: 'C' }), amount: 3n * 10n ** 18n },
        ],
      },
      new Map([
        ['1:0x0000000000000000000000000000000000000001', 2],
        ['1:0x0000000000000000000000000000000000000003', 4],
      ]),
    );
    expect(r.balances.map((b) => [b.symbol, b.amount, b.priceUsd, b.valueUsd])).toEqual([
      ['C', '3000000000000000000', 4, 12],
      ['A', '2500000', 2, 5],
      ['B', '1000000000000000000', undefined, undefined],
    ]);
    expect(r.totalUsd).toBe(17);
  });
});

describe('If-None-Match', () => {
  it.each([
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['*', '"a"', true],
    ['"b"', '"a"', false],
  ])('%s vs %s', (h, e, want) => expect(ifNoneMatchHits(h, e)).toBe(want));
});
