import {
  createPublicClient,
  createWalletClient,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEventLogs,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
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
import { inputFor, MOCK_SPREAD_BPS, outputFor, usdPrice } from './pricing.js';

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
 * price from what was actually paid and never sends more than that price allows.
 */

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** Anvil account 9 (public test key), the devnet's maker (src/devnet/constants.ts). */
export const MOCK_MAKER = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6');
const MAGIC = '4d4f434b4f524452'; // "MOCKORDR"
const TRAILER_PARAMS = [
  { type: 'uint256', name: 'dstChainId' },
  { type: 'address', name: 'dstToken' },
  { type: 'address', name: 'recipient' },
  { type: 'uint256', name: 'dstAmount' },
  { type: 'uint256', name: 'feeBps' },
] as const;
const aggregate3Abi = [
  {
    type: 'function',
    name: 'aggregate3',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    outputs: [
      {
        name: 'returnData',
        type: 'tuple[]',
        components: [
          { name: 'success', type: 'bool' },
          { name: 'returnData', type: 'bytes' },
        ],
      },
    ],
  },
] as const;

export const isLoopbackUrl = (url: string) => {
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
    const su = usdPrice(req.src);
    const du = usdPrice(req.dst);
    if (!su || !du) throw new ApiError('NO_ROUTE', `mock: no price for ${!su ? req.src.symbol : req.dst.symbol}`);
    const feeBps = req.fees.ourFeeBps + req.fees.partnerFeeBps + MOCK_SPREAD_BPS;
    const src = { decimals: req.src.decimals, usd: su };
    const dst = { decimals: req.dst.decimals, usd: du };
    const srcAmount = req.tradeType === 'EXACT_INPUT' ? req.amount : inputFor(req.amount, src, dst, feeBps);
    const dstAmount = req.tradeType === 'EXACT_INPUT' ? outputFor(req.amount, src, dst, feeBps) : req.amount;
    if (dstAmount <= 0n) throw new ApiError('AMOUNT_TOO_SMALL', 'mock: amount too small to quote');
    return {
      srcAmount,
      dstAmount,
      // The maker sends exactly dstAmount; slippage cannot occur.
      dstAmountMin: dstAmount,
      estimatedSeconds: req.src.chainId === req.dst.chainId ? 5 : 30,
      ourFeeBps: req.fees.ourFeeBps,
      partnerFeeBps: req.fees.partnerFeeBps,
      expiresAt: Math.floor(this.o.clock.now() / 1000) + 120,
      context: { maker: MOCK_MAKER.address.toLowerCase(), feeBps },
    };
  }

  async build(stored: StoredQuote): Promise<ProviderTx> {
    const { request: r, quote: q } = stored;
    const trailer =
      encodeAbiParameters(TRAILER_PARAMS, [
        BigInt(r.dst.chainId),
        r.dst.address as Hex,
        r.recipient as Hex,
        q.dstAmount,
        BigInt(q.context.feeBps as number),
      ]).slice(2) + MAGIC;
    if (r.src.address === EVM_NATIVE) {
      return { vm: 'evm', chainId: r.src.chainId, to: MOCK_MAKER.address.toLowerCase(), data: `0x${trailer}`, value: q.srcAmount.toString() };
    }
    const pull = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [r.sender as Hex, MOCK_MAKER.address, q.srcAmount] });
    const data = encodeFunctionData({
      abi: aggregate3Abi,
      functionName: 'aggregate3',
      args: [[{ target: r.src.address as Hex, allowFailure: false, callData: pull }]],
    });
    return { vm: 'evm', chainId: r.src.chainId, to: MULTICALL3.toLowerCase(), data: data + trailer, value: '0', spender: MULTICALL3.toLowerCase() };
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
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new ApiError('ORDER_NOT_FOUND', 'mock: orders are tracked by their source transaction hash');
    for (const chainId of this.o.chains.filter((c) => this.localChain(c))) {
      const client = this.client(chainId);
      const tx = await client.getTransaction({ hash: hash as Hex }).catch(() => null);
      if (!tx) continue;
      if (!tx.blockNumber) return { state: 'pending', srcTxHash: hash };
      const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
      if (receipt.status !== 'success') return { state: 'failed', srcTxHash: hash };
      const input = tx.input.slice(2);
      if (!input.endsWith(MAGIC)) throw new ApiError('ORDER_NOT_FOUND', 'mock: not a mock order transaction');
      const [dstChainId, dstToken, recipient, dstAmount, feeBps] = decodeAbiParameters(
        TRAILER_PARAMS,
        `0x${input.slice(input.length - MAGIC.length - 5 * 64, input.length - MAGIC.length)}`,
      );
      const paid = this.paidAmount(tx, receipt);
      if (!paid) return { state: 'failed', srcTxHash: hash };
      if (paid.amount.toString().endsWith('4002')) return { state: 'failed', srcTxHash: hash };
      if (paid.amount.toString().endsWith('4001')) {
        const refund = await this.send(chainId, paid.token, tx.from, paid.amount);
        return { state: 'refunded', srcTxHash: hash, dstTxHash: refund };
      }
      if (!this.localChain(Number(dstChainId))) return { state: 'failed', srcTxHash: hash };
      const fill = await this.send(Number(dstChainId), dstToken.toLowerCase(), recipient, dstAmount, { paid, feeBps: Number(feeBps) });
      return { state: 'filled', srcTxHash: hash, dstTxHash: fill };
    }
    throw new ApiError('ORDER_NOT_FOUND', `mock: transaction ${hash} is not known on the devnet`);
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
      if (receipt.status !== 'success') throw new ApiError('PROVIDER_ERROR', `mock: maker transfer ${hash} reverted`);
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
      throw new ApiError('PROVIDER_ERROR', 'mock: order asks for more than the paid amount buys; not filled');
    }
  }
}

export function createMockProvider(config: Config, log: Logger, deps: { clock: Clock }): MockProvider {
  return new MockProvider({ chains: config.MOCK_CHAINS.map(Number).filter(Number.isInteger), rpcUrls: config.rpcUrls, clock: deps.clock, log });
}
