import { erc20Abi, erc20Abi_bytes32, parseAbi } from 'viem';

/**
 * Typed ABIs for the devnet contracts. The compiled artifacts carry ABIs too, but only as untyped JSON; these
 * `as const` versions give viem full inference. A test asserts both describe the same interface, so they
 * cannot drift from contracts/*.sol. The standard parts reuse viem's own ERC-20 ABIs on purpose: if the
 * tokens satisfy those, they satisfy every client that speaks plain ERC-20.
 */

const devnetTokenExtras = parseAbi([
  'function mint(address to, uint256 value)',
  'function initialized() view returns (bool)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error AlreadyInitialized()',
]);

/** contracts/TestERC20.sol: standard ERC-20 + one-shot `initialize` + open `mint`. */
export const testErc20Abi = [...erc20Abi, ...devnetTokenExtras, ...parseAbi(['function initialize(string name_, string symbol_, uint8 decimals_)'])] as const;

/** contracts/Bytes32SymbolToken.sol: like TestERC20, but `name()`/`symbol()` return bytes32. */
export const bytes32TokenAbi = [
  ...erc20Abi_bytes32,
  ...devnetTokenExtras,
  ...parseAbi(['function initialize(bytes32 name_, bytes32 symbol_, uint8 decimals_)']),
] as const;

/** contracts/WETH9.sol: ERC-20 + deposit/withdraw, as at Base's WETH predeploy. */
export const weth9Abi = [
  ...erc20Abi,
  ...parseAbi([
    'function deposit() payable',
    'function withdraw(uint256 wad)',
    'event Deposit(address indexed dst, uint256 wad)',
    'event Withdrawal(address indexed src, uint256 wad)',
  ]),
] as const;

/** contracts/Multicall3.sol: the canonical Multicall3 interface. */
export const multicall3Abi = parseAbi([
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate(Call[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function tryAggregate(bool requireSuccess, Call[] calls) payable returns (Result[] returnData)',
  'function tryBlockAndAggregate(bool requireSuccess, Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function blockAndAggregate(Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
  'function getBlockHash(uint256 blockNumber) view returns (bytes32 blockHash)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getCurrentBlockCoinbase() view returns (address coinbase)',
  'function getCurrentBlockDifficulty() view returns (uint256 difficulty)',
  'function getCurrentBlockGasLimit() view returns (uint256 gaslimit)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getLastBlockHash() view returns (bytes32 blockHash)',
  'function getBasefee() view returns (uint256 basefee)',
  'function getChainId() view returns (uint256 chainid)',
]);
