import type Database from 'better-sqlite3';
import { documentsFts, strongTermsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { term } from '../query/analyzer.js';
import { ftsRowTokens } from '../query/fts-stats.js';
import { ftsTermCounts } from '../query/fts-terms.js';

/** How often a term must occur in a body for the document to hold it strongly. */
export const STRONG_BODY_COUNT = 3;

const ASCII_TEXT = /^[\x00-\x7f]*$/;
/** What separates words in ASCII text for FTS5's `unicode61` tokenizer: anything but letters and digits. */
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;

/**
 * How often FTS5 indexes each term in `text`. ASCII text is split and stemmed here (for ASCII,
 * `unicode61` words are runs of letters and digits, and `term` stems them as FTS5's `porter`
 * does); other text goes through FTS5's own tokenizer.
 */
function termCounts(db: Database.Database, text: string): Map<string, number> {
  if (!ASCII_TEXT.test(text)) return ftsTermCounts(db, text);
  const counts = new Map<string, number>();
  for (const word of text.split(ASCII_SEPARATORS)) {
    const indexed = word && term(word);
    if (indexed) counts.set(indexed, (counts.get(indexed) ?? 0) + 1);
  }
  return counts;
}

/** A document's indexed text, by column. */
export interface DocumentText {
  title: string;
  body: string;
  fields: string;
}

/**
 * The terms a document holds strongly, space-separated: every term of its title and
 * searchable fields, and the terms its body holds `STRONG_BODY_COUNT` times or more. A term it
 * holds otherwise occurs only in its body, fewer than `STRONG_BODY_COUNT` times.
 */
export function strongTerms(db: Database.Database, text: DocumentText): string {
  const strong = new Set(termCounts(db, `${text.title}\n${text.fields}`).keys());
  for (const [indexed, count] of termCounts(db, text.body)) if (count >= STRONG_BODY_COUNT) strong.add(indexed);
  return [...strong].join(' ');
}

/**
 * Keeps a document's ranking tiers up to date: its strong terms, and the index's smallest
 * document length (never raised, so that it stays a lower bound). Call after the document's
 * row of the index's FTS5 table was written, in the same transaction; `replacing` when the
 * document had tiers before.
 */
export function storeRankingTiers(db: Database.Database, indexRowid: number, rowid: number, text: DocumentText, replacing: boolean): void {
  const table = strongTermsFts(indexRowid);
  if (replacing) sql(db, `DELETE FROM ${table} WHERE rowid = CAST(? AS INTEGER)`).run(rowid);
  const terms = strongTerms(db, text);
  if (terms) sql(db, `INSERT INTO ${table} (rowid, terms) VALUES (CAST(? AS INTEGER), ?)`).run(rowid, terms);
  const tokens = ftsRowTokens(db, documentsFts(indexRowid), rowid);
  sql(
    db,
    `INSERT INTO search_rank_tiers (index_rowid, min_doc_tokens) VALUES (?, ?)
     ON CONFLICT (index_rowid) DO UPDATE SET min_doc_tokens = excluded.min_doc_tokens WHERE excluded.min_doc_tokens < min_doc_tokens`,
  ).run(indexRowid, tokens);
}

/** Forgets the strong terms of a removed document. */
export function dropRankingTiers(db: Database.Database, indexRowid: number, rowid: number): void {
  sql(db, `DELETE FROM ${strongTermsFts(indexRowid)} WHERE rowid = CAST(? AS INTEGER)`).run(rowid);
}

/**
 * The smallest length of any document of an index (a lower bound), or null when the index has
 * no ranking tiers (no document yet, or tables made before tiers existed and not filled).
 */
export function smallestDocTokens(db: Database.Database, indexRowid: number): number | null {
  return (sql(db, 'SELECT min_doc_tokens FROM search_rank_tiers WHERE index_rowid = ?').pluck().get(indexRowid) as number | undefined) ?? null;
}
