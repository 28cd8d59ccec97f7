// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC20Core
/// @notice ERC-20 accounting shared by the devnet test tokens. Metadata (name/symbol) is left to the concrete
///         token because the devnet needs both string- and bytes32-returning variants.
/// @dev DEVNET ONLY. There is deliberately no constructor: the devnet installs the RUNTIME bytecode at fixed
///      (real Base mainnet) addresses with `anvil_setCode`, which never runs a constructor, so each token is
///      configured afterwards by a one-shot `initialize`. `mint` is open to anyone so tests and the dev
///      server can fund accounts freely — never deploy this to a real network.
///
///      Storage layout (stable; lets tooling poke balances with `anvil_setStorageAt` if ever needed):
///        slot 0 totalSupply
///        slot 1 balanceOf   (mapping: keccak256(abi.encode(holder, 1)))
///        slot 2 allowance   (mapping: keccak256(abi.encode(spender, keccak256(abi.encode(owner, 2)))))
///        slot 3 decimals (byte 0) | initialized (byte 1)
///        slot 4+ concrete token metadata
abstract contract ERC20Core {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    // ERC-6093 errors, the same ones OpenZeppelin 5 tokens revert with.
    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error ERC20InvalidSender(address sender);
    error ERC20InvalidReceiver(address receiver);
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ERC20InvalidApprover(address approver);
    error ERC20InvalidSpender(address spender);
    error AlreadyInitialized();

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint8 public decimals;
    bool public initialized;

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 current = allowance[from][msg.sender];
        // An allowance of type(uint256).max is "infinite" and never decreases, as in OpenZeppelin and USDC.
        if (current != type(uint256).max) {
            if (current < value) revert ERC20InsufficientAllowance(msg.sender, current, value);
            unchecked {
                allowance[from][msg.sender] = current - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    /// @notice Creates `value` tokens for `to`. Permissionless on purpose: this is a devnet test token.
    function mint(address to, uint256 value) external {
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        totalSupply += value;
        unchecked {
            // Cannot overflow: every balance is bounded by totalSupply, which was checked above.
            balanceOf[to] += value;
        }
        emit Transfer(address(0), to, value);
    }

    /// @dev Called by the concrete token's `initialize`; reverts on a second call so the metadata is fixed
    ///      after setup, like a real token's.
    function _initializeCore(uint8 decimals_) internal {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        decimals = decimals_;
    }

    function _transfer(address from, address to, uint256 value) private {
        if (from == address(0)) revert ERC20InvalidSender(address(0));
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        uint256 balance = balanceOf[from];
        if (balance < value) revert ERC20InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) private {
        if (owner == address(0)) revert ERC20InvalidApprover(address(0));
        if (spender == address(0)) revert ERC20InvalidSpender(address(0));
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }
}
