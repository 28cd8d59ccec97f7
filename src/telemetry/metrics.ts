import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, type LabelValues, Registry } from 'prom-client';
import type { AnsweredRequest } from '../http/observe.js';
import type { Logger } from '../log.js';
import type { JobRun } from '../jobs/runner.js';
import type { ProviderCall } from '../quotes/service.js';
import type { DeliveryOutcome } from '../webhooks/service.js';
import { BoundHistogram } from './bound-histogram.js';
import { operationLabel } from './graphql-operations.js';

const P = 'swapgate_';

/** HTTP methods as labels: any other (an extension method) counts as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'WS']);

/** Latency buckets of API requests and provider calls (seconds): a quote fan-out waits up to PROVIDER_TIMEOUT_MS. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Process-wide facts (CPU, memory, GC, event-loop delay through monitorEventLoopDelay, handles): one set per process,
 * collected once however many apps a process holds (tests run many), so one event-loop monitor runs.
 */
let processRegistry: Registry | undefined;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    // Gauges whose names end in _total break Prometheus's naming rules (promtool check metrics says so); the same
    // counts are kept by type in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
};

/** What a collected gauge's `collect` is handed: set a value for a label set (or none). */
export type GaugeSetter<L extends string> = (value: number, labels?: LabelValues<L>) => void;

