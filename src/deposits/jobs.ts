import type { RawSql } from '../db/client.js';
import type { DepositAddress } from '../db/generated/client.js';
import type { ProvidersConfig } from '../providers/config.js';
import type { Handles } from '../handles.js';
import type { DepositsConfig } from './config.js';
import type { Job } from '../jobs/runner.js';
import { withProviderTimeout } from '../providers/deadline.js';
import type { DepositsService } from './service.js';

export const DEPOSIT_DETECT_JOB = 'deposit-detector';

const BATCH = 25;
const PARALLEL = 5;
/** A claimed address is pushed out this far first, so a crashed instance's claim comes back, and no two instances check it at once. */
const LEASE_MS = 60_000;

export interface DepositDetectorDeps extends Pick<Handles, 'log' | 'clock' | 'prisma'> {
  config: DepositsConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS'>;
  /** The claim is one raw UPDATE … FOR UPDATE SKIP LOCKED. */
  sql: RawSql;
  deposits: Pick<DepositsService, 'providerById' | 'recordDeposit' | 'nextCheckDelay'>;
}

/**
 * The detection poller: claims active addresses whose check is due (rows another instance holds are skipped),
 * asks their provider for deposits, records each new one (exactly once: src/deposits/service.ts
 * `recordDeposit`), and schedules the next check on the curve of src/deposits/state.ts (about 15 s while a
 * deposit is in flight or the address was recently active, backing off to 15 min when idle). Sandbox addresses
 * are never claimed: their deposits only come from `simulate`. Disabled addresses are not claimed either.
 */
export function depositDetectorJob(d: DepositDetectorDeps): Job {
  return {
    name: DEPOSIT_DETECT_JOB,
    intervalMs: d.config.DEPOSIT_POLL_INTERVAL_MS,
    run: async (signal) => {
      const claimed = await claimDue(d);
      for (let i = 0; i < claimed.length && !signal.aborted; i += PARALLEL) {
        await Promise.all(claimed.slice(i, i + PARALLEL).map((a) => checkOne(d, a)));
      }
    },
  };
}

async function claimDue(d: Pick<DepositDetectorDeps, 'sql' | 'clock' | 'prisma'>): Promise<DepositAddress[]> {
  const now = new Date(d.clock.now());
  const ids = await d.sql.query<{ id: string }>(
    `UPDATE deposit_addresses SET next_check_at = $2::timestamptz
     WHERE id IN (
       SELECT id FROM deposit_addresses WHERE status = 'active' AND provider <> 'sandbox' AND next_check_at <= $1::timestamptz
       ORDER BY next_check_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()],
  );
  if (!ids.length) return [];
  return d.prisma.depositAddress.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
}

async function checkOne(d: DepositDetectorDeps, a: DepositAddress): Promise<void> {
  const provider = d.deposits.providerById(a.provider);
  if (provider) {
    try {
      const seen = await withProviderTimeout(provider.id, d.config.PROVIDER_TIMEOUT_MS, (signal) =>
        provider.detect({ address: a.address, chainId: a.chainId, providerRef: a.providerRef, reusable: a.reusable, amount: a.amount }, signal),
      );
      const known = new Set(
        (
          await d.prisma.deposit.findMany({
            where: { provider: a.provider, providerDepositId: { in: seen.map((s) => s.providerDepositId) } },
            select: { providerDepositId: true },
          })
        ).map((r) => r.providerDepositId),
      );
      for (const dep of seen)
        if (!known.has(dep.providerDepositId) && (await d.deposits.recordDeposit(a, dep)))
          // One line per unit of work, naming the job: which instance recorded it (docs/deployment.md).
          d.log.debug({ job: DEPOSIT_DETECT_JOB, depositAddressId: a.id, providerDepositId: dep.providerDepositId }, 'deposit recorded');
    } catch (err) {
      d.log.warn({ err, depositAddressId: a.id, provider: a.provider }, 'deposit detection failed');
    }
  }
  const fresh = await d.prisma.depositAddress.findUnique({ where: { id: a.id } });
  if (fresh?.status !== 'active') return;
  const at = new Date(d.clock.now());
  // Only while the row still holds this check's lease: a refresh asked for during the check (next check = now)
  // must not be pushed back by this check, which may have looked before the deposit it was asked for.
  const moved = await d.prisma.depositAddress.updateMany({
    where: { id: a.id, status: 'active', nextCheckAt: a.nextCheckAt },
    data: { lastCheckedAt: at, nextCheckAt: new Date(at.getTime() + (await d.deposits.nextCheckDelay(fresh))) },
  });
  if (moved.count === 0) await d.prisma.depositAddress.updateMany({ where: { id: a.id, status: 'active' }, data: { lastCheckedAt: at } });
}
