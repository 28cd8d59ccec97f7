import type { PublicClient } from 'viem';
import type { Connection } from '@solana/web3.js';
import type { ProviderOrderStatus, Vm } from './types.js';

/**
 * Providers that cannot track their orders (same-chain aggregators: 0x, KyberSwap, Jupiter; their own status is
 * always `unknown`, see `OrderState` in src/providers/types.ts) settle the swap inside the source transaction itself, so that transaction's on-chain outcome is
 * the order's outcome: mined and successful → filled (delivered by that same transaction), reverted → failed,
 * not seen yet → pending. Which chain family to ask is the chain's VM in the chain registry, never a chain id.
 */
export interface OnChainSettlementDeps {
  rpc: { evm(chainId: number): Pick<PublicClient, 'getTransactionReceipt'>; solana(): Pick<Connection, 'getSignatureStatus'> };
  /** The chain's VM from the chain registry (src/assets/chains.ts); undefined for a chain it does not know. */
  vmOf(chainId: number): Vm | undefined;
}

export type OnChainSettlement = (order: { srcChainId: number; srcTxHash: string }) => Promise<ProviderOrderStatus>;

export function onChainSettlement(deps: OnChainSettlementDeps): OnChainSettlement {
  return async ({ srcChainId, srcTxHash }) => {
    const vm = deps.vmOf(srcChainId);
    if (vm === 'svm') {
      const { value: v } = await deps.rpc.solana().getSignatureStatus(srcTxHash, { searchTransactionHistory: true });
      if (!v || (v.confirmationStatus !== 'confirmed' && v.confirmationStatus !== 'finalized')) return { state: 'pending', srcTxHash };
      return v.err ? { state: 'failed', srcTxHash } : { state: 'filled', srcTxHash, dstTxHash: srcTxHash };
    }
    if (vm === 'evm') {
      const receipt = await deps.rpc
        .evm(srcChainId)
        .getTransactionReceipt({ hash: srcTxHash as `0x${string}` })
        .catch((err: unknown) => {
          if ((err as { name?: string }).name === 'TransactionReceiptNotFoundError') return null;
          throw err;
        });
      if (!receipt) return { state: 'pending', srcTxHash };
      return receipt.status === 'success' ? { state: 'filled', srcTxHash, dstTxHash: srcTxHash } : { state: 'failed', srcTxHash };
    }
    // The poller logs it and asks again later; nothing is decided about a chain we cannot read.
    throw new Error(`chain ${srcChainId} is not in the chain registry; cannot read its transactions`);
  };
}
