import type { Migration } from '../../../types.js';
import { createStrongTermsTable, documentsFts } from '../fts-tables.js';
import { storeRankingTiers, type DocumentText } from '../../resources/ranking-tiers.js';

/** Documents read at a time. */
const BATCH = 1000;

/**
 * The ranking tiers that let a query skip the documents that cannot reach its best results:
 * each index's smallest document length, and its table of strong terms, filled from the text
 * already stored.
 */
export const rankingTiersMigration: Migration = {
  version: 12,
  notice(db) {
    const documents = db.prepare('SELECT count(*) FROM search_documents').pluck().get() as number;
    return documents > 0 ? `building the ranking tiers of ${documents.toLocaleString('en-US')} stored documents` : undefined;
  },
  up(db) {
    db.exec('CREATE TABLE search_rank_tiers (index_rowid INTEGER PRIMARY KEY, min_doc_tokens INTEGER NOT NULL)');
    const indexes = db.prepare('SELECT rowid FROM search_indices').pluck().all() as number[];
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    for (const indexRowid of indexes) {
      const table = documentsFts(indexRowid);
      if (!exists.get(table)) continue;
      createStrongTermsTable(db, indexRowid);
      // A full-text table's row has its document's rowid. FTS5 applies a bound on rowid to a scan
      // only after reading the rows before it, which makes a scan in batches quadratic: the
      // batches walk the documents' rows (`+` keeps the planner on their rowid) and read each
      // text by rowid.
      const batch = db.prepare(
        `SELECT d.rowid AS rowid, f.title AS title, f.body AS body, f.fields AS fields FROM search_documents d JOIN ${table} f ON f.rowid = d.rowid
         WHERE d.rowid > ? AND +d.index_rowid = ? ORDER BY d.rowid LIMIT ${BATCH}`,
      );
      for (let after = 0; ;) {
        const rows = batch.all(after, indexRowid) as Array<DocumentText & { rowid: number }>;
        for (const row of rows) storeRankingTiers(db, indexRowid, row.rowid, { title: row.title ?? '', body: row.body ?? '', fields: row.fields ?? '' }, false);
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!.rowid;
      }
    }
  },
};