/**
 * The Prometheus metrics of one service instance (docs/operations.md lists every series and what to alert on).
 * Counters and histograms are fed by hooks the composition root wires (src/services.ts, src/app.ts); gauges are read
 * at scrape time from their source through `addCollector`, the one way to add a series later (the fee ledger's).
 *
 * Every label has a bounded set of values: route templates (never raw paths), operation names from an allow-list,
 * provider ids, job names, fixed outcomes. The request path keeps its cost at a few map lookups and a bucket
 * increment: label objects are made once per label set and reused, and its histograms are BoundHistograms.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;

  private readonly http = new BoundHistogram<'route' | 'method' | 'status'>(
    `${P}http_request_duration_seconds`,
    'HTTP requests by route (REST template, graphql, page group, unmatched), method and status: latency, and by _count the number of requests.',
    LATENCY_BUCKETS,
    this.registry,
  );
  private readonly graphql = new BoundHistogram<'operation' | 'transport' | 'outcome'>(
    `${P}graphql_operation_duration_seconds`,
    'GraphQL operations by operation name (documented operations; other names count as other, none as anonymous), transport (http, ws) and outcome (ok, error): latency (a subscription counts its lifetime), and by _count the number of operations.',
    LATENCY_BUCKETS,
    this.registry,
  );
  private readonly providerDuration = new Histogram({
    name: `${P}provider_call_duration_seconds`,
    help: 'Quote calls to each provider: latency (a timed-out call counts the timeout).',
    labelNames: ['provider'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly providerCalls = new Counter({
    name: `${P}provider_calls_total`,
    help: 'Quote calls to each provider by outcome: ok, timeout, rate_limited, declined (no route, amount bounds), error.',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly webhookDeliveries = new Counter({
    name: `${P}webhook_deliveries_total`,
    help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, retry scheduled), failed (for good), canceled (endpoint disabled).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: `${P}job_runs_total`,
    help: 'Job runs in this instance by job_name and outcome (ok, failed: the run threw and was logged).',
    // Not `job`: Prometheus gives every series its scrape job's `job` label and would rename this one.
    labelNames: ['job_name', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: `${P}job_run_duration_seconds`,
    help: 'Job run duration by job_name.',
    labelNames: ['job_name'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: `${P}rate_limit_rejections_total`,
    help: 'Requests and GraphQL operations refused by the rate limiter, by bucket (default, strict).',
    labelNames: ['bucket'] as const,
    registers: [this.registry],
  });

  /** route → method → status → the label object of that series (made once, reused by every request). */
  private readonly httpLabels = new Map<string, Map<string, Map<number, LabelValues<'route' | 'method' | 'status'>>>>();

  constructor(private readonly log: Logger) {
    processMetrics();
  }

  /** One answered request (src/http/observe.ts): the HTTP histogram, and for a GraphQL operation its own series. */
  observeRequest(r: Readonly<AnsweredRequest>): void {
    const seconds = r.ms / 1000;
    if (r.method !== 'WS') this.http.observe(this.httpLabelsOf(r.route ?? 'unmatched', r.method, r.status), seconds);
    if (r.operation !== undefined)
      this.graphql.observe(this.graphqlLabelsOf(operationLabel(r.operation))[(r.method === 'WS' ? 2 : 0) + (r.errorCode ? 1 : 0)], seconds);
  }

  /** operation label → its label objects by [http ok, http error, ws ok, ws error]. */
  private readonly graphqlLabels = new Map<string, LabelValues<'operation' | 'transport' | 'outcome'>[]>();

  private graphqlLabelsOf(operation: string) {
    let labels = this.graphqlLabels.get(operation);
    if (!labels) {
      labels = (['http', 'ws'] as const).flatMap((transport) => (['ok', 'error'] as const).map((outcome) => ({ operation, transport, outcome })));
      this.graphqlLabels.set(operation, labels);
    }
    return labels;
  }

  // Plain lookups, no closures: this runs for every request.
  private httpLabelsOf(route: string, rawMethod: string, status: number): LabelValues<'route' | 'method' | 'status'> {
    const method = METHODS.has(rawMethod) ? rawMethod : 'other';
    let byMethod = this.httpLabels.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.httpLabels.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let labels = byStatus.get(status);
    if (!labels) {
      labels = { route, method, status: String(status) };
      byStatus.set(status, labels);
    }
    return labels;
  }

  providerCall(call: ProviderCall): void {
    this.providerDuration.observe({ provider: call.provider }, call.ms / 1000);
    this.providerCalls.inc({ provider: call.provider, outcome: call.outcome });
  }

  webhookDelivery(outcome: DeliveryOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  jobRun(run: JobRun): void {
    this.jobRuns.inc({ job_name: run.job, outcome: run.outcome });
    this.jobDuration.observe({ job_name: run.job }, run.ms / 1000);
  }

  rateLimitRejection(bucket: string): void {
    this.rateLimited.inc({ bucket });
  }

  /**
   * A gauge read at each scrape: `collect` sets its values (a query, a pool's counters). A collect that fails is
   * logged and the gauge reads NaN in that scrape (never a stale value, never a failed scrape).
   */
  addCollector<L extends string = never>(o: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    collect: (set: GaugeSetter<L>) => Promise<void> | void;
  }): void {
    const log = this.log;
    // The same name again replaces the gauge (a second HTTP server of one app reports its own sockets).
    this.registry.removeSingleMetric(o.name);
    new Gauge<L>({
      name: o.name,
      help: o.help,
      labelNames: o.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        const set: GaugeSetter<L> = (value, labels) => (labels ? this.set(labels, value) : this.set(value));
        try {
          await o.collect(set);
        } catch (err) {
          // NaN, not the last value nor 0: "unknown" must not read as "nothing queued". (A labelled gauge has no sample.)
          this.reset();
          if (!o.labelNames?.length) this.set(Number.NaN);
          log.warn({ err, metric: o.name }, 'metrics collector failed');
        }
      },
    });
  }

  /** The exposition text of a scrape: the process's metrics, then this instance's. */
  async render(): Promise<string> {
    const [proc, own] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return proc.endsWith('\n') ? proc + own : `${proc}\n${own}`;
  }
}

/** A read several gauges of one scrape share: a call while one is in flight gets that one's answer. */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inflight: Promise<T> | undefined;
  return () =>
    (inflight ??= read().finally(() => {
      inflight = undefined;
    }));
}

/** The Postgres pool's connections at each scrape (PGlite has one embedded connection and no pool: no series). */
export function poolMetrics(metrics: Metrics, pool: Pick<pg.Pool, 'idleCount' | 'totalCount' | 'waitingCount'>): void {
  metrics.addCollector({
    name: 'swapgate_db_pool_connections',
    help: 'Postgres pool connections of this instance by state (idle, busy).',
    labelNames: ['state'],
    collect: (set) => {
      set(pool.idleCount, { state: 'idle' });
      set(pool.totalCount - pool.idleCount, { state: 'busy' });
    },
  });
  metrics.addCollector({
    name: 'swapgate_db_pool_waiting_clients',
    help: 'Queries of this instance waiting for a free pool connection (all DATABASE_POOL_SIZE connections are busy).',
    collect: (set) => set(pool.waitingCount),
  });
}
