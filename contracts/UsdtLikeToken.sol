// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title UsdtLikeToken
/// @notice Imitates the two quirks of Ethereum USDT (TetherToken, 0xdAC17F958D2ee523a2206206994597C13D831ec7)
///         that wallets and the order builder must cope with:
///           1. `approve(spender, value)` reverts when both `value` and the current allowance are non-zero
///              (TetherToken: `require(!((_value != 0) && (allowed[msg.sender][_spender] != 0)))`);
///           2. `transfer`, `transferFrom` and `approve` return nothing (pre-ERC-20-final signatures).
///         Placed by tests at the real USDT address on an anvil with chain id 1 (`installUsdtLikeToken`).
/// @dev DEVNET ONLY: no constructor (installed with `anvil_setCode`), one-shot `initialize`, open `mint`.
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

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
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
}
