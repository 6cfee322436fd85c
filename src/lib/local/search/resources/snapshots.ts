import { encodePageToken, readPageToken } from '../../protocol/page-token.js';
import { searchError } from '../core/errors.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { intervalWindow } from '../core/snapshot-interval.js';
import { dateOf } from '../core/time.js';
import { metricTable } from '../query/search-metrics.js';
import { documentInfo } from './featured-results-store.js';
import { findIndex } from './index-store.js';
import { clicksOfQueriesBetween, queriesBetween } from './query-log-store.js';

/** The rows of a page when MaxResults is not given, and the most a page holds. */
const PAGE_ROWS = { default: 100, max: 1000 } as const;

function isOffset(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

const getSnapshots: OperationHandler<'GetSnapshots'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const listing = `GetSnapshots:${index.id}:${input.Interval}:${input.MetricType}`;
  const offset = input.NextToken === undefined ? 0 : readPageToken(input.NextToken, listing, isOffset);
  if (offset === undefined) {
    throw searchError(
      'InvalidRequestException',
      'The NextToken is not valid for this request; pass the NextToken of the previous response with the same Interval and MetricType.',
    );
  }
  const size = input.MaxResults ?? PAGE_ROWS.default;
  if (size < 1 || size > PAGE_ROWS.max) throw searchError('InvalidRequestException', `MaxResults must be from 1 to ${PAGE_ROWS.max}, not ${size}.`);
  const { startMs, endMs } = intervalWindow(input.Interval, ctx.nowMs);
  const queries = queriesBetween(ctx.db, index.rowid, startMs, endMs);
  const clicks = clicksOfQueriesBetween(ctx.db, index.rowid, startMs, endMs);
  const table = metricTable(input.MetricType, {
    queries,
    clicks,
    startMs,
    endMs,
    title: (docId) => documentInfo(ctx.db, index.rowid, [docId]).get(docId)?.title ?? null,
  });
  const page = table.rows.slice(offset, offset + size);
  const next = offset + page.length;
  return {
    SnapShotTimeFilter: { StartTime: dateOf(startMs), EndTime: dateOf(endMs) },
    SnapshotsDataHeader: table.header,
    SnapshotsData: page,
    ...(next < table.rows.length ? { NextToken: encodePageToken(listing, next) } : {}),
  };
};

/** The search analytics operation. */
export const snapshotOperations: OperationHandlers<'GetSnapshots'> = { GetSnapshots: getSnapshots };
