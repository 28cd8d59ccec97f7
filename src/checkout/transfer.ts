import { z } from 'zod';
import type { CheckoutSession, DepositAddress, Order, Prisma } from '../db/generated/client.js';
import type { DepositRecordedListener, DepositsService } from '../deposits/service.js';
import { SANDBOX_PROVIDER } from '../deposits/state.js';
import { ApiError, isApiError, notFound } from '../errors.js';
import type { Handles } from '../handles.js';
import { isNativeToken } from '../providers/native-tokens.js';
import type { SimulateTransfer, TransferAddressRequest } from './input.js';
import type { CheckoutService } from './service.js';
import { transition } from './state.js';
import type { SessionView } from './views.js';

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
  /** Where a refund goes: the refund address the address was made with (the provider fixed it then). */
  refundTo: string;
  livemode: boolean;
  /** `awaiting_deposit` until a deposit arrives; `disabled` once the session closed; the session's own status tells the rest. */
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

type Tx = Prisma.TransactionClient;

export interface TransferDeps extends Pick<Handles, 'log'> {
  checkout: Pick<CheckoutService, 'load' | 'recordPayment' | 'get' | 'withLockedSession' | 'assertTakesPayments'>;
  deposits: Pick<DepositsService, 'createForCheckout' | 'findById' | 'simulateAt' | 'disableForCheckoutSession'>;
  now(): number;
}

/** Whether a session in this status can take a payment at all (open, or processing for a second payer). */
const takesPayments = (status: CheckoutSession['status']) => transition(status, { type: 'payment_reported', now: 0, expiresAt: Number.POSITIVE_INFINITY }).ok;

/**
 * Checkout "pay by transfer": the payer sends a plain transfer to a one-time deposit address made for the
 * session (in its account and mode) instead of connecting a wallet. The address delivers exactly the session
 * amount of the settlement token to the merchant's recipient; the deposit's order carries the session id, and
 * it pays the session as a routed payment, recorded in the deposit's own transaction (`depositListener`) and
 * verified on chain like any other. A session has a bounded number of addresses (src/deposits/state.ts
 * `planCheckoutAddress`), and they are all disabled in the transaction that closes the session (`onSessionStatus`).
 */
export class TransferPayments {
  constructor(private readonly deps: TransferDeps) {}

  /**
   * POST /v1/checkout/sessions/{id}/deposit-address (public). One address per source chain and token, at most
   * `CHECKOUT_ADDRESS_PAIRS` of them per session (CONFLICT beyond); asked again for a pair, the same address
   * while it is unused, with the refund address it was made with (the provider fixed it then).
   */
  async depositAddress(sessionId: string, v: TransferAddressRequest): Promise<TransferView> {
    const { session } = await this.deps.checkout.load(sessionId);
    this.assertOpen(session);
    await this.deps.checkout.assertTakesPayments(session);
    // The address row is written under the session's lock, the session checked open again there: an address is
    // never made for a session that closed meanwhile (its addresses were disabled in the closing transaction).
    const lock = <T>(fn: (tx: Tx) => Promise<T>) =>
      this.deps.checkout.withLockedSession(session.id, async (tx, s) => {
        this.assertOpen(s);
        return fn(tx);
      });
    const a = await this.deps.deposits.createForCheckout(
      {
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
      },
      lock,
    );
    return transferView(a, session.amount, session.expiresAt);
  }

  private assertOpen(s: CheckoutSession) {
    const r = transition(s.status, { type: 'payment_reported', now: this.deps.now(), expiresAt: s.expiresAt.getTime() });
    if (s.status !== 'open' || !r.ok) throw new ApiError('CONFLICT', `Checkout session ${s.id} is ${s.status}: it takes no new payment`);
  }

  /**
   * POST /v1/checkout/sessions/{id}/deposit-address/simulate (test mode only): the payer's transfer, simulated
   * through the deposits sandbox (exactly the address's amount). A live session → FORBIDDEN.
   */
  async simulate(sessionId: string, v: SimulateTransfer): Promise<SessionView> {
    const { session } = await this.deps.checkout.load(sessionId);
    if (session.livemode) throw new ApiError('FORBIDDEN', 'Simulated transfers exist in test mode only; a live session is paid by a real transfer');
    const a = await this.deps.deposits.findById(v.depositAddressId);
    if (!a || a.checkoutSessionId !== session.id || a.livemode || a.provider !== SANDBOX_PROVIDER) throw notFound('Deposit address');
    await this.deps.deposits.simulateAt(a, a.amount!);
    return this.deps.checkout.get(session.id, null);
  }

