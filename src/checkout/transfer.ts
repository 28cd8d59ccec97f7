import { z } from 'zod';
import type { DepositAddress } from '../db/generated/client.js';
import type { DepositsService } from '../deposits/service.js';
import { SANDBOX_PROVIDER } from '../deposits/sandbox.js';
import { ApiError, isApiError, notFound } from '../errors.js';
import type { Infra } from '../infra.js';
import type { OrderView } from '../orders/views.js';
import { isNativeToken } from '../providers/native-tokens.js';
import { parseInput } from '../validation.js';
import type { CheckoutService } from './service.js';
import { transition } from './state.js';
import type { SessionView } from './views.js';

const chainRef = z.union([z.string().min(1).max(64), z.number().int()], { error: 'must be a chain id or slug' });
const str = (max = 200) => z.string({ error: 'must be a string' }).min(1, 'is required').max(max, `must be at most ${max} characters`).refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');

export const transferAddressSchema = z
  .object({
    srcChain: chainRef.meta({ description: 'The chain the payer sends on (id or slug).', example: 'arbitrum' }),
    srcToken: str().meta({ description: 'The token the payer sends (address, mint or curated symbol).', example: 'USDC' }),
    refundTo: str().meta({ description: "The payer's own wallet on `srcChain`, where a failed deposit is refunded (never an exchange deposit address).", example: '0x8ba1f109551bd432803012645ac136ddd64dba72' }),
  })
  .strict();

export const simulateTransferSchema = z
  .object({ depositAddressId: z.string().regex(/^da_test_[0-9A-Za-z]{1,64}$/, 'must be a test-mode deposit address id (da_test_…)').meta({ description: 'The address `/deposit-address` answered.' }) })
  .strict();

/** What the pay page shows for "pay by transfer". */
export interface TransferView {
  sessionId: string;
  depositAddressId: string;
  /** Where to send: a one-time address of the provider (the sandbox's fake one in test mode). */
  address: string;
  chainId: number;
  /** The token to send (address or mint). */
  token: string;
  tokenSymbol: string;
  tokenDecimals: number;
  /** Exactly this much (base units): the session amount plus the route's fees. Any other amount is refunded. */
  amount: string;
  /** What the merchant receives: the session amount of the settlement token. */
  amountDue: string;
  fees: { ourFeeBps: number; integratorFeeBps: number };
  /** An EIP-681 (EVM) or Solana Pay URI of the transfer, for a QR code or a wallet link. */
  uri: string;
  refundTo: string;
  livemode: boolean;
  /** `active` until a deposit arrives; the session's own status tells the rest. */
  status: 'awaiting_deposit' | 'deposit_received' | 'disabled';
  /** When the session (and so this offer) expires, ISO 8601. */
  expiresAt: string;
}

/** `ethereum:` (EIP-681) or `solana:` (Solana Pay) URI of exactly `amount` of the token to `address`. */
export function transferUri(vm: 'evm' | 'svm', a: { address: string; chainId: number; token: string; amount: bigint; decimals: number }): string {
  if (vm === 'svm') {
    const q = new URLSearchParams({ amount: decimalString(a.amount, a.decimals) });
    if (!isNativeToken('svm', a.token)) q.set('spl-token', a.token);
    return `solana:${a.address}?${q.toString()}`;
  }
  if (isNativeToken('evm', a.token)) return `ethereum:${a.address}@${a.chainId}?value=${a.amount.toString()}`;
  return `ethereum:${a.token}@${a.chainId}/transfer?address=${a.address}&uint256=${a.amount.toString()}`;
}

/** Base units as a decimal string without trailing zeros (`1500000`, 6 → `1.5`). */
export function decimalString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const s = amount.toString().padStart(decimals + 1, '0');
  const frac = s.slice(-decimals).replace(/0+$/, '');
  return frac ? `${s.slice(0, -decimals)}.${frac}` : s.slice(0, -decimals);
}

export interface TransferDeps extends Pick<Infra, 'log'> {
  checkout: Pick<CheckoutService, 'load' | 'recordPayment' | 'get'>;
  deposits: Pick<DepositsService, 'createForCheckout' | 'findById' | 'simulateAt'>;
  now(): number;
}

/**
 * Checkout "pay by transfer": the payer sends a plain transfer to a one-time deposit address made for the
 * session (in its account and mode) instead of connecting a wallet. The address delivers exactly the session
 * amount of the settlement token to the merchant's recipient; the deposit's order carries the session id, and
 * it pays the session as a routed payment (`onDepositOrder`), verified on chain like any other.
 */
export class TransferPayments {
  constructor(private readonly deps: TransferDeps) {}

