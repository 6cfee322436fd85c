import type { ClickLogRow, QueryLogRow } from '../resources/query-log-store.js';
import { daysOf } from '../core/snapshot-interval.js';

/** The search metrics GetSnapshots reports. */
export type MetricType =
  | 'QUERIES_BY_COUNT'
  | 'QUERIES_BY_ZERO_CLICK_RATE'
  | 'QUERIES_BY_ZERO_RESULT_RATE'
  | 'DOCS_BY_CLICK_COUNT'
  | 'AGG_QUERY_DOC_METRICS'
  | 'TREND_QUERY_DOC_METRICS';

/** A metric as a table: its column names and rows of strings. */
export interface MetricTable {
  header: string[];
  rows: string[][];
}

/** What a metric is computed from: the queries of a window, the clicks on their results, and document titles. */
export interface MetricInput {
  queries: readonly QueryLogRow[];
  clicks: readonly ClickLogRow[];
  startMs: number;
  endMs: number;
  title(docId: string): string | null;
}

/** A rate as a decimal fraction with at most four digits after the point. */
function rate(part: number, whole: number): string {
  return whole === 0 ? '0' : String(Math.round((part / whole) * 10_000) / 10_000);
}

interface QueryStats {
  text: string;
  count: number;
  zeroClick: number;
  zeroResult: number;
}

/** The searches of each distinct query text (grouped by its normalized form). */
function byQuery(input: MetricInput): QueryStats[] {
  const clicked = new Set(input.clicks.map((click) => click.query_id));
  const stats = new Map<string, QueryStats>();
  for (const query of input.queries) {
    const entry = stats.get(query.query_key) ?? { text: query.query_key, count: 0, zeroClick: 0, zeroResult: 0 };
    entry.count += 1;
    if (!clicked.has(query.query_id)) entry.zeroClick += 1;
    if (query.result_count === 0) entry.zeroResult += 1;
    stats.set(query.query_key, entry);
  }
  return [...stats.values()];
}

function totals(queries: readonly QueryLogRow[], clicks: readonly ClickLogRow[]): string[] {
  const clicked = new Set(clicks.map((click) => click.query_id));
  const withClicks = queries.filter((query) => clicked.has(query.query_id)).length;
  const zeroResult = queries.filter((query) => query.result_count === 0).length;
  return [
    String(queries.length),
    String(new Set(queries.map((query) => query.query_key)).size),
    rate(withClicks, queries.length),
    rate(queries.length - withClicks, queries.length),
    rate(zeroResult, queries.length),
  ];
}

const TOTAL_COLUMNS = ['total_queries', 'unique_queries', 'click_through_rate', 'zero_click_rate', 'zero_result_rate'];

/**
 * The table of `metric`. Queries are grouped by their text (lower case, spaces collapsed). A
 * search is a zero-click search when none of its results was clicked, a zero-result search when
 * it found nothing; rates are fractions of the searches.
 *
 * - QUERIES_BY_COUNT: `query_content`, `count`, most searched first.
 * - QUERIES_BY_ZERO_CLICK_RATE / QUERIES_BY_ZERO_RESULT_RATE: `query_content`, `count` and the
 *   rate, for the queries with a zero-click (zero-result) search, highest rate first.
 * - DOCS_BY_CLICK_COUNT: `document_id`, `document_title`, `click_count`, most clicked first.
 * - AGG_QUERY_DOC_METRICS: one row of totals for the window.
 * - TREND_QUERY_DOC_METRICS: the same totals for each day (`date`, YYYY-MM-DD) of the window.
 */
export function metricTable(metric: MetricType, input: MetricInput): MetricTable {
  const byCount = (a: QueryStats, b: QueryStats) => b.count - a.count || a.text.localeCompare(b.text);
  switch (metric) {
    case 'QUERIES_BY_COUNT':
      return {
        header: ['query_content', 'count'],
        rows: byQuery(input)
          .sort(byCount)
          .map((entry) => [entry.text, String(entry.count)]),
      };
    case 'QUERIES_BY_ZERO_CLICK_RATE':
    case 'QUERIES_BY_ZERO_RESULT_RATE': {
      const zeroClick = metric === 'QUERIES_BY_ZERO_CLICK_RATE';
      const part = (entry: QueryStats) => (zeroClick ? entry.zeroClick : entry.zeroResult);
      const rows = byQuery(input)
        .filter((entry) => part(entry) > 0)
        .sort((a, b) => part(b) / b.count - part(a) / a.count || byCount(a, b))
        .map((entry) => [entry.text, String(entry.count), rate(part(entry), entry.count)]);
      return { header: ['query_content', 'count', zeroClick ? 'zero_click_rate' : 'zero_result_rate'], rows };
    }
    case 'DOCS_BY_CLICK_COUNT': {
      const counts = new Map<string, number>();
      for (const click of input.clicks) {
        if (click.result_key.startsWith('doc:')) counts.set(click.result_key.slice(4), (counts.get(click.result_key.slice(4)) ?? 0) + 1);
      }
      const rows = [...counts]
        .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
        .map(([docId, count]) => [docId, input.title(docId) ?? '', String(count)]);
      return { header: ['document_id', 'document_title', 'click_count'], rows };
    }
    case 'AGG_QUERY_DOC_METRICS':
      return { header: TOTAL_COLUMNS, rows: [totals(input.queries, input.clicks)] };
    case 'TREND_QUERY_DOC_METRICS': {
      const rows = daysOf(input.startMs, input.endMs).map((day) => {
        const queries = input.queries.filter((query) => query.created_at >= day && query.created_at < day + 24 * 3600 * 1000);
        const ids = new Set(queries.map((query) => query.query_id));
        return [
          new Date(day).toISOString().slice(0, 10),
          ...totals(
            queries,
            input.clicks.filter((click) => ids.has(click.query_id)),
          ),
        ];
      });
      return { header: ['date', ...TOTAL_COLUMNS], rows };
    }
  }
}
