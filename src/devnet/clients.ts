import { createPublicClient, createTestClient, createWalletClient, defineChain, http, type Account, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { BASE_CHAIN_ID, MULTICALL3_ADDRESS, type DevnetAccount } from './constants.js';

/**
 * viem's `base` chain pointed at a devnet RPC URL. Keeping Base's OP-stack formatters and serializers means
 * client code behaves as it would against mainnet. Two deliberate differences:
 * - Multicall3 loses `blockCreated: 5022`: devnet block numbers start at 0, and viem refuses a multicall at a
 *   block below `blockCreated`.
 * - `blockTime` is 1 s (viem derives polling and cache intervals from it); Base's 2 s would make every receipt
 *   wait on an automining devnet take about a second.
 */
function devnetChain(rpcUrl: string, chainId: number = BASE_CHAIN_ID) {
  return defineChain({
    ...base,
    id: chainId,
    name: chainId === BASE_CHAIN_ID ? 'Base (local devnet)' : `Local devnet ${chainId}`,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: undefined,
    contracts: { ...base.contracts, multicall3: { address: MULTICALL3_ADDRESS } },
    blockTime: 1_000,
  });
}

export interface DevnetClientOptions {
  chainId?: number;
  /** How often viem polls for receipts/blocks; default 50 ms, plenty fast for a local node. */
  pollingInterval?: number;
}

/** Public, test (anvil cheatcodes) and wallet clients for a devnet, all sharing one chain object. */
export function createDevnetClients(rpcUrl: string, options: DevnetClientOptions = {}) {
  const chain = devnetChain(rpcUrl, options.chainId);
  const pollingInterval = options.pollingInterval ?? 50;
  // A local node never needs retries; failing fast surfaces a dead anvil immediately.
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval, cacheTime: 0 });
  const testClient = createTestClient({ chain, transport, mode: 'anvil', pollingInterval, cacheTime: 0 });
  /** A wallet client signing locally with the given key (or viem account). */
  const walletClient = (signer: DevnetAccount | Hex | Account) => {
    const account = typeof signer === 'string' ? privateKeyToAccount(signer) : 'privateKey' in signer ? privateKeyToAccount(signer.privateKey) : signer;
    return createWalletClient({ chain, transport, account, pollingInterval, cacheTime: 0 });
  };
  return { chain, publicClient, testClient, walletClient };
}

export type DevnetClients = ReturnType<typeof createDevnetClients>;
