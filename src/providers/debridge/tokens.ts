import { EVM_NATIVE, SOL_NATIVE_MINT, type Vm } from '../types.js';

/** deBridge's native SOL stand-in (its example repo sends the System Program id as `srcChainTokenIn`). */
export const DEBRIDGE_SOL_NATIVE = '11111111111111111111111111111111';
const EVM_EEEE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Service token address → the address deBridge expects (native SOL: wrapped-SOL mint → System Program id). */
export function toDebridgeToken(vm: Vm, address: string): string {
  if (vm === 'svm') return address === SOL_NATIVE_MINT ? DEBRIDGE_SOL_NATIVE : address;
  return address.toLowerCase();
}

/** deBridge token address → service convention (EVM lower-case, zero address for native, wSOL mint for SOL). */
export function fromDebridgeToken(vm: Vm, address: string): string {
  if (vm === 'svm') return address === DEBRIDGE_SOL_NATIVE ? SOL_NATIVE_MINT : address;
  const a = address.toLowerCase();
  return a === EVM_EEEE ? EVM_NATIVE : a;
}

/** Whether the service token is the chain's native coin (paid as tx value on EVM, lamports on Solana). */
export function isNativeToken(vm: Vm, address: string): boolean {
  return vm === 'svm' ? address === SOL_NATIVE_MINT : address.toLowerCase() === EVM_NATIVE;
}
