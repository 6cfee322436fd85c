import type Database from 'better-sqlite3';
import { documentInfo } from '../search/resources/featured-results-store.js';
import { clicksOfQueriesBetween, queriesBetween } from '../search/resources/query-log-store.js';
import { metricTable, type MetricTable, type MetricType } from '../search/query/search-metrics.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A metric of today so far (UTC), computed as GetSnapshots computes its intervals. GetSnapshots
 * has no such interval (its current week and month end at the start of today, as Kendra's do),
 * so the Analytics page offers it to show the searches and clicks just made.
 */
export function todayMetric(db: Database.Database, indexRowid: number, nowMs: number, metric: MetricType): MetricTable {
  const startMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const endMs = startMs + DAY_MS;
  return metricTable(metric, {
    queries: queriesBetween(db, indexRowid, startMs, endMs),
    clicks: clicksOfQueriesBetween(db, indexRowid, startMs, endMs),
    startMs,
    endMs,
    title: (docId) => documentInfo(db, indexRowid, [docId]).get(docId)?.title ?? null,
  });
}
