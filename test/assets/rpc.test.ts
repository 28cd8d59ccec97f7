import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi } from 'viem';
import { RpcClients } from '../../src/assets/rpc.js';
import { EvmRpcServer } from '../fixtures/evm-rpc-server.js';
import { testConfig } from '../helpers/memory-db.js';

/**
 * The EVM clients' retry policy is one transport's: a failing node is asked 3 times (the first try and
 * `retryCount: 2`), never the 12 times of a retried transport inside a retried fallback, so a read to a node that
 * is down gives up in well under a second instead of holding an order build for seconds.
 */
describe('RpcClients (EVM)', () => {
  let rpc: EvmRpcServer;
  beforeAll(async () => {
    rpc = await new EvmRpcServer(8453).start();
  });
  afterAll(() => rpc.close());

  it('asks a failing node 3 times, then gives up with the error', async () => {
    rpc.mode = 'down';
    const clients = new RpcClients(testConfig({ RPC_URL_8453: rpc.url, RPC_TIMEOUT_MS: '2000' }));
    const before = rpc.requests.length;
    await expect(
      clients.evm(8453).readContract({
        address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        abi: erc20Abi,
        functionName: 'allowance',
        args: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x000000000000000000000000000000000000f1f1'],
      }),
    ).rejects.toThrow();
    expect(rpc.requests.length - before).toBe(3);
  });

  it('answers from a healthy node at once', async () => {
    rpc.mode = 'ok';
    const clients = new RpcClients(testConfig({ RPC_URL_8453: rpc.url }));
    expect(await clients.evm(8453).getChainId()).toBe(8453);
  });
});
