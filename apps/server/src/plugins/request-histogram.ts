import type { Histogram, Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** observations per bucket, not cumulative; the last slot is above every bound (+Inf) */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram of request times by method, route and status, shown by prom-client's
 * registry like its own. Why not prom-client's Histogram: its observe() looks the labels up
 * again on every call, even through a labels() child (about 950 ns here, measured on this
 * machine), which on the cached catalogue read (~30 µs of CPU) was 3% of the request. Here each
 * series is found once by a string key and an observation is a few array writes; the registry
 * reads it at scrape time through get(), the metric contract its registry calls.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Histogram);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status_code: String(status) },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, s);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]!) i++;
    s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  }

  reset(): void {
    this.series.clear();
  }

  /** As prom-client's Histogram gives its values: cumulative buckets with le, then _sum, _count. */
  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] =
      [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({
          labels: { ...s.labels, le },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        labels: { ...s.labels, le: '+Inf' },
        value: s.count,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }
}
