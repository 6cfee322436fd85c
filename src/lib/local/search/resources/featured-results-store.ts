import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/** A row of `search_featured_sets`; `query_texts` and `documents` are JSON string arrays. */
export interface FeaturedSetRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  description: string | null;
  status: string;
  query_texts: string;
  documents: string;
  created_at: number;
  updated_at: number;
  busy_state: string;
  busy_until: number;
  deleted_at: number | null;
}

/** The values of a set that a create or update writes. */
export interface FeaturedSetValues {
  name: string;
  description: string | null;
  status: string;
  query_texts: string;
  documents: string;
}

/** The featured results sets of an index, oldest first. */
export function featuredSetsOf(db: Database.Database, indexRowid: number): FeaturedSetRow[] {
  return sql(db, 'SELECT * FROM search_featured_sets WHERE index_rowid = ? ORDER BY created_at, rowid').all(indexRowid) as FeaturedSetRow[];
}

/** The featured results set `id` of an index. */
export function readFeaturedSet(db: Database.Database, indexRowid: number, id: string): FeaturedSetRow | undefined {
  return sql(db, 'SELECT * FROM search_featured_sets WHERE id = ? AND index_rowid = ?').get(id, indexRowid) as FeaturedSetRow | undefined;
}

/** Inserts a featured results set. */
export function insertFeaturedSet(db: Database.Database, indexRowid: number, id: string, values: FeaturedSetValues, nowMs: number): void {
  sql(
    db,
    `INSERT INTO search_featured_sets (index_rowid, id, name, description, status, query_texts, documents, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(indexRowid, id, values.name, values.description, values.status, values.query_texts, values.documents, nowMs, nowMs);
}

/** Replaces the values of a featured results set. */
export function updateFeaturedSet(db: Database.Database, rowid: number, values: FeaturedSetValues, nowMs: number): void {
  sql(db, 'UPDATE search_featured_sets SET name = ?, description = ?, status = ?, query_texts = ?, documents = ?, updated_at = ? WHERE rowid = ?').run(
    values.name,
    values.description,
    values.status,
    values.query_texts,
    values.documents,
    nowMs,
    rowid,
  );
}

/** Removes a featured results set. */
export function deleteFeaturedSet(db: Database.Database, rowid: number): void {
  sql(db, 'DELETE FROM search_featured_sets WHERE rowid = ?').run(rowid);
}

/** The ids, titles and URIs of those of `docIds` that are documents of the index. */
export function documentInfo(db: Database.Database, indexRowid: number, docIds: readonly string[]): Map<string, { title: string | null; uri: string | null }> {
  const find = sql(db, 'SELECT title, source_uri FROM search_documents WHERE index_rowid = ? AND doc_id = ?');
  const found = new Map<string, { title: string | null; uri: string | null }>();
  for (const id of docIds) {
    const row = find.get(indexRowid, id) as { title: string | null; source_uri: string | null } | undefined;
    if (row) found.set(id, { title: row.title, uri: row.source_uri });
  }
  return found;
}

/** The rowid of the document `docId` of an index. */
export function documentRowid(db: Database.Database, indexRowid: number, docId: string): number | undefined {
  return sql(db, 'SELECT rowid FROM search_documents WHERE index_rowid = ? AND doc_id = ?').pluck().get(indexRowid, docId) as number | undefined;
}
