// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnerWallet} from "./OwnerWallet.sol";

/// @title OwnerWalletFactory
/// @notice Deploys `OwnerWallet`s with CREATE2, so a wallet's address is known before it exists: the
///         counterfactual account of EIP-6492 (a signature wrapped with this factory and `deploy`'s calldata
///         verifies before the wallet is deployed). DEVNET ONLY.
contract OwnerWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        address predicted = addressOf(owner, salt);
        if (predicted.code.length > 0) return predicted;
        wallet = address(new OwnerWallet{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(OwnerWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
