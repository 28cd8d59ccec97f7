import { EVM_NATIVE, SOL_NATIVE_MINT, type Vm } from '../types.js';

/** LI.FI's native SOL address (System Program id); its wSOL is the ordinary mint. */
export const LIFI_SOL_NATIVE = '11111111111111111111111111111111';
const EVM_EEEE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Service token address → LI.FI token address (native SOL: wrapped-SOL mint → System Program id). */
export function toLifiToken(vm: Vm, address: string): string {
  if (vm === 'svm') return address === SOL_NATIVE_MINT ? LIFI_SOL_NATIVE : address;
  return address.toLowerCase();
}

/**
 * LI.FI token address → service convention. LI.FI's Token objects use the zero address for EVM native
 * coins; tool payloads sometimes use 0xEeee…, so both read as native.
 */
export function fromLifiToken(vm: Vm, address: string): string {
  if (vm === 'svm') return address === LIFI_SOL_NATIVE ? SOL_NATIVE_MINT : address;
  const a = address.toLowerCase();
  return a === EVM_EEEE ? EVM_NATIVE : a;
}

export function isNativeToken(vm: Vm, address: string): boolean {
  return vm === 'svm' ? address === SOL_NATIVE_MINT : address.toLowerCase() === EVM_NATIVE;
}
