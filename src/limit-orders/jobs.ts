import type { RawSql } from '../db/client.js';
import type { LimitOrder as LimitOrderRow } from '../db/generated/client.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { Handles } from '../handles.js';
import type { LimitOrdersConfig } from './config.js';
import { isApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { Job } from '../jobs/runner.js';
import { CallCanceled, withProviderTimeout } from '../providers/deadline.js';
import type { VenueOrder as TriggerOrder } from '../providers/limit-order-venue.js';
import { SOLANA_CHAIN_ID } from '../providers/types.js';
import { orderView } from '../orders/views.js';
import { insertFilledOrderInTx, limitOrderFillHashes, type OrderFills } from '../orders/service.js';
import { recordEvent } from '../events/outbox.js';
import { eventForStatus, isFinalLimitOrder, nextLimitPollDelayMs, openFailsAtMs, transition, type LimitOrderEvent } from './state.js';
import { limitOrderView } from './views.js';
import { recordLimitOrderEvent, stateOf, type LimitOrdersService, type LimitOrderTrigger } from './service.js';

export const LIMIT_ORDER_POLL_JOB = 'limit-order-poller';

const BATCH = 25;
const PARALLEL = 4;
const LEASE_MS = 60_000;
/**
 * How long a closed order (filled, cancelled, expired) is still looked at: the provider can list a fill made before
 * the cancel or expiry landed only after the order closed (its index lags the chain), and a cancel submitted here
 * closes the order at once, from the fills recorded so far. Each late fill is recorded like any other.
 */
const LIMIT_ORDER_SETTLE_MS = 15 * 60_000;

export interface LimitOrderPollerDeps extends Pick<Handles, 'log' | 'clock' | 'prisma'> {
  config: LimitOrdersConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS'>;
  /** The claim is one raw UPDATE … FOR UPDATE SKIP LOCKED. */
  sql: RawSql;
  trigger: Pick<LimitOrderTrigger, 'findOrder'>;
  limitOrders: Pick<LimitOrdersService, 'publish'>;
  /** Each fill is an order written as filled: the fill listeners (the fee ledger) run in its transaction. */
  fills: Pick<OrderFills, 'prepare' | 'record'>;
}

/**
 * Follows live limit orders until they are final. Each run claims a batch of due orders (skipping rows another
 * instance holds, pushing their next look out by a lease first), reads each at the provider, and on a change
 * writes, in one transaction guarded by the row's version: the new state and amounts, one order record per new
 * fill (`limitOrderId` set, `lof_…` id, the fill's transaction) with its `limit_order.filled` event, and the
 * `limit_order.cancelled` / `limit_order.expired` event. A fill is recorded once: its transaction is looked up
 * among the order's records in the same transaction, and a concurrent writer fails the version guard.
 * Nothing changed → the order's next look backs off (state.ts `nextLimitPollDelayMs`).
 */
export function limitOrderPollerJob(d: LimitOrderPollerDeps): Job {
  return {
    name: LIMIT_ORDER_POLL_JOB,
    intervalMs: d.config.LIMIT_ORDER_POLL_INTERVAL_MS,
    run: async (signal) => {
      const claimed = await claimDue(d);
      let i = 0;
      for (; i < claimed.length && !signal.aborted; i += PARALLEL) {
        await Promise.all(
          claimed
            .slice(i, i + PARALLEL)
            .map((r) => pollLimitOrder(d, r, signal).catch((err: unknown) => d.log.error({ err, id: r.id }, 'limit order poll failed'))),
        );
      }
      // Stopping: the orders claimed and not looked at are due again now, for another instance, not after the lease.
      for (const row of claimed.slice(i)) await release(d, row);
    },
  };
}

async function claimDue(d: LimitOrderPollerDeps): Promise<LimitOrderRow[]> {
  const now = new Date(d.clock.now());
  const lease = new Date(now.getTime() + LEASE_MS);
  const ids = await d.sql.query<{ id: string }>(
    `UPDATE limit_orders SET next_poll_at = $2::timestamptz
     WHERE id IN (
       SELECT id FROM limit_orders
       WHERE (status IN ('pending_signature', 'open', 'partially_filled') OR (status IN ('filled', 'cancelled', 'expired') AND finalized_at > $3::timestamptz))
         AND next_poll_at <= $1::timestamptz
       ORDER BY next_poll_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [now.toISOString(), lease.toISOString(), new Date(now.getTime() - LIMIT_ORDER_SETTLE_MS).toISOString()],
  );
  if (!ids.length) return [];
  // Only rows still under this claim: a submit that took its own lease in between (service.ts) keeps the row.
  // Compared here, on the instant read back, rather than sent in a filter as a time without its zone.
  const rows = await d.prisma.limitOrder.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
  return rows.filter((r) => r.nextPollAt.getTime() === lease.getTime());
}

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** One look at one order (exported for tests that drive the poller by hand). */
export async function pollLimitOrder(d: LimitOrderPollerDeps, row: LimitOrderRow, stop?: AbortSignal): Promise<void> {
  const base = d.config.LIMIT_ORDER_POLL_INTERVAL_MS;
  const now = d.clock.now();
  // Unsigned and unreported: nothing to ask the provider until the signing window has passed. Then the provider
  // is asked all the same (the maker may have sent the transaction through their own RPC without reporting it):
  // an order it does not list has failed (below).
  if (row.status === 'pending_signature' && !row.openTxHash) {
    const deadline = row.createdAt.getTime() + d.config.LIMIT_ORDER_SIGN_WINDOW_MS;
    if (now < deadline) return reschedule(d, row, deadline - now, false);
  }
  let found: { order: TriggerOrder; active: boolean } | undefined;
  try {
    found = await withProviderTimeout('jupiter', d.config.PROVIDER_TIMEOUT_MS, (signal) => d.trigger.findOrder(row.maker, row.providerOrderId, signal), stop);
  } catch (err) {
    // The instance is stopping: the call is dropped and the order is due again now, for another instance.
    if (err instanceof CallCanceled) return release(d, row);
    const rateLimited = isApiError(err) && err.code === 'RATE_LIMITED';
    d.log.warn({ err, id: row.id }, 'limit order status read failed');
    await reschedule(d, row, nextLimitPollDelayMs(row.quietPolls + 1, base, rateLimited), true);
    return;
  }
  if (!found) {
    // Not listed once the signing window has closed (and what was last handed over has had time to land): it failed.
    const failsAt = openFailsAtMs(row.createdAt.getTime(), row.updatedAt.getTime(), d.config.LIMIT_ORDER_SIGN_WINDOW_MS, d.config.PROVIDER_TIMEOUT_MS);
    if (row.status === 'pending_signature' && now >= failsAt) await apply(d, row, { type: 'open_failed' }, undefined);
    else await reschedule(d, row, nextLimitPollDelayMs(row.quietPolls + 1, base), true);
    return;
  }
  const o = found.order;
  const making = BigInt(row.makingAmount);
  const remaining = BigInt(o.rawRemainingMakingAmount);
  const event: LimitOrderEvent = {
    type: 'observed',
    providerStatus: o.status,
    filledMaking: making > remaining ? making - remaining : 0n,
    filledTaking: sum(o.trades.map((t) => BigInt(t.rawOutputAmount))),
    expired: !!row.expiresAt && now >= row.expiresAt.getTime(),
  };
  await apply(d, row, event, o);
}

/** A claimed order due again now, while the claim is still this run's (a lease that ran out may be another instance's). */
async function release(d: Pick<LimitOrderPollerDeps, 'prisma' | 'clock'>, row: LimitOrderRow) {
  await d.prisma.limitOrder.updateMany({
    where: { id: row.id, version: row.version, nextPollAt: row.nextPollAt },
    data: { nextPollAt: new Date(d.clock.now()) },
  });
}

async function reschedule(d: Pick<LimitOrderPollerDeps, 'prisma' | 'clock'>, row: LimitOrderRow, delayMs: number, quiet: boolean) {
  await d.prisma.limitOrder.updateMany({
    where: { id: row.id, version: row.version },
    data: { nextPollAt: new Date(d.clock.now() + delayMs), ...(quiet ? { quietPolls: { increment: 1 } } : {}) },
  });
}

async function apply(d: LimitOrderPollerDeps, row: LimitOrderRow, event: LimitOrderEvent, o: TriggerOrder | undefined) {
  const base = d.config.LIMIT_ORDER_POLL_INTERVAL_MS;
  const before = stateOf(row);
  const next = transition(before, event);
  const fills = o ? o.trades.filter((t) => t.action == null || t.action === 'Fill') : [];
  const nowMs = d.clock.now();
  const now = new Date(nowMs);
  // What the fill listeners read (prices) is read before the transaction opens, when there is a fill not recorded
  // yet. Recorded fills only grow, so any fill the transaction finds new was new here too.
  const seen = fills.length ? await limitOrderFillHashes(d.prisma, row.id) : new Set<string | null>();
  const prepared = fills.some((t) => !seen.has(t.txId)) ? await d.fills.prepare([{ srcChainId: SOLANA_CHAIN_ID, srcToken: row.inputMint }]) : undefined;
  const result = await d.prisma.$transaction(async (tx) => {
    const known = await limitOrderFillHashes(tx, row.id);
    const fresh = fills.filter((t) => !known.has(t.txId));
    const openTx = row.openTxHash ?? o?.openTx ?? null;
    const closeTx = row.closeTxHash ?? (o?.closeTx || null);
    if (next === before && !fresh.length && openTx === row.openTxHash && closeTx === row.closeTxHash) return null;
    const final = isFinalLimitOrder(next.status);
    const r = await tx.limitOrder.updateMany({
      where: { id: row.id, version: row.version },
      data: {
        status: next.status,
        filledMakingAmount: next.filledMaking.toString(),
        filledTakingAmount: next.filledTaking.toString(),
        providerStatus: o?.status ?? row.providerStatus,
        openTxHash: openTx,
        closeTxHash: closeTx,
        quietPolls: 0,
        version: { increment: 1 },
        updatedAt: now,
        nextPollAt: new Date(nowMs + base),
        // Closed once: a late fill of a closed order keeps the time it closed (and so its settling window).
        ...(final ? { finalizedAt: row.finalizedAt ?? now, pendingAction: null, pendingTxs: [] } : {}),
      },
    });
    if (r.count !== 1) return null; // another instance moved it meanwhile
    const updated = await tx.limitOrder.findUniqueOrThrow({ where: { id: row.id } });
    for (const t of fresh) {
      const order = await insertFilledOrderInTx(
        tx,
        d.fills,
        {
          quoteId: newId('lof'),
          provider: row.provider,
          status: 'filled',
          accountId: row.accountId,
          livemode: row.livemode,
          srcChainId: SOLANA_CHAIN_ID,
          dstChainId: SOLANA_CHAIN_ID,
          amount: t.rawInputAmount,
          dstAmount: t.rawOutputAmount,
          srcTxHash: t.txId,
          // Same chain: the fill transaction is also the one that delivered the output.
          dstTxHash: t.txId,
          trackingId: row.providerOrderId,
          providerState: 'filled',
          ourFeeBps: row.ourFeeBps,
          partnerFeeBps: row.partnerFeeBps,
          partnerId: row.partnerId,
          srcToken: row.inputMint,
          // The provider's own figure for the fill, kept verbatim beside the rates (what it covers is not settled).
          fillFeeAmount: t.rawFeeAmount ?? null,
          fillFeeMint: t.rawFeeAmount != null ? (t.feeMint ?? row.outputMint) : null,
          limitOrderId: row.id,
          nextPollAt: now,
          submittedAt: t.confirmedAt ? new Date(t.confirmedAt) : now,
          updatedAt: now,
          finalizedAt: now,
        },
        prepared!,
      );
      if (row.accountId)
        await recordEvent(tx, {
          accountId: row.accountId,
          livemode: row.livemode,
          type: 'limit_order.filled',
          resourceId: row.id,
          data: { order: orderView(order) },
          createdAt: now,
        });
    }
    if (next.status !== before.status) {
      const type = eventForStatus(next.status);
      if (type) await recordLimitOrderEvent(tx, updated, type, now);
    }
    return { updated, fills: fresh.map((t) => t.txId) };
  });
  if (!result) {
    await reschedule(d, row, nextLimitPollDelayMs(row.quietPolls + 1, base), true);
    return;
  }
  // One line per unit of work, naming the job: which instance recorded each fill (docs/deployment.md).
  for (const txId of result.fills) d.log.debug({ job: LIMIT_ORDER_POLL_JOB, limitOrderId: row.id, txId }, 'limit order fill recorded');
  await d.limitOrders.publish(limitOrderView(result.updated));
}
