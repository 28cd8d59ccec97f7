// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title NativeVault
/// @notice Takes native coin for a named owner (`depositFor`), or for the caller (`deposit`, like WETH's).
///         Destination-call tests use it for a native output: the first credits `recipient`, the second the
///         executor. DEVNET ONLY.
contract NativeVault {
    mapping(address => uint256) public balanceOf;

    function depositFor(address owner) external payable {
        require(msg.value > 0, "NativeVault: nothing sent");
        balanceOf[owner] += msg.value;
    }

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
    }
}