  /**
   * Wired to DepositsService.onDepositRecorded (src/services.ts): a deposit at a session's address is recorded as a
   * routed payment of that session (`quoteId` the deposit order) INSIDE the deposit's transaction, so the deposit
   * order and the session's payment commit together or not at all; the verifier then follows the order and
   * checks its delivery to the merchant on chain. `lock` takes the session's lock before the deposit locks the
   * address (the order every session transaction that disables addresses takes too).
   *
   * A deposit for a session that no longer takes payments (closed, or open past its expiry) is real all the same:
   * it is recorded, not refused. The session is read under its lock first and the payment skipped (logged) with
   * no failing statement, since a failed statement would abort the whole transaction on Postgres; the provider
   * still delivers the deposit to the merchant, who can refund it.
   */
  readonly depositListener: DepositRecordedListener = {
    lock: async (tx, address) => {
      if (!address.checkoutSessionId) return;
      await this.deps.checkout
        .withLockedSession(address.checkoutSessionId, async () => {}, tx)
        .catch((err: unknown) => {
          // A session that does not exist is no reason to refuse a real deposit (the lookup is a plain read).
          if (isApiError(err) && err.code === 'NOT_FOUND') return;
          throw err;
        });
    },
    recorded: (tx, order, address) => this.recordDepositPayment(tx, order, address),
  };

  private async recordDepositPayment(tx: Tx, order: Order, a: DepositAddress): Promise<void> {
    const sessionId = order.checkoutSessionId;
    if (!sessionId || a.checkoutSessionId !== sessionId) return;
    const log = { quoteId: order.quoteId, sessionId, depositAddressId: a.id };
    let session: CheckoutSession;
    try {
      session = await this.deps.checkout.withLockedSession(sessionId, async (_tx, s) => s, tx);
    } catch (err) {
      if (isApiError(err) && err.code === 'NOT_FOUND')
        return void this.deps.log.warn(log, 'deposit for a checkout session that does not exist; not recorded on it');
      throw err;
    }
    const r = transition(session.status, { type: 'payment_reported', now: this.deps.now(), expiresAt: session.expiresAt.getTime() });
    if (!r.ok) {
      this.deps.log.warn(
        { ...log, status: session.status, reason: r.error },
        'deposit for a checkout session that no longer takes payments; recorded as an order, not as a payment of the session',
      );
      return;
    }
    try {
      await this.deps.checkout.recordPayment(
        sessionId,
        {
          kind: 'routed',
          payer: a.refundTo,
          srcChainId: a.chainId,
          srcToken: a.token,
          srcAmount: order.amount,
          srcTxHash: order.srcTxHash,
          quoteId: order.quoteId,
          provider: a.provider,
          // Seen by the provider already (the deposit is on chain): not a payer's claim.
          seen: true,
        },
        tx,
      );
    } catch (err) {
      // recordPayment's own refusals (the transaction already reported for another session…) come from reads
      // before any write; a statement that failed (a unique violation) leaves the transaction aborted, and the
      // deposit's next statement fails it: rolled back, retried by the next detection.
      if (isApiError(err) && err.code === 'CONFLICT')
        return void this.deps.log.warn({ ...log, err }, 'deposit not recorded as a payment of its checkout session');
      throw err;
    }
  }

  /**
   * Wired to checkout.onStatusChange (runs INSIDE the status-change transaction, under the session's lock): a
   * session that can no longer take a payment (paid, expired by time or by the merchant, under review) has every
   * address disabled in that same transaction. Their detection stops; deposits already recorded keep being
   * followed by the order poller.
   */
  async onSessionStatus(tx: Tx, _before: CheckoutSession, after: CheckoutSession): Promise<void> {
    if (takesPayments(after.status)) return;
    const n = await this.deps.deposits.disableForCheckoutSession(tx, after.id);
    if (n) this.deps.log.info({ sessionId: after.id, status: after.status, disabled: n }, 'checkout session closed: its deposit addresses are disabled');
  }
}

function transferView(a: DepositAddress, amountDue: string, expiresAt: Date): TransferView {
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
  refundTo: z.string().meta({
    description:
      'Where a refund of the transfer goes: the refund address the deposit address was made with (fixed then; asked again with another one, the same address answers).',
  }),
  livemode: z.boolean(),
  status: z.enum(['awaiting_deposit', 'deposit_received', 'disabled']),
  expiresAt: z.string(),
});
