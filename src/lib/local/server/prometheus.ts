import type { StoreGauge } from '../types.js';
import { LATENCY_BUCKETS, type RequestCounts } from './request-metrics.js';

/** The content type of the Prometheus text exposition format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function labelText(labels: Record<string, string>): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

function header(name: string, type: string, help: string): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
}

/** Gauges a store fills when it has them, and that read 0 otherwise (no module computes embeddings yet; SQLite has no replica). */
const UNREPORTED_AS_ZERO = [
  { name: 'nimbus_embedding_backlog', help: 'Documents waiting for their embeddings (0 while no module computes embeddings).' },
  { name: 'nimbus_replica_lag_seconds', help: 'How far this node reads behind the system of record (0 for a SQLite data dir, which has no replica).' },
];

/** The figures of one scrape: request counts of every process, the store's gauges and the process count. */
export interface Scrape {
  counts: RequestCounts;
  gauges: StoreGauge[];
  /** How many processes answered (workers of this service). */
  workers: number;
}

/**
 * The Prometheus text of a scrape: `nimbus_requests_total{operation,status}`,
 * `nimbus_request_duration_seconds` (a histogram per operation), the store's gauges,
 * `nimbus_embedding_backlog` and `nimbus_replica_lag_seconds` (0 unless the store reports them) and
 * `nimbus_workers`.
 */
export function renderPrometheus(scrape: Scrape): string {
  const lines: string[] = header('nimbus_requests_total', 'counter', 'Requests answered, by operation and HTTP status.');
  for (const [key, value] of Object.entries(scrape.counts.requests).sort()) {
    const [operation = '', status = ''] = key.split('\t');
    lines.push(`nimbus_requests_total${labelText({ operation, status })} ${value}`);
  }
  lines.push(...header('nimbus_request_duration_seconds', 'histogram', 'Time from the request to its answer, by operation.'));
  for (const [operation, histogram] of Object.entries(scrape.counts.latency).sort()) {
    let cumulative = 0;
    LATENCY_BUCKETS.forEach((bound, position) => {
      cumulative += histogram.buckets[position] ?? 0;
      lines.push(`nimbus_request_duration_seconds_bucket${labelText({ operation, le: String(bound) })} ${cumulative}`);
    });
    lines.push(`nimbus_request_duration_seconds_bucket${labelText({ operation, le: '+Inf' })} ${histogram.count}`);
    lines.push(`nimbus_request_duration_seconds_sum${labelText({ operation })} ${histogram.sum}`);
    lines.push(`nimbus_request_duration_seconds_count${labelText({ operation })} ${histogram.count}`);
  }
  const gauges = [...scrape.gauges];
  for (const fallback of UNREPORTED_AS_ZERO) {
    if (!gauges.some((gauge) => gauge.name === fallback.name)) gauges.push({ ...fallback, samples: [{ labels: {}, value: 0 }] });
  }
  gauges.push({ name: 'nimbus_workers', help: 'Processes serving this endpoint.', samples: [{ labels: {}, value: scrape.workers }] });
  for (const gauge of gauges) {
    lines.push(...header(gauge.name, 'gauge', gauge.help));
    for (const sample of gauge.samples) lines.push(`${gauge.name}${labelText(sample.labels)} ${sample.value}`);
  }
  return `${lines.join('\n')}\n`;
}
