// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Core} from "./ERC20Core.sol";

/// @title TestERC20
/// @notice Standard ERC-20 with string metadata, placed by the devnet at real token addresses (USDC, DAI on
///         Base). One bytecode serves every token: name, symbol and decimals live in storage and are set once
///         by `initialize` after `anvil_setCode`. DEVNET ONLY — `mint` is open to anyone (see ERC20Core).
contract TestERC20 is ERC20Core {
    string public name;
    string public symbol;

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_) external {
        _initializeCore(decimals_);
        name = name_;
        symbol = symbol_;
    }
}
