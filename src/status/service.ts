import { recordAudit } from '../admin/outbox.js';
import type { AdminWrite } from '../admin/service.js';
import type { Prisma as PrismaClient, RawSql } from '../db/client.js';
import type { Prisma, StatusIncident, StatusIncidentUpdate } from '../db/generated/client.js';
import { after, decodeCursor, encodeCursor, NEWEST_FIRST, type Page, pageOf } from '../db/keyset.js';
import { withLockedRow } from '../db/locked-row.js';
import { ApiError, invalidParams, notFound } from '../errors.js';
import type { Handles } from '../handles.js';
import { newId } from '../ids.js';
import type { Provider, QuoteRequest } from '../providers/types.js';
import { SOLANA_CHAIN_ID } from '../providers/types.js';
import type { ProviderCall } from '../quotes/service.js';
import { parseDateTimeInput } from '../validation.js';
import { classify, currentStatus, type MinuteCounts, NO_SIGNALS, overallStatus, type Signals } from './classify.js';
import { API_COMPONENT, type Component, catalog, providerComponent, rpcChainIds, WEBHOOKS_COMPONENT } from './components.js';
import type { StatusConfig } from './config.js';
import { DAY_MS, dayBars, historyStart } from './history.js';
import { type CreateIncident, type ListIncidents, STATUS_INCIDENT_ID, type UpdateIncident } from './input.js';
import { probeRequest } from './probe-requests.js';
import { SignalRecorder } from './recorder.js';
import { type Declared, declaredAt, HOUR_MS, hourOf, MINUTE_MS, minuteOf, rollUpHours } from './rollup.js';
import { checkRpc } from './rpc-check.js';
import { type AffectedComponent, type IncidentKind, isFinal, type StatusIncidentStatus, statusesOf, transitionProblem } from './state.js';
import { addSamples, claimDue, dailyCounts, deleteBefore, latestHour, readMinutes, windowSums, writeHours } from './store.js';
import { type PlatformStatusView, type StatusComponentView, type StatusIncidentView, statusIncidentView } from './views.js';

/** Resolved incidents and completed maintenance stay on the page this long. */
const RECENT_MS = 7 * DAY_MS;
/** At most this many incidents and maintenance on the page (newest first). */
const PAGE_INCIDENTS = 50;
/** The day bars change only with a roll-up: they are read again at most this often. */
const HISTORY_CACHE_MS = 60_000;
/** Leases run out a little before the next run, so a run that starts a bit early still finds its targets due. */
const LEASE_SHARE = 0.9;

type IncidentRow = StatusIncident & { updates: StatusIncidentUpdate[] };

export interface StatusDeps extends Pick<Handles, 'prisma' | 'clock' | 'log'> {
  sql: RawSql;
  config: StatusConfig & { RPC_TIMEOUT_MS: number; rpcUrls: Record<number, string> };
  /** The providers loaded (one component each). */
  providers: { ids(): string[]; get(id: string): Provider };
  /**
   * Asks a provider for a quote with the service's deadline (QuoteService.callProvider): a probe's outcome reaches
   * `providerCall` through the quote service's call observer, as every real call's does.
   */
  callProvider(provider: Provider, req: QuoteRequest): Promise<unknown>;
  /** The RPC clients: which chains this process has used, and each chain's endpoint. */
  rpc: { inUse(): number[]; endpoint(chainId: number): string | undefined };
  chainName(chainId: number): string | undefined;
  webhooks: { oldestDueAgeMs(): Promise<number> };
}

/**
 * The public platform status (docs/status.md). Signals (provider calls, API responses, RPC checks, the webhook
 * queue's lag) are counted per component and minute in memory and added to the database every STATUS_FLUSH_MS, so
 * all instances' counts add up; the current state of each component is its last STATUS_WINDOW_MINUTES of counts
 * classified (./classify.ts), with open incidents and maintenance applied; the 90-day bars come from hourly roll-ups.
 * Operators post incidents and maintenance through the admin API, each write audited in its transaction.
 */
export class StatusService {
  private readonly recorder: SignalRecorder;
  private readonly prisma: PrismaClient;
  private readonly timer: NodeJS.Timeout;
  private cache?: { at: number; value: Promise<PlatformStatusView> };
  private historyCache?: { at: number; value: Promise<Map<string, Map<string, MinuteCounts>>> };

  constructor(private readonly d: StatusDeps) {
    this.prisma = d.prisma;
    this.recorder = new SignalRecorder(() => d.clock.now(), d.config.STATUS_SLOW_MS);
    this.timer = setInterval(() => void this.flush(), d.config.STATUS_FLUSH_MS).unref();
  }

