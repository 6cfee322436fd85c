import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/** What is kept of a query for its feedback: its key and its result ids, each mapped to the result's key (`doc:<id>`, `faq:<id>`). */
export interface QueryRecord {
  query_key: string;
  /** JSON: result id → result key. */
  results: string;
}

/** The record of the query `queryId` run on an index, while it is kept. */
export function queryRecord(db: Database.Database, indexRowid: number, queryId: string): QueryRecord | undefined {
  return sql(db, 'SELECT query_key, results FROM search_queries WHERE query_id = ? AND index_rowid = ?').get(queryId, indexRowid) as QueryRecord | undefined;
}

/** Counts a view of each document of an index named in `docIds` that still exists, and marks it changed. */
export function recordViews(db: Database.Database, indexRowid: number, docIds: readonly string[]): void {
  const find = sql(db, 'SELECT rowid FROM search_documents WHERE index_rowid = ? AND doc_id = ?').pluck();
  for (const docId of docIds) {
    const rowid = find.get(indexRowid, docId) as number | undefined;
    if (rowid === undefined) continue;
    sql(db, 'UPDATE search_documents SET view_count = view_count + 1 WHERE rowid = ?').run(rowid);
    sql(db, 'INSERT INTO search_doc_changes (index_rowid, doc_rowid) VALUES (?, ?)').run(indexRowid, rowid);
  }
}

/** Adds relevance votes (`delta` +1 or -1) for results (`key`) of the query `queryKey` on an index. */
export function recordVotes(db: Database.Database, indexRowid: number, queryKey: string, votes: ReadonlyArray<{ key: string; delta: number }>): void {
  const vote = sql(
    db,
    `INSERT INTO search_relevance (index_rowid, query_key, doc_key, score) VALUES (?, ?, ?, ?)
     ON CONFLICT (index_rowid, query_key, doc_key) DO UPDATE SET score = score + excluded.score`,
  );
  for (const { key, delta } of votes) vote.run(indexRowid, queryKey, key, delta);
}

/** Keeps the record of a query run on an index, for the feedback on its results. */
export function insertQueryRecord(
  db: Database.Database,
  row: QueryRecord & { query_id: string; index_rowid: number; visitor_id: string | null; created_at: number },
): void {
  sql(
    db,
    `INSERT INTO search_queries (query_id, index_rowid, query_key, visitor_id, results, created_at)
     VALUES (@query_id, @index_rowid, @query_key, @visitor_id, @results, @created_at)`,
  ).run(row);
}

/** The relevance votes summed per result key (`doc:<id>`, `faq:<id>`) for the query `queryKey` on an index, where not zero. */
export function relevanceScores(db: Database.Database, indexRowid: number, queryKey: string): Array<{ doc_key: string; score: number }> {
  return sql(db, 'SELECT doc_key, score FROM search_relevance WHERE index_rowid = ? AND query_key = ? AND score != 0').all(indexRowid, queryKey) as Array<{
    doc_key: string;
    score: number;
  }>;
}
