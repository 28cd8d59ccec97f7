// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Core} from "./ERC20Core.sol";

/// @title Bytes32SymbolToken
/// @notice ERC-20 whose `name()` and `symbol()` return `bytes32` (right-padded ASCII) instead of `string`,
///         like MKR and SAI on Ethereum mainnet. Exists so metadata readers can be tested against the non-standard
///         encoding. DEVNET ONLY — `mint` is open to anyone (see ERC20Core).
contract Bytes32SymbolToken is ERC20Core {
    bytes32 public name;
    bytes32 public symbol;

    function initialize(bytes32 name_, bytes32 symbol_, uint8 decimals_) external {
        _initializeCore(decimals_);
        name = name_;
        symbol = symbol_;
    }
}
