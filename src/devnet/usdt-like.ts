import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { createDevnetClients } from './clients.js';
import { compileContracts, type CompileOptions } from './compile.js';
import { DEVNET_DEPLOYER } from './constants.js';

/** Ethereum mainnet USDT (TetherToken). */
export const ETHEREUM_USDT: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/**
 * contracts/UsdtLikeToken.sol: like USDT, no return values, approve refuses non-zero → non-zero, and `transfer` /
 * `transferFrom` carry TetherToken's `onlyPayloadSize` (calldata shorter than 4 + 64 / 4 + 96 bytes reverts; longer
 * calldata, e.g. a checkout session tag, is ignored). Those two are dispatched by the contract's fallback, 0.4.17
 * style, so the compiled artifact's ABI lacks them: this ABI is the token's interface.
 */
export const usdtLikeAbi = parseAbi([
  'function initialize(string name_, string symbol_, uint8 decimals_)',
  'function mint(address to, uint256 value)',
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function initialized() view returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);

/**
 * Installs `UsdtLikeToken` ("Tether USD", USDT, 6 decimals) at `address` (default: the real Ethereum USDT
 * address, meant for an anvil started with chain id 1) and mints `amount` to each holder. Not part of
 * `setupDevnet`: only tests of USDT's quirks (approve, onlyPayloadSize) need it.
 */
export async function installUsdtLikeToken(
  rpcUrl: string,
  o: { address?: Address; holders?: Address[]; amount?: bigint; compile?: CompileOptions } = {},
): Promise<Address> {
  const address = o.address ?? ETHEREUM_USDT;
  const artifacts = await compileContracts(o.compile);
  const chainId = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getChainId();
  const clients = createDevnetClients(rpcUrl, { chainId });
  await clients.testClient.setCode({ address, bytecode: artifacts.UsdtLikeToken.deployedBytecode });
  const wallet = clients.walletClient(DEVNET_DEPLOYER);
  const send = async (functionName: 'initialize' | 'mint', args: readonly unknown[]) => {
    const hash = await wallet.writeContract({ address, abi: usdtLikeAbi, functionName, args } as never);
    const r = await clients.publicClient.waitForTransactionReceipt({ hash });
    if (r.status !== 'success') throw new Error(`UsdtLikeToken.${functionName} reverted`);
  };
  const initialized = await clients.publicClient.readContract({ address, abi: usdtLikeAbi, functionName: 'initialized' });
  if (!initialized) await send('initialize', ['Tether USD', 'USDT', 6]);
  for (const h of o.holders ?? []) await send('mint', [h, o.amount ?? 1_000_000n * 10n ** 6n]);
  return address;
}
