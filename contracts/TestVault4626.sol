// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

/// @title TestVault4626
/// @notice Minimal ERC-4626-shaped vault for destination-call tests: `deposit(assets, receiver)` pulls the
///         assets from the caller and mints as many shares to `receiver`. `maxDeposit` caps one deposit, so a
///         test can make a deposit revert with the standard `ERC4626ExceededMaxDeposit` error.
/// @dev DEVNET ONLY; installed with anvil_setCode, so configured by `initialize`, not a constructor.
///      `creditSender` turns it into the broken vault that mints to `msg.sender` and ignores `receiver`.
contract TestVault4626 {
    error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max);

    address public asset;
    uint256 public cap;
    bool public creditSender;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares);

    function initialize(address asset_, uint256 cap_, bool creditSender_) external {
        require(asset == address(0), "initialized");
        asset = asset_;
        cap = cap_;
        creditSender = creditSender_;
    }

    function maxDeposit(address) public view returns (uint256) {
        return cap;
    }

    function deposit(uint256 assets, address receiver) external returns (uint256 shares) {
        if (assets > cap) revert ERC4626ExceededMaxDeposit(receiver, assets, cap);
        require(IERC20Like(asset).transferFrom(msg.sender, address(this), assets), "transfer failed");
        shares = assets;
        address owner = creditSender ? msg.sender : receiver;
        balanceOf[owner] += shares;
        totalSupply += shares;
        emit Deposit(msg.sender, owner, assets, shares);
    }

    function totalAssets() external view returns (uint256) {
        return IERC20Like(asset).balanceOf(address(this));
    }
}
