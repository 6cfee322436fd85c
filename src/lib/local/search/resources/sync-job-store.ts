import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { DataSourceSyncJobStatus, ErrorCode } from '../../../services/search/types.js';
import { searchError } from '../core/errors.js';
import { sql } from '../core/statements.js';
import type { DataSourceRow } from './data-source-store.js';
import { isCrawledSource } from '../maintenance/web-crawler/source-crawl-settings.js';

/** A row of `search_sync_jobs`. */
export interface SyncJobRow {
  rowid: number;
  ds_rowid: number;
  execution_id: string;
  status: DataSourceSyncJobStatus;
  start_time: number;
  end_time: number | null;
  error_code: ErrorCode | null;
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
  const phase = source.type === 'CUSTOM' ? 'custom' : source.type === 'S3' || isCrawledSource(source) ? 'plan' : 'unsupported';
  sql(db, "INSERT INTO search_sync_jobs (ds_rowid, execution_id, status, start_time, phase, not_before) VALUES (?, ?, 'SYNCING', ?, ?, ?)").run(
    source.rowid,
    executionId,
    nowMs,
    phase,
    nowMs + delayMs,
  );
  return executionId;
}

/** Asks the running sync job of a data source to stop; returns whether there was one. */
export function stopSyncJobRow(db: Database.Database, dsRowid: number): boolean {
  return sql(db, "UPDATE search_sync_jobs SET status = 'STOPPING' WHERE ds_rowid = ? AND status IN ('SYNCING', 'SYNCING_INDEXING')").run(dsRowid).changes > 0;
}

/** The sync jobs of a data source, newest first. */
export function syncJobRows(db: Database.Database, dsRowid: number): SyncJobRow[] {
  return sql(db, 'SELECT * FROM search_sync_jobs WHERE ds_rowid = ? ORDER BY start_time DESC, rowid DESC').all(dsRowid) as SyncJobRow[];
}
