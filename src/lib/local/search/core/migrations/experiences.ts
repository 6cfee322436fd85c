import type { Migration } from '../../../types.js';

/** Search experiences of an index, the users and groups given access to each, and their personas. */
export const experiencesMigration: Migration = {
  version: 8,
  up(db) {
    db.exec(`
      CREATE TABLE search_experiences (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        description TEXT,
        role_arn TEXT,
        configuration TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        busy_state TEXT NOT NULL,
        busy_until INTEGER NOT NULL,
        deleted_at INTEGER
      );
      CREATE INDEX search_experiences_index ON search_experiences (index_rowid, created_at);
      CREATE TABLE search_experience_entities (
        experience_rowid INTEGER NOT NULL,
        entity_id TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (experience_rowid, entity_id)
      );
      CREATE TABLE search_experience_personas (
        experience_rowid INTEGER NOT NULL,
        entity_id TEXT NOT NULL,
        persona TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (experience_rowid, entity_id)
      );
    `);
  },
};
