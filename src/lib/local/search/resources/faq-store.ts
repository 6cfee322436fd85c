import type Database from 'better-sqlite3';
import type { FaqFileFormat, FaqStatus } from '../../../services/search/types.js';
import type { FaqEntry } from '../core/faq-file.js';
import { faqFts } from '../core/fts-tables.js';
import { segmentCjk } from '../query/word-segments.js';
import { sql } from '../core/statements.js';
import type { S3FileRow } from './s3-file-row.js';

/** A row of `search_faqs`. */
export interface FaqRow extends S3FileRow<FaqStatus> {
  file_format: FaqFileFormat;
  language_code: string;
}

/** The columns a new FAQ is written with (it starts CREATING until `busy_until`). */
export type NewFaq = Omit<FaqRow, 'rowid' | 'busy_state' | 'deleted_at'>;

/** Writes a new FAQ; returns its rowid. */
export function insertFaq(db: Database.Database, row: NewFaq): number {
  const result = sql(
    db,
    `INSERT INTO search_faqs (index_rowid, id, name, description, s3_bucket, s3_key, role_arn, file_format, language_code, final_status,
     error_message, created_at, updated_at, busy_state, busy_until) VALUES (@index_rowid, @id, @name, @description, @s3_bucket, @s3_key,
     @role_arn, @file_format, @language_code, @final_status, @error_message, @created_at, @updated_at, 'CREATING', @busy_until)`,
  ).run(row);
  return Number(result.lastInsertRowid);
}

/**
 * Writes the question-and-answer items of the FAQ `faqRowid` (id `faqId`) of an index, and
 * their text into the index's FAQ full-text table; each item's attributes gain `_faq_id`, and
 * `_language_code` (the FAQ's language) unless the item sets its own.
 */
export function insertFaqItems(
  db: Database.Database,
  indexRowid: number,
  faqRowid: number,
  faqId: string,
  languageCode: string,
  entries: readonly FaqEntry[],
): void {
  const item = sql(db, 'INSERT INTO search_faq_items (faq_rowid, index_rowid, question, answer, source_uri, attributes) VALUES (?, ?, ?, ?, ?, ?)');
  const text = sql(db, `INSERT INTO ${faqFts(indexRowid)} (rowid, question, answer) VALUES (CAST(? AS INTEGER), ?, ?)`);
  for (const entry of entries) {
    const attrs = { _language_code: { t: 'STRING_VALUE' as const, v: languageCode }, ...entry.attrs, _faq_id: { t: 'STRING_VALUE' as const, v: faqId } };
    const itemRowid = item.run(faqRowid, indexRowid, entry.question, entry.answer, entry.sourceUri, JSON.stringify(attrs)).lastInsertRowid;
    text.run(itemRowid, segmentCjk(entry.question), segmentCjk(entry.answer));
  }
}

/** The FAQ `id` of an index, deleted or not. */
export function faqRow(db: Database.Database, indexRowid: number, id: string): FaqRow | undefined {
  return sql(db, 'SELECT * FROM search_faqs WHERE id = ? AND index_rowid = ?').get(id, indexRowid) as FaqRow | undefined;
}

/** Removes the items of a FAQ (and their text) and marks it deleted at `nowMs`. */
export function deleteFaqRow(db: Database.Database, indexRowid: number, faqRowid: number, nowMs: number): void {
  sql(db, `DELETE FROM ${faqFts(indexRowid)} WHERE rowid IN (SELECT rowid FROM search_faq_items WHERE faq_rowid = ?)`).run(faqRowid);
  sql(db, 'DELETE FROM search_faq_items WHERE faq_rowid = ?').run(faqRowid);
  sql(db, 'UPDATE search_faqs SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(nowMs, nowMs, faqRowid);
}

/** How many question-and-answer items the FAQs of an index that are ACTIVE at `nowMs` hold. */
export function activeFaqItemCount(db: Database.Database, indexRowid: number, nowMs: number): number {
  return sql(
    db,
    `SELECT count(*) FROM search_faq_items i JOIN search_faqs f ON f.rowid = i.faq_rowid
     WHERE i.index_rowid = ? AND f.deleted_at IS NULL AND f.final_status = 'ACTIVE' AND f.busy_until <= ?`,
  )
    .pluck()
    .get(indexRowid, nowMs) as number;
}