  /** POST /v1/checkout/sessions/{id}/deposit-address (public). */
  async depositAddress(sessionId: string, body: unknown): Promise<TransferView> {
    const v = parseInput(transferAddressSchema, body);
    const { session } = await this.deps.checkout.load(sessionId);
    const r = transition(session.status, { type: 'payment_reported', now: this.deps.now(), expiresAt: session.expiresAt.getTime() });
    if (session.status !== 'open' || !r.ok) throw new ApiError('CONFLICT', `Checkout session ${session.id} is ${session.status}: it takes no new payment`);
    const a = await this.deps.deposits.createForCheckout({
      sessionId: session.id,
      accountId: session.accountId,
      livemode: session.livemode,
      srcChain: v.srcChain,
      srcToken: v.srcToken,
      refundTo: v.refundTo,
      dstChainId: session.settleChainId,
      dstToken: session.settleToken,
      recipient: session.recipient,
      dstAmount: session.amount,
    });
    return transferView(a, session.amount, session.expiresAt);
  }

  /**
   * POST /v1/checkout/sessions/{id}/deposit-address/simulate (test mode only): the payer's transfer, simulated
   * through the deposits sandbox (exactly the address's amount). A live session → FORBIDDEN.
   */
  async simulate(sessionId: string, body: unknown): Promise<SessionView> {
    const v = parseInput(simulateTransferSchema, body);
    const { session } = await this.deps.checkout.load(sessionId);
    if (session.livemode) throw new ApiError('FORBIDDEN', 'Simulated transfers exist in test mode only; a live session is paid by a real transfer');
    const a = await this.deps.deposits.findById(v.depositAddressId);
    if (!a || a.checkoutSessionId !== session.id || a.livemode || a.provider !== SANDBOX_PROVIDER) throw notFound('Deposit address');
    await this.deps.deposits.simulateAt(a, a.amount!);
    return this.deps.checkout.get(session.id, null);
  }

  /**
   * Every order change (wired in src/services.ts): a deposit made at a session's address is recorded as a routed
   * payment of that session (`quoteId` the deposit order), once; the verifier then follows the order and checks
   * its delivery to the merchant on chain. A deposit arriving after the session closed is logged (the provider
   * still delivers it to the merchant, who can refund it).
   */
  async onDepositOrder(order: OrderView): Promise<void> {
    if (!order.depositAddressId || !order.checkoutSessionId) return;
    if (order.status !== 'submitted' && order.status !== 'filled') return;
    const a = await this.deps.deposits.findById(order.depositAddressId);
    if (!a || a.checkoutSessionId !== order.checkoutSessionId) return;
    try {
      await this.deps.checkout.recordPayment(order.checkoutSessionId, {
        kind: 'routed',
        payer: a.refundTo,
        srcChainId: a.chainId,
        srcToken: a.token,
        srcAmount: order.amount,
        srcTxHash: order.srcTxHash,
        quoteId: order.quoteId,
        provider: a.provider,
      });
    } catch (err) {
      if (isApiError(err) && err.code === 'CONFLICT') {
        this.deps.log.warn({ err, quoteId: order.quoteId, sessionId: order.checkoutSessionId }, 'deposit for a checkout session that no longer takes payments; not recorded');
        return;
      }
      throw err;
    }
  }
}

export function transferView(a: DepositAddress, amountDue: string, expiresAt: Date): TransferView {
  const vm = /^0x/.test(a.address) ? 'evm' : 'svm';
  const amount = a.amount ?? '0';
  return {
    sessionId: a.checkoutSessionId ?? '',
    depositAddressId: a.id,
    address: a.address,
    chainId: a.chainId,
    token: a.token,
    tokenSymbol: a.tokenSymbol,
    tokenDecimals: a.tokenDecimals,
    amount,
    amountDue,
    fees: { ourFeeBps: a.ourFeeBps, integratorFeeBps: a.integratorFeeBps },
    uri: transferUri(vm, { address: a.address, chainId: a.chainId, token: a.token, amount: BigInt(amount), decimals: a.tokenDecimals }),
    refundTo: a.refundTo,
    livemode: a.livemode,
    status: a.status === 'disabled' ? 'disabled' : a.depositCount > 0 ? 'deposit_received' : 'awaiting_deposit',
    expiresAt: expiresAt.toISOString(),
  };
}

export const transferViewSchema = z.object({
  sessionId: z.string(),
  depositAddressId: z.string(),
  address: z.string(),
  chainId: z.number().int(),
  token: z.string(),
  tokenSymbol: z.string(),
  tokenDecimals: z.number().int(),
  amount: z.string().meta({ description: 'Exactly this much (base units): the session amount plus the route fees. Any other amount is refunded.' }),
  amountDue: z.string().meta({ description: 'What the merchant receives (settlement token base units).' }),
  fees: z.object({ ourFeeBps: z.number().int(), integratorFeeBps: z.number().int() }),
  uri: z.string().meta({ description: 'EIP-681 (EVM) or Solana Pay URI of the transfer.' }),
  refundTo: z.string(),
  livemode: z.boolean(),
  status: z.enum(['awaiting_deposit', 'deposit_received', 'disabled']),
  expiresAt: z.string(),
});
