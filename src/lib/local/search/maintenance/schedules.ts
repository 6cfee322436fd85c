import type Database from 'better-sqlite3';
import { nextFire, parseCron } from '../core/cron.js';
import { sql } from '../core/statements.js';
import type { DataSourceRow } from '../resources/data-source-store.js';
import { startSyncJob } from '../resources/sync-job-store.js';

/**
 * Starts the sync jobs that data source schedules call for at `nowMs` (skipping a run while
 * the previous job still runs, as the real service does) and sets each schedule's next run.
 * One schedule that fails does not keep the others from starting; the first failure is thrown
 * once all were tried.
 */
export function runSchedules(db: Database.Database, nowMs: number, delayMs: number): void {
  const due = sql(
    db,
    `SELECT d.* FROM search_data_sources d JOIN search_indices i ON i.rowid = d.index_rowid
     WHERE d.next_run_at IS NOT NULL AND d.next_run_at <= ? AND d.deleted_at IS NULL AND i.deleted_at IS NULL`,
  ).all(nowMs) as DataSourceRow[];
  const failures: unknown[] = [];
  for (const source of due) {
    try {
      startScheduled(db, source, nowMs, delayMs);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

function startScheduled(db: Database.Database, source: DataSourceRow, nowMs: number, delayMs: number): void {
  db.transaction(() => {
    const fresh = sql(db, 'SELECT next_run_at FROM search_data_sources WHERE rowid = ?').pluck().get(source.rowid) as number | null;
    if (fresh === null || fresh > nowMs) return;
    try {
      startSyncJob(db, source, nowMs, delayMs);
    } catch {
      // a job is still running: this run is skipped
    }
    sql(db, 'UPDATE search_data_sources SET next_run_at = ? WHERE rowid = ?').run(nextFire(parseCron(source.schedule!), nowMs), source.rowid);
  }).immediate();
}
