import { SOL_NATIVE_MINT, SOLANA_CHAIN_ID } from '../types.js';
import { SYSTEM_PROGRAM_ID } from '../native-tokens.js';

/** Relay's own id for Solana, and its "address" for native SOL (docs/providers/relay.md). */
export const RELAY_SOLANA_CHAIN_ID = 792703809;
const RELAY_SOL_NATIVE = SYSTEM_PROGRAM_ID;

export const toRelayChainId = (serviceId: number) => (serviceId === SOLANA_CHAIN_ID ? RELAY_SOLANA_CHAIN_ID : serviceId);
export const fromRelayChainId = (relayId: number) => (relayId === RELAY_SOLANA_CHAIN_ID ? SOLANA_CHAIN_ID : relayId);

/** Service token address → Relay currency: native SOL is the system program id there, not the wSOL mint. */
export const toRelayCurrency = (chainId: number, address: string) => (chainId === SOLANA_CHAIN_ID && address === SOL_NATIVE_MINT ? RELAY_SOL_NATIVE : address);

/**
 * Chains served before `/chains` has been read (service ids). The list is refreshed from Relay's own
 * `/chains` whenever the chain registry asks for it.
 */
export const RELAY_DEFAULT_CHAINS: number[] = [
  1,
  10,
  56,
  100,
  130,
  137,
  146,
  324,
  480,
  8453,
  34443,
  42161,
  43114,
  59144,
  81457,
  534352,
  7777777,
  SOLANA_CHAIN_ID,
];
