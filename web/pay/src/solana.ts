import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import bs58 from 'bs58';

/**
 * Solana wallets through the Wallet Standard: `getWallets()` finds every wallet that registered (before or
 * after this page loaded, via the `wallet-standard:register-wallet` / `app-ready` events). A wallet qualifies
 * when it can connect, knows Solana mainnet, and can sign a transaction (`solana:signAndSendTransaction`, or
 * `solana:signTransaction` with the page handing the signed bytes to the service to broadcast).
 */
const SOLANA_MAINNET = 'solana:mainnet';

type Features = Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;

export interface SolanaWalletChoice {
  id: string;
  name: string;
  icon?: string;
  wallet: Wallet;
}

const features = (w: Wallet) => w.features as unknown as Features;
const canSign = (w: Wallet) => 'solana:signAndSendTransaction' in w.features || 'solana:signTransaction' in w.features;

export function discoverSolanaWallets(onChange: (wallets: SolanaWalletChoice[]) => void): void {
  const api = getWallets();
  const emit = () =>
    onChange(
      api
        .get()
        .filter((w) => w.chains.includes(SOLANA_MAINNET) && 'standard:connect' in w.features && canSign(w))
        .map((w) => ({ id: `sol:${w.name}`, name: w.name, icon: w.icon, wallet: w })),
    );
  api.on('register', emit);
  api.on('unregister', emit);
  emit();
}

export async function connectSolana(w: Wallet): Promise<WalletAccount> {
  const { accounts } = (await features(w)['standard:connect']!.connect!()) as { accounts: readonly WalletAccount[] };
  const account = accounts.find((a) => a.chains.includes(SOLANA_MAINNET)) ?? accounts[0];
  if (!account) throw new Error('The wallet shared no Solana account');
  return account;
}

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const toBase64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

/** Whether the wallet can broadcast itself; otherwise the page signs only and the service broadcasts. */
export const canSend = (w: Wallet) => 'solana:signAndSendTransaction' in w.features;

/** Signs and sends a base64 transaction; returns the signature (base58), the transaction's id on Solana. */
export async function signAndSend(w: Wallet, account: WalletAccount, serializedTx: string): Promise<string> {
  const [out] = (await features(w)['solana:signAndSendTransaction']!.signAndSendTransaction!({
    account,
    transaction: fromBase64(serializedTx),
    chain: SOLANA_MAINNET,
    options: { commitment: 'confirmed' },
  })) as Array<{ signature: Uint8Array }>;
  if (!out?.signature?.length) throw new Error('The wallet returned no signature');
  return bs58.encode(out.signature);
}

/** Signs only; returns the signed transaction (base64) for the service to broadcast. */
export async function signOnly(w: Wallet, account: WalletAccount, serializedTx: string): Promise<string> {
  const [out] = (await features(w)['solana:signTransaction']!.signTransaction!({
    account,
    transaction: fromBase64(serializedTx),
    chain: SOLANA_MAINNET,
  })) as Array<{ signedTransaction: Uint8Array }>;
  if (!out?.signedTransaction?.length) throw new Error('The wallet returned no signed transaction');
  return toBase64(out.signedTransaction);
}