  private now() {
    return this.d.clock.now();
  }

  // ---- signals ----------------------------------------------------------------------------------------------

  /** One answered HTTP request or WebSocket operation (the `infra.requests` observer wired in src/services.ts). */
  recordResponse(status: number): void {
    this.recorder.response(status);
  }

  /** One provider quote call (the quote service's observer): a quote or an answer about the request is healthy. */
  providerCall(call: ProviderCall): void {
    const outcome = call.outcome === 'ok' || call.outcome === 'declined' ? 'ok' : call.outcome === 'timeout' ? 'timeout' : 'failed';
    this.recorder.observe(providerComponent(call.provider), outcome, call.ms);
  }

  /** Writes the counts gathered so far (added to the minute rows); on failure they are kept for the next write. */
  async flush(): Promise<void> {
    const samples = this.recorder.take();
    if (!samples.length) return;
    try {
      await addSamples(this.d.sql, samples);
    } catch (err) {
      this.recorder.restore(samples);
      this.d.log.warn({ err }, 'status: signal counts could not be written; kept for the next write');
    }
  }

  /** Stops the periodic write and writes what is left (at shutdown, after the HTTP server closed). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The components shown now: the API, the providers loaded, the chain RPCs in use, webhook delivery. */
  components(): Component[] {
    const { config, rpc } = this.d;
    const ids = rpcChainIds({ listed: config.STATUS_RPC_CHAINS, configured: Object.keys(config.rpcUrls).map(Number), inUse: rpc.inUse() });
    return catalog({
      providers: this.d.providers.ids(),
      rpcChains: ids.filter((id) => rpc.endpoint(id)).map((chainId) => ({ chainId, name: this.d.chainName(chainId) ?? `Chain ${chainId}` })),
    });
  }

  // ---- the status -------------------------------------------------------------------------------------------

  /** The platform status, computed at most once per STATUS_CACHE_MS per instance. */
  status(): Promise<PlatformStatusView> {
    const now = this.now();
    const c = this.cache;
    if (c && now >= c.at && now - c.at < this.d.config.STATUS_CACHE_MS) return c.value;
    const value = this.compute(now);
    this.cache = { at: now, value };
    value.catch(() => {
      if (this.cache?.value === value) this.cache = undefined;
    });
    return value;
  }

  /** Seconds a client may keep an answer (Cache-Control max-age). */
  get maxAgeSeconds(): number {
    return Math.ceil(this.d.config.STATUS_CACHE_MS / 1000);
  }

  private async compute(now: number): Promise<PlatformStatusView> {
    await this.flush();
    const components = this.components();
    const names = new Map(components.map((c) => [c.id, c.name]));
    const windowStart = minuteOf(now) - (this.d.config.STATUS_WINDOW_MINUTES - 1) * MINUTE_MS;
    const [sums, rows, history] = await Promise.all([
      windowSums(this.d.sql, windowStart),
      this.prisma.statusIncident.findMany({
        where: { OR: [{ endedAt: null }, { endedAt: { gte: new Date(now - RECENT_MS) } }] },
        include: { updates: true },
        orderBy: NEWEST_FIRST,
        take: 2 * PAGE_INCIDENTS,
      }),
      this.history(now),
    ]);
    const declared = rows.map(declaredOf);
    const views: StatusComponentView[] = components.map((c) => {
      const s: Signals = sums.get(c.id) ?? NO_SIGNALS;
      const d = declaredAt(declared, c.id, now);
      const bars = dayBars(history.get(c.id), now);
      return {
        id: c.id,
        name: c.name,
        group: c.group,
        status: currentStatus(classify(s), d.impact, d.maintenance),
        signals: { observations: s.total, failed: s.failed, timeouts: s.timeouts, slow: s.slow, lagMs: c.id === WEBHOOKS_COMPONENT ? s.lagMs : null },
        uptime: bars.uptime,
        days: bars.days,
      };
    });
    const incidents = rows.map((r) => statusIncidentView(r, (id) => names.get(id)));
    return {
      object: 'platform_status',
      status: overallStatus(views.map((v) => v.status)),
      updatedAt: new Date(now).toISOString(),
      windowMinutes: this.d.config.STATUS_WINDOW_MINUTES,
      components: views,
      incidents: incidents.filter((i) => i.kind === 'incident').slice(0, PAGE_INCIDENTS),
      maintenance: incidents.filter((i) => i.kind === 'maintenance').slice(0, PAGE_INCIDENTS),
    };
  }

