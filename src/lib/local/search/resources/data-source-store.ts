import type Database from 'better-sqlite3';
import { statusOf } from '../core/lifecycle.js';
import type { OpContext } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import { notFound } from '../core/errors.js';
import type { DataSourceStatus, DataSourceType } from '../../../services/search/types.js';

/** A row of `search_data_sources`. */
export interface DataSourceRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  type: DataSourceType;
  settings: string;
  description: string | null;
  schedule: string | null;
  role_arn: string | null;
  language_code: string;
  created_at: number;
  updated_at: number;
  busy_state: string;
  busy_until: number;
  deleted_at: number | null;
  next_run_at: number | null;
}

/** The status of a data source at the request's time; `undefined` once it is deleted. */
export function dataSourceStatus(ctx: Pick<OpContext, 'nowMs' | 'delayMs'>, row: DataSourceRow): DataSourceStatus | undefined {
  return statusOf<DataSourceStatus>(row, ctx.nowMs, ctx.delayMs, 'ACTIVE');
}

/**
 * The data source `id` of an index; a `ResourceNotFoundException` when there is none, or when
 * it is being deleted unless `allowDeleting`.
 */
export function findDataSource(ctx: OpContext, indexRowid: number, id: string, allowDeleting = false): DataSourceRow & { status: DataSourceStatus } {
  const row = dataSourceRow(ctx.db, indexRowid, id);
  const status = row && dataSourceStatus(ctx, row);
  if (!row || !status || (status === 'DELETING' && !allowDeleting)) throw notFound(`Data source ${id} does not exist in this index.`);
  return { ...row, status };
}

/** The data source `id` of an index, deleted or not. */
export function dataSourceRow(db: Database.Database, indexRowid: number, id: string): DataSourceRow | undefined {
  return sql(db, 'SELECT * FROM search_data_sources WHERE id = ? AND index_rowid = ?').get(id, indexRowid) as DataSourceRow | undefined;
}

/** The metrics a sync job counts. */
export interface MetricDelta {
  added?: number;
  modified?: number;
  deleted?: number;
  failed?: number;
  scanned?: number;
}

/** Adds to the metrics of a sync job. */
export function addMetrics(db: Database.Database, jobRowid: number, delta: MetricDelta): void {
  sql(
    db,
    'UPDATE search_sync_jobs SET added = added + ?, modified = modified + ?, deleted = deleted + ?, failed = failed + ?, scanned = scanned + ? WHERE rowid = ?',
  ).run(delta.added ?? 0, delta.modified ?? 0, delta.deleted ?? 0, delta.failed ?? 0, delta.scanned ?? 0, jobRowid);
}

/**
 * The running (SYNCING) job `executionId` of the data source `dataSourceId` of an index, for
 * the documents a CUSTOM data source reports; a reason string when there is none.
 */
export function runningCustomJob(db: Database.Database, indexRowid: number, dataSourceId: string, executionId: string): number | string {
  const row = sql(
    db,
    `SELECT j.rowid AS rowid, j.status AS status FROM search_sync_jobs j JOIN search_data_sources d ON d.rowid = j.ds_rowid
     WHERE d.index_rowid = ? AND d.id = ? AND d.deleted_at IS NULL AND j.execution_id = ?`,
  ).get(indexRowid, dataSourceId, executionId) as { rowid: number; status: string } | undefined;
  if (!row) return `Sync job ${executionId} of data source ${dataSourceId} does not exist.`;
  if (row.status !== 'SYNCING') return `Sync job ${executionId} of data source ${dataSourceId} is ${row.status}, not SYNCING.`;
  return row.rowid;
}

/** The columns a new data source is written with (it starts CREATING until `busy_until`). */
export type NewDataSource = Omit<DataSourceRow, 'rowid' | 'busy_state' | 'deleted_at'>;

/** The columns an update rewrites (it is UPDATING until `busy_until`). */
export type DataSourceUpdate = Omit<NewDataSource, 'index_rowid' | 'id' | 'type' | 'created_at'> & { rowid: number };

/** Whether an index has a data source named `name` that is not deleted. */
export function dataSourceNameTaken(db: Database.Database, indexRowid: number, name: string): boolean {
  return sql(db, 'SELECT 1 FROM search_data_sources WHERE index_rowid = ? AND name = ? AND deleted_at IS NULL').get(indexRowid, name) !== undefined;
}

/** Writes a new data source. */
export function insertDataSource(db: Database.Database, row: NewDataSource): void {
  sql(
    db,
    `INSERT INTO search_data_sources (index_rowid, id, name, type, settings, description, schedule, role_arn, language_code, created_at,
     updated_at, busy_state, busy_until, next_run_at) VALUES (@index_rowid, @id, @name, @type, @settings, @description, @schedule, @role_arn,
     @language_code, @created_at, @updated_at, 'CREATING', @busy_until, @next_run_at)`,
  ).run(row);
}

/** Rewrites a data source. */
export function updateDataSourceRow(db: Database.Database, row: DataSourceUpdate): void {
  sql(
    db,
    `UPDATE search_data_sources SET name = @name, settings = @settings, description = @description, schedule = @schedule, role_arn = @role_arn,
     language_code = @language_code, updated_at = @updated_at, busy_state = 'UPDATING', busy_until = @busy_until, next_run_at = @next_run_at
     WHERE rowid = @rowid`,
  ).run(row);
}

/**
 * Marks a data source deleted at `nowMs` and aborts its running sync jobs; returns the ids of
 * the documents it synced into its index, which go with it.
 */
export function markDataSourceDeleted(db: Database.Database, row: Pick<DataSourceRow, 'rowid' | 'index_rowid' | 'id'>, nowMs: number): string[] {
  sql(db, 'UPDATE search_data_sources SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(nowMs, nowMs, row.rowid);
  sql(db, "UPDATE search_sync_jobs SET status = 'ABORTED', end_time = ? WHERE ds_rowid = ? AND status IN ('SYNCING', 'STOPPING')").run(nowMs, row.rowid);
  return sql(db, 'SELECT doc_id FROM search_documents WHERE index_rowid = ? AND data_source_id = ?').pluck().all(row.index_rowid, row.id) as string[];
}

/** Whether an index has a data source `id` that is not deleted. */
export function dataSourceExists(db: Database.Database, indexRowid: number, id: string): boolean {
  return sql(db, 'SELECT 1 FROM search_data_sources WHERE index_rowid = ? AND id = ? AND deleted_at IS NULL').get(indexRowid, id) !== undefined;
}
