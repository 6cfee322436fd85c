import type Database from 'better-sqlite3';
import { createStrongTermsTable, documentsFts, strongTermsFts } from '../fts-tables.js';
import { storeRankingTiers, type DocumentText } from '../../resources/ranking-tiers.js';

/** Documents read at a time. */
const BATCH = 1000;

/**
 * Makes each index's table of strong terms (dropping the one there was) and fills it from the
 * text already stored, as ingest would: the step of the migrations that add or change what the
 * ranking tiers hold.
 */
export function fillStrongTerms(db: Database.Database): void {
  const indexes = db.prepare('SELECT rowid FROM search_indices').pluck().all() as number[];
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  for (const indexRowid of indexes) {
    const table = documentsFts(indexRowid);
    if (!exists.get(table)) continue;
    db.exec(`DROP TABLE IF EXISTS ${strongTermsFts(indexRowid)}`);
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
}
