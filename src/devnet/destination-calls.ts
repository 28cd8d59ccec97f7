import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { createDevnetClients } from './clients.js';
import { compileContracts, type CompileOptions } from './compile.js';
import { DEVNET_DEPLOYER, MULTICALL3_ADDRESS } from './constants.js';

/** Arbitrum One's native USDC (real address). */
export const ARBITRUM_USDC: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

/** Made-up addresses of the destination-call test targets (no real contract lives there on Arbitrum). */
export const CALL_TARGETS = {
  /** ERC-4626-shaped vault over USDC, minting shares to `receiver`. */
  vault: '0xca11ca11000000000000000000000000000045a1' as Address,
  /** Same vault with a 1 USDC deposit cap: larger deposits revert with ERC4626ExceededMaxDeposit. */
  cappedVault: '0xca11ca11000000000000000000000000000045a2' as Address,
  /** A broken vault that mints shares to msg.sender (the executor) and ignores `receiver`. */
  senderVault: '0xca11ca11000000000000000000000000000045a3' as Address,
  /** Takes native coin for a named owner (`depositFor`) or for the caller (`deposit`). */
  nativeVault: '0xca11ca11000000000000000000000000000045a4' as Address,
} as const;

export const testVaultAbi = parseAbi([
  'function initialize(address asset_, uint256 cap_, bool creditSender_)',
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function asset() view returns (address)',
  'error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)',
]);
export const nativeVaultAbi = parseAbi([
  'function depositFor(address owner) payable',
  'function deposit() payable',
  'function balanceOf(address) view returns (uint256)',
]);
const tokenAbi = parseAbi(['function initialize(string name_, string symbol_, uint8 decimals_)', 'function initialized() view returns (bool)']);

/**
 * Makes an anvil (started with `chainId: 42161`) look like Arbitrum for destination calls: `TestERC20` as USDC
 * at its real Arbitrum address, Multicall3, and the four test targets above. Not part of `setupDevnet`.
 */
export async function installDestinationCallTargets(rpcUrl: string, o: { compile?: CompileOptions } = {}) {
  const artifacts = await compileContracts(o.compile);
  const chainId = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getChainId();
  const clients = createDevnetClients(rpcUrl, { chainId });
  const wallet = clients.walletClient(DEVNET_DEPLOYER);
  const send = async (address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) => {
    const hash = await wallet.writeContract({ address, abi, functionName, args } as never);
    const r = await clients.publicClient.waitForTransactionReceipt({ hash });
    if (r.status !== 'success') throw new Error(`${address}.${functionName} reverted`);
  };
  if (((await clients.publicClient.getCode({ address: MULTICALL3_ADDRESS })) ?? '0x') === '0x')
    await clients.testClient.setCode({ address: MULTICALL3_ADDRESS, bytecode: artifacts.Multicall3.deployedBytecode });
  await clients.testClient.setCode({ address: ARBITRUM_USDC, bytecode: artifacts.TestERC20.deployedBytecode });
  if (!(await clients.publicClient.readContract({ address: ARBITRUM_USDC, abi: tokenAbi, functionName: 'initialized' })))
    await send(ARBITRUM_USDC, tokenAbi, 'initialize', ['USD Coin', 'USDC', 6]);
  const vaults: [Address, bigint, boolean][] = [
    [CALL_TARGETS.vault, 10n ** 15n, false],
    [CALL_TARGETS.cappedVault, 1_000_000n, false],
    [CALL_TARGETS.senderVault, 10n ** 15n, true],
  ];
  for (const [address, cap, creditSender] of vaults) {
    await clients.testClient.setCode({ address, bytecode: artifacts.TestVault4626.deployedBytecode });
    const asset = await clients.publicClient.readContract({ address, abi: testVaultAbi, functionName: 'asset' });
    if (asset === '0x0000000000000000000000000000000000000000') await send(address, testVaultAbi, 'initialize', [ARBITRUM_USDC, cap, creditSender]);
  }
  await clients.testClient.setCode({ address: CALL_TARGETS.nativeVault, bytecode: artifacts.NativeVault.deployedBytecode });
  return { chainId, usdc: ARBITRUM_USDC, ...CALL_TARGETS };
}