  /** Minutes by state per component and UTC day over the 90 days (re-read after a roll-up, or once a minute). */
  private history(now: number): Promise<Map<string, Map<string, MinuteCounts>>> {
    const c = this.historyCache;
    if (c && now >= c.at && now - c.at < HISTORY_CACHE_MS) return c.value;
    const value = dailyCounts(this.d.sql, historyStart(now)).then((rows) => {
      const m = new Map<string, Map<string, MinuteCounts>>();
      for (const r of rows) {
        const byDay = m.get(r.component) ?? new Map<string, MinuteCounts>();
        byDay.set(r.day, r.counts);
        m.set(r.component, byDay);
      }
      return m;
    });
    this.historyCache = { at: now, value };
    value.catch(() => {
      if (this.historyCache?.value === value) this.historyCache = undefined;
    });
    return value;
  }

  // ---- probes and roll-ups (./jobs.ts) -------------------------------------------------------------------------

  /**
   * One probe run: a heartbeat of the API (this instance is up), then, for each target this instance claims (one
   * instance per target per interval): every chain RPC checked, the webhook queue's lag read, and every provider
   * that had no call in the window (real or probe) asked a probe quote. Returns the targets probed.
   */
  async probe(signal?: AbortSignal): Promise<string[]> {
    const now = this.now();
    this.recorder.observe(API_COMPONENT, 'ok');
    const interval = this.d.config.STATUS_PROBE_INTERVAL_MS || 60_000;
    const targets = this.components().filter((c) => c.group !== 'api');
    const claimed = new Set(
      await claimDue(
        this.d.sql,
        targets.map((t) => t.id),
        now,
        now + Math.floor(interval * LEASE_SHARE),
      ),
    );
    await this.flush();
    const quiet = targets.some((t) => t.group === 'providers' && claimed.has(t.id))
      ? await windowSums(this.d.sql, minuteOf(now) - (this.d.config.STATUS_WINDOW_MINUTES - 1) * MINUTE_MS)
      : new Map<string, Signals>();
    const probed: string[] = [];
    await Promise.all(
      targets
        .filter((t) => claimed.has(t.id))
        .map(async (t) => {
          if (t.group === 'providers') {
            if ((quiet.get(t.id)?.total ?? 0) > 0) return;
            const provider = this.d.providers.get(t.id.slice('provider:'.length));
            const req = probeRequest(provider);
            if (!req) return;
            probed.push(t.id);
            // The outcome is recorded by the quote service's observer (providerCall), as for a real call.
            await this.d.callProvider(provider, req).catch(() => undefined);
          } else if (t.group === 'rpc') {
            const chainId = Number(t.id.slice('rpc:'.length));
            const url = this.d.rpc.endpoint(chainId);
            if (!url) return;
            probed.push(t.id);
            const r = await checkRpc(url, chainId === SOLANA_CHAIN_ID ? 'svm' : 'evm', this.d.config.RPC_TIMEOUT_MS, signal);
            if (r.outcome !== 'ok') this.d.log.debug({ component: t.id, outcome: r.outcome, detail: r.detail }, 'status: RPC check failed');
            this.recorder.observe(t.id, r.outcome === 'error' ? 'failed' : r.outcome, r.ms);
          } else {
            probed.push(t.id);
            try {
              this.recorder.observe(t.id, 'ok', undefined, await this.d.webhooks.oldestDueAgeMs());
            } catch (err) {
              this.d.log.warn({ err }, 'status: the webhook queue could not be read');
              this.recorder.observe(t.id, 'failed');
            }
          }
        }),
    );
    await this.flush();
    return probed.sort();
  }

  /** The roll-up job's run: the hourly roll-up and the retention sweep, by one instance per interval. */
  async rollUpIfDue(): Promise<void> {
    const now = this.now();
    const interval = this.d.config.STATUS_ROLLUP_INTERVAL_MS || 300_000;
    if (!(await claimDue(this.d.sql, ['rollup'], now, now + Math.floor(interval * LEASE_SHARE))).length) return;
    await this.rollUp();
  }

