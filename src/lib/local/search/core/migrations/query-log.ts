import type { Migration } from '../../../types.js';

/**
 * The long-lived query log that query suggestions and search analytics read: one row per
 * Query (its text, user, result count and time) and one per clicked result (`doc:<id>` for a
 * document, `faq:<rowid>` for an FAQ entry).
 */
export const queryLogMigration: Migration = {
  version: 3,
  up(db) {
    db.exec(`
      CREATE TABLE search_query_log (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        query_id TEXT NOT NULL,
        query_text TEXT NOT NULL,
        query_key TEXT NOT NULL,
        user_id TEXT,
        result_count INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX search_query_log_index ON search_query_log (index_rowid, created_at);
      CREATE INDEX search_query_log_query ON search_query_log (query_id);

      CREATE TABLE search_click_log (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        query_id TEXT NOT NULL,
        result_key TEXT NOT NULL,
        clicked_at INTEGER NOT NULL
      );
      CREATE INDEX search_click_log_index ON search_click_log (index_rowid, clicked_at);
      CREATE INDEX search_click_log_query ON search_click_log (query_id);
    `);
  },
};
