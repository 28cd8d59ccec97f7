import { erc20Abi, type Address, type Hex } from 'viem';
import type { DevnetAccount } from '../../src/devnet/constants.js';
import type { DevnetFixture } from '../fixtures/devnet.js';

/** An EVM transaction as `POST /v1/orders` answers it (`tx`), with the approval it may need first. */
export interface BuiltEvmTx {
  to: Address;
  data: Hex;
  value: string;
  approval?: { token: Address; spender: Address; amount: string } | null;
}

/**
 * What the payer's wallet does with a built transaction on the devnet: the ERC-20 approval first when there is one,
 * then the transaction itself, each waited for. Returns the transaction's hash and its receipt status.
 */
export async function sendBuilt(devnet: DevnetFixture, payer: DevnetAccount, tx: BuiltEvmTx): Promise<{ hash: Hex; status: 'success' | 'reverted' }> {
  const wallet = devnet.walletClient(payer);
  if (tx.approval) {
    const a = await wallet.writeContract({
      address: tx.approval.token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [tx.approval.spender, BigInt(tx.approval.amount)],
    });
    await devnet.publicClient.waitForTransactionReceipt({ hash: a });
  }
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
  return { hash, status: (await devnet.publicClient.waitForTransactionReceipt({ hash })).status };
}
