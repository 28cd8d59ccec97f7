import bs58 from 'bs58';

/** Address and transaction-hash formats of a settlement chain's VM. */
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EVM_TX = /^0x[0-9a-fA-F]{64}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

const base58Length = (s: string): number => {
  if (!BASE58.test(s)) return -1;
  try {
    return bs58.decode(s).length;
  } catch {
    return -1;
  }
};

const isEvmAddress = (s: string) => EVM_ADDRESS.test(s);
const isSolanaAddress = (s: string) => s.length >= 32 && s.length <= 44 && base58Length(s) === 32;

export function isAddressFor(vm: 'evm' | 'svm', s: string): boolean {
  return vm === 'evm' ? isEvmAddress(s) : isSolanaAddress(s);
}

/** EVM tx hashes: 32 bytes hex; Solana signatures: 64 bytes base58. */
export function isTxHashFor(vm: 'evm' | 'svm', s: string): boolean {
  return vm === 'evm' ? EVM_TX.test(s) : s.length >= 64 && s.length <= 88 && base58Length(s) === 64;
}

/** The service spelling: lower-case on EVM (hashes and addresses compare case-insensitively), as given on Solana. */
export const normalize = (vm: 'evm' | 'svm', s: string) => (vm === 'evm' ? s.toLowerCase() : s);
