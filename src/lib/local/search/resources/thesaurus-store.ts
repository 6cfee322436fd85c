import type Database from 'better-sqlite3';
import type { ThesaurusStatus } from '../../../services/search/types.js';
import { sql } from '../core/statements.js';
import type { S3FileRow } from './s3-file-row.js';

/** A row of `search_thesauri`. */
export interface ThesaurusRow extends S3FileRow<ThesaurusStatus> {
  /** The synonym rules, as JSON. */
  rules: string;
  term_count: number;
  rule_count: number;
  file_size: number;
}

/** The columns a new thesaurus is written with (it starts CREATING until `busy_until`). */
export type NewThesaurus = Omit<ThesaurusRow, 'rowid' | 'busy_state' | 'deleted_at'>;

/** The columns an update rewrites (it is UPDATING until `busy_until`). */
export type ThesaurusUpdate = Omit<NewThesaurus, 'index_rowid' | 'id' | 'created_at'> & { rowid: number };

/** How many thesauri of an index are not deleted. */
export function countThesauri(db: Database.Database, indexRowid: number): number {
  return sql(db, 'SELECT count(*) FROM search_thesauri WHERE index_rowid = ? AND deleted_at IS NULL').pluck().get(indexRowid) as number;
}

/** Writes a new thesaurus. */
export function insertThesaurus(db: Database.Database, row: NewThesaurus): void {
  sql(
    db,
    `INSERT INTO search_thesauri (index_rowid, id, name, description, role_arn, s3_bucket, s3_key, rules, term_count, rule_count, file_size,
     final_status, error_message, created_at, updated_at, busy_state, busy_until) VALUES (@index_rowid, @id, @name, @description, @role_arn,
     @s3_bucket, @s3_key, @rules, @term_count, @rule_count, @file_size, @final_status, @error_message, @created_at, @updated_at, 'CREATING', @busy_until)`,
  ).run(row);
}

/** The thesaurus `id` of an index, deleted or not. */
export function thesaurusRow(db: Database.Database, indexRowid: number, id: string): ThesaurusRow | undefined {
  return sql(db, 'SELECT * FROM search_thesauri WHERE id = ? AND index_rowid = ?').get(id, indexRowid) as ThesaurusRow | undefined;
}

/** Rewrites a thesaurus. */
export function updateThesaurusRow(db: Database.Database, row: ThesaurusUpdate): void {
  sql(
    db,
    `UPDATE search_thesauri SET name = @name, description = @description, role_arn = @role_arn, s3_bucket = @s3_bucket, s3_key = @s3_key,
     rules = @rules, term_count = @term_count, rule_count = @rule_count, file_size = @file_size, final_status = @final_status,
     error_message = @error_message, updated_at = @updated_at, busy_state = 'UPDATING', busy_until = @busy_until WHERE rowid = @rowid`,
  ).run(row);
}

/** Marks a thesaurus deleted at `nowMs` (it shows as DELETING for a while, then is purged). */
export function markThesaurusDeleted(db: Database.Database, rowid: number, nowMs: number): void {
  sql(db, 'UPDATE search_thesauri SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(nowMs, nowMs, rowid);
}
