import { fromSystemProgramNative, SYSTEM_PROGRAM_ID, toSystemProgramNative } from '../native-tokens.js';

export { isNativeToken } from '../native-tokens.js';

/** deBridge's native SOL stand-in (its example repo sends the System Program id as `srcChainTokenIn`). */
export const DEBRIDGE_SOL_NATIVE = SYSTEM_PROGRAM_ID;

/** Service token address → the address deBridge expects (native SOL: wrapped-SOL mint → System Program id). */
export const toDebridgeToken = toSystemProgramNative;

/** deBridge token address → service convention (EVM lower-case, zero address for native, wSOL mint for SOL). */
export const fromDebridgeToken = fromSystemProgramNative;
