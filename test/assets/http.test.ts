import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { EvmRpcServer } from '../fixtures/evm-rpc-server.js';
import { JupiterDataServer } from '../fixtures/jupiter-data-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';
import {
  METAPLEX_PROGRAM,
  SolanaRpcServer,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  metaplexMetadata,
  mintData,
  token2022MintWithMetadata,
} from '../fixtures/solana-rpc-server.js';
import { metaplexMetadataAddress } from '../../src/assets/solana-mint.js';
import { Keypair } from '@solana/web3.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { graphql } from '../graphql/generated/index.js';

/** The front end's one round trip (docs/graphql.md): chains, a token page, and a wallet's balances with prices. */
const WalletScreen = graphql(`
  query WalletScreen($owner: String!, $chain: String!, $balanceChains: [String!]) {
    chains { totalCount nodes { id slug name vm logoURI popular } }
    tokens(chain: $chain, first: 3) { nodes { address symbol decimals logoURI priceUsd } pageInfo { hasNextPage endCursor } }
    balances(address: $owner, chains: $balanceChains) {
      totalUsd
      balances(first: 50) { totalCount nodes { chainId address symbol decimals amount priceUsd valueUsd } }
      errors { chainId message }
    }
  }
`);
const TokenPage = graphql(`
  query TokenPage($chain: String!, $first: Int, $after: String) {
    tokens(chain: $chain, first: $first, after: $after) { edges { cursor node { symbol } } pageInfo { hasNextPage endCursor } }
  }
`);
const TwoMints = graphql(`
  query TwoMints($a: String!, $b: String!) {
    a: token(chain: "solana", address: $a) { symbol decimals verified }
    b: token(chain: "solana", address: $b) { symbol decimals }
  }
`);
const ChainByRef = graphql(`
  query ChainByRef($ref: String!) {
    chain(ref: $ref) { slug vm }
  }
`);
const SearchAndLookUp = graphql(`
  query SearchAndLookUp($q: String!, $mint: String!) {
    tokens(chain: "base", q: $q) { nodes { symbol priceUsd } }
    token(chain: "solana", address: $mint) { symbol decimals verified }
  }
`);

const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const BASE_DAI = '0x50c5725949a6f0c72e6c4a641f24049a917db0cb';
const ZERO = '0x0000000000000000000000000000000000000000';
const OWNER = '0x000000000000000000000000000000000000bEEF';
const SOL = 'So11111111111111111111111111111111111111112';
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const T22_MINT = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
const MPX_MINT = 'HeLp6NuQkmYB4pYWo2zYs22mESHXPQYzXbB8n4V98jwC';
const POPCAT = '7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr';
const NFT_MINT = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';

