import type Database from 'better-sqlite3';
import type { LifecycleRow } from '../core/lifecycle.js';
import { sql } from '../core/statements.js';
import type { S3FileRow } from './s3-file-row.js';

/** The stored query-suggestions settings of an index (absent until first changed or cleared). */
export interface SuggestConfigRow {
  settings: string;
  updated_at: number;
  busy_until: number;
  cleared_at: number | null;
}

/** A row of `search_block_lists`. */
export interface BlockListRow extends S3FileRow {
  /** The blocked phrases, as JSON. */
  phrases: string;
  item_count: number;
  file_size: number;
}

/** The new values of a block list's file-derived and descriptive columns. */
export type BlockListValues = Omit<BlockListRow, 'rowid' | 'index_rowid' | 'id' | 'created_at' | 'updated_at' | keyof LifecycleRow>;

/** The query-suggestions settings row of an index. */
export function readSuggestConfig(db: Database.Database, indexRowid: number): SuggestConfigRow | undefined {
  return sql(db, 'SELECT settings, updated_at, busy_until, cleared_at FROM search_suggest_config WHERE index_rowid = ?').get(indexRowid) as
    SuggestConfigRow | undefined;
}

/** Stores the settings of an index, UPDATING until `busyUntil`. */
export function writeSuggestSettings(db: Database.Database, indexRowid: number, settings: string, nowMs: number, busyUntil: number): void {
  sql(
    db,
    `INSERT INTO search_suggest_config (index_rowid, settings, updated_at, busy_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (index_rowid) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at, busy_until = excluded.busy_until`,
  ).run(indexRowid, settings, nowMs, busyUntil);
}

/** Records that the suggestions of an index were cleared at `nowMs` (`settings` is used when the row is new). */
export function writeClearTime(db: Database.Database, indexRowid: number, settings: string, nowMs: number): void {
  sql(
    db,
    `INSERT INTO search_suggest_config (index_rowid, settings, updated_at, busy_until, cleared_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (index_rowid) DO UPDATE SET cleared_at = excluded.cleared_at`,
  ).run(indexRowid, settings, nowMs, nowMs);
}

/** How many block lists of an index are not deleted. */
export function countBlockLists(db: Database.Database, indexRowid: number): number {
  return sql(db, 'SELECT count(*) FROM search_block_lists WHERE index_rowid = ? AND deleted_at IS NULL').pluck().get(indexRowid) as number;
}

/** Inserts a block list, CREATING until `busyUntil`. */
export function insertBlockList(db: Database.Database, indexRowid: number, id: string, values: BlockListValues, nowMs: number, busyUntil: number): void {
  sql(
    db,
    `INSERT INTO search_block_lists (index_rowid, id, name, description, role_arn, s3_bucket, s3_key, phrases, item_count, file_size,
     final_status, error_message, created_at, updated_at, busy_state, busy_until) VALUES (@index_rowid, @id, @name, @description, @role_arn,
     @s3_bucket, @s3_key, @phrases, @item_count, @file_size, @final_status, @error_message, @now, @now, 'CREATING', @busy_until)`,
  ).run({ ...values, index_rowid: indexRowid, id, now: nowMs, busy_until: busyUntil });
}

/** The block list `id` of an index (deleted ones included). */
export function readBlockList(db: Database.Database, indexRowid: number, id: string): BlockListRow | undefined {
  return sql(db, 'SELECT * FROM search_block_lists WHERE id = ? AND index_rowid = ?').get(id, indexRowid) as BlockListRow | undefined;
}

/** Replaces a block list's values, UPDATING until `busyUntil`. */
export function updateBlockList(db: Database.Database, rowid: number, values: BlockListValues, nowMs: number, busyUntil: number): void {
  sql(
    db,
    `UPDATE search_block_lists SET name = @name, description = @description, role_arn = @role_arn, s3_bucket = @s3_bucket, s3_key = @s3_key,
     phrases = @phrases, item_count = @item_count, file_size = @file_size, final_status = @final_status, error_message = @error_message,
     updated_at = @now, busy_state = 'UPDATING', busy_until = @busy_until WHERE rowid = @rowid`,
  ).run({ ...values, rowid, now: nowMs, busy_until: busyUntil });
}

/** Marks a block list deleted at `nowMs`. */
export function markBlockListDeleted(db: Database.Database, rowid: number, nowMs: number): void {
  sql(db, 'UPDATE search_block_lists SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(nowMs, nowMs, rowid);
}

/** The phrases (JSON arrays) of the block lists of an index that are not deleted and were read. */
export function activeBlockListPhrases(db: Database.Database, indexRowid: number): string[] {
  return sql(db, "SELECT phrases FROM search_block_lists WHERE index_rowid = ? AND deleted_at IS NULL AND final_status != 'FAILED'")
    .pluck()
    .all(indexRowid) as string[];
}
