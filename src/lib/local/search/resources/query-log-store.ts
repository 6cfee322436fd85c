import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/** One logged query. */
export interface QueryLogRow {
  query_id: string;
  query_text: string;
  query_key: string;
  user_id: string | null;
  result_count: number;
  created_at: number;
}

/** One logged click on a result of a query. */
export interface ClickLogRow {
  query_id: string;
  /** `doc:<document id>` or `faq:<entry rowid>`. */
  result_key: string;
  clicked_at: number;
}

/** Logs one query of the index `indexRowid`. */
export function insertQueryLog(db: Database.Database, indexRowid: number, row: QueryLogRow): void {
  sql(
    db,
    `INSERT INTO search_query_log (index_rowid, query_id, query_text, query_key, user_id, result_count, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(indexRowid, row.query_id, row.query_text, row.query_key, row.user_id, row.result_count, row.created_at);
}

/** Logs clicks on results of a query of the index `indexRowid`. */
export function insertClicks(db: Database.Database, indexRowid: number, rows: readonly ClickLogRow[]): void {
  const insert = sql(db, 'INSERT INTO search_click_log (index_rowid, query_id, result_key, clicked_at) VALUES (?, ?, ?, ?)');
  for (const row of rows) insert.run(indexRowid, row.query_id, row.result_key, row.clicked_at);
}

/** The queries of an index made in `[fromMs, toMs)`, oldest first. */
export function queriesBetween(db: Database.Database, indexRowid: number, fromMs: number, toMs: number): QueryLogRow[] {
  return sql(
    db,
    `SELECT query_id, query_text, query_key, user_id, result_count, created_at FROM search_query_log
     WHERE index_rowid = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, rowid`,
  ).all(indexRowid, fromMs, toMs) as QueryLogRow[];
}

/** The clicks on results of the queries of an index made in `[fromMs, toMs)`. */
export function clicksOfQueriesBetween(db: Database.Database, indexRowid: number, fromMs: number, toMs: number): ClickLogRow[] {
  return sql(
    db,
    `SELECT c.query_id, c.result_key, c.clicked_at FROM search_click_log c JOIN search_query_log q ON q.query_id = c.query_id
     WHERE q.index_rowid = ? AND q.created_at >= ? AND q.created_at < ? ORDER BY c.clicked_at, c.rowid`,
  ).all(indexRowid, fromMs, toMs) as ClickLogRow[];
}
