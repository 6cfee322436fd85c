import type { Migration } from '../../../types.js';

/** The documents a sync job could not index, each with the reason, kept with the job. */
export const syncFailuresMigration: Migration = {
  version: 10,
  up(db) {
    db.exec(`
      CREATE TABLE search_sync_failures (
        job_rowid INTEGER NOT NULL,
        doc_id TEXT NOT NULL,
        reason TEXT NOT NULL,
        PRIMARY KEY (job_rowid, doc_id)
      );
    `);
  },
};
