import type { GetSnapshotsResponse } from '../../services/search/types.js';
import type { MetricTable, MetricType } from '../search/query/search-metrics.js';
import { barChart } from './bar-chart.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';
import { metricTableView, percent } from './metric-table-view.js';
import type { PageScope } from './page-scope.js';
import { problemText } from './search-page.js';
import { todayMetric } from './today-metrics.js';

/** The intervals of the picker: GetSnapshots' own, and today so far. */
export const INTERVALS: ReadonlyArray<[string, string]> = [
  ['THIS_WEEK', 'This week (until today)'],
  ['ONE_WEEK_AGO', 'Last week'],
  ['TWO_WEEKS_AGO', 'Two weeks ago'],
  ['THIS_MONTH', 'This month (until today)'],
  ['ONE_MONTH_AGO', 'Last month'],
  ['TWO_MONTHS_AGO', 'Two months ago'],
  ['TODAY', 'Today so far'],
];

/** How many rows the top lists show. */
const TOP = 10;

function intervalOf(query: URLSearchParams): string {
  const asked = query.get('interval') ?? 'THIS_WEEK';
  return INTERVALS.some(([value]) => value === asked) ? asked : 'THIS_WEEK';
}

function picker(base: string, interval: string): Html {
  return html`<form class="interval" method="get" action="${base}/analytics">
    <label for="interval">Interval</label>
    <select id="interval" name="interval">
      ${INTERVALS.map(([value, label]) => html`<option value="${value}" ${value === interval ? html` selected` : ''}>${label}</option>`)}
    </select>
    <button type="submit">Show</button>
  </form>`;
}

function tiles(totals: MetricTable): Html {
  const row = totals.rows[0] ?? [];
  const value = (name: string) => row[totals.header.indexOf(name)] ?? '0';
  const tile = (label: string, text: string) =>
    html`<div class="tile">
      <dt>${label}</dt>
      <dd>${text}</dd>
    </div>`;
  return html`<dl class="tiles">
    ${tile('Queries', value('total_queries'))}${tile('Unique queries', value('unique_queries'))}${tile(
      'Click-through rate',
      percent(value('click_through_rate')),
    )}${tile('Zero-click rate', percent(value('zero_click_rate')))}${tile('Zero-result rate', percent(value('zero_result_rate')))}
  </dl>`;
}

function section(title: string, id: string, chart: Html, table: Html): Html {
  return html`<section class="card metric" aria-labelledby="${id}">
    <h2 id="${id}">${title}</h2>
    ${chart}${table}
  </section>`;
}

/** The metrics of the experience's index for `interval`: GetSnapshots, or today so far. */
async function metrics(scope: PageScope, interval: string): Promise<(metric: MetricType) => Promise<MetricTable>> {
  if (interval === 'TODAY') {
    return async (metric) => todayMetric(scope.db, scope.experience.indexRowid, scope.now().getTime(), metric);
  }
  return async (metric) => {
    const output = await scope.call<GetSnapshotsResponse>('GetSnapshots', {
      IndexId: scope.experience.indexId,
      Interval: interval,
      MetricType: metric,
      MaxResults: 100,
    });
    return { header: output.SnapshotsDataHeader ?? [], rows: output.SnapshotsData ?? [] };
  };
}

async function analyticsMain(scope: PageScope, interval: string): Promise<Html> {
  const metric = await metrics(scope, interval);
  const [totals, trend, top, zeroClick, zeroResult, clicked] = await Promise.all(
    (
      [
        'AGG_QUERY_DOC_METRICS',
        'TREND_QUERY_DOC_METRICS',
        'QUERIES_BY_COUNT',
        'QUERIES_BY_ZERO_CLICK_RATE',
        'QUERIES_BY_ZERO_RESULT_RATE',
        'DOCS_BY_CLICK_COUNT',
      ] as const
    ).map((name) => metric(name)),
  );
  const topRows = top!.rows.slice(0, TOP);
  const clickedRows = clicked!.rows.slice(0, TOP);
  return html`${tiles(totals!)}
  ${section(
    'Queries over time',
    'over-time',
    barChart(
      'Queries per day',
      trend!.rows.map((row) => ({ label: row[0] ?? '', value: Number(row[1] ?? 0) })),
    ),
    metricTableView('Queries per day', trend!.header, trend!.rows),
  )}
  ${section(
    'Top queries',
    'top-queries',
    barChart(
      'Searches of the top queries',
      topRows.map((row) => ({ label: row[0] ?? '', value: Number(row[1] ?? 0) })),
    ),
    metricTableView('Top queries', top!.header, topRows),
  )}
  ${section(
    'Top clicked documents',
    'top-clicked',
    barChart(
      'Clicks of the top documents',
      clickedRows.map((row) => ({ label: row[1] || row[0] || '', value: Number(row[2] ?? 0) })),
    ),
    metricTableView('Top clicked documents', clicked!.header, clickedRows),
  )}
  ${section('Queries with zero clicks', 'zero-clicks', html``, metricTableView('Queries with zero clicks', zeroClick!.header, zeroClick!.rows.slice(0, TOP)))}
  ${section('Queries with zero results', 'zero-results', html``, metricTableView('Queries with zero results', zeroResult!.header, zeroResult!.rows.slice(0, TOP)))}`;
}

/** The Analytics tab: the index's search metrics for the interval picked, as charts and tables. */
export async function analyticsPage(scope: PageScope, query: URLSearchParams): Promise<Html> {
  const interval = intervalOf(query);
  let body: Html;
  try {
    body = await analyticsMain(scope, interval);
  } catch (error) {
    body = html`<p class="error" role="alert">${problemText('GetSnapshots', error)}</p>`;
  }
  const note =
    interval === 'TODAY'
      ? html`<p class="hint">Today so far (UTC), computed as GetSnapshots computes its intervals.</p>`
      : html`<p class="hint">
          From GetSnapshots. As in Kendra, this week and this month end at the start of today (UTC); pick “Today so far” for the searches just made.
        </p>`;
  const main = html`<h1>Analytics</h1>
    ${picker(scope.base, interval)}${note}${body}`;
  return layout({ title: 'Analytics', experience: scope.experience, session: scope.session, tab: 'analytics', main });
}
