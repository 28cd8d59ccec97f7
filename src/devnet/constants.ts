import type { Address, Hex } from 'viem';

/**
 * Fixed facts of the local devnet. Token contracts sit at their REAL Base mainnet addresses so the service's
 * production token lists and config work unchanged; only `RPC_URL_8453` has to point at the devnet.
 */

export const BASE_CHAIN_ID = 8453;

/** Foundry's default mnemonic; anvil derives its dev accounts from it (m/44'/60'/0'/0/i). */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DevnetAccount {
  address: Address;
  privateKey: Hex;
}

/**
 * The first 10 accounts of DEVNET_MNEMONIC, spelled out so nothing has to run BIP-32 derivation at startup
 * (a test checks them against the mnemonic). Public knowledge: never send real funds to them.
 */
export const DEVNET_ACCOUNTS: readonly DevnetAccount[] = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
  { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' },
  { address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' },
  { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' },
  { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' },
  { address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' },
  { address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97' },
  { address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' },
];

/** Account 0 signs the setup transaction. Any funded key would do; this one is always funded by anvil. */
export const DEVNET_DEPLOYER: DevnetAccount = DEVNET_ACCOUNTS[0]!;

/**
 * The mock provider's market maker: a plain EOA (anvil account 9) holding large balances of every devnet token.
 * An EOA is enough because the mock provider settles by sending ordinary transfers; a maker contract would add
 * code to maintain without exercising anything the service does. Tests should not use account 9 as a user.
 */
const DEVNET_MAKER_INDEX = 9;
export const DEVNET_MAKER: DevnetAccount = DEVNET_ACCOUNTS[DEVNET_MAKER_INDEX]!;

/** Canonical Multicall3 address (same on Base mainnet and most EVM chains). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export type DevnetTokenKey = 'USDC' | 'DAI' | 'WETH' | 'BYTES32';

export interface DevnetTokenSpec {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
  /**
   * Which bytecode runs there: `erc20` = TestERC20 (string metadata), `bytes32` = Bytes32SymbolToken,
   * `weth` = WETH9 (fixed metadata, deposit/withdraw; funded by wrapping ETH rather than minting).
   */
  contract: 'erc20' | 'bytes32' | 'weth';
}

export const DEVNET_TOKENS: Readonly<Record<DevnetTokenKey, DevnetTokenSpec>> = {
  /** Native Circle USDC on Base. */
  USDC: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6, contract: 'erc20' },
  /** Bridged DAI on Base. */
  DAI: { address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, contract: 'erc20' },
  /** Base's WETH predeploy (OP-stack address); a plain anvil leaves it empty. */
  WETH: { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, contract: 'weth' },
  /**
   * Devnet-only token whose name()/symbol() return bytes32 (like MKR on Ethereum). The repeating "B32" address
   * is made up, cannot collide with a real Base contract in practice, and is easy to spot in logs.
   */
  BYTES32: { address: '0xB32B32b32b32b32b32B32B32B32B32b32B32B32b', symbol: 'B32', name: 'Bytes32 Test Token', decimals: 18, contract: 'bytes32' },
};

/**
 * Target balances in whole tokens. Setup tops balances UP to these (never mints past them), which is what makes
 * running it twice harmless and lets a re-run refill accounts a test drained.
 */
export const DEVNET_FUNDING = {
  /** ETH for every account, maker included (anvil's own default, restored if lower). */
  ethPerAccount: 10_000n,
  /** Per ERC-20 for accounts 0-8. */
  tokensPerAccount: 1_000_000n,
  /** Per ERC-20 for the maker, large enough that quotes never run dry. */
  tokensForMaker: 1_000_000_000n,
  /** WETH per account; WETH is backed by real (devnet) ETH so these stay well below ethPerAccount. */
  wethPerAccount: 100n,
  wethForMaker: 1_000n,
} as const;
