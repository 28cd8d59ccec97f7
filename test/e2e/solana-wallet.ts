import type { BrowserContext } from 'playwright-core';
import { Connection, type Keypair, VersionedTransaction } from '@solana/web3.js';

/**
 * A Wallet Standard Solana wallet for the browser, registered through the `wallet-standard:register-wallet`
 * event protocol (and answering `wallet-standard:app-ready`, whichever side loads first). Its keys live on
 * the Node side: `signTransaction` / `signAndSendTransaction` cross a Playwright binding, a web3.js Keypair
 * signs, and signAndSend broadcasts to the RPC at `rpcUrl` (sendTransaction). Every call is logged.
 */
export async function injectSolanaWallet(context: BrowserContext, opts: { keypair: Keypair; rpcUrl: string; canSend?: boolean; name?: string }) {
  const calls: Array<{ method: string }> = [];
  const conn = new Connection(opts.rpcUrl, 'confirmed');
  await context.exposeBinding('__testSolanaWallet', async (_src, method: string, txBase64: string) => {
    calls.push({ method });
    try {
      const tx = VersionedTransaction.deserialize(Buffer.from(txBase64, 'base64'));
      tx.sign([opts.keypair]);
      if (method === 'signTransaction') return { result: Buffer.from(tx.serialize()).toString('base64') };
      if (method === 'signAndSendTransaction') {
        await conn.sendRawTransaction(tx.serialize());
        return { result: Buffer.from(tx.signatures[0]!).toString('base64') };
      }
      return { error: `unsupported ${method}` };
    } catch (err) {
      return { error: (err as Error).message };
    }
  });
  const init = ({ address, publicKey, canSend, name }: { address: string; publicKey: number[]; canSend: boolean; name: string }) => {
    const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
    const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
    const call = async (method: string, tx: Uint8Array) => {
      const r = await (window as unknown as { __testSolanaWallet: (m: string, t: string) => Promise<{ result?: string; error?: string }> }).__testSolanaWallet(
        method,
        b64(tx),
      );
      if (r.error) throw new Error(r.error);
      return unb64(r.result!);
    };
    const chains = ['solana:mainnet'] as const;
    const accountFeatures = ['solana:signTransaction', ...(canSend ? ['solana:signAndSendTransaction'] : [])];
    const account = Object.freeze({ address, publicKey: new Uint8Array(publicKey), chains, features: accountFeatures });
    let accounts: (typeof account)[] = [];
    const features: Record<string, unknown> = {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          accounts = [account];
          return { accounts };
        },
      },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) =>
          Promise.all(inputs.map(async (i) => ({ signedTransaction: await call('signTransaction', i.transaction) }))),
      },
    };
    if (canSend) {
      features['solana:signAndSendTransaction'] = {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) =>
          Promise.all(inputs.map(async (i) => ({ signature: await call('signAndSendTransaction', i.transaction) }))),
      };
    }
    const wallet = {
      version: '1.0.0',
      name,
      icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiPjxyZWN0IHdpZHRoPSIxIiBoZWlnaHQ9IjEiIGZpbGw9IiM5OTQ1ZmYiLz48L3N2Zz4=',
      chains,
      features,
      get accounts() {
        return accounts;
      },
    };
    const register = ({ register }: { register: (w: unknown) => void }) => register(wallet);
    window.addEventListener('wallet-standard:app-ready', (e) => register((e as CustomEvent).detail));
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  };
  await context.addInitScript(init, {
    address: opts.keypair.publicKey.toBase58(),
    publicKey: [...opts.keypair.publicKey.toBytes()],
    canSend: opts.canSend ?? true,
    name: opts.name ?? 'Test Solana Wallet',
  });
  return { calls };
}