  /**
   * Recomputes the hourly rows from the minute rows and the incidents: from the hour before the latest one rolled
   * up (late writes of other instances land there) through the current hour, or every hour still held in minute
   * rows on the first run. Idempotent. Then deletes minute rows past STATUS_MINUTE_RETENTION_HOURS and hourly rows
   * past STATUS_HOURLY_RETENTION_DAYS.
   */
  async rollUp(): Promise<{ hours: number; rows: number; deleted: { minutes: number; hours: number } }> {
    const now = this.now();
    const { STATUS_MINUTE_RETENTION_HOURS, STATUS_HOURLY_RETENTION_DAYS } = this.d.config;
    const current = hourOf(now);
    const earliest = hourOf(now - STATUS_MINUTE_RETENTION_HOURS * HOUR_MS);
    const latest = await latestHour(this.d.sql);
    const from = latest === null ? earliest : Math.max(earliest, Math.min(latest, current) - HOUR_MS);
    await this.flush();
    const hours: number[] = [];
    for (let h = from; h <= current; h += HOUR_MS) hours.push(h);
    const [minutes, incidents] = await Promise.all([
      readMinutes(this.d.sql, from, current + HOUR_MS),
      this.prisma.statusIncident.findMany({ where: { OR: [{ endedAt: null }, { endedAt: { gt: new Date(from) } }] } }),
    ]);
    const rows = rollUpHours(hours, minutes, incidents.map(declaredOf));
    await writeHours(this.d.sql, rows);
    const deleted = await deleteBefore(this.d.sql, {
      minutes: now - STATUS_MINUTE_RETENTION_HOURS * HOUR_MS,
      hours: now - STATUS_HOURLY_RETENTION_DAYS * DAY_MS,
      leases: now - DAY_MS,
    });
    this.historyCache = undefined;
    this.cache = undefined;
    return { hours: hours.length, rows: rows.length, deleted };
  }

  // ---- incidents and maintenance (operators) ------------------------------------------------------------------

  /** Posts an incident or a maintenance with its first update; audited in the same transaction. */
  async createIncident(who: AdminWrite, input: CreateIncident): Promise<StatusIncidentView> {
    const now = new Date(this.now());
    const { kind } = input;
    const status = input.status ?? statusesOf(kind)[0]!;
    const problem = transitionProblem(kind, statusesOf(kind)[0]!, status);
    if (problem) throw invalidParams('status', problem);
    const components = this.affected(kind, input.components);
    const window = this.window(kind, input, null);
    const id = newId('sti');
    const view = await this.prisma.$transaction(async (tx) => {
      const row = await tx.statusIncident.create({
        data: {
          id,
          kind,
          title: input.title,
          status,
          components: components as unknown as Prisma.InputJsonValue,
          scheduledStartAt: window.start,
          scheduledEndAt: window.end,
          startedAt: kind === 'incident' || status === 'in_progress' ? now : null,
          endedAt: isFinal(status) ? now : null,
          createdAt: now,
          updatedAt: now,
          updates: { create: { id: newId('stu'), status, message: input.message, createdAt: now } },
        },
        include: { updates: true },
      });
      const v = this.view(row);
      await recordAudit(tx, who, { action: 'status_incident.create', targetType: 'status_incident', targetId: id, before: null, after: v }, now);
      return v;
    });
    this.cache = undefined;
    return view;
  }

  /** Posts an update: the status it moves to (or stays in) and a message; optionally new components or window. */
  async updateIncident(who: AdminWrite, id: string, input: UpdateIncident): Promise<StatusIncidentView> {
    if (!STATUS_INCIDENT_ID.test(id)) throw notFound('Status incident');
    const view = await withLockedRow(
      this.prisma,
      {
        table: 'status_incidents',
        id,
        read: (tx) => tx.statusIncident.findUnique({ where: { id }, include: { updates: true } }),
        missing: () => notFound('Status incident'),
      },
      async (tx, row) => {
        const now = new Date(this.now());
        const kind = row.kind as IncidentKind;
        const from = row.status as StatusIncidentStatus;
        const problem = transitionProblem(kind, from, input.status);
        if (problem) throw new ApiError(statusesOf(kind).includes(input.status) ? 'CONFLICT' : 'INVALID_PARAMS', `status: ${problem}`, { field: 'status' });
        const components = input.components ? this.affected(kind, input.components) : undefined;
        const window = this.window(kind, input, { start: row.scheduledStartAt, end: row.scheduledEndAt });
        const before = this.view(row);
        // Updates are listed by time: a second one within the same millisecond is stamped a millisecond later.
        const last = Math.max(0, ...row.updates.map((u) => u.createdAt.getTime()));
        const at = new Date(Math.max(now.getTime(), last + 1));
        const updated = await tx.statusIncident.update({
          where: { id },
          data: {
            status: input.status,
            ...(components ? { components: components as unknown as Prisma.InputJsonValue } : {}),
            scheduledStartAt: window.start,
            scheduledEndAt: window.end,
            startedAt: row.startedAt ?? (input.status === 'in_progress' ? now : null),
            endedAt: isFinal(input.status) ? now : null,
            updatedAt: at,
            updates: { create: { id: newId('stu'), status: input.status, message: input.message, createdAt: at } },
          },
          include: { updates: true },
        });
        const v = this.view(updated);
        await recordAudit(tx, who, { action: 'status_incident.update', targetType: 'status_incident', targetId: id, before, after: v }, at);
        return v;
      },
      { txOptions: { maxWait: 5_000, timeout: 10_000 } },
    );
    this.cache = undefined;
    return view;
  }

