import type Database from 'better-sqlite3';
import type { Migration } from '../../../types.js';
import { documentsFts, faqFts } from '../fts-tables.js';
import { storeRankingTiers, type DocumentText } from '../../resources/ranking-tiers.js';
import { ftsVocabulary } from '../../query/fts-terms.js';
import { hasCjk, segmentCjk, withoutWordBreaks } from '../../query/word-segments.js';

/** Documents read at a time. */
const BATCH = 1000;

/** The code points CJK terms start with: from the CJK radicals (U+2E80) to the end of the Hangul syllables (U+D7AF). */
const CJK_TERMS = ['\u2e80', '\ud7b0'] as const;

/**
 * The indexes whose documents' full-text table holds a term that starts with a CJK character: a
 * probe of each table's vocabulary (terms are ordered by code point), not a read of its text.
 */
function indexesWithCjk(db: Database.Database): number[] {
  const indexes = db.prepare('SELECT rowid FROM search_indices').pluck().all() as number[];
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  return indexes.filter((indexRowid) => {
    const table = documentsFts(indexRowid);
    if (!exists.get(table)) return false;
    const vocabulary = ftsVocabulary(db, table, 'row');
    return db.prepare(`SELECT 1 FROM ${vocabulary} WHERE term >= ? AND term < ? LIMIT 1`).get(...CJK_TERMS) !== undefined;
  });
}

function documentCount(db: Database.Database, indexRowid: number): number {
  return db.prepare('SELECT count(*) FROM search_documents WHERE index_rowid = ?').pluck().get(indexRowid) as number;
}

/** A stored text as it is stored now: its CJK runs split into words. */
function resegmented(text: string | null): string {
  return text === null ? '' : segmentCjk(withoutWordBreaks(text));
}

/** Re-tokenizes the stored documents of an index that hold CJK text. */
function resegmentDocuments(db: Database.Database, indexRowid: number): void {
  const table = documentsFts(indexRowid);
  // rows are walked by the documents' rowid and read by rowid (see the ranking-tiers migration)
  const batch = db.prepare(
    `SELECT d.rowid AS rowid, f.title AS title, f.body AS body, f.fields AS fields FROM search_documents d JOIN ${table} f ON f.rowid = d.rowid
     WHERE d.rowid > ? AND +d.index_rowid = ? ORDER BY d.rowid LIMIT ${BATCH}`,
  );
  const update = db.prepare(`UPDATE ${table} SET title = ?, body = ?, fields = ? WHERE rowid = CAST(? AS INTEGER)`);
  for (let after = 0; ;) {
    const rows = batch.all(after, indexRowid) as Array<{ rowid: number; title: string | null; body: string | null; fields: string | null }>;
    for (const row of rows) {
      if (!hasCjk(`${row.title ?? ''}${row.body ?? ''}${row.fields ?? ''}`)) continue;
      const columns: DocumentText = { title: resegmented(row.title), body: resegmented(row.body), fields: resegmented(row.fields) };
      update.run(columns.title, columns.body, columns.fields, row.rowid);
      storeRankingTiers(db, indexRowid, row.rowid, columns, true);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.rowid;
  }
}

/** Re-tokenizes the FAQ entries of an index that hold CJK text. */
function resegmentFaqs(db: Database.Database, indexRowid: number): void {
  const items = db.prepare('SELECT rowid, question, answer FROM search_faq_items WHERE index_rowid = ?').all(indexRowid) as Array<{
    rowid: number;
    question: string;
    answer: string;
  }>;
  const update = db.prepare(`UPDATE ${faqFts(indexRowid)} SET question = ?, answer = ? WHERE rowid = CAST(? AS INTEGER)`);
  for (const item of items) {
    if (hasCjk(item.question) || hasCjk(item.answer)) update.run(segmentCjk(item.question), segmentCjk(item.answer), item.rowid);
  }
}

/**
 * Splits the Chinese, Japanese and Korean text already stored into words, as documents and FAQ
 * entries are stored from now on (see `query/word-segments.ts`): before, a CJK sentence was one
 * token, which no query for one of its words found.
 */
export const cjkWordsMigration: Migration = {
  version: 14,
  notice(db) {
    const documents = indexesWithCjk(db).reduce((total, indexRowid) => total + documentCount(db, indexRowid), 0);
    return documents > 0 ? `splitting the Chinese, Japanese and Korean text of ${documents.toLocaleString('en-US')} stored documents into words` : undefined;
  },
  up(db) {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    for (const indexRowid of indexesWithCjk(db)) resegmentDocuments(db, indexRowid);
    const indexes = db.prepare('SELECT DISTINCT index_rowid FROM search_faq_items').pluck().all() as number[];
    for (const indexRowid of indexes) if (exists.get(faqFts(indexRowid))) resegmentFaqs(db, indexRowid);
  },
};
