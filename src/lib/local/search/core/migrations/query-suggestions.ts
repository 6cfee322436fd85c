import type { Migration } from '../../../types.js';

/**
 * Query suggestions: an index's settings (one row, absent until first changed or cleared) and
 * its block lists, whose phrases are read from the list's S3 file.
 */
export const querySuggestionsMigration: Migration = {
  version: 4,
  up(db) {
    db.exec(`
      CREATE TABLE search_suggest_config (
        index_rowid INTEGER PRIMARY KEY,
        settings TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        busy_until INTEGER NOT NULL,
        cleared_at INTEGER
      );

      CREATE TABLE search_block_lists (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        description TEXT,
        role_arn TEXT NOT NULL,
        s3_bucket TEXT NOT NULL,
        s3_key TEXT NOT NULL,
        phrases TEXT NOT NULL,
        item_count INTEGER NOT NULL,
        file_size INTEGER NOT NULL,
        final_status TEXT NOT NULL,
        error_message TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        busy_state TEXT NOT NULL,
        busy_until INTEGER NOT NULL,
        deleted_at INTEGER
      );
      CREATE INDEX search_block_lists_index ON search_block_lists (index_rowid, created_at);
    `);
  },
};
