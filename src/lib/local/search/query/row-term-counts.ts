import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import type { TermCounts } from '../resources/ranking-tiers.js';
import { term } from './analyzer.js';
import { varints } from './fts-stats.js';
import { ftsTermCounts } from './fts-terms.js';

/** What a stored row tells of some terms: its length as FTS5 counts it, and how often each column holds each term. */
export interface RowTerms {
  rowid: number;
  tokens: number;
  /** By term, in the order asked for. */
  counts: TermCounts[];
}

const ASCII_TEXT = /^[\x00-\x7f]*$/;
/** A letter or digit of ASCII text: what FTS5's `unicode61` tokenizer keeps in a word there. */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** `code`, lower case when it is an ASCII capital. */
function lowerCode(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/**
 * Adds to `counts[column]` of each term how often the ASCII `text` holds it. Only words whose
 * first letter is that of a term are stemmed: Porter's rules only change a word's ending, so a
 * word is indexed as a term only when both start alike.
 */
function countAscii(text: string, terms: readonly string[], firsts: ReadonlySet<number>, counts: TermCounts[], column: keyof TermCounts): void {
  for (let i = 0, length = text.length; i < length;) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < length && isWordCode(text.charCodeAt(i))) i++;
    if (!firsts.has(lowerCode(text.charCodeAt(start)))) continue;
    const indexed = term(text.slice(start, i));
    for (let t = 0; t < terms.length; t++) if (terms[t] === indexed) counts[t]![column]++;
  }
}

/** Adds to `counts[column]` of each term how often `text` holds it, by FTS5's own tokenizer (any script). */
function countAny(db: Database.Database, text: string, terms: readonly string[], counts: TermCounts[], column: keyof TermCounts): void {
  const found = ftsTermCounts(db, text);
  for (let t = 0; t < terms.length; t++) counts[t]![column] += found.get(terms[t]!) ?? 0;
}

/**
 * For the rows `rowids` of the FTS5 table `table` (those that exist): how often their title,
 * body and fields hold each of `terms` (indexed terms), counted in the text FTS5 stores for
 * them as its tokenizer counts (ASCII text here, other text by FTS5 itself), and their length
 * from FTS5's own record of it.
 */
export function rowTermCounts(db: Database.Database, table: string, rowids: readonly number[], terms: readonly string[]): RowTerms[] {
  if (rowids.length === 0) return [];
  const rows = sql(
    db,
    `SELECT c.id, c.c0, c.c1, c.c2, d.sz FROM ${table}_content AS c JOIN ${table}_docsize AS d ON d.id = c.id WHERE c.id IN (SELECT value FROM json_each(?))`,
  )
    .raw()
    .all(JSON.stringify(rowids)) as Array<[number, string | null, string | null, string | null, Buffer]>;
  const firsts = new Set(terms.map((indexed) => indexed.charCodeAt(0)));
  return rows.map(([rowid, title, body, fields, size]) => {
    const counts = terms.map(() => ({ title: 0, body: 0, fields: 0 }));
    const columns: Array<[string | null, keyof TermCounts]> = [
      [title, 'title'],
      [body, 'body'],
      [fields, 'fields'],
    ];
    for (const [text, column] of columns) {
      if (!text) continue;
      if (ASCII_TEXT.test(text)) countAscii(text, terms, firsts, counts, column);
      else countAny(db, text, terms, counts, column);
    }
    return { rowid, tokens: varints(size).reduce((sum, count) => sum + count, 0), counts };
  });
}
