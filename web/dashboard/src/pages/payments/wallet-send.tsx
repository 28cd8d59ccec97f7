import { useEffect, useState } from 'preact/hooks';
import { createStore, type EIP6963ProviderDetail } from 'mipd';
import { ErrorNotice } from '../../components/ui';
import { ApiFailure } from '../../gql';

/**
 * Sends a built EVM transaction (a refund's transfer) from a browser wallet found through EIP-6963: asks for the
 * account, checks it is the one that must sign, switches the wallet to the transaction's chain, sends, and hands
 * the hash back. The merchant's funds move only by the wallet's own confirmation.
 */
export function WalletSend({
  tx,
  from,
  onSent,
}: {
  tx: { chainId: number; to: string; data: string; value: string };
  from: string;
  onSent: (hash: string) => void;
}) {
  const [wallets, setWallets] = useState<readonly EIP6963ProviderDetail[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    const store = createStore();
    setWallets(store.getProviders());
    const off = store.subscribe(() => setWallets(store.getProviders()));
    return () => {
      off();
      store.destroy();
    };
  }, []);
  if (!wallets.length) return <p class="hint">No browser wallet found: send the transfer from the signer's wallet and paste its hash below.</p>;
  const send = async (w: EIP6963ProviderDetail) => {
    setBusy(true);
    setError(null);
    try {
      const accounts = (await w.provider.request({ method: 'eth_requestAccounts' })) as string[];
      const account = accounts.find((a) => a.toLowerCase() === from.toLowerCase());
      if (!account) throw new ApiFailure('WALLET_ERROR', `Switch the wallet to the account ${from}: only it can send this refund.`);
      const chainHex = `0x${tx.chainId.toString(16)}` as `0x${string}`;
      const current = (await w.provider.request({ method: 'eth_chainId' })) as string;
      if (Number.parseInt(current, 16) !== tx.chainId) await w.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex }] });
      const hash = (await w.provider.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: account as `0x${string}`,
            to: tx.to as `0x${string}`,
            data: tx.data as `0x${string}`,
            value: `0x${BigInt(tx.value).toString(16)}` as `0x${string}`,
          },
        ],
      })) as string;
      onSent(hash);
    } catch (err) {
      const e = err as { code?: number; message?: string };
      setError(
        err instanceof ApiFailure
          ? err
          : e?.code === 4001
            ? new ApiFailure('WALLET_REJECTED', 'The wallet declined the request.')
            : new ApiFailure('WALLET_ERROR', `The wallet failed: ${e?.message ?? String(err)}`),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="actions">
      {wallets.map((w) => (
        <button key={w.info.uuid} type="button" disabled={busy} onClick={() => void send(w)}>
          Send with {w.info.name}
        </button>
      ))}
      <ErrorNotice error={error} />
    </div>
  );
}
