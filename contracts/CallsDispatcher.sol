// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title CallsDispatcher
/// @notice Read-only stand-in for a provider's executor while the service simulates destination calls with
///         `eth_call`: its runtime is put at the executor's address through a state override, so every call
///         it makes has the executor as `msg.sender`, exactly as at fill time. Never deployed.
/// @dev One `run` executes the calls in order and measures, for each watched token, the executor's and the
///      recipient's balance before and after. A revert stops the run with `CallReverted(index, reason)`.
///      The runtime is embedded in src/quotes/calls/dispatcher.ts (a test keeps the two identical).
contract CallsDispatcher {
    struct Call {
        address to;
        bytes data;
        uint256 value;
    }

    error CallReverted(uint256 index, bytes reason);

    /// @param watch tokens to measure (address(0) = the native coin)
    /// @return gasUsed gas each call used
    /// @return before balances before the calls: watch[i] of the executor at 2i, of the recipient at 2i+1
    /// @return afterwards the same after the calls
    function run(Call[] calldata calls, address recipient, address[] calldata watch)
        external
        returns (uint256[] memory gasUsed, uint256[] memory before, uint256[] memory afterwards)
    {
        before = _balances(recipient, watch);
        gasUsed = new uint256[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            uint256 start = gasleft();
            (bool ok, bytes memory reason) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            gasUsed[i] = start - gasleft();
            if (!ok) revert CallReverted(i, reason);
        }
        afterwards = _balances(recipient, watch);
    }

    function _balances(address recipient, address[] calldata watch) private view returns (uint256[] memory out) {
        out = new uint256[](watch.length * 2);
        for (uint256 i = 0; i < watch.length; i++) {
            out[2 * i] = _balanceOf(watch[i], address(this));
            out[2 * i + 1] = _balanceOf(watch[i], recipient);
        }
    }

    /// A token without balanceOf (or one that reverts) reads as 0: watching it then proves nothing either way.
    function _balanceOf(address token, address holder) private view returns (uint256) {
        if (token == address(0)) return holder.balance;
        (bool ok, bytes memory ret) = token.staticcall(abi.encodeWithSelector(0x70a08231, holder));
        if (!ok || ret.length < 32) return 0;
        return abi.decode(ret, (uint256));
    }

    // Targets that hand the executor an NFT or native coin call back; accept like a real executor would.
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return 0x150b7a02;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return 0xf23a6e61;
    }

    receive() external payable {}
}
