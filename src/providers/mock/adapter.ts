import { createPublicClient, createWalletClient, erc20Abi, http, parseEventLogs, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import {
  EVM_NATIVE,
  type Provider,
  type ProviderCapabilities,
  type ProviderOrderStatus,
  type ProviderQuote,
  type ProviderTx,
  type QuoteRequest,
  type StoredQuote,
  capabilities,
} from '../types.js';
import { mockErrors } from './errors.js';
import { mockQuote, mockTransaction, readOrder } from './mapping.js';
import { MOCK_SPREAD_BPS, outputFor, usdPrice } from './pricing.js';
import { mockContext } from './schemas.js';
import { mockOutcome } from './status.js';

/**
 * Mock provider for local development (MOCK_PROVIDER=1, never in production). Quotes any pair on the
 * configured EVM devnet chains at a deterministic price and builds REAL transactions: the user's
 * transaction pays the mock market maker (an anvil account), and once it is mined `status` has the maker
 * send the quoted output to the recipient, then reports `filled`. Inputs whose amount ends in 4002 report
 * `failed` (nothing is sent); 4001 is refunded to the sender (`refunded`).
 *
 * ERC-20 inputs are pulled through Multicall3 (`aggregate3` → `transferFrom(sender, maker, amount)`), so
 * the wallet approves Multicall3 first, exactly like a real aggregator's spender. That is only acceptable
 * on a throw-away devnet: anyone can spend an approval given to Multicall3. The mock therefore refuses any
 * chain whose RPC URL is not a loopback address.
 *
 * The fill instructions travel as a trailer after the calldata (ignored on chain). `status` re-derives the
 * price from what was actually paid and never sends more than that price allows. When the quote's fees have EVM
 * recipients (FEE_RECIPIENT_EVM, the partner's `feeRecipientEvm`), the trailer carries each fee leg and the maker
 * pays it out of the input at fill, to its recipient: the on-chain side of the fee ledger (docs/ledger.md). A fee
 * without a recipient stays with the maker.
 */

/** Anvil account 9 (public test key), the devnet's maker (src/devnet/constants.ts). */
const MOCK_MAKER = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6');

const isLoopbackUrl = (url: string) => {
  try {
    const h = new URL(url).hostname;
    return h === 'localhost' || h === '127.0.0.1' || h === '[::1]' || h === '::1';
  } catch {
    return false;
  }
};

export interface MockOptions {
  chains: number[];
  rpcUrls: Record<number, string>;
  clock: Clock;
  log: Logger;
}

export class MockProvider implements Provider {
  readonly id = 'mock' as const;
  readonly capabilities: ProviderCapabilities = capabilities({ tracksStatus: true, exactOutput: true });
  private clients = new Map<number, PublicClient>();
  private fills = new Map<string, Promise<ProviderOrderStatus>>();
  private makerQueue: Promise<unknown> = Promise.resolve();

  constructor(private o: MockOptions) {}

  private localChain(chainId: number) {
    const url = this.o.rpcUrls[chainId];
    return this.o.chains.includes(chainId) && !!url && isLoopbackUrl(url);
  }

  private client(chainId: number): PublicClient {
    let c = this.clients.get(chainId);
    if (!c) {
      c = createPublicClient({ transport: http(this.o.rpcUrls[chainId], { retryCount: 0 }), pollingInterval: 50, cacheTime: 0 }) as PublicClient;
      this.clients.set(chainId, c);
    }
    return c;
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean {
    return req.srcVm === 'evm' && req.dstVm === 'evm' && this.localChain(req.src.chainId) && this.localChain(req.dst.chainId);
  }

  async quote(req: QuoteRequest): Promise<ProviderQuote> {
    return mockQuote(req, MOCK_MAKER.address.toLowerCase(), Math.floor(this.o.clock.now() / 1000));
  }

  async build(stored: StoredQuote): Promise<ProviderTx> {
    const ctx = mockContext.safeParse(stored.quote.context);
    if (!ctx.success) throw mockErrors.noContext();
    return mockTransaction(stored, ctx.data, MOCK_MAKER.address);
  }

  /** `id` is the source transaction hash. The first call after it is mined performs the fill (once per process). */
  status(id: string): Promise<ProviderOrderStatus> {
    const done = this.fills.get(id);
    if (done) return done;
    const p = this.settle(id).then(
      (s) => {
        if (s.state === 'pending') this.fills.delete(id);
        return s;
      },
      (err: unknown) => {
        this.fills.delete(id);
        throw err;
      },
    );
    this.fills.set(id, p);
    return p;
  }

  private async settle(hash: string): Promise<ProviderOrderStatus> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw mockErrors.notATxHash();
    for (const chainId of this.o.chains.filter((c) => this.localChain(c))) {
      const client = this.client(chainId);
      const tx = await client.getTransaction({ hash: hash as Hex }).catch(() => null);
      if (!tx) continue;
      if (!tx.blockNumber) return { state: 'pending', srcTxHash: hash };
      const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
      if (receipt.status !== 'success') return { state: 'failed', srcTxHash: hash };
      const order = readOrder(tx.input);
      if (!order) throw mockErrors.notAnOrder();
      const paid = this.paidAmount(tx, receipt);
      if (!paid) return { state: 'failed', srcTxHash: hash };
      const outcome = mockOutcome(paid.amount);
      if (outcome === 'failed') return { state: 'failed', srcTxHash: hash };
      if (outcome === 'refunded') {
        const refund = await this.send(chainId, paid.token, tx.from, paid.amount);
        return { state: 'refunded', srcTxHash: hash, dstTxHash: refund };
      }
      if (!this.localChain(order.dstChainId)) return { state: 'failed', srcTxHash: hash };
      // The fees first, out of what was paid, each to its recipient (they are what the fee ledger records): never
      // more than the fee rate the order was priced with allows.
      const fees = order.fees.reduce((a, f) => a + f.amount, 0n);
      if (fees > (paid.amount * BigInt(Math.max(0, order.feeBps - MOCK_SPREAD_BPS))) / 10_000n) throw mockErrors.overpaid();
      for (const f of order.fees) await this.send(chainId, paid.token, f.recipient, f.amount);
      const fill = await this.send(order.dstChainId, order.dstToken, order.recipient, order.dstAmount, { paid, feeBps: order.feeBps });
      return { state: 'filled', srcTxHash: hash, dstTxHash: fill };
    }
    throw mockErrors.unknownTx(hash);
  }

  /** What the maker received in this transaction: native value, or an ERC-20 Transfer to the maker. */
  private paidAmount(
    tx: { to: string | null; value: bigint },
    receipt: { logs: Parameters<typeof parseEventLogs>[0]['logs'] },
  ): { token: string; amount: bigint } | undefined {
    const maker = MOCK_MAKER.address.toLowerCase();
    if (tx.to?.toLowerCase() === maker && tx.value > 0n) return { token: EVM_NATIVE, amount: tx.value };
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter((l) => l.args.to.toLowerCase() === maker);
    if (transfers.length !== 1) return undefined;
    return { token: transfers[0].address.toLowerCase(), amount: transfers[0].args.value };
  }

  /** Sends from the maker, one transaction at a time (nonces). */
  private send(
    chainId: number,
    token: string,
    to: string,
    amount: bigint,
    check?: { paid: { token: string; amount: bigint }; feeBps: number },
  ): Promise<string> {
    const run = async () => {
      if (check) await this.assertPriced(chainId, token, amount, check);
      const wallet = createWalletClient({ account: MOCK_MAKER, transport: http(this.o.rpcUrls[chainId], { retryCount: 0 }) });
      const chain = {
        id: chainId,
        name: `devnet-${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [this.o.rpcUrls[chainId]] } },
      };
      const hash =
        token === EVM_NATIVE
          ? await wallet.sendTransaction({ chain, to: to as Hex, value: amount })
          : await wallet.writeContract({ chain, address: token as Hex, abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] });
      const receipt = await this.client(chainId).waitForTransactionReceipt({ hash, timeout: 30_000 });
      if (receipt.status !== 'success') throw mockErrors.makerReverted(hash);
      return hash;
    };
    const next = this.makerQueue.then(run, run);
    this.makerQueue = next.catch(() => {});
    return next;
  }

  /** Never pay out more than the deterministic price of what was actually paid allows. */
  private async assertPriced(chainId: number, token: string, amount: bigint, c: { paid: { token: string; amount: bigint }; feeBps: number }) {
    const meta = async (chain: number, address: string) => {
      if (address === EVM_NATIVE) return { symbol: 'ETH', decimals: 18 };
      const client = this.client(chain);
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address: address as Hex, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address: address as Hex, abi: erc20Abi, functionName: 'decimals' }),
      ]);
      return { symbol, decimals };
    };
    const [src, dst] = await Promise.all([meta(chainId, c.paid.token), meta(chainId, token)]);
    const su = usdPrice(src);
    const du = usdPrice(dst);
    const feeBps = Math.max(c.feeBps, MOCK_SPREAD_BPS);
    if (!su || !du || amount > outputFor(c.paid.amount, { decimals: src.decimals, usd: su }, { decimals: dst.decimals, usd: du }, feeBps)) {
      throw mockErrors.overpaid();
    }
  }
}
