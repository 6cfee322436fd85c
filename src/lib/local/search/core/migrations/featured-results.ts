import type { Migration } from '../../../types.js';

/**
 * Featured results sets: the query texts of a set and the documents featured for them. Sets are
 * removed at once when deleted; the lifecycle columns are there so that they are looked up like
 * every other tagged resource.
 */
export const featuredResultsMigration: Migration = {
  version: 5,
  up(db) {
    db.exec(`
      CREATE TABLE search_featured_sets (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        description TEXT,
        status TEXT NOT NULL,
        query_texts TEXT NOT NULL,
        documents TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        busy_state TEXT NOT NULL DEFAULT 'ACTIVE',
        busy_until INTEGER NOT NULL DEFAULT 0,
        deleted_at INTEGER
      );
      CREATE INDEX search_featured_sets_index ON search_featured_sets (index_rowid, created_at);
    `);
  },
};
