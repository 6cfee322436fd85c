import type { DataSourceSyncJob } from '../../../services/search/types.js';
import { conflict, invalid } from '../core/errors.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { listPage } from '../core/pagination.js';
import { parseTimestamp, dateOf } from '../core/time.js';
import { findDataSource } from './data-source-store.js';
import { activeIndex, findIndex } from './index-store.js';
import { startSyncJob, stopSyncJobRow, syncJobRows, type SyncJobRow } from './sync-job-store.js';

const startDataSourceSyncJob: OperationHandler<'StartDataSourceSyncJob'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'StartDataSourceSyncJob');
  const source = findDataSource(ctx, index.rowid, input.Id);
  if (source.status !== 'ACTIVE') throw conflict(`Data source ${source.id} is ${source.status}; retry when it is ACTIVE.`);
  return { ExecutionId: ctx.db.transaction(() => startSyncJob(ctx.db, source, ctx.nowMs, ctx.delayMs)).immediate() };
};

const stopDataSourceSyncJob: OperationHandler<'StopDataSourceSyncJob'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const source = findDataSource(ctx, index.rowid, input.Id);
  if (!stopSyncJobRow(ctx.db, source.rowid)) throw invalid(`Data source ${source.id} has no running sync job to stop.`);
  return {};
};

/** A job in the model's `DataSourceSyncJob` form (metrics are strings on the wire). */
function describeJob(row: SyncJobRow): DataSourceSyncJob {
  return {
    ExecutionId: row.execution_id,
    StartTime: dateOf(row.start_time),
    ...(row.end_time !== null ? { EndTime: dateOf(row.end_time) } : {}),
    Status: row.status,
    ...(row.error_message ? { ErrorMessage: row.error_message } : {}),
    ...(row.error_code ? { ErrorCode: row.error_code } : {}),
    ...(row.data_source_error_code ? { DataSourceErrorCode: row.data_source_error_code } : {}),
    Metrics: {
      DocumentsAdded: String(row.added),
      DocumentsModified: String(row.modified),
      DocumentsDeleted: String(row.deleted),
      DocumentsFailed: String(row.failed),
      DocumentsScanned: String(row.scanned),
    },
  };
}

const listDataSourceSyncJobs: OperationHandler<'ListDataSourceSyncJobs'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const source = findDataSource(ctx, index.rowid, input.Id, true);
  const range = input.StartTimeFilter as { StartTime?: unknown; EndTime?: unknown } | undefined;
  const from = range?.StartTime !== undefined ? parseTimestamp(range.StartTime, 'StartTimeFilter.StartTime') : -Infinity;
  const to = range?.EndTime !== undefined ? parseTimestamp(range.EndTime, 'StartTimeFilter.EndTime') : Infinity;
  if (from > to) throw invalid('StartTimeFilter.StartTime is after StartTimeFilter.EndTime.');
  const scope = `${index.id}/${source.id}/${input.StatusFilter ?? ''}/${from}/${to}`;
  const rows = syncJobRows(ctx.db, source.rowid).filter(
    (row) => (!input.StatusFilter || row.status === input.StatusFilter) && row.start_time >= from && row.start_time <= to,
  );
  const { page, ...next } = listPage(rows.map(describeJob), input, 10, 'ListDataSourceSyncJobs', scope);
  return { History: page, ...next };
};

/** The sync job operations. */
export const syncJobOperations: OperationHandlers<'StartDataSourceSyncJob' | 'StopDataSourceSyncJob' | 'ListDataSourceSyncJobs'> = {
  StartDataSourceSyncJob: startDataSourceSyncJob,
  StopDataSourceSyncJob: stopDataSourceSyncJob,
  ListDataSourceSyncJobs: listDataSourceSyncJobs,
};
