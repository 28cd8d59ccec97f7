// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title OwnerWallet
/// @notice The smallest ERC-1271 contract wallet: a signature is valid for the wallet when it is the owner's
///         secp256k1 signature of the hash asked about. Wallet sign-in tests use it as a smart-contract account
///         (deployed, for EIP-1271) and, through `OwnerWalletFactory`, as a counterfactual one (EIP-6492).
///         DEVNET ONLY.
contract OwnerWallet {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e; // bytes4(keccak256("isValidSignature(bytes32,bytes)"))
    // secp256k1n / 2: a larger s is the malleable twin of a valid signature (EIP-2).
    uint256 internal constant HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > HALF_N) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}
