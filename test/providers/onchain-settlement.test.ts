import { describe, expect, it } from 'vitest';
import { ChainRegistry } from '../../src/assets/chains.js';
import { createLogger } from '../../src/log.js';
import { onChainSettlement } from '../../src/providers/onchain-settlement.js';

/**
 * Same-chain aggregators (0x, KyberSwap, Jupiter) cannot track orders; the source transaction's outcome is
 * the order's. Which RPC is asked follows the chain's VM in the chain registry.
 */
const registry = new ChainRegistry(() => [], createLogger('silent'), 1000);
const EVM_HASH = `0x${'ab'.repeat(32)}`;
const SIG = '5'.repeat(88);

function fakeRpc(o: { receipt?: { status: 'success' | 'reverted' } | 'missing'; signature?: { confirmationStatus?: string; err: unknown } | null }) {
  const asked: string[] = [];
  return {
    asked,
    rpc: {
      evm: (chainId: number) => ({
        getTransactionReceipt: async ({ hash }: { hash: string }) => {
          asked.push(`evm:${chainId}:${hash}`);
          if (o.receipt === 'missing' || !o.receipt) throw Object.assign(new Error('not found'), { name: 'TransactionReceiptNotFoundError' });
          return o.receipt as never;
        },
      }),
      solana: () => ({
        getSignatureStatus: async (sig: string) => {
          asked.push(`svm:${sig}`);
          return { context: { slot: 1 }, value: o.signature ?? null } as never;
        },
      }),
    },
  };
}

const settle = (rpc: ReturnType<typeof fakeRpc>['rpc'], vmOf = (id: number) => registry.info(id)?.vm) => onChainSettlement({ rpc: rpc as never, vmOf });

describe('on-chain settlement of untracked orders', () => {
  it('EVM chains (by the registry): a mined success fills, a revert fails, no receipt is pending', async () => {
    const ok = fakeRpc({ receipt: { status: 'success' } });
    expect(await settle(ok.rpc)({ srcChainId: 8453, srcTxHash: EVM_HASH })).toEqual({ state: 'filled', srcTxHash: EVM_HASH, dstTxHash: EVM_HASH });
    expect(ok.asked).toEqual([`evm:8453:${EVM_HASH}`]);
    expect(await settle(fakeRpc({ receipt: { status: 'reverted' } }).rpc)({ srcChainId: 42161, srcTxHash: EVM_HASH })).toEqual({
      state: 'failed',
      srcTxHash: EVM_HASH,
    });
    expect(await settle(fakeRpc({ receipt: 'missing' }).rpc)({ srcChainId: 1, srcTxHash: EVM_HASH })).toEqual({ state: 'pending', srcTxHash: EVM_HASH });
  });

  it('Solana (by the registry): confirmed without error fills, with an error fails, processed or unseen is pending', async () => {
    const solana = registry.list().find((c) => c.vm === 'svm')!.id;
    const ok = fakeRpc({ signature: { confirmationStatus: 'finalized', err: null } });
    expect(await settle(ok.rpc)({ srcChainId: solana, srcTxHash: SIG })).toEqual({ state: 'filled', srcTxHash: SIG, dstTxHash: SIG });
    expect(ok.asked).toEqual([`svm:${SIG}`]);
    expect(
      await settle(fakeRpc({ signature: { confirmationStatus: 'confirmed', err: { InstructionError: [0, 'Custom'] } } }).rpc)({
        srcChainId: solana,
        srcTxHash: SIG,
      }),
    ).toEqual({ state: 'failed', srcTxHash: SIG });
    expect(await settle(fakeRpc({ signature: { confirmationStatus: 'processed', err: null } }).rpc)({ srcChainId: solana, srcTxHash: SIG })).toEqual({
      state: 'pending',
      srcTxHash: SIG,
    });
    expect(await settle(fakeRpc({ signature: null }).rpc)({ srcChainId: solana, srcTxHash: SIG })).toEqual({ state: 'pending', srcTxHash: SIG });
  });

  it('decides by VM, not by a chain id: any id the registry calls svm is read on Solana', async () => {
    const f = fakeRpc({ signature: { confirmationStatus: 'confirmed', err: null } });
    expect((await settle(f.rpc, (id) => (id === 424242 ? 'svm' : undefined))({ srcChainId: 424242, srcTxHash: SIG })).state).toBe('filled');
    expect(f.asked).toEqual([`svm:${SIG}`]);
  });

  it('a chain the registry does not know is not guessed at (the poller retries later)', async () => {
    const f = fakeRpc({ receipt: { status: 'success' } });
    await expect(settle(f.rpc)({ srcChainId: 999_999_999, srcTxHash: EVM_HASH })).rejects.toThrow(/not in the chain registry/);
    expect(f.asked).toEqual([]);
  });
});
