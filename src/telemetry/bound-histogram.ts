import type { LabelValues, Metric, Registry } from 'prom-client';

interface Series<L extends string> {
  labels: LabelValues<L>;
  /** Observations per bucket (not cumulative), one more slot past the last bound for +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for the request path, exposed through prom-client's registry (which formats it like its
 * own). prom-client's `Histogram.observe` validates and hashes its labels at every call (measured: about 3 µs per
 * observation); here a series is found by the identity of its label object, which the caller makes once per label
 * set and reuses (src/telemetry/metrics.ts), so an observation is one map lookup and a bucket increment.
 */
export class BoundHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<LabelValues<L>, Series<L>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  observe(labels: LabelValues<L>, value: number): void {
    let s = this.series.get(labels);
    if (!s) {
      s = { labels, counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      this.series.set(labels, s);
    }
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]) i++;
    s.counts[i]++;
    s.sum += value;
    s.count++;
  }

  /** prom-client's shape of a histogram's samples: cumulative `_bucket`s by `le`, then `_sum` and `_count`, per series. */
  async get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number | undefined>; value: number }> = [];
    for (const s of this.series.values()) {
      let acc = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        acc += s.counts[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: this.bounds[i] }, value: acc });
      }
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: { ...s.labels }, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...s.labels }, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
