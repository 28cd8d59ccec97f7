import { EVM_NATIVE, SOL_NATIVE_MINT, type Vm } from './types.js';

/** The Solana System Program id, which several providers use to mean native SOL. */
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
/** The other common EVM native-coin placeholder, next to the zero address. */
const EVM_NATIVE_EEEE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Whether a token in the service's convention is the chain's native coin (paid as tx value / lamports). */
export function isNativeToken(vm: Vm, address: string): boolean {
  return vm === 'svm' ? address === SOL_NATIVE_MINT : address.toLowerCase() === EVM_NATIVE;
}

/**
 * For providers that write native SOL as the System Program id and take EVM addresses in any case
 * (deBridge, LI.FI): service address → provider address.
 */
export function toSystemProgramNative(vm: Vm, address: string): string {
  if (vm === 'svm') return address === SOL_NATIVE_MINT ? SYSTEM_PROGRAM_ID : address;
  return address.toLowerCase();
}

/** The reverse: provider address → service convention (EVM lower-case, zero address for 0xEeee…, wSOL mint for SOL). */
export function fromSystemProgramNative(vm: Vm, address: string): string {
  if (vm === 'svm') return address === SYSTEM_PROGRAM_ID ? SOL_NATIVE_MINT : address;
  const a = address.toLowerCase();
  return a === EVM_NATIVE_EEEE ? EVM_NATIVE : a;
}