describe('assets over HTTP (fixtures for LI.FI, Jupiter, DefiLlama, Solana and EVM RPC)', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.parse('2026-11-22T12:00:00Z'));
  const lifi = new LifiTokensServer();
  const jup = new JupiterDataServer();
  const llama = new DefiLlamaServer();
  const sol = new SolanaRpcServer();
  const base = new EvmRpcServer(8453);
  const eth = new EvmRpcServer(1);
  const slow = new EvmRpcServer(10);
  const down = new EvmRpcServer(137);

  beforeAll(async () => {
    await Promise.all([lifi, jup, llama, sol, base, eth, slow, down].map((f) => f.start()));
    slow.mode = 'hang';
    down.mode = 'down';
    s = await startTestServer({
      clock,
      env: {
        JOBS_ENABLED: '0',
        LIFI_API_URL: lifi.url,
        JUPITER_API_URL: jup.url,
        DEFILLAMA_API_URL: llama.url,
        SOLANA_RPC_URL: sol.url,
        RPC_URL_8453: base.url,
        RPC_URL_1: eth.url,
        RPC_URL_10: slow.url,
        RPC_URL_137: down.url,
        // Room for a healthy fixture to answer on a loaded machine (at 500 ms a slow answer was retried: a second
        // eth_call, or a Solana read counted as failed); the hung chain still misses the balances deadline, and
        // viem's three tries of a hung chain (over 6 s) never end before it.
        RPC_TIMEOUT_MS: '2000',
        BALANCES_CHAIN_TIMEOUT_MS: '3000',
        PRICE_TIMEOUT_MS: '700',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([lifi, jup, llama, sol, base, eth, slow, down].map((f) => f.close()));
  });

  const expectError = (r: { status: number; body: any }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body.error.code).toBe(code);
  };

  describe('chains', () => {
    it('lists chains with cache headers and answers 304 to a matching If-None-Match', async () => {
      const r = await s.get('/v1/chains');
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=300');
      const etag = r.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(r.body.chains.find((c: any) => c.id === 7565164)).toMatchObject({ slug: 'solana', vm: 'svm', nativeSymbol: 'SOL', providers: [] });
      const again = await s.get('/v1/chains', { 'if-none-match': `W/"other", ${etag}` });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect((await s.get('/v1/chains', { 'if-none-match': '"stale"' })).status).toBe(200);
    });
  });

  describe('tokens', () => {
    it('merges LI.FI, Jupiter and the curated list; popular (native first) then verified then liquidity', async () => {
      const r = await s.get('/v1/tokens?chain=base&limit=200');
      expect(r.status).toBe(200);
      const syms = r.body.tokens.map((t: any) => t.symbol);
      expect(syms.slice(0, 7)).toEqual(['ETH', 'USDC', 'USDbC', 'USDT', 'WETH', 'DAI', 'cbBTC']);
      // Then verified list tokens by market size, then the unverified one; the flagged token is dropped.
      expect(syms.slice(7)).toEqual(['VIRTUAL', 'AERO', 'BRETT', 'DEGEN', 'USDCX']);
      const usdc = r.body.tokens[1];
      expect(usdc).toEqual({
        chainId: 8453,
        address: BASE_USDC,
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
        logoURI: expect.stringMatching(/^https:/),
        priceUsd: 0.9998,
        verified: true,
        popular: true,
      });
      expect(r.body.tokens.find((t: any) => t.symbol === 'USDCX')).toMatchObject({ verified: false, popular: false });
      expect(r.body.nextCursor).toBeNull();
      expect(r.headers.get('cache-control')).toBe('public, max-age=300');
      expect((await s.get('/v1/tokens?chain=base&limit=200', { 'if-none-match': r.headers.get('etag')! })).status).toBe(304);
    });

    it('pages with cursors through the same order, with and without q', async () => {
      const all = (await s.get('/v1/tokens?chain=8453&limit=200')).body.tokens.map((t: any) => t.address);
      for (const q of ['', '&q=e']) {
        const full = (await s.get(`/v1/tokens?chain=8453&limit=200${q}`)).body.tokens.map((t: any) => t.address);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const r: any = await s.get(`/v1/tokens?chain=8453&limit=2${q}${cursor ? `&cursor=${cursor}` : ''}`);
          expect(r.status).toBe(200);
          expect(r.body.tokens.length).toBeLessThanOrEqual(2);
          seen.push(...r.body.tokens.map((t: any) => t.address));
          cursor = r.body.nextCursor;
        } while (cursor);
        expect(seen).toEqual(full);
        if (!q) expect(seen).toEqual(all);
      }
    });

    it('searches symbol and name case-insensitively, exact symbol first; an address finds its token', async () => {
      const usdc = await s.get('/v1/tokens?chain=base&q=USDC');
      expect(usdc.body.tokens.map((t: any) => t.symbol)).toEqual(['USDC', 'USDCX']);
      const coin = await s.get('/v1/tokens?chain=base&q=coin');
      expect(coin.body.tokens.map((t: any) => t.symbol)).toEqual(['USDC', 'USDbC', 'DAI', 'cbBTC', 'USDCX']); // "Dai Stablecoin" matches too;
      const byAddr = await s.get(`/v1/tokens?chain=base&q=${BASE_DAI.toUpperCase().replace('0X', '0x')}`);
      expect(byAddr.body.tokens.map((t: any) => t.symbol)).toEqual(['DAI']);
      expect((await s.get('/v1/tokens?chain=base&q=zzzz')).body).toEqual({ tokens: [], nextCursor: null });
      const solana = await s.get('/v1/tokens?chain=solana');
      expect(solana.body.tokens[0]).toMatchObject({ address: SOL, symbol: 'SOL', decimals: 9, popular: true });
      expect(solana.body.tokens.map((t: any) => t.symbol)).toContain('WIF');
      expect(solana.body.tokens.map((t: any) => t.address)).not.toContain('not-a-mint');
    });

    it('rejects bad input with precise codes', async () => {
      expectError(await s.get('/v1/tokens'), 400, 'INVALID_PARAMS');
      expectError(await s.get('/v1/tokens?chain=nowhere'), 400, 'UNSUPPORTED_CHAIN');
      for (const l of ['0', '201', 'abc', '-1']) expectError(await s.get(`/v1/tokens?chain=base&limit=${l}`), 400, 'INVALID_PARAMS');
      expectError(await s.get('/v1/tokens?chain=base&cursor=garbage'), 400, 'INVALID_PARAMS');
    });
  });

  describe('prices', () => {
    it('prices EVM from DefiLlama and Solana from Jupiter in one request per source; keys echo the ids', async () => {
      clock.advance(61_000);
      const before = { llama: llama.hits('/prices').length, jup: jup.hits('/price').length };
      const ids = [
        `base:${BASE_USDC.toUpperCase().replace('0X', '0x')}`,
        `8453:${ZERO}`,
        `solana:${SOL}`,
        `7565164:${SOL_USDC}`,
        `8453:0x000000000000000000000000000000000000dead`,
        'bsc:0x55d398326f99059fF775485246999027B3197955',
      ];
      const r = await s.get(`/v1/prices?ids=${ids.join(',')}`);
      expect(r.status).toBe(200);
      expect(r.body.prices).toEqual({ [ids[0]!]: 0.9999, [ids[1]!]: 3200.5, [ids[2]!]: 151.25, [ids[3]!]: 0.9999, [ids[5]!]: 1.0003 });
      expect(llama.hits('/prices').length - before.llama).toBe(1);
      expect(jup.hits('/price').length - before.jup).toBe(1);
      // Cached for 60 s: no new upstream request.
      await s.get(`/v1/prices?ids=${ids.join(',')}`);
      expect(llama.hits('/prices').length - before.llama).toBe(1);
    });

    it('falls back to the token-list price (low-confidence or missing source price) and survives garbage', async () => {
      clock.advance(61_000);
      const aero = '8453:0x940181a94a35a4569e4529a3cdfb74e38fd98631';
      expect((await s.get(`/v1/prices?ids=${aero}`)).body.prices).toEqual({ [aero]: 1.2 });
      clock.advance(61_000);
      llama.mode = 'garbage';
      jup.priceMode = 'garbage';
      try {
        const r = await s.get(`/v1/prices?ids=8453:${BASE_DAI},solana:${SOL},8453:0x000000000000000000000000000000000000dead`);
        expect(r.status).toBe(200);
        // List prices (LI.FI for DAI, Jupiter's list for SOL) stand in; the unknown token is omitted.
        expect(r.body.prices).toEqual({ [`8453:${BASE_DAI}`]: 1.0001, [`solana:${SOL}`]: 149.82 });
        llama.mode = 'wrongShape';
        const w = await s.get(`/v1/prices?ids=8453:0x000000000000000000000000000000000000dead`);
        expect(w.status).toBe(200);
        expect(w.body.prices).toEqual({});
      } finally {
        llama.mode = 'ok';
        jup.priceMode = 'ok';
      }
    });

    it('a price source slower than its deadline is skipped for the list price', async () => {
      clock.advance(61_000);
      llama.mode = 'slow';
      try {
        const r = await s.get(`/v1/prices?ids=8453:${BASE_DAI}`);
        expect(r.status).toBe(200);
        expect(r.body.prices).toEqual({ [`8453:${BASE_DAI}`]: 1.0001 });
      } finally {
        llama.mode = 'ok';
      }
    });

    it('validates ids', async () => {
      expectError(await s.get('/v1/prices'), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/prices?ids=${Array.from({ length: 101 }, () => `1:${ZERO}`).join(',')}`), 400, 'INVALID_PARAMS');
      expectError(await s.get('/v1/prices?ids=1:0x12'), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/prices?ids=mars:${ZERO}`), 400, 'UNSUPPORTED_CHAIN');
    });
  });

  describe('lookup (Solana)', () => {
    beforeAll(() => {
      sol.accounts.set(T22_MINT, { owner: TOKEN_2022_PROGRAM, data: token2022MintWithMetadata(6, 'Paxos Dollar', 'USDP2') });
      sol.accounts.set(MPX_MINT, { owner: TOKEN_PROGRAM, data: mintData(8) });
      sol.accounts.set(metaplexMetadataAddress(MPX_MINT), { owner: METAPLEX_PROGRAM, data: metaplexMetadata('Helper Token', 'HELP') });
      sol.accounts.set(POPCAT, { owner: TOKEN_PROGRAM, data: mintData(9) });
      sol.accounts.set(NFT_MINT, { owner: TOKEN_PROGRAM, data: mintData(0, 1n) });
      sol.wallet(WALLET, 2_500_000_000);
    });

    it('returns listed tokens from the list and reads others from the mint account', async () => {
      const listed = await s.get(`/v1/tokens/lookup?chain=solana&address=${SOL_USDC}`);
      expect(listed.body.token).toMatchObject({ symbol: 'USDC', decimals: 6, verified: true, priceUsd: 0.9999 });
      const t22 = await s.get(`/v1/tokens/lookup?chain=7565164&address=${T22_MINT}`);
      expect(t22.body.token).toEqual({
        chainId: 7565164,
        address: T22_MINT,
        symbol: 'USDP2',
        name: 'Paxos Dollar',
        decimals: 6,
        verified: false,
        popular: false,
      });
      const mpx = await s.get(`/v1/tokens/lookup?chain=solana&address=${MPX_MINT}`);
      expect(mpx.body.token).toMatchObject({ symbol: 'HELP', name: 'Helper Token', decimals: 8, verified: false });
      const searched = await s.get(`/v1/tokens/lookup?chain=solana&address=${POPCAT}`);
      expect(searched.body.token).toMatchObject({ symbol: 'POPCAT', decimals: 9, verified: false, priceUsd: 0.36 });
    });

    it('a hung Solana RPC makes a lookup 504 within the RPC timeout, and the mint reads again once it answers', async () => {
      const mint = Keypair.generate().publicKey.toBase58();
      sol.accounts.set(mint, { owner: TOKEN_2022_PROGRAM, data: token2022MintWithMetadata(5, 'Hung Token', 'HUNG') });
      sol.hang = true;
      try {
        expectError(await s.get(`/v1/tokens/lookup?chain=solana&address=${mint}`), 504, 'PROVIDER_TIMEOUT');
      } finally {
        sol.hang = false;
      }
      // Nothing stays stuck behind the hung read (the lookup cache shares in-flight loads).
      const r = await s.get(`/v1/tokens/lookup?chain=solana&address=${mint}`);
      expect(r.body.token).toMatchObject({ symbol: 'HUNG', decimals: 5, verified: false });
    });

    it('refuses non-mints and malformed addresses', async () => {
      expectError(await s.get(`/v1/tokens/lookup?chain=solana&address=${WALLET}`), 400, 'UNSUPPORTED_TOKEN');
      expectError(await s.get('/v1/tokens/lookup?chain=solana&address=8xYz1111111111111111111111111111111111111111'), 400, 'UNSUPPORTED_TOKEN');
      expectError(await s.get('/v1/tokens/lookup?chain=solana&address=0xabc'), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/tokens/lookup?chain=base&address=${SOL_USDC}`), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/tokens/lookup?chain=base`), 400, 'INVALID_PARAMS');
    });
  });

  describe('balances', () => {
    beforeAll(() => {
      sol.tokenAccounts.push(
        { pubkey: 'Fx1zVhxMf2vHbTeCL4jyxGPPsKzvkJ8B7LvQdU5FE9NV', owner: WALLET, mint: SOL_USDC, amount: 1_500_000n, decimals: 6, program: 'token' },
        { pubkey: 'GyDJrZbAJV5HTnLqg9EXb2Fp3a9NCHb6d6HKYcCw7G7d', owner: WALLET, mint: SOL_USDC, amount: 2_500_000n, decimals: 6, program: 'token' },
        { pubkey: '3UqB5wYrBzmFhJUe9sJ1aSYxSUGK3yp3oEmLFSpsVyqm', owner: WALLET, mint: NFT_MINT, amount: 1n, decimals: 0, program: 'token' },
        { pubkey: '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1', owner: WALLET, mint: POPCAT, amount: 10_000_000_000n, decimals: 9, program: 'token' },
        { pubkey: '6VzNDUfNoUsBeEbLBSuL9jq8ChyWGgMoHyR1NrxE4HUd', owner: WALLET, mint: T22_MINT, amount: 7_000_000n, decimals: 6, program: 'token-2022' },
        { pubkey: '8mhaR8hzp5Xw7wJ5kVgqDkwQwdKxwDq5HxRCTqpCZtGX', owner: WALLET, mint: MPX_MINT, amount: 0n, decimals: 8, program: 'token' },
      );
      base.set('native', OWNER, 2n * 10n ** 18n);
      base.set(BASE_USDC, OWNER, 1_234_560_000n);
      base.set(BASE_DAI, OWNER, 5n * 10n ** 18n);
      eth.set('native', OWNER, 10n ** 17n);
    });

    it('Solana: SOL plus token accounts summed per mint, NFTs and zero balances skipped, unlisted mints named', async () => {
      clock.advance(61_000);
      const r = await s.get(`/v1/balances?address=${WALLET}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.vm).toBe('svm');
      expect(r.body.errors).toEqual([]);
      const items = r.body.balances.map((b: any) => [b.symbol, b.amount, b.verified]);
      expect(items).toEqual([
        ['SOL', '2500000000', true],
        ['USDC', '4000000', true],
        ['POPCAT', '10000000000', false],
        ['USDP2', '7000000', false],
      ]);
      expect(r.body.balances[0]).toMatchObject({ priceUsd: 151.25, valueUsd: 2.5 * 151.25 });
      expect(r.body.balances[3].valueUsd).toBeUndefined();
      expect(r.body.totalUsd).toBeCloseTo(2.5 * 151.25 + 4 * 0.9999 + 10 * 0.36, 9);
    });

    it('EVM: one eth_call per chain; a hung chain and a dead chain land in errors while the rest answer', async () => {
      clock.advance(61_000);
      const callsBefore = base.ethCalls();
      const r = await s.get(`/v1/balances?address=${OWNER}&chains=base,1,optimism,polygon`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.address).toBe(OWNER.toLowerCase());
      expect(r.body.balances.map((b: any) => [b.chainId, b.symbol, b.amount])).toEqual([
        [8453, 'ETH', '2000000000000000000'],
        [8453, 'USDC', '1234560000'],
        [1, 'ETH', '100000000000000000'],
        [8453, 'DAI', '5000000000000000000'],
      ]);
      expect(r.body.balances[0]).toMatchObject({ priceUsd: 3200.5, valueUsd: 6401 });
      expect(r.body.errors.map((e: any) => e.chainId)).toEqual([10, 137]);
      expect(r.body.errors[0].message).toMatch(/did not answer/);
      expect(JSON.stringify(r.body.errors)).not.toContain('127.0.0.1');
      expect(base.ethCalls() - callsBefore).toBe(1);
      // Cached 20 s per address and chain.
      await s.get(`/v1/balances?address=${OWNER}&chains=base`);
      expect(base.ethCalls() - callsBefore).toBe(1);
    });

    it('a Solana RPC outage is reported in errors, not as a failed request', async () => {
      sol.down = true;
      try {
        const r = await s.get('/v1/balances?address=DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy');
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ vm: 'svm', balances: [], totalUsd: 0, errors: [{ chainId: 7565164, message: expect.stringMatching(/Solana RPC/) }] });
      } finally {
        sol.down = false;
      }
    });

    it('validates address and chains', async () => {
      expectError(await s.get('/v1/balances'), 400, 'INVALID_PARAMS');
      expectError(await s.get('/v1/balances?address=nope'), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/balances?address=${OWNER}&chains=solana`), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/balances?address=${WALLET}&chains=base`), 400, 'INVALID_PARAMS');
      expectError(await s.get(`/v1/balances?address=${OWNER}&chains=mars`), 400, 'UNSUPPORTED_CHAIN');
      expectError(await s.get(`/v1/balances?address=${OWNER}&chains=${Array.from({ length: 26 }, () => 'base').join(',')}`), 400, 'INVALID_PARAMS');
    });
  });

  describe('GraphQL (in process)', () => {
    const gql = () => inProcessGraphQL(s);

    it('chains, a token page and balances with prices in one request; prices cost one request per list, whatever its length', async () => {
      clock.advance(61_000);
      const before = llama.hits('/prices').length;
      const r = await gql().gql(WalletScreen, { owner: OWNER, chain: 'base', balanceChains: ['base', '1'] });
      expect(r.errors).toBeUndefined();
      const d = r.data!;
      expect(d.chains.totalCount).toBeGreaterThanOrEqual(10);
      expect(d.chains.nodes).toHaveLength(d.chains.totalCount);
      expect(d.tokens.nodes.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDbC']);
      expect(d.tokens.pageInfo).toEqual({ hasNextPage: true, endCursor: expect.any(String) });
      expect(d.balances.balances.totalCount).toBe(4);
      expect(d.balances.balances.nodes.every((b) => typeof b.priceUsd === 'number')).toBe(true);
      expect(d.balances.totalUsd).toBeCloseTo(6401 + 320.05 + 1234.56 * 0.9999 + 5 * 1.0002, 6);
      // One batch for the token page's prices, one for all the balances' (they resolve at different times).
      expect(llama.hits('/prices').length - before).toBe(2);
    });

    it('every token edge carries a cursor that resumes right after it', async () => {
      const page = (await gql().gql(TokenPage, { chain: 'base', first: 3 })).data!.tokens;
      expect(page.edges.map((e) => e.node.symbol)).toEqual(['ETH', 'USDC', 'USDbC']);
      expect(page.pageInfo.endCursor).toBe(page.edges[2]!.cursor);
      const next = (await gql().gql(TokenPage, { chain: 'base', first: 2, after: page.edges[0]!.cursor })).data!.tokens;
      expect(next.edges.map((e) => e.node.symbol)).toEqual(['USDC', 'USDbC']);
    });

    it('batches concurrent on-chain mint lookups of one request into one account read', async () => {
      const [a, b] = [Keypair.generate().publicKey.toBase58(), Keypair.generate().publicKey.toBase58()];
      sol.accounts.set(a, { owner: TOKEN_PROGRAM, data: mintData(4) });
      sol.accounts.set(metaplexMetadataAddress(a), { owner: METAPLEX_PROGRAM, data: metaplexMetadata('Alpha', 'ALPHA') });
      sol.accounts.set(b, { owner: TOKEN_2022_PROGRAM, data: token2022MintWithMetadata(7, 'Beta', 'BETA') });
      const before = sol.methods().length;
      const r = await gql().gql(TwoMints, { a, b });
      expect(r.data).toEqual({ a: { symbol: 'ALPHA', decimals: 4, verified: false }, b: { symbol: 'BETA', decimals: 7 } });
      // One read of both mints, one read of the Metaplex account of the mint without the metadata extension.
      expect(sol.methods().slice(before)).toEqual(['getMultipleAccounts', 'getMultipleAccounts']);
    });

    it('maps errors to codes, answers null for a chain it does not know, and prices token pages through the same loader', async () => {
      const bad = await gql().gql(TokenPage, { chain: 'mars' });
      expect(bad.errors![0]!.extensions.code).toBe('UNSUPPORTED_CHAIN');
      expect((await gql().gql(ChainByRef, { ref: 'mars' })).data).toEqual({ chain: null });
      expect((await gql().gql(ChainByRef, { ref: '8453' })).data).toEqual({ chain: { slug: 'base', vm: 'evm' } });
      const page = (await gql().gql(SearchAndLookUp, { q: 'dai', mint: SOL_USDC })).data!;
      expect(page.tokens.nodes).toEqual([{ symbol: 'DAI', priceUsd: 1.0002 }]);
      expect(page.token).toEqual({ symbol: 'USDC', decimals: 6, verified: true });
    });
  });
});
