import bs58 from 'bs58';
import type { Vm } from '../providers/types.js';
import { invalidParams } from '../errors.js';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** True when `address` is well-formed for the VM: a 20-byte hex address (EVM) or a 32-byte base58 key (Solana). */
export function isAddressFor(vm: Vm, address: string): boolean {
  if (vm === 'evm') return EVM_ADDRESS.test(address);
  if (!BASE58.test(address)) return false;
  try {
    return bs58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** Throws INVALID_PARAMS naming `field` when the address does not fit the chain's VM. */
export function assertAddressFor(vm: Vm, address: string, field: string): string {
  if (!isAddressFor(vm, address)) {
    throw invalidParams(field, vm === 'evm' ? 'must be a 0x-prefixed 20-byte hex address on this EVM chain' : 'must be a base58 Solana address');
  }
  return vm === 'evm' ? address.toLowerCase() : address;
}

const EVM_TX = /^0x[0-9a-fA-F]{64}$/;
const SVM_SIG = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

/** A source transaction hash (EVM) or signature (Solana) in the right format for the VM. */
export function assertTxHashFor(vm: Vm, hash: string, field = 'txHash'): string {
  if (vm === 'evm') {
    if (!EVM_TX.test(hash)) throw invalidParams(field, 'must be a 0x-prefixed 32-byte transaction hash');
    return hash.toLowerCase();
  }
  if (!SVM_SIG.test(hash)) throw invalidParams(field, 'must be a base58 Solana transaction signature');
  try {
    if (bs58.decode(hash).length !== 64) throw new Error('length');
  } catch {
    throw invalidParams(field, 'must be a base58 Solana transaction signature');
  }
  return hash;
}
