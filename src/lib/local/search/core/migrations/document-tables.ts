import type { Migration } from '../../../types.js';

/**
 * The tables of HTML documents, kept with their structure (rows of cells, headers marked) for
 * TABLE answers: one row per document that has any, as JSON.
 */
export const documentTablesMigration: Migration = {
  version: 15,
  up(db) {
    db.exec(`
      CREATE TABLE search_doc_tables (
        doc_rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        tables TEXT NOT NULL
      );
      CREATE INDEX search_doc_tables_index ON search_doc_tables (index_rowid);
    `);
  },
};
