import type { Migration } from '../../../types.js';

/**
 * Why documents of an index failed to be stored (a text extraction that failed, an unknown data
 * source…), one row per document id, so that BatchGetDocumentStatus reports FAILED with the
 * reason after a restart. A document stored or deleted later loses its row.
 */
export const documentFailures: Migration = {
  version: 9,
  up(db) {
    db.exec(`
      CREATE TABLE search_document_failures (
        index_rowid INTEGER NOT NULL,
        doc_id TEXT NOT NULL,
        data_source_id TEXT,
        failure_code TEXT NOT NULL,
        failure_reason TEXT NOT NULL,
        failed_at INTEGER NOT NULL,
        PRIMARY KEY (index_rowid, doc_id)
      );
    `);
  },
};
