import type { Prisma as PrismaClient } from '../db/client.js';
import type { LimitOrder as LimitOrderRow, Prisma } from '../db/generated/client.js';
import type { PgPubSub } from '../db/pubsub.js';
import { NEWEST_FIRST, after, decodeCursor, encodeCursor, pageOf, type Page } from '../db/keyset.js';
import { withLockedRow } from '../db/locked-row.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { Handles } from '../handles.js';
import type { LimitOrdersConfig } from './config.js';
import type { KeyAuth } from '../accounts/service.js';
import { ApiError, invalidParams, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { parseDateTimeInput } from '../validation.js';
import { recordEvent, type TransactionClient } from '../events/outbox.js';
import { withProviderTimeout } from '../providers/deadline.js';
import type { LimitOrderVenue } from '../providers/limit-order-venue.js';
import { SOLANA_CHAIN_ID } from '../providers/types.js';
import { type AssetsApi, type TokenInfo, decideFees, defaultChannel, type FeeSettings } from '../quotes/service.js';
import type { Channel } from '../quotes/input.js';
import type { PartnersService } from '../partners/service.js';
import { LIMIT_ORDER_ID, type CancelLimitOrders, type CreateLimitOrder, type ListLimitOrders, type SubmitLimitOrder } from './input.js';
import { eventForStatus, isFinalLimitOrder, LIMIT_ORDER_SUBMIT_GRACE_MS, transition, type LimitOrderStatus } from './state.js';
import { limitOrderTopic } from './topics.js';
import { limitOrderView, type CreatedLimitOrder, type LimitOrderCancellation, type LimitOrderView, type SvmTx } from './views.js';

export type LimitOrderTrigger = LimitOrderVenue;

export interface LimitOrdersDeps extends Pick<Handles, 'log' | 'clock'> {
  config: LimitOrdersConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS' | 'FEE_RECIPIENT_SOLANA'>;
  prisma: PrismaClient;
  pubsub: Pick<PgPubSub, 'publishMany'>;
  assets: AssetsApi;
  partners: Pick<PartnersService, 'forApiKey' | 'forIntegrator'>;
  feeSettings: FeeSettings;
  trigger: LimitOrderTrigger;
  /** Whether the Jupiter provider is loaded (`PROVIDERS`); without it nothing can be created, signed or cancelled. */
  enabled: boolean;
  /** Mints among those given that carry a Token-2022 transfer fee. */
  transferFeeMints(mints: string[]): Promise<Set<string>>;
  /** Asks the fill poller (jobs.ts) to run now. */
  wakePoller(): void;
}

export interface LimitOrderCaller {
  auth: KeyAuth | null;
}

const PROVIDER = 'jupiter';
const TEN = 10n;
const U64_MAX = 2n ** 64n - 1n;
/** 9999-12-31T23:59:59Z: later (or unrepresentable) expiry times are refused, not stored as invalid dates. */
const MAX_EXPIRY_MS = Date.UTC(9999, 11, 31, 23, 59, 59);
/** Trigger batches cancels this many orders per transaction. */
const CANCELS_PER_TX = 5;

const svmTx = (serializedTx: string): SvmTx => ({ vm: 'svm', serializedTx, submitViaApi: true });

/** Another writer (the poller, a concurrent request) moved the order between this request's read and its write. */
const changedMeanwhile = (id: string) => new ApiError('CONFLICT', `Limit order ${id} changed while this request ran; read it again before retrying`, { id });

/** Writes a limit order event (cancelled, expired) in the caller's transaction; keyless orders have no account to notify. */
export async function recordLimitOrderEvent(tx: TransactionClient, r: LimitOrderRow, type: string, at: Date) {
  if (!r.accountId) return;
  await recordEvent(tx, { accountId: r.accountId, livemode: r.livemode, type, resourceId: r.id, data: { limitOrder: limitOrderView(r) }, createdAt: at });
}

/**
 * Solana limit orders through the Trigger protocol: create (the unsigned transaction that opens the order on
 * chain), submit (the wallet-signed bytes, forwarded unchanged; or the signature of a transaction sent
 * elsewhere), get, list, cancel one or many (transactions to sign, then submit). Fills are followed by the
 * poller in jobs.ts. A key is optional: a keyed order belongs to its account and mode; a keyless one is
 * readable by its id and listed by maker.
 */
export class LimitOrdersService {
  constructor(private readonly d: LimitOrdersDeps) {}

  private get timeoutMs() {
    return this.d.config.PROVIDER_TIMEOUT_MS;
  }

  private call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return withProviderTimeout(PROVIDER, this.timeoutMs, fn);
  }

  /** Creating, submitting and cancelling go through the provider: refused when this instance does not load it. */
  private assertEnabled() {
    if (!this.d.enabled)
      throw new ApiError('NO_ROUTE', 'Limit orders go through the jupiter provider, which this service does not load (PROVIDERS)', { provider: PROVIDER });
  }

  async create(p: CreateLimitOrder, caller: LimitOrderCaller): Promise<CreatedLimitOrder> {
    this.assertEnabled();
    if (!this.d.trigger.isAddress(p.maker)) throw invalidParams('maker', 'must be a base58 Solana address');
    const [inTok, outTok] = await Promise.all([
      this.d.assets.resolveToken(SOLANA_CHAIN_ID, p.inputToken, 'inputToken'),
      this.d.assets.resolveToken(SOLANA_CHAIN_ID, p.outputToken, 'outputToken'),
    ]);
    const inputMint = this.d.trigger.mintOf(inTok.address);
    const outputMint = this.d.trigger.mintOf(outTok.address);
    if (inputMint === outputMint) throw invalidParams('outputToken', 'must differ from inputToken');
    const making = BigInt(p.makingAmount);
    const taking = p.takingAmount !== undefined ? BigInt(p.takingAmount) : takingFromPrice(making, p.limitPrice!, inTok.decimals, outTok.decimals);
    if (taking <= 0n) throw invalidParams('limitPrice', 'gives a taking amount of 0 base units; raise the price or the amount');
    // SPL token amounts are u64 on chain: anything larger cannot be an order (nor fit the stored amounts).
    if (making > U64_MAX)
      throw new ApiError('AMOUNT_TOO_LARGE', `makingAmount: at most ${U64_MAX} base units (a Solana token amount)`, {
        field: 'makingAmount',
        maximum: U64_MAX.toString(),
      });
    if (taking > U64_MAX) {
      const field = p.takingAmount !== undefined ? 'takingAmount' : 'limitPrice';
      throw new ApiError('AMOUNT_TOO_LARGE', `${field}: the taking amount ${taking} is above ${U64_MAX} base units (a Solana token amount)`, {
        field,
        maximum: U64_MAX.toString(),
      });
    }
    const now = this.d.clock.now();
    let expiresAt: Date | undefined;
    if (p.expiresAt !== undefined) {
      // A string passed the shared strict rule (src/validation.ts): read it with the same parser.
      expiresAt = typeof p.expiresAt === 'number' ? new Date(p.expiresAt * 1000) : (parseDateTimeInput(p.expiresAt) ?? new Date(NaN));
      if (!Number.isFinite(expiresAt.getTime()) || expiresAt.getTime() > MAX_EXPIRY_MS)
        throw invalidParams('expiresAt', 'must be a time before the year 10000');
      if (expiresAt.getTime() <= now + 60_000) throw invalidParams('expiresAt', 'must be at least a minute in the future');
    }
    this.checkMinimum(inTok, making);
    const taxed = await this.d.transferFeeMints([inputMint, outputMint]).catch((err: unknown) => {
      this.d.log.warn({ err }, 'mint read for transfer fees failed; the provider checks too');
      return new Set<string>();
    });
    for (const [mint, field] of [
      [inputMint, 'inputToken'],
      [outputMint, 'outputToken'],
    ] as const) {
      if (taxed.has(mint))
        throw new ApiError('UNSUPPORTED_TOKEN', `${field}: ${mint} is a Token-2022 mint with a transfer fee; limit orders do not support it`, { field });
    }

    const channel: Channel = p.channel ?? defaultChannel(!!caller.auth);
    const [keyPartner, integratorPartner] = await Promise.all([
      caller.auth ? this.d.partners.forApiKey(caller.auth.keyId) : null,
      p.integrator ? this.d.partners.forIntegrator(p.integrator) : null,
    ]);
    const decided = decideFees(this.d.feeSettings, { channel, keyPartner, integratorPartner, requestedPartnerFeeBps: p.integratorFeeBps });
    // The fee rides on the order as Trigger's `feeBps` to the referral `feeAccount`; without one, no fee is carried.
    const feeAccount = this.d.config.FEE_RECIPIENT_SOLANA;
    const ourFeeBps = feeAccount ? decided.ourFeeBps : 0;
    const partnerFeeBps = feeAccount ? decided.partnerFeeBps : 0;

    const created = await this.call((signal) =>
      this.d.trigger.createOrder(
        {
          inputMint,
          outputMint,
          maker: p.maker,
          payer: p.maker,
          makingAmount: making,
          takingAmount: taking,
          ...(expiresAt ? { expiredAt: Math.floor(expiresAt.getTime() / 1000) } : {}),
          ...(feeAccount && ourFeeBps + partnerFeeBps > 0 ? { feeBps: ourFeeBps + partnerFeeBps, feeAccount } : {}),
        },
        signal,
      ),
    );
    const signers = this.d.trigger.requiredSigners(created.transaction);
    if (!signers) throw new ApiError('PROVIDER_ERROR', 'jupiter returned a transaction that is not a base64 versioned Solana transaction');
    if (!signers.includes(p.maker)) throw new ApiError('PROVIDER_ERROR', 'jupiter returned a transaction the maker does not sign');

    const at = new Date(now);
    const row = await this.d.prisma.limitOrder.create({
      data: {
        id: newId('lo'),
        accountId: caller.auth?.accountId ?? null,
        livemode: caller.auth?.mode === 'live',
        provider: PROVIDER,
        status: 'pending_signature',
        maker: p.maker,
        inputMint,
        outputMint,
        inputDecimals: inTok.decimals,
        outputDecimals: outTok.decimals,
        makingAmount: making.toString(),
        takingAmount: taking.toString(),
        expiresAt: expiresAt ?? null,
        channel,
        ourFeeBps,
        partnerFeeBps,
        partnerId: decided.partner?.id ?? null,
        providerOrderId: created.order,
        requestId: created.requestId,
        pendingTxs: [created.transaction],
        pendingAction: 'open',
        // The poller first looks when the signing window has passed (an unsigned order then fails).
        nextPollAt: new Date(now + this.d.config.LIMIT_ORDER_SIGN_WINDOW_MS),
        createdAt: at,
        updatedAt: at,
      },
    });
    const view = limitOrderView(row);
    await this.publish(view);
    return { ...view, tx: svmTx(created.transaction) };
  }

  /** The provider's own minimum is reported by it; this refuses earlier what is surely below it. */
  private checkMinimum(token: TokenInfo, amount: bigint) {
    const minUsd = this.d.config.LIMIT_ORDER_MIN_USD;
    if (!(minUsd > 0) || token.priceUsd === undefined || !(token.priceUsd > 0)) return;
    const priceAtto = BigInt(Math.round(token.priceUsd * 1e18));
    if (priceAtto === 0n) return;
    const minAtto = BigInt(Math.round(minUsd * 1e6)) * 10n ** 12n;
    if ((amount * priceAtto) / TEN ** BigInt(token.decimals) >= minAtto) return;
    const minimum = (minAtto * TEN ** BigInt(token.decimals) + priceAtto - 1n) / priceAtto;
    throw new ApiError(
      'AMOUNT_TOO_SMALL',
      `makingAmount: a limit order must be worth at least ${minUsd} USD (about ${minimum} base units of ${token.symbol})`,
      {
        field: 'makingAmount',
        minimumUsd: minUsd,
        minimum: minimum.toString(),
      },
    );
  }

  /**
   * Sends the maker-signed transaction the order handed out (create or cancel) to the provider, bytes unchanged,
   * or records the signature of one the maker sent through their own RPC (the poller then confirms it).
   */
  async submit(id: string, p: SubmitLimitOrder, caller: LimitOrderCaller): Promise<LimitOrderView> {
    if (!LIMIT_ORDER_ID.test(id)) throw notFound('Limit order');
    this.assertEnabled();
    const row = await this.owned(id, caller);
    if (!row.pendingAction) throw new ApiError('CONFLICT', `Limit order ${id} has no transaction waiting for a signature (status ${row.status})`);
    const now = new Date(this.d.clock.now());
    if (p.signature) {
      // Looked at now; an order the provider does not list yet gets time to appear (state.ts `openFailsAtMs`).
      const data: Prisma.LimitOrderUpdateManyMutationInput =
        row.pendingAction === 'open'
          ? { openTxHash: p.signature, nextPollAt: now, updatedAt: now }
          : { closeTxHash: p.signature, nextPollAt: now, updatedAt: now };
      const w = await this.d.prisma.limitOrder.updateMany({ where: { id: row.id, version: row.version }, data: { ...data, version: { increment: 1 } } });
      if (w.count !== 1) throw changedMeanwhile(id);
      this.d.wakePoller();
      return this.publishRow(row.id);
    }
    const signed = p.signedTransaction!;
    const message = this.d.trigger.messageOf(signed);
    if (!message) throw invalidParams('signedTransaction', 'must be a base64 serialized Solana versioned transaction');
    const pending = (row.pendingTxs as string[]).find((t) => this.d.trigger.messageOf(t) === message);
    if (!pending) throw invalidParams('signedTransaction', 'is not a transaction this limit order handed out (or it was already submitted)');
    if (row.pendingAction === 'open') {
      // A lease before the provider lands the order: the poller must not find it unsigned past its signing window
      // and fail it while the create transaction is in flight (its version guard fails, and its next look waits).
      // `updatedAt` marks the hand-over: the poller gives the order time to appear at the provider from then on.
      const leaseMs = this.timeoutMs + Math.max(this.d.config.LIMIT_ORDER_POLL_INTERVAL_MS, LIMIT_ORDER_SUBMIT_GRACE_MS);
      const w = await this.d.prisma.limitOrder.updateMany({
        where: { id: row.id, version: row.version, pendingAction: 'open' },
        data: { nextPollAt: new Date(now.getTime() + leaseMs), updatedAt: now, version: { increment: 1 } },
      });
      if (w.count !== 1) throw changedMeanwhile(id);
    }
    const { signature } = await this.call((signal) => this.d.trigger.execute(row.requestId, signed, signal));

    if (row.pendingAction === 'open') {
      // Under the row's lock, so the state moved from is the one written over (the poller may fail it meanwhile).
      const lock = {
        table: 'limit_orders',
        id: row.id,
        read: (tx: TransactionClient) => tx.limitOrder.findUnique({ where: { id: row.id } }),
        missing: () => notFound('Limit order'),
      };
      const moved = await withLockedRow(this.d.prisma, lock, async (tx, fresh) => {
        if (fresh.pendingAction !== 'open') {
          // A concurrent submit of the same bytes got here first; or the order was closed meanwhile, which the
          // lease and the poller's look at the provider should make impossible: an operator must know.
          if (isFinalLimitOrder(fresh.status as LimitOrderStatus))
            this.d.log.error({ id: row.id, status: fresh.status, signature }, 'limit order create transaction landed after the order was closed');
          return [];
        }
        const next = transition(stateOf(fresh), { type: 'opened' });
        await tx.limitOrder.update({
          where: { id: row.id },
          data: {
            status: next.status,
            openTxHash: signature,
            pendingAction: null,
            pendingTxs: [],
            nextPollAt: new Date(now.getTime() + this.d.config.LIMIT_ORDER_POLL_INTERVAL_MS),
            updatedAt: now,
            version: { increment: 1 },
          },
        });
        return [row.id];
      });
      this.d.wakePoller();
      await Promise.all(moved.map((m) => this.publishRow(m)));
      return this.view(row.id);
    }
    // A cancel transaction: every order of the same cancel request it covers is cancelled now.
    const moved = await this.d.prisma.$transaction(async (tx) => {
      // The batch is read under its rows' locks (in id order, as cancel() writes them): the poller may have seen
      // the cancel land and finalised an order meanwhile (its event sent), and a concurrent submit of the same
      // bytes may have got here first. A row either moved no longer waits for a cancel, so it is not read here.
      const locked = await tx.$queryRawUnsafe<Array<{ id: string }>>(
        `SELECT id FROM limit_orders WHERE request_id = $1 AND pending_action = 'cancel' ORDER BY id COLLATE "C" FOR UPDATE`,
        row.requestId,
      );
      const batch = await tx.limitOrder.findMany({ where: { id: { in: locked.map((l) => l.id) } } });
      const out: string[] = [];
      for (const o of batch) {
        const txs = o.pendingTxs as string[];
        if (!txs.some((t) => this.d.trigger.messageOf(t) === message)) continue;
        const next = transition(stateOf(o), { type: 'cancel_landed' });
        const updated = await tx.limitOrder.update({
          where: { id: o.id },
          data: {
            status: next.status,
            closeTxHash: signature,
            pendingAction: null,
            pendingTxs: [],
            updatedAt: now,
            version: { increment: 1 },
            // Closed from the fills recorded so far: the poller looks at it now, and keeps looking while it settles,
            // for a fill the provider lists only later (jobs.ts LIMIT_ORDER_SETTLE_MS).
            nextPollAt: now,
            ...(isFinalLimitOrder(next.status) ? { finalizedAt: now } : {}),
          },
        });
        if (next.status !== o.status) {
          const type = eventForStatus(next.status);
          if (type) await recordLimitOrderEvent(tx, updated, type, now);
        }
        out.push(o.id);
      }
      return out;
    });
    if (moved.length) this.d.wakePoller();
    await this.publishIds(moved);
    return this.view(row.id);
  }

  /** Cancels one or more open orders of one maker: the transactions to sign, then submit. */
  async cancel({ ids }: CancelLimitOrders, caller: LimitOrderCaller): Promise<LimitOrderCancellation> {
    this.assertEnabled();
    const unique = [...new Set(ids)];
    const rows = await Promise.all(unique.map((id) => this.owned(id, caller)));
    const makers = new Set(rows.map((r) => r.maker));
    if (makers.size !== 1) throw invalidParams('ids', 'all orders must belong to the same maker');
    for (const r of rows) {
      if (r.status !== 'open' && r.status !== 'partially_filled')
        throw new ApiError('CONFLICT', `Limit order ${r.id} cannot be cancelled (status ${r.status})`, { id: r.id });
    }
    const maker = rows[0].maker;
    const keys = rows.map((r) => r.providerOrderId);
    const res = await this.call((signal) =>
      keys.length === 1 ? this.d.trigger.cancelOrder(maker, keys[0], signal) : this.d.trigger.cancelOrders(maker, keys, signal),
    );
    for (const t of res.transactions) {
      if (!this.d.trigger.requiredSigners(t)?.includes(maker))
        throw new ApiError('PROVIDER_ERROR', 'jupiter returned a cancel transaction the maker does not sign');
    }
    // The provider batches cancels a fixed number of orders per transaction, in the order sent: each order
    // keeps the transaction that covers it (all of them when the split is not the expected one).
    const chunked = res.transactions.length === Math.ceil(keys.length / CANCELS_PER_TX);
    const now = new Date(this.d.clock.now());
    // Written in id order (submit locks them in that order), and only while still cancellable: an order the
    // poller finalised meanwhile is a conflict, not an order waiting for a cancel it no longer needs.
    const byId = [...rows.entries()].sort(([, a], [, b]) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await this.d.prisma.$transaction(async (tx) => {
      for (const [i, r] of byId) {
        const mine = chunked ? [res.transactions[Math.floor(i / CANCELS_PER_TX)]] : res.transactions;
        const w = await tx.limitOrder.updateMany({
          where: { id: r.id, status: { in: ['open', 'partially_filled'] } },
          data: { requestId: res.requestId, pendingAction: 'cancel', pendingTxs: mine, updatedAt: now, version: { increment: 1 } },
        });
        if (w.count !== 1) throw changedMeanwhile(r.id);
      }
    });
    return { ids: rows.map((r) => r.id), txs: res.transactions.map(svmTx) };
  }

  async get(id: string, caller: LimitOrderCaller): Promise<LimitOrderView> {
    return limitOrderView(await this.owned(id, caller));
  }

  /** Null where the caller may not see it (GraphQL lookups and references). */
  async find(id: string, caller: LimitOrderCaller): Promise<LimitOrderView | null> {
    return this.get(id, caller).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 'NOT_FOUND') return null;
      throw err;
    });
  }

  /** With a key: the account and mode's orders (optionally one maker's); without: the keyless orders of `maker`. */
  async list(q: ListLimitOrders, caller: LimitOrderCaller): Promise<Page<LimitOrderView>> {
    if (!caller.auth && !q.maker) throw invalidParams('maker', 'is required without an API key');
    const where: Prisma.LimitOrderWhereInput = caller.auth ? { accountId: caller.auth.accountId, livemode: caller.auth.mode === 'live' } : { accountId: null };
    if (q.maker) where.maker = q.maker;
    if (q.status) where.status = q.status;
    const from = q.cursor ? decodeCursor(q.cursor, (id) => LIMIT_ORDER_ID.test(id)) : null;
    const rows = await this.d.prisma.limitOrder.findMany({ where: { ...where, ...after(from) }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    return pageOf(rows, q.limit, limitOrderView, encodeCursor);
  }

  cursorOf(v: LimitOrderView): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** The order if the caller may see it: a keyed order to its own account and mode, a keyless one to anyone with its id. */
  private async owned(id: string, caller: LimitOrderCaller): Promise<LimitOrderRow> {
    if (!LIMIT_ORDER_ID.test(id)) throw notFound('Limit order');
    const row = await this.d.prisma.limitOrder.findUnique({ where: { id } });
    if (!row) throw notFound('Limit order');
    if (row.accountId && (row.accountId !== caller.auth?.accountId || row.livemode !== (caller.auth.mode === 'live'))) throw notFound('Limit order');
    return row;
  }

  private async view(id: string) {
    return limitOrderView(await this.d.prisma.limitOrder.findUniqueOrThrow({ where: { id } }));
  }

  private async publishRow(id: string) {
    const v = await this.view(id);
    await this.publish(v);
    return v;
  }

  /** Tells `limitOrder(id)` subscribers the order changed (its id only: they read it as it is now). */
  async publish(view: LimitOrderView) {
    await this.publishIds([view.id]);
  }

  /** Several orders changed together: one NOTIFY for all of them. */
  private async publishIds(ids: string[]) {
    if (!ids.length) return;
    await this.d.pubsub
      .publishMany(ids.map((id) => ({ topic: limitOrderTopic(id), payload: { id } })))
      .catch((err: unknown) => this.d.log.warn({ err }, 'limit order publish failed'));
  }
}

export const stateOf = (r: LimitOrderRow) => ({
  status: r.status as LimitOrderStatus,
  makingAmount: BigInt(r.makingAmount),
  filledMaking: BigInt(r.filledMakingAmount),
  filledTaking: BigInt(r.filledTakingAmount),
});

/** makingAmount × price (token units) in output base units, rounded down; exact decimal arithmetic. */
function takingFromPrice(making: bigint, price: string, inDecimals: number, outDecimals: number): bigint {
  const [int, frac = ''] = price.split('.');
  const scaled = BigInt(int + frac);
  return (making * scaled * TEN ** BigInt(outDecimals)) / (TEN ** BigInt(inDecimals) * TEN ** BigInt(frac.length));
}