  /** One incident or maintenance; NOT_FOUND for any other id. */
  async getIncident(id: string): Promise<StatusIncidentView> {
    const row = STATUS_INCIDENT_ID.test(id) ? await this.prisma.statusIncident.findUnique({ where: { id }, include: { updates: true } }) : null;
    if (!row) throw notFound('Status incident');
    return this.view(row);
  }

  /** Incidents and maintenance, newest first. */
  async listIncidents(q: ListIncidents): Promise<Page<StatusIncidentView>> {
    const cursor = q.cursor ? decodeCursor(q.cursor, (id) => STATUS_INCIDENT_ID.test(id)) : null;
    const rows = await this.prisma.statusIncident.findMany({
      where: {
        AND: [after(cursor), q.kind ? { kind: q.kind } : {}, q.open === undefined ? {} : q.open ? { endedAt: null } : { endedAt: { not: null } }],
      },
      include: { updates: true },
      orderBy: NEWEST_FIRST,
      take: q.limit + 1,
    });
    return pageOf(rows, q.limit, (r) => this.view(r), encodeCursor);
  }

  /** An incident's cursor (GraphQL edges). */
  incidentCursor(v: StatusIncidentView): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  private view(row: IncidentRow): StatusIncidentView {
    const names = new Map(this.components().map((c) => [c.id, c.name]));
    return statusIncidentView(row, (id) => names.get(id));
  }

  /** The components an incident or maintenance names: each known and once; incidents say how, maintenance need not. */
  private affected(kind: IncidentKind, list: CreateIncident['components']): AffectedComponent[] {
    const known = new Set(this.components().map((c) => c.id));
    const seen = new Set<string>();
    return list.map((c, i) => {
      const field = `components.${i}`;
      if (!known.has(c.id)) throw invalidParams(`${field}.id`, `there is no component ${c.id} (GET /v1/status lists them)`);
      if (seen.has(c.id)) throw invalidParams(`${field}.id`, `${c.id} is listed twice`);
      seen.add(c.id);
      if (kind === 'maintenance') {
        if (c.impact && c.impact !== 'under_maintenance') throw invalidParams(`${field}.impact`, 'a maintenance puts its components under_maintenance');
        return { id: c.id, impact: 'under_maintenance' };
      }
      if (!c.impact || c.impact === 'under_maintenance')
        throw invalidParams(`${field}.impact`, 'an incident declares degraded_performance, partial_outage or major_outage');
      return { id: c.id, impact: c.impact };
    });
  }

  /** A maintenance's window (required, end after start; an update keeps what it does not change); none for incidents. */
  private window(
    kind: IncidentKind,
    input: { scheduledStartAt?: string; scheduledEndAt?: string },
    current: { start: Date | null; end: Date | null } | null,
  ): { start: Date | null; end: Date | null } {
    if (kind === 'incident') {
      if (input.scheduledStartAt !== undefined) throw invalidParams('scheduledStartAt', 'only a maintenance has a window');
      if (input.scheduledEndAt !== undefined) throw invalidParams('scheduledEndAt', 'only a maintenance has a window');
      return { start: null, end: null };
    }
    const start = input.scheduledStartAt !== undefined ? parseDateTimeInput(input.scheduledStartAt) : (current?.start ?? null);
    const end = input.scheduledEndAt !== undefined ? parseDateTimeInput(input.scheduledEndAt) : (current?.end ?? null);
    if (!start) throw invalidParams('scheduledStartAt', 'is required for a maintenance');
    if (!end) throw invalidParams('scheduledEndAt', 'is required for a maintenance');
    if (end.getTime() <= start.getTime()) throw invalidParams('scheduledEndAt', 'must be after scheduledStartAt');
    return { start, end };
  }
}

/** What decides when a stored incident counts, and for which components. */
function declaredOf(r: StatusIncident): Declared {
  return {
    kind: r.kind as IncidentKind,
    status: r.status as StatusIncidentStatus,
    scheduledStartAt: r.scheduledStartAt?.getTime() ?? null,
    scheduledEndAt: r.scheduledEndAt?.getTime() ?? null,
    startedAt: r.startedAt?.getTime() ?? null,
    endedAt: r.endedAt?.getTime() ?? null,
    components: r.components as unknown as AffectedComponent[],
  };
}
