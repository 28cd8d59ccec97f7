/**
 * Injected EVM wallets: EIP-6963 discovery (every installed wallet announces itself), with the legacy
 * `window.ethereum` as a fallback, and the few EIP-1193 calls a payment needs.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface WalletChoice {
  id: string;
  name: string;
  icon?: string;
  provider: Eip1193Provider;
}

interface AnnounceDetail {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

export function discoverWallets(onChange: (wallets: WalletChoice[]) => void): void {
  const found = new Map<string, WalletChoice>();
  window.addEventListener('eip6963:announceProvider', (e) => {
    const d = (e as CustomEvent<AnnounceDetail>).detail;
    if (!d?.info?.uuid || !d.provider) return;
    found.set(d.info.uuid, { id: d.info.uuid, name: d.info.name, icon: d.info.icon, provider: d.provider });
    onChange([...found.values()]);
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  // Wallets that predate EIP-6963 only set window.ethereum.
  setTimeout(() => {
    const legacy = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
    if (!found.size && legacy) {
      found.set('legacy', { id: 'legacy', name: 'Browser wallet', provider: legacy });
    }
    onChange([...found.values()]);
  }, 400);
}

export async function connect(p: Eip1193Provider): Promise<string> {
  const accounts = (await p.request({ method: 'eth_requestAccounts' })) as string[];
  if (!accounts?.length) throw new Error('The wallet shared no account');
  return accounts[0]!;
}

export async function ensureChain(p: Eip1193Provider, chainId: number): Promise<void> {
  const current = Number.parseInt(String(await p.request({ method: 'eth_chainId' })), 16);
  if (current === chainId) return;
  await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] });
}

export async function sendTransaction(p: Eip1193Provider, tx: { from: string; to: string; data: string; value: string }): Promise<string> {
  return (await p.request({
    method: 'eth_sendTransaction',
    params: [{ from: tx.from, to: tx.to, data: tx.data, value: `0x${BigInt(tx.value).toString(16)}` }],
  })) as string;
}

/** Waits for a receipt through the wallet's own node; true when the transaction succeeded. */
export async function waitForReceipt(p: Eip1193Provider, hash: string, timeoutMs = 180_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = (await p.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status?: string } | null;
    if (r?.status) return r.status === '0x1';
    await new Promise((res) => setTimeout(res, 500));
  }
  throw new Error('The transaction was not mined in time');
}

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/** ERC-20 approve(spender, amount) calldata. */
export function approveData(spender: string, amount: string): string {
  return `0x095ea7b3${word(spender)}${word(BigInt(amount).toString(16))}`;
}
