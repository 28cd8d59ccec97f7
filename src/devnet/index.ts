/**
 * Local EVM devnet: a real anvil posing as Base (chain id 8453) with test tokens at their REAL Base addresses,
 * so production config works unchanged once `RPC_URL_8453` points at `rpcUrl`.
 *
 *   const devnet = await startDevnet();          // anvil + contracts + funded accounts
 *   process.env.RPC_URL_8453 = devnet.rpcUrl;
 *   ...
 *   await devnet.stop();
 *
 * Pieces: compile.ts (solc + artifact cache), anvil.ts (process lifecycle), setup.ts (contracts and balances),
 * clients.ts (viem clients), constants.ts (addresses, keys, funding), abis.ts (typed ABIs). Tests use
 * `withDevnet()` from test/fixtures/devnet.ts.
 */
import { startAnvil, type AnvilInstance, type StartAnvilOptions } from './anvil.js';
import { setupDevnet, type DevnetDescription, type SetupDevnetOptions } from './setup.js';

export * from './abis.js';
export * from './anvil.js';
export * from './clients.js';
export * from './compile.js';
export * from './constants.js';
export * from './setup.js';
export * from './usdt-like.js';
export * from './destination-calls.js';

export interface Devnet extends DevnetDescription {
  anvil: AnvilInstance;
  stop(): Promise<void>;
}

/** Starts anvil and sets it up; stops anvil again if setup fails, so a failed start leaks nothing. */
export async function startDevnet(options: StartAnvilOptions & SetupDevnetOptions = {}): Promise<Devnet> {
  const anvil = await startAnvil(options);
  try {
    const description = await setupDevnet(anvil.rpcUrl, options);
    return { ...description, anvil, stop: () => anvil.stop() };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}
