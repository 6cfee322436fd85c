import type { Migration } from '../../../types.js';

/**
 * Access control configurations: named access control lists (flat and hierarchical) of an
 * index that documents refer to by id, so that changing one changes who sees those documents.
 */
export const accessControlConfigurationsMigration: Migration = {
  version: 6,
  up(db) {
    db.exec(`
      CREATE TABLE search_access_configs (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        description TEXT,
        acl TEXT,
        hierarchy TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX search_access_configs_index ON search_access_configs (index_rowid, created_at);
    `);
  },
};
