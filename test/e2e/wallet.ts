import type { BrowserContext } from 'playwright-core';
import type { Hex } from 'viem';
import type { DevnetFixture } from '../fixtures/devnet.js';

/**
 * An injected EIP-1193 wallet for the browser, announced through EIP-6963 and backed by an anvil account on
 * the Node side: the page calls `request()`, the call crosses to Node through a Playwright binding, and a viem
 * wallet client signs and sends for real. Every call is logged for assertions.
 */
export async function injectTestWallet(context: BrowserContext, devnet: DevnetFixture, accountIndex: number) {
  const account = devnet.accounts[accountIndex]!;
  const wallet = devnet.walletClient(account);
  const calls: Array<{ method: string; params: unknown[] }> = [];
  const chainHex = `0x${devnet.chainId.toString(16)}`;

  await context.exposeBinding('__testWalletRequest', async (_source, method: string, params: unknown[]) => {
    calls.push({ method, params });
    try {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return { result: [account.address] };
        case 'eth_chainId':
          return { result: chainHex };
        case 'wallet_switchEthereumChain': {
          const want = (params[0] as { chainId: string }).chainId.toLowerCase();
          if (want !== chainHex) return { error: { code: 4902, message: `Unrecognized chain ${want}` } };
          return { result: null };
        }
        case 'eth_sendTransaction': {
          const tx = params[0] as { from: string; to: Hex; data?: Hex; value?: string };
          if (tx.from.toLowerCase() !== account.address.toLowerCase()) return { error: { code: 4100, message: 'unknown from address' } };
          const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n });
          return { result: hash };
        }
        case 'personal_sign': {
          // EIP-1193 personal_sign: [message as 0x hex of its UTF-8 bytes, address]; signed as EIP-191 by the account.
          const [raw, from] = params as [Hex, string];
          if (from.toLowerCase() !== account.address.toLowerCase()) return { error: { code: 4100, message: 'unknown from address' } };
          return { result: await wallet.signMessage({ message: { raw } }) };
        }
        case 'eth_getTransactionReceipt':
        case 'eth_blockNumber':
        case 'eth_getBalance':
        case 'eth_call':
          return { result: await devnet.publicClient.request({ method: method as 'eth_blockNumber', params: params as never }) };
        default:
          return { error: { code: 4200, message: `Unsupported method ${method}` } };
      }
    } catch (err) {
      return { error: { code: -32000, message: (err as Error).message } };
    }
  });

  await context.addInitScript(() => {
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const r = await (
          window as unknown as { __testWalletRequest: (m: string, p: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }> }
        ).__testWalletRequest(method, params ?? []);
        if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
        return r.result;
      },
      on() {},
      removeListener() {},
    };
    const info = {
      uuid: '5f0c8a3e-8d1b-4c51-9a0e-3b7f6f2d9c11',
      name: 'Test Wallet',
      rdns: 'dev.swapgate.testwallet',
      icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiPjxyZWN0IHdpZHRoPSIxIiBoZWlnaHQ9IjEiIGZpbGw9IiMxZDRlZDgiLz48L3N2Zz4=',
    };
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
  return { account, calls };
}
