import type { Migration } from '../../../types.js';
import { documentsFts } from '../fts-tables.js';
import { passageSpans } from '../../semantic/passage-spans.js';

/** Documents read at a time. */
const BATCH = 1000;

/**
 * Semantic search: every document's passages (spans of its body, at most about 100 words,
 * which fit the embedding model), each with its vector once embedded (null while it waits: the
 * durable queue of the background embedding); which vector space the vectors belong to
 * (provider, model, dimension), with the sequence number of the last vector written; and per
 * index how many vectors were removed, so that in-memory vector caches know when to reload.
 * Deleting a document deletes its passages (a trigger, in the same transaction); removing a
 * vector counts. Documents already stored get their passages, queued for embedding.
 */
export const semanticPassagesMigration: Migration = {
  version: 17,
  notice(db) {
    const documents = db.prepare('SELECT count(*) FROM search_documents').pluck().get() as number;
    return documents > 0 ? `cutting ${documents.toLocaleString('en-US')} stored documents into passages for semantic search` : undefined;
  },
  up(db) {
    db.exec(`
      CREATE TABLE search_passages (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        doc_rowid INTEGER NOT NULL,
        ordinal INTEGER NOT NULL,
        start INTEGER NOT NULL,
        end INTEGER NOT NULL,
        vector BLOB,
        embedded_seq INTEGER
      );
      CREATE INDEX search_passages_doc ON search_passages (doc_rowid);
      CREATE INDEX search_passages_queue ON search_passages (rowid) WHERE vector IS NULL;
      CREATE INDEX search_passages_vectors ON search_passages (index_rowid, embedded_seq) WHERE vector IS NOT NULL;

      CREATE TABLE search_vector_space (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        identity TEXT NOT NULL,
        dimension INTEGER,
        last_seq INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE search_vector_removals (index_rowid INTEGER PRIMARY KEY, removed INTEGER NOT NULL);

      CREATE TRIGGER search_documents_passages AFTER DELETE ON search_documents
      BEGIN
        DELETE FROM search_passages WHERE doc_rowid = old.rowid;
      END;
      CREATE TRIGGER search_passages_removed AFTER DELETE ON search_passages WHEN old.vector IS NOT NULL
      BEGIN
        INSERT INTO search_vector_removals (index_rowid, removed) VALUES (old.index_rowid, 1)
        ON CONFLICT (index_rowid) DO UPDATE SET removed = removed + 1;
      END;
      CREATE TRIGGER search_passages_cleared AFTER UPDATE OF vector ON search_passages WHEN old.vector IS NOT NULL AND new.vector IS NULL
      BEGIN
        INSERT INTO search_vector_removals (index_rowid, removed) VALUES (old.index_rowid, 1)
        ON CONFLICT (index_rowid) DO UPDATE SET removed = removed + 1;
      END;
    `);
    const insert = db.prepare('INSERT INTO search_passages (index_rowid, doc_rowid, ordinal, start, end) VALUES (?, ?, ?, ?, ?)');
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    for (const indexRowid of db.prepare('SELECT rowid FROM search_indices').pluck().all() as number[]) {
      const table = documentsFts(indexRowid);
      if (!exists.get(table)) continue;
      const batch = db.prepare(
        `SELECT d.rowid AS rowid, f.body AS body FROM search_documents d JOIN ${table} f ON f.rowid = d.rowid
         WHERE d.rowid > ? AND +d.index_rowid = ? ORDER BY d.rowid LIMIT ${BATCH}`,
      );
      for (let after = 0; ;) {
        const rows = batch.all(after, indexRowid) as Array<{ rowid: number; body: string | null }>;
        for (const row of rows)
          for (const [ordinal, span] of passageSpans(row.body ?? '').entries()) insert.run(indexRowid, row.rowid, ordinal, span.start, span.end);
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!.rowid;
      }
    }
  },
};
