import { fromSystemProgramNative, SYSTEM_PROGRAM_ID, toSystemProgramNative } from '../native-tokens.js';

export { isNativeToken } from '../native-tokens.js';

/** LI.FI's native SOL address (System Program id); its wSOL is the ordinary mint. */
export const LIFI_SOL_NATIVE = SYSTEM_PROGRAM_ID;

/** Service token address → LI.FI token address (native SOL: wrapped-SOL mint → System Program id). */
export const toLifiToken = toSystemProgramNative;

/**
 * LI.FI token address → service convention. LI.FI's Token objects use the zero address for EVM native
 * coins; tool payloads sometimes use 0xEeee…, so both read as native.
 */
export const fromLifiToken = fromSystemProgramNative;
