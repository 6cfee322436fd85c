import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { conflict, invalid, searchError } from '../core/errors.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { decodePageToken, pageOf } from '../core/pagination.js';
import { sql } from '../core/statements.js';
import { parseTimestamp, dateOf } from '../core/time.js';
import { findDataSource, type DataSourceRow } from './data-source-store.js';
import { activeIndex, findIndex } from './index-rows.js';


/** A row of `search_sync_jobs`. */
export interface SyncJobRow {
  rowid: number;
  ds_rowid: number;
  execution_id: string;
  status: string;
  start_time: number;
  end_time: number | null;
  error_code: string | null;
  error_message: string | null;
  data_source_error_code: string | null;
  added: number;
  modified: number;
  deleted: number;
  failed: number;
  scanned: number;
  phase: string;
  not_before: number;
  lease_owner: string | null;
  lease_until: number;
}

/**
 * Starts a sync job of a data source (a request, or its schedule): the job row is the whole
 * state, so that any process sharing the data dir can run it. A CUSTOM data source's job runs
 * until stopped; other jobs last at least `delayMs`. Call inside a write transaction.
 */
export function startSyncJob(db: Database.Database, source: DataSourceRow, nowMs: number, delayMs: number): string {
  const running = sql(db, `SELECT 1 FROM search_sync_jobs WHERE ds_rowid = ? AND status IN ('SYNCING', 'SYNCING_INDEXING', 'STOPPING')`).get(source.rowid);
  if (running) throw searchError('ResourceInUseException', `Data source ${source.id} is already syncing; wait for the job to finish or stop it.`);
  const executionId = randomUUID();
  const phase = source.type === 'CUSTOM' ? 'custom' : source.type === 'S3' ? 'plan' : 'unsupported';
  sql(db, "INSERT INTO search_sync_jobs (ds_rowid, execution_id, status, start_time, phase, not_before) VALUES (?, ?, 'SYNCING', ?, ?, ?)").run(
    source.rowid, executionId, nowMs, phase, nowMs + delayMs,
  );
  return executionId;
}

const startDataSourceSyncJob: OperationHandler<'StartDataSourceSyncJob'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'StartDataSourceSyncJob');
  const source = findDataSource(ctx, index.rowid, input.Id);
  if (source.status !== 'ACTIVE') throw conflict(`Data source ${source.id} is ${source.status}; retry when it is ACTIVE.`);
  return { ExecutionId: ctx.db.transaction(() => startSyncJob(ctx.db, source, ctx.nowMs, ctx.delayMs)).immediate() };
};

const stopDataSourceSyncJob: OperationHandler<'StopDataSourceSyncJob'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const source = findDataSource(ctx, index.rowid, input.Id);
  const stopped = sql(ctx.db, "UPDATE search_sync_jobs SET status = 'STOPPING' WHERE ds_rowid = ? AND status IN ('SYNCING', 'SYNCING_INDEXING')").run(source.rowid);
  if (stopped.changes === 0) throw invalid(`Data source ${source.id} has no running sync job to stop.`);
  return {};
};

/** A job in the model's `DataSourceSyncJob` form (metrics are strings on the wire). */
function describeJob(row: SyncJobRow): Record<string, unknown> {
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
  const offset = decodePageToken(input.NextToken, 'ListDataSourceSyncJobs', scope);
  const rows = (sql(ctx.db, 'SELECT * FROM search_sync_jobs WHERE ds_rowid = ? ORDER BY start_time DESC, rowid DESC').all(source.rowid) as SyncJobRow[]).filter(
    (row) => (!input.StatusFilter || row.status === input.StatusFilter) && row.start_time >= from && row.start_time <= to,
  );
  const { page, nextToken } = pageOf(rows.map(describeJob), offset, input.MaxResults, 10, 'ListDataSourceSyncJobs', scope);
  return { History: page, ...(nextToken ? { NextToken: nextToken } : {}) };
};

/** The sync job operations. */
export const syncJobOperations: OperationHandlers<'StartDataSourceSyncJob' | 'StopDataSourceSyncJob' | 'ListDataSourceSyncJobs'> = {
  StartDataSourceSyncJob: startDataSourceSyncJob,
  StopDataSourceSyncJob: stopDataSourceSyncJob,
  ListDataSourceSyncJobs: listDataSourceSyncJobs,
};
