import { SOLANA_CHAIN_ID } from '../types.js';

/**
 * deBridge addresses chains by its own "internal" ids (docs/providers/debridge.md):
 * most EVM chains keep their native id, newer ones got 1000000xx ids, Solana is 7565164 (same as ours).
 * Pairs are [service chain id, deBridge id]. TRON (100000026) is left out: the service has no TVM chains.
 * Fantom is left out too (missing from the 2026 tables). `GET /v1.0/supported-chains-info` is the live
 * source of truth; the adapter learns additions from it (see DebridgeChainTable.learn).
 */
const DEBRIDGE_CHAIN_IDS: ReadonlyArray<readonly [service: number, debridge: number]> = [
  [1, 1],
  [10, 10],
  [56, 56],
  [137, 137],
  [8453, 8453],
  [42161, 42161],
  [43114, 43114],
  [59144, 59144],
  [SOLANA_CHAIN_ID, 7565164],
  [245022934, 100000001], // Neon
  [100, 100000002], // Gnosis
  [1088, 100000004], // Metis
  [32769, 100000008], // Zilliqa
  [747, 100000009], // Flow
  [1514, 100000013], // Story
  [146, 100000014], // Sonic
  [2741, 100000017], // Abstract
  [25, 100000019], // Cronos
  [80094, 100000020], // Berachain
  [60808, 100000021], // BOB
  [999, 100000022], // HyperEVM
  [5000, 100000023], // Mantle
  [98866, 100000024], // Plume
  [50104, 100000025], // Sophon
  [1329, 100000027], // Sei
  [9745, 100000028], // Plasma
  [1776, 100000029], // Injective
  [143, 100000030], // Monad
  [4326, 100000031], // MegaETH
];

/** deBridge ids of chains the service cannot represent (non-EVM, non-Solana). */
const FOREIGN_DEBRIDGE_IDS = new Set([100000026 /* TRON */]);

/** Two-way map between service chain ids and deBridge ids; seeded from the table, extended by chains(). */
export class DebridgeChainTable {
  private toDebridge = new Map<number, number>();
  private toService = new Map<number, number>();

  constructor(pairs: ReadonlyArray<readonly [number, number]> = DEBRIDGE_CHAIN_IDS) {
    for (const [s, d] of pairs) this.add(s, d);
  }

  private add(service: number, debridge: number) {
    this.toDebridge.set(service, debridge);
    this.toService.set(debridge, service);
  }

  debridgeId(serviceChainId: number): number | undefined {
    return this.toDebridge.get(serviceChainId);
  }

  serviceId(debridgeChainId: number): number | undefined {
    return this.toService.get(debridgeChainId);
  }

  /**
   * Folds in one `supported-chains-info` entry and returns its service id (undefined when the chain is
   * one the service cannot represent). Solana's entry reports 7565164 for both ids.
   */
  learn(debridgeChainId: number, originalChainId: number): number | undefined {
    if (FOREIGN_DEBRIDGE_IDS.has(debridgeChainId)) return undefined;
    const service = debridgeChainId === SOLANA_CHAIN_ID ? SOLANA_CHAIN_ID : originalChainId;
    const known = this.toService.get(debridgeChainId);
    if (known !== undefined) return known;
    // Never let a learned pair shadow a seeded one (a service id maps to exactly one deBridge id).
    if (this.toDebridge.has(service)) return undefined;
    this.add(service, debridgeChainId);
    return service;
  }
}
