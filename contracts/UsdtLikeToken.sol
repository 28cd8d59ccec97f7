// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title UsdtLikeToken
/// @notice Imitates the quirks of Ethereum USDT (TetherToken, 0xdAC17F958D2ee523a2206206994597C13D831ec7, compiled
///         with Solidity ^0.4.17) that wallets, the order builder and the checkout session tag must cope with:
///           1. `approve(spender, value)` reverts when both `value` and the current allowance are non-zero
///              (TetherToken: `require(!((_value != 0) && (allowed[msg.sender][_spender] != 0)))`);
///           2. `transfer`, `transferFrom` and `approve` return nothing (pre-ERC-20-final signatures);
///           3. `transfer` and `transferFrom` carry TetherToken's `onlyPayloadSize` guard, the only length check a
///              0.4.17 contract has, and read their arguments the way a 0.4.17 contract does (see below).
///         Placed by tests at the real USDT address on an anvil with chain id 1 (`installUsdtLikeToken`).
///
///         TetherToken's source as verified on Etherscan, from a GitHub mirror of it
///         (github.com/BIGOLJOHNDOE/etherscan.io-0xdac17f958d2ee523a2206206994597c13d831ec7, also its fork
///         Wjstr/etherscan.io-0xdac17f958d2ee523a2206206994597c13d831ec7), TetherToken.sol at the root commit 8d352995
///         ("init repo", `pragma solidity ^0.4.17;`; later commits there edit unrelated lines), lines 109-115, 122
///         and 167 (`transfer` is BasicToken's, `transferFrom` StandardToken's; TetherToken inherits both):
///
///             /**
///             * @dev Fix for the ERC20 short address attack.
///             */
///             modifier onlyPayloadSize(uint size) {
///                 require(!(msg.data.length < size + 4));
///                 _;
///             }
///             function transfer(address _to, uint _value) public onlyPayloadSize(2 * 32) {
///             function transferFrom(address _from, address _to, uint _value) public onlyPayloadSize(3 * 32) {
///
///         (`approve` has `onlyPayloadSize(2 * 32)` too; it is left as a plain function here.) The guard sets a
///         MINIMUM only: calldata longer than 4 + 64 (transfer) or 4 + 96 (transferFrom) bytes passes, and the
///         arguments are read at fixed offsets (4, 36, 68), so trailing bytes such as the checkout session tag
///         (src/checkout/verify/evidence.ts) are never read and the transfer behaves exactly as a plain one.
///
/// @dev Why `transfer`/`transferFrom` are dispatched from `fallback` instead of being external functions: a
///      Solidity >= 0.5 external function rejects calldata shorter than its arguments in the ABI decoder, before any
///      modifier runs, so an `onlyPayloadSize` on it could never be observed (a test of it could not fail). Solidity
///      0.4.17, which TetherToken was compiled with, had no such check: arguments were `calldataload`ed at their
///      offsets, reading zeros past the end of calldata (the "short address attack"), and addresses were masked to
///      160 bits. The fallback below decodes exactly that way, so `onlyPayloadSize` is the only thing standing
///      between a truncated `transfer` and a transfer of the wrong amount, as on mainnet. The selectors and the
///      (missing) return data are those of TetherToken; `usdtLikeAbi` in src/devnet/usdt-like.ts lists them.
///
///      DEVNET ONLY: no constructor (installed with `anvil_setCode`), one-shot `initialize`, open `mint`.
contract UsdtLikeToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint8 public decimals;
    bool public initialized;
    string public name;
    string public symbol;

    /// `transfer(address,uint256)` and `transferFrom(address,address,uint256)` (TetherToken's `uint` is uint256).
    bytes4 private constant TRANSFER_SELECTOR = 0xa9059cbb;
    bytes4 private constant TRANSFER_FROM_SELECTOR = 0x23b872dd;

    /// @dev TetherToken's modifier, unchanged (see the contract notice).
    modifier onlyPayloadSize(uint256 size) {
        require(!(msg.data.length < size + 4));
        _;
    }

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_) external {
        require(!initialized, "already initialized");
        initialized = true;
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        require(to != address(0), "zero receiver");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    /// @notice Dispatches `transfer` and `transferFrom` as a 0.4.17 contract does (no ABI length check; see @dev).
    ///         Any other unknown selector, or calldata without one, reverts, as in TetherToken (no fallback).
    fallback() external {
        if (msg.sig == TRANSFER_SELECTOR) {
            transfer(_addressArg(0), _uintArg(1));
        } else if (msg.sig == TRANSFER_FROM_SELECTOR) {
            transferFrom(_addressArg(0), _addressArg(1), _uintArg(2));
        } else {
            revert();
        }
    }

    function transfer(address to, uint256 value) private onlyPayloadSize(2 * 32) {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) private onlyPayloadSize(3 * 32) {
        uint256 current = allowance[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= value, "allowance");
            allowance[from][msg.sender] = current - value;
        }
        _transfer(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        require(!((value != 0) && (allowance[msg.sender][spender] != 0)), "USDT: reset allowance to 0 first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "zero receiver");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    /// @dev Argument word `i` as 0.4.17 reads it: `calldataload(4 + 32 * i)`, zero-filled past the end of calldata.
    function _uintArg(uint256 i) private pure returns (uint256 word) {
        assembly {
            word := calldataload(add(4, mul(i, 32)))
        }
    }

    /// @dev An address argument as 0.4.17 reads it: the word masked to its low 160 bits (no validation).
    function _addressArg(uint256 i) private pure returns (address) {
        return address(uint160(_uintArg(i)));
    }
}
