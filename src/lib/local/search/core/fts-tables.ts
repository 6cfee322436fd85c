import type Database from 'better-sqlite3';

/**
 * The tokenizer of every full-text table: Unicode words, diacritics folded, English (Porter)
 * stemming, so that `running` finds `runs`.
 */
export const TOKENIZE = "tokenize = 'porter unicode61 remove_diacritics 2'";

/** The FTS5 table of an index's documents: title, body, and the text of searchable custom fields. */
export function documentsFts(indexRowid: number): string {
  return `search_fts_${indexRowid}`;
}

/**
 * The FTS5 table of an index's strong terms: per document (same rowid), the indexed terms it
 * holds in its title or searchable fields, or often in its body (see `ranking-tiers.ts`).
 * Contentless, with the `ascii` tokenizer, which leaves indexed terms as they are (its text is
 * terms already): it answers which documents hold a term strongly, and (by the term's impact
 * tokens, see `impactToken`) how often each column holds it and how long they are.
 */
export function strongTermsFts(indexRowid: number): string {
  return `search_strong_${indexRowid}`;
}

/** Creates the table of an index's strong terms. */
export function createStrongTermsTable(db: Database.Database, indexRowid: number): void {
  db.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${strongTermsFts(indexRowid)} USING fts5(terms, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii')`,
  );
}

/** The FTS5 table of an index's FAQ entries: question and answer. */
export function faqFts(indexRowid: number): string {
  return `search_faqfts_${indexRowid}`;
}

/** Creates the full-text tables of a new index. */
export function createIndexTables(db: Database.Database, indexRowid: number): void {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${documentsFts(indexRowid)} USING fts5(title, body, fields, ${TOKENIZE})`);
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${faqFts(indexRowid)} USING fts5(question, answer, ${TOKENIZE})`);
  createStrongTermsTable(db, indexRowid);
}

/** The full-text tables of every index in the store: each index's documents, FAQ entries and strong terms. */
export function allIndexTables(db: Database.Database): string[] {
  const indexes = db.prepare('SELECT rowid FROM search_indices ORDER BY rowid').pluck().all() as number[];
  return indexes.flatMap((indexRowid) => [documentsFts(indexRowid), faqFts(indexRowid), strongTermsFts(indexRowid)]);
}

/** Drops the full-text tables of a purged index. */
export function dropIndexTables(db: Database.Database, indexRowid: number): void {
  db.exec(`DROP TABLE IF EXISTS ${documentsFts(indexRowid)}`);
  db.exec(`DROP TABLE IF EXISTS ${faqFts(indexRowid)}`);
  db.exec(`DROP TABLE IF EXISTS ${strongTermsFts(indexRowid)}`);
  db.prepare('DELETE FROM search_rank_tiers WHERE index_rowid = ?').run(indexRowid);
}
