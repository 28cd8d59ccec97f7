import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { createStore, type EIP1193Provider, type EIP6963ProviderDetail } from 'mipd';
import { ApiFailure } from './gql';
import { postJson } from './rest';

/**
 * Wallet discovery and sign-in. EVM wallets announce themselves through EIP-6963 (mipd's store listens and asks);
 * Solana wallets register with the wallet standard (`getWallets`). Signing in: ask the server for a challenge for
 * the wallet's address, have the wallet sign its `message` (EVM `personal_sign`, Solana `solana:signMessage`), and
 * send nonce and signature back; the answer sets the session cookie.
 */
export interface FoundWallet {
  id: string;
  name: string;
  /** A data: URL (EIP-6963 and the wallet standard both require one); shown as the wallet's icon. */
  icon: string;
  kind: 'evm' | 'solana';
  signIn(): Promise<void>;
}

interface Challenge {
  nonce: string;
  message: string;
  expiresAt: string;
}

/** Follows the wallets found; returns the stop function. */
export function watchWallets(onChange: (wallets: FoundWallet[]) => void): () => void {
  const store = createStore();
  const standard = getWallets();
  const emit = () => onChange([...store.getProviders().map(evmWallet), ...standard.get().filter(isSolanaSigner).map(solanaWallet)]);
  const offStore = store.subscribe(emit);
  const offRegister = standard.on('register', emit);
  const offUnregister = standard.on('unregister', emit);
  emit();
  return () => {
    offStore();
    offRegister();
    offUnregister();
    store.destroy();
  };
}

const utf8Hex = (s: string) => `0x${[...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/** A wallet's refusal (EIP-1193 code 4001) as a failure people understand. */
function walletFailure(err: unknown): ApiFailure {
  if (err instanceof ApiFailure) return err;
  const e = err as { code?: number; message?: string };
  if (e?.code === 4001) return new ApiFailure('WALLET_REJECTED', 'The wallet declined the request.');
  return new ApiFailure('WALLET_ERROR', `The wallet failed: ${e?.message ?? String(err)}`);
}

function evmWallet(d: EIP6963ProviderDetail): FoundWallet {
  const provider: EIP1193Provider = d.provider;
  return {
    id: `evm:${d.info.uuid}`,
    name: d.info.name,
    icon: d.info.icon,
    kind: 'evm',
    async signIn() {
      let address: string;
      let chainId: number;
      try {
        const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
        if (!accounts[0]) throw new ApiFailure('WALLET_ERROR', 'The wallet shared no account.');
        address = accounts[0];
        chainId = Number.parseInt((await provider.request({ method: 'eth_chainId' })) as string, 16);
      } catch (err) {
        throw walletFailure(err);
      }
      const challenge = await postJson<Challenge>('/v1/auth/challenge', { address, chainType: 'evm', chainId });
      let signature: string;
      try {
        signature = (await provider.request({
          method: 'personal_sign',
          params: [utf8Hex(challenge.message) as `0x${string}`, address as `0x${string}`],
        })) as string;
      } catch (err) {
        throw walletFailure(err);
      }
      await postJson('/v1/auth/sign-in', { nonce: challenge.nonce, signature });
    },
  };
}

type SignMessageFeature = {
  'solana:signMessage': { signMessage(input: { account: WalletAccount; message: Uint8Array }): Promise<Array<{ signature: Uint8Array }>> };
};
type ConnectFeature = { 'standard:connect': { connect(): Promise<{ accounts: readonly WalletAccount[] }> } };

const isSolanaSigner = (w: Wallet) => w.chains.some((c) => c.startsWith('solana:')) && 'solana:signMessage' in w.features && 'standard:connect' in w.features;

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function solanaWallet(w: Wallet): FoundWallet {
  return {
    id: `solana:${w.name}`,
    name: w.name,
    icon: w.icon,
    kind: 'solana',
    async signIn() {
      const features = w.features as unknown as SignMessageFeature & ConnectFeature;
      let account: WalletAccount;
      try {
        const { accounts } = await features['standard:connect'].connect();
        const found = accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0];
        if (!found) throw new ApiFailure('WALLET_ERROR', 'The wallet shared no account.');
        account = found;
      } catch (err) {
        throw walletFailure(err);
      }
      const challenge = await postJson<Challenge>('/v1/auth/challenge', { address: account.address, chainType: 'solana' });
      let signature: Uint8Array;
      try {
        const [out] = await features['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode(challenge.message) });
        if (!out) throw new ApiFailure('WALLET_ERROR', 'The wallet returned no signature.');
        signature = out.signature;
      } catch (err) {
        throw walletFailure(err);
      }
      await postJson('/v1/auth/sign-in', { nonce: challenge.nonce, signature: base64(signature) });
    },
  };
}
