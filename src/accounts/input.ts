import bs58 from 'bs58';
import { getAddress, isAddress } from 'viem';
import { ApiError } from '../errors.js';

export type ChainType = 'evm' | 'solana';

/**
 * A wallet address as stored (members, sessions, challenges): EVM lower-case (one row per wallet whatever the
 * checksum casing sent), Solana the base58 of a 32-byte public key. Anything else is INVALID_PARAMS on `field`.
 */
export function normalizeWallet(chainType: ChainType, address: string, field = 'address'): string {
  if (chainType === 'evm') {
    if (!isAddress(address, { strict: false })) throw new ApiError('INVALID_PARAMS', `${field}: not an EVM address (0x and 40 hex digits)`, { field });
    return address.toLowerCase();
  }
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(address);
  } catch {
    throw new ApiError('INVALID_PARAMS', `${field}: not a Solana address (base58)`, { field });
  }
  if (bytes.length !== 32) throw new ApiError('INVALID_PARAMS', `${field}: not a Solana address (32-byte public key)`, { field });
  return bs58.encode(bytes);
}

/** How an address is shown: EVM checksummed (EIP-55), Solana as stored. */
export const displayWallet = (chainType: ChainType, address: string) => (chainType === 'evm' ? getAddress(address) : address);
