import type { Migration } from '../../../types.js';
import { createStrongTermsTable, documentsFts, strongTermsFts } from '../fts-tables.js';
import { storeRankingTiers, type DocumentText } from '../../resources/ranking-tiers.js';

/** Documents read at a time. */
const BATCH = 1000;

/**
 * The impact tokens of the ranking tiers (see `impactToken`): each index's table of strong terms is
 * made again from the text already stored, each strong term now followed by its impact token,
 * so that a one-word query reads its word's holders by impact, best first.
 */
export const impactTokensMigration: Migration = {
  version: 19,
  notice(db) {
    const documents = db.prepare('SELECT count(*) FROM search_documents').pluck().get() as number;
    return documents > 0 ? `adding impact tokens to the ranking tiers of ${documents.toLocaleString('en-US')} stored documents` : undefined;
  },
  up(db) {
    const indexes = db.prepare('SELECT rowid FROM search_indices').pluck().all() as number[];
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    for (const indexRowid of indexes) {
      const table = documentsFts(indexRowid);
      if (!exists.get(table)) continue;
      db.exec(`DROP TABLE IF EXISTS ${strongTermsFts(indexRowid)}`);
      createStrongTermsTable(db, indexRowid);
      // walks the documents' rows and reads each text by rowid: FTS5 applies a rowid bound to a scan only after reading the rows before it
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
