import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/** Why a document failed to be stored. */
export interface DocumentFailure {
  docId: string;
  dataSourceId: string | null;
  code: string;
  reason: string;
}

/** A stored failure, with when it happened. */
export interface FailureRow {
  data_source_id: string | null;
  failure_code: string;
  failure_reason: string;
  failed_at: number;
}

/** What the status of a stored document needs. */
export interface StoredDocRow {
  rowid: number;
  data_source_id: string | null;
  attributes: string;
}

/** The longest failure reason kept. */
const MAX_REASON_CHARS = 2048;

/** Remembers that a document failed to be stored, replacing an earlier failure. Call inside a transaction. */
export function recordFailure(db: Database.Database, indexRowid: number, failure: DocumentFailure, nowMs: number): void {
  sql(
    db,
    `INSERT INTO search_document_failures (index_rowid, doc_id, data_source_id, failure_code, failure_reason, failed_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (index_rowid, doc_id) DO UPDATE SET data_source_id = excluded.data_source_id, failure_code = excluded.failure_code,
     failure_reason = excluded.failure_reason, failed_at = excluded.failed_at`,
  ).run(indexRowid, failure.docId, failure.dataSourceId, failure.code, failure.reason.slice(0, MAX_REASON_CHARS), nowMs);
}

/** Forgets the failure of a document (it was stored or deleted since). Call inside a transaction. */
export function clearFailure(db: Database.Database, indexRowid: number, docId: string): void {
  sql(db, 'DELETE FROM search_document_failures WHERE index_rowid = ? AND doc_id = ?').run(indexRowid, docId);
}

/** The failure of a document, if its last attempt to be stored failed. */
export function failureOf(db: Database.Database, indexRowid: number, docId: string): FailureRow | undefined {
  return sql(db, 'SELECT data_source_id, failure_code, failure_reason, failed_at FROM search_document_failures WHERE index_rowid = ? AND doc_id = ?').get(
    indexRowid,
    docId,
  ) as FailureRow | undefined;
}

/** The stored document `docId` of an index, if any. */
export function storedDocument(db: Database.Database, indexRowid: number, docId: string): StoredDocRow | undefined {
  return sql(db, 'SELECT rowid, data_source_id, attributes FROM search_documents WHERE index_rowid = ? AND doc_id = ?').get(indexRowid, docId) as
    StoredDocRow | undefined;
}

/** Whether the index has a data source `id` that is not deleted. */
export function hasDataSource(db: Database.Database, indexRowid: number, id: string): boolean {
  return sql(db, 'SELECT 1 FROM search_data_sources WHERE index_rowid = ? AND id = ? AND deleted_at IS NULL').get(indexRowid, id) !== undefined;
}

/**
 * Whether a running sync job of the index still has to store the S3 object that `docId`
 * (`s3://bucket/key`) names: it was listed but not stored yet, for instance because its text
 * is still being extracted. Objects whose metadata gives them another id are not recognised.
 */
export function isBeingSynced(db: Database.Database, indexRowid: number, docId: string): boolean {
  const match = /^s3:\/\/([^/]+)\/(.+)$/s.exec(docId);
  if (!match) return false;
  const [, bucket, key] = match;
  const settings = sql(
    db,
    `SELECT ds.settings FROM search_data_sources ds JOIN search_sync_jobs j ON j.ds_rowid = ds.rowid
     JOIN search_sync_items i ON i.job_rowid = j.rowid WHERE ds.index_rowid = ? AND i.key = ? AND i.done = 0`,
  )
    .pluck()
    .all(indexRowid, key) as string[];
  return settings.some(
    (text) => (JSON.parse(text) as { Configuration?: { S3Configuration?: { BucketName?: string } } }).Configuration?.S3Configuration?.BucketName === bucket,
  );
}
