import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readErc20Metadata } from '../../src/assets/evm-token.js';
import { readEvmBalances } from '../../src/assets/balances.js';
import { RpcClients } from '../../src/assets/rpc.js';
import { loadConfig } from '../../src/config.js';
import { withDevnet } from '../fixtures/devnet.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { JupiterDataServer } from '../fixtures/jupiter-data-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Lookup and balances against a real EVM: anvil as Base (8453) with our own ERC-20s at the real Base token
 * addresses, a bytes32-symbol token and Multicall3, reached through the ordinary `RPC_URL_8453` setting.
 */
describe('assets against a real local EVM (anvil as Base)', () => {
  const devnet = withDevnet();
  let s: TestServer;
  const lifi = new LifiTokensServer();
  const jup = new JupiterDataServer();
  const llama = new DefiLlamaServer();
  const NO_CODE = '0x000000000000000000000000000000000000c0de';

  beforeAll(async () => {
    await Promise.all([lifi.start(), jup.start(), llama.start()]);
    s = await startTestServer({
      env: { JOBS_ENABLED: '0', RPC_URL_8453: devnet.rpcUrl, LIFI_API_URL: lifi.url, JUPITER_API_URL: jup.url, DEFILLAMA_API_URL: llama.url },
    });
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([lifi.close(), jup.close(), llama.close()]);
  });

  it('reads an unlisted token on chain, decoding a bytes32 symbol and name', async () => {
    const r = await s.get(`/v1/tokens/lookup?chain=base&address=${devnet.tokens.BYTES32.address}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.token).toEqual({
      chainId: 8453,
      address: devnet.tokens.BYTES32.address.toLowerCase(),
      symbol: 'B32',
      name: 'Bytes32 Test Token',
      decimals: 18,
      verified: false,
      popular: false,
    });
  });

  it('reads string metadata of a real ERC-20 in one multicall', async () => {
    const rpc = new RpcClients(loadConfig({ RPC_URL_8453: devnet.rpcUrl }));
    expect(await readErc20Metadata(rpc.evm(8453), devnet.tokens.USDC.address)).toEqual({ symbol: 'USDC', name: 'USD Coin', decimals: 6 });
    expect(await readErc20Metadata(rpc.evm(8453), devnet.tokens.DAI.address)).toEqual({ symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 });
  });

  it('an address without code, or a contract that is not an ERC-20, is UNSUPPORTED_TOKEN; a malformed one INVALID_PARAMS', async () => {
    for (const a of [NO_CODE, devnet.multicall3]) {
      const r = await s.get(`/v1/tokens/lookup?chain=8453&address=${a}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('UNSUPPORTED_TOKEN');
    }
    const bad = await s.get('/v1/tokens/lookup?chain=8453&address=0xnothex');
    expect(bad.body.error.code).toBe('INVALID_PARAMS');
    await expect(s.services.assets.resolveToken(8453, NO_CODE)).rejects.toMatchObject({ code: 'UNSUPPORTED_TOKEN' });
    expect(await s.services.assets.resolveToken(8453, devnet.tokens.BYTES32.address)).toMatchObject({ symbol: 'B32', verified: false });
  });

  it('balances: native and listed ERC-20 balances read through Multicall3, priced and sorted', async () => {
    const user = devnet.accounts[1]!.address;
    const r = await s.get(`/v1/balances?address=${user}&chains=base`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors).toEqual([]);
    const onChain = async (token: 'USDC' | 'DAI' | 'WETH') =>
      (await devnet.publicClient.readContract({
        address: devnet.tokens[token].address,
        abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }],
        functionName: 'balanceOf',
        args: [user],
      })) as bigint;
    const eth = await devnet.publicClient.getBalance({ address: user });
    const bySymbol = Object.fromEntries(r.body.balances.map((b: any) => [b.symbol, b]));
    expect(bySymbol.ETH.amount).toBe(eth.toString());
    expect(bySymbol.USDC.amount).toBe((await onChain('USDC')).toString());
    expect(bySymbol.DAI.amount).toBe((await onChain('DAI')).toString());
    expect(bySymbol.WETH.amount).toBe((await onChain('WETH')).toString());
    expect(BigInt(bySymbol.USDC.amount)).toBeGreaterThan(0n);
    expect(r.body.balances.map((b: any) => b.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'WETH'].sort((a, b) => bySymbol[b].valueUsd - bySymbol[a].valueUsd));
    expect(r.body.totalUsd).toBeCloseTo(
      r.body.balances.reduce((s: number, b: any) => s + b.valueUsd, 0),
      6,
    );
  });

  it('falls back to a deployless multicall where Multicall3 has no code', async () => {
    const user = devnet.accounts[2]!.address;
    const rpc = new RpcClients(loadConfig({ RPC_URL_8453: devnet.rpcUrl }));
    const withContract = await readEvmBalances(rpc.evm(8453), user, [devnet.tokens.USDC.address, NO_CODE]);
    const code = await devnet.publicClient.getCode({ address: devnet.multicall3 });
    await devnet.testClient.setCode({ address: devnet.multicall3, bytecode: '0x' });
    try {
      const without = await readEvmBalances(new RpcClients(loadConfig({ RPC_URL_8453: devnet.rpcUrl })).evm(8453), user, [devnet.tokens.USDC.address, NO_CODE]);
      expect(without.native).toBe(withContract.native);
      expect(without.amounts[0]).toBe(withContract.amounts[0]);
      expect(without.amounts[0]).toBeGreaterThan(0n);
    } finally {
      await devnet.testClient.setCode({ address: devnet.multicall3, bytecode: code! });
    }
  });
});
