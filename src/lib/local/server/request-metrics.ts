/** The upper bounds (seconds) of the request latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One operation's latency histogram: counts per bucket (not cumulative), their sum and count. */
export interface LatencyHistogram {
  buckets: number[];
  sum: number;
  count: number;
}

/** What one process counted of the requests it served; plain data, sent between processes as is. */
export interface RequestCounts {
  /** Requests by `operation\tstatus`. */
  requests: Record<string, number>;
  /** Latency by operation. */
  latency: Record<string, LatencyHistogram>;
}

/** Counts the requests one process serves, by operation and status, with latency histograms. */
export class RequestMetrics {
  private readonly counts: RequestCounts = { requests: {}, latency: {} };

  /** Records one answered request. */
  observe(operation: string, status: number, seconds: number): void {
    const key = `${operation}\t${status}`;
    this.counts.requests[key] = (this.counts.requests[key] ?? 0) + 1;
    const histogram = (this.counts.latency[operation] ??= { buckets: LATENCY_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 });
    const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
    histogram.buckets[bucket < 0 ? LATENCY_BUCKETS.length : bucket]! += 1;
    histogram.sum += seconds;
    histogram.count += 1;
  }

  /** The counts so far. */
  snapshot(): RequestCounts {
    return structuredClone(this.counts);
  }
}

/** The counts of several processes added up. */
export function addCounts(parts: readonly RequestCounts[]): RequestCounts {
  const total: RequestCounts = { requests: {}, latency: {} };
  for (const part of parts) {
    for (const [key, value] of Object.entries(part.requests)) total.requests[key] = (total.requests[key] ?? 0) + value;
    for (const [operation, histogram] of Object.entries(part.latency)) {
      const sum = (total.latency[operation] ??= { buckets: histogram.buckets.map(() => 0), sum: 0, count: 0 });
      histogram.buckets.forEach((value, position) => (sum.buckets[position] = (sum.buckets[position] ?? 0) + value));
      sum.sum += histogram.sum;
      sum.count += histogram.count;
    }
  }
  return total;
}
