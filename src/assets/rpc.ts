import { createPublicClient, http, type PublicClient } from 'viem';
import { rpcFetch } from '../providers/rpc-fetch.js';
import { Connection } from '@solana/web3.js';
import type { CoreConfig } from '../core-config.js';
import { SOLANA_CHAIN_ID } from '../providers/types.js';
import type { AssetsConfig } from './config.js';

/** Public defaults; operators set RPC_URL_<chainId> (and SOLANA_RPC_URL) to their own endpoints. */
export const DEFAULT_RPC_URLS: Record<number, string> = {
  1: 'https://eth.llamarpc.com',
  10: 'https://mainnet.optimism.io',
  56: 'https://bsc-dataseed.bnbchain.org',
  137: 'https://polygon-rpc.com',
  8453: 'https://mainnet.base.org',
  42161: 'https://arb1.arbitrum.io/rpc',
  43114: 'https://api.avax.network/ext/bc/C/rpc',
  59144: 'https://rpc.linea.build',
  534352: 'https://rpc.scroll.io',
  100: 'https://rpc.gnosischain.com',
  5000: 'https://rpc.mantle.xyz',
  146: 'https://rpc.soniclabs.com',
  80094: 'https://rpc.berachain.com',
  130: 'https://mainnet.unichain.org',
  81457: 'https://rpc.blast.io',
  42220: 'https://forno.celo.org',
  34443: 'https://mainnet.mode.network',
  7777777: 'https://rpc.zora.energy',
  57073: 'https://rpc-gel.inkonchain.com',
  480: 'https://worldchain-mainnet.g.alchemy.com/public',
  167000: 'https://rpc.mainnet.taiko.xyz',
  1329: 'https://evm-rpc.sei-apis.com',
  999: 'https://rpc.hyperliquid.xyz/evm',
  25: 'https://evm.cronos.org',
  1284: 'https://rpc.api.moonbeam.network',
  1088: 'https://andromeda.metis.io/?owner=1088',
};

export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

/**
 * One viem client per EVM chain (multicall batching, timeout, retries with backoff) and one
 * Solana connection, created on first use and shared by every domain.
 */
export class RpcClients {
  private evmClients = new Map<number, PublicClient>();
  private solanaConnection?: Connection;

  constructor(private config: Pick<CoreConfig & AssetsConfig, 'rpcUrls' | 'RPC_TIMEOUT_MS' | 'SOLANA_RPC_URL'>) {}

  rpcUrl(chainId: number): string | undefined {
    return this.config.rpcUrls[chainId] ?? DEFAULT_RPC_URLS[chainId];
  }

  /** The endpoint of a chain's RPC, Solana's included (the status page checks each). */
  endpoint(chainId: number): string | undefined {
    return chainId === SOLANA_CHAIN_ID ? this.config.SOLANA_RPC_URL : this.rpcUrl(chainId);
  }

  /** The chains whose client this process has created, i.e. used (Solana as SOLANA_CHAIN_ID). */
  inUse(): number[] {
    return [...this.evmClients.keys(), ...(this.solanaConnection ? [SOLANA_CHAIN_ID] : [])];
  }

  evm(chainId: number): PublicClient {
    let client = this.evmClients.get(chainId);
    if (!client) {
      const url = this.rpcUrl(chainId);
      if (!url) throw new Error(`No RPC URL for chain ${chainId}: set RPC_URL_${chainId}`);
      client = createPublicClient({
        // batch: JSON-RPC batching of concurrent requests; multicall: eth_call aggregation through Multicall3.
        // One transport, so one retry policy: at most 3 attempts of RPC_TIMEOUT_MS each. (A `fallback` around it
        // retried the whole transport 3 more times: 12 attempts, seconds of backoff before a read to a refused
        // port gave up, and up to 12 timeouts on a hung node.) Requests go through rpcFetch (undici's `request`), which
        // also enforces the cap on an answer's size, so viem does not measure the body again.
        transport: http(url, {
          timeout: this.config.RPC_TIMEOUT_MS,
          retryCount: 2,
          retryDelay: 150,
          batch: { wait: 0 },
          fetchFn: rpcFetch,
          maxResponseBodySize: false,
        }),
        batch: { multicall: { wait: 0, batchSize: 2048 } },
        chain: {
          id: chainId,
          name: `chain-${chainId}`,
          nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
          contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
        },
      }) as PublicClient;
      this.evmClients.set(chainId, client);
    }
    return client;
  }

  solana(): Connection {
    // web3.js sets no deadline of its own: without one a hung node would hold a lookup (and every caller
    // sharing its in-flight read) forever. Each HTTP request gets RPC_TIMEOUT_MS, like the EVM clients.
    const timeoutMs = this.config.RPC_TIMEOUT_MS;
    this.solanaConnection ??= new Connection(this.config.SOLANA_RPC_URL, {
      commitment: 'confirmed',
      disableRetryOnRateLimit: true,
      fetch: (input, init) => {
        const deadline = AbortSignal.timeout(timeoutMs);
        return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
      },
    });
    return this.solanaConnection;
  }
}
