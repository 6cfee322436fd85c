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
  up(db) {
    db.exec('CREATE TABLE search_rank_tiers (index_rowid INTEGER PRIMARY KEY, min_doc_tokens INTEGER NOT NULL)');
    const indexes = db.prepare('SELECT rowid FROM search_indices').pluck().all() as number[];
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    for (const indexRowid of indexes) {
      const table = documentsFts(indexRowid);
      if (!exists.get(table)) continue;
      createStrongTermsTable(db, indexRowid);
      const batch = db.prepare(`SELECT rowid, title, body, fields FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ${BATCH}`);
      for (let after = 0; ;) {
        const rows = batch.all(after) as Array<DocumentText & { rowid: number }>;
        for (const row of rows) storeRankingTiers(db, indexRowid, row.rowid, { title: row.title ?? '', body: row.body ?? '', fields: row.fields ?? '' }, false);
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!.rowid;
      }
    }
  },
};
