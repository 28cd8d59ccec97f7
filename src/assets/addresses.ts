import bs58 from 'bs58';
import { invalidParams } from '../errors.js';
import { EVM_NATIVE, SOL_NATIVE_MINT, type Vm } from '../providers/types.js';

/** Some APIs spell the EVM gas coin 0xEeee…; the service always uses the zero address. */
const EVM_NATIVE_ALIAS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
/** Relay and LI.FI stand SOL in with the System Program id; the service uses the wrapped-SOL mint. */
const SOLANA_SYSTEM_PROGRAM = '11111111111111111111111111111111';

const EVM_RE = /^0x[0-9a-fA-F]{40}$/;
const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const isEvmAddress = (s: string) => EVM_RE.test(s);

export function isSolanaAddress(s: string): boolean {
  if (!BASE58_RE.test(s)) return false;
  try {
    return bs58.decode(s).length === 32;
  } catch {
    return false;
  }
}

export const looksLikeAddress = (vm: Vm, s: string) => (vm === 'evm' ? isEvmAddress(s) : isSolanaAddress(s));

/** The service spelling of a token address: EVM lower-case with native aliases folded; Solana as given. */
export function normalizeTokenAddress(vm: Vm, address: string): string {
  if (vm === 'evm') {
    const a = address.toLowerCase();
    return a === EVM_NATIVE_ALIAS ? EVM_NATIVE : a;
  }
  return address === SOLANA_SYSTEM_PROGRAM ? SOL_NATIVE_MINT : address;
}

/** Validates an address for its chain's VM; malformed → INVALID_PARAMS naming the field. */
export function parseAddress(vm: Vm, raw: string, field: string): string {
  const s = raw.trim();
  if (!looksLikeAddress(vm, s)) {
    throw invalidParams(field, vm === 'evm' ? 'must be a 0x-prefixed 20-byte hex address' : 'must be a base58 Solana address');
  }
  return s;
}

export const tokenId = (chainId: number, address: string) => `${chainId}:${address}`;
