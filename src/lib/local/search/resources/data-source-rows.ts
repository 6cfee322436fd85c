import type Database from 'better-sqlite3';
import { statusOf } from '../core/lifecycle.js';
import type { OpContext } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import { notFound, searchError } from '../core/errors.js';

/** A row of `search_data_sources`. */
export interface DataSourceRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  type: string;
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
export function dataSourceStatus(ctx: Pick<OpContext, 'nowMs' | 'delayMs'>, row: DataSourceRow): string | undefined {
  return statusOf(row, ctx.nowMs, ctx.delayMs, 'ACTIVE');
}

/**
 * The data source `id` of an index; a `ResourceNotFoundException` when there is none, or when
 * it is being deleted unless `allowDeleting`.
 */
export function findDataSource(ctx: OpContext, indexRowid: number, id: string, allowDeleting = false): DataSourceRow & { status: string } {
  const row = sql(ctx.db, 'SELECT * FROM search_data_sources WHERE id = ? AND index_rowid = ?').get(id, indexRowid) as DataSourceRow | undefined;
  const status = row && dataSourceStatus(ctx, row);
  if (!row || !status || (status === 'DELETING' && !allowDeleting)) throw notFound(`Data source ${id} does not exist in this index.`);
  return { ...row, status };
}

/**
 * Throws when an index already has a live data source named `name`. Data source names are the
 * one name Kendra keeps unique (per index): CreateDataSource answers
 * `ResourceAlreadyExistException`, and UpdateDataSource, whose errors lack that one,
 * `ConflictException`. Index, FAQ and thesaurus names may repeat: their ids tell them apart,
 * and ClientToken is how a create is made safe to retry.
 */
export function checkDataSourceName(ctx: OpContext, index: { rowid: number; id: string }, name: string, operation: 'CreateDataSource' | 'UpdateDataSource'): void {
  const taken = sql(ctx.db, 'SELECT 1 FROM search_data_sources WHERE index_rowid = ? AND name = ? AND deleted_at IS NULL').get(index.rowid, name);
  if (!taken) return;
  const code = operation === 'CreateDataSource' ? 'ResourceAlreadyExistException' : 'ConflictException';
  throw searchError(code, `Index ${index.id} already has a data source named ${name}; data source names are unique in an index.`);
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
