import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import { readTermRows } from './fts-doclists.js';

/** The most bytes of postings kept per connection and table (at 1,000,000 documents, the 20–40 most used common words). */
const MAX_KEPT_BYTES = 128 * 1024 * 1024;
/** Counts packed in 32 bits: the title's in the low 10, the body's in the next 11, the fields' in the high 11. */
const TITLE_BITS = 10;
const BODY_BITS = 11;
const FIELDS_BITS = 11;

/**
 * The rows of an FTS5 table of documents (title, body, fields) that hold a term, in no order,
 * and how often each column of each holds it (see `titleCount`, `bodyCount`, `fieldsCount`).
 */
export interface Postings {
  rowids: Int32Array;
  counts: Uint32Array;
}

/** How often the title of the `index`-th holder holds the term. */
export function titleCount(postings: Postings, index: number): number {
  return postings.counts[index]! & ((1 << TITLE_BITS) - 1);
}

/** How often the body of the `index`-th holder holds the term. */
export function bodyCount(postings: Postings, index: number): number {
  return (postings.counts[index]! >>> TITLE_BITS) & ((1 << BODY_BITS) - 1);
}

/** How often the fields of the `index`-th holder hold the term. */
export function fieldsCount(postings: Postings, index: number): number {
  return postings.counts[index]! >>> (TITLE_BITS + BODY_BITS);
}

/** Rowids from this one up are not read from the stored doclists here (a row's mark would take more than 16 MB); FTS5 counts them then. */
const ROWID_LIMIT = 2 ** 27;

/** The highest rowid of a full-text table of documents, or null when its rowids are out of range here (or it is not one: see `readTermRows`). */
export function highestRowid(db: Database.Database, table: string): number | null {
  const definition = sql(db, `SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(table) as string | undefined;
  if (!definition || /\b(detail|content|contentless_delete|columnsize)\s*=/i.test(definition)) return null;
  // apart: SQLite reads the ends of the rowid b-tree for a lone min() or max(), the whole table for both at once
  const lowest = sql(db, `SELECT min(id) FROM ${table}_content`).pluck().get() as number | null;
  const highest = sql(db, `SELECT max(id) FROM ${table}_content`).pluck().get() as number | null;
  return lowest === null || highest === null || lowest < 0 || highest >= ROWID_LIMIT ? null : highest;
}

/** Per connection and table: the postings kept since the table's index last changed (least recently used first), their bytes, and the stamp they are of. */
const kept = new WeakMap<Database.Database, Map<string, { stamp: string; postings: Map<string, Postings>; bytes: number }>>();

/**
 * Reused while postings are read (they grow to the most any word needed): the rows named so far
 * (bit `rowid % 32` of word `rowid >> 5`), and the postings read so far, copied out at the end.
 * Fewer large arrays left behind, for the garbage collector to find between queries.
 */
const decoding = { seen: new Uint32Array(0), rowids: new Int32Array(1024), counts: new Uint32Array(1024) };

/** The postings of `term` read from the table's stored doclists (rowids up to `highest`), or null when a count does not fit its bits or they cannot be read there. */
function readPostings(db: Database.Database, table: string, term: string, highest: number): Postings | null {
  const words = (highest >>> 5) + 1;
  if (decoding.seen.length < words) decoding.seen = new Uint32Array(words);
  const seen = decoding.seen;
  seen.fill(0, 0, words);
  let length = 0;
  let fits = true;
  const read = readTermRows(
    db,
    table,
    term,
    (rowid) => rowid > highest || (seen[rowid >>> 5]! & (1 << (rowid & 31))) !== 0,
    (rowid, holds, columns) => {
      seen[rowid >>> 5]! |= 1 << (rowid & 31);
      if (!holds) return;
      const title = columns[0]!;
      const body = columns[1]!;
      const fields = columns[2]!;
      if (title >= 1 << TITLE_BITS || body >= 1 << BODY_BITS || fields >= 1 << FIELDS_BITS) fits = false;
      if (length === decoding.rowids.length) {
        const grownRowids = new Int32Array(length * 2);
        grownRowids.set(decoding.rowids);
        decoding.rowids = grownRowids;
        const grownCounts = new Uint32Array(length * 2);
        grownCounts.set(decoding.counts);
        decoding.counts = grownCounts;
      }
      decoding.rowids[length] = rowid;
      decoding.counts[length++] = (title | (body << TITLE_BITS) | (fields << (TITLE_BITS + BODY_BITS))) >>> 0;
    },
    3,
  );
  return read && fits ? { rowids: decoding.rowids.slice(0, length), counts: decoding.counts.slice(0, length) } : null;
}

/**
 * The postings of `term` (one indexed term) in an FTS5 table of documents whose rowids go up to
 * `highest`, read from its stored doclists (see `readTermRows`) and kept per connection until
 * the table's index changes (`stamp`: see `tableStamp`), the least recently used dropped beyond
 * a bound in bytes. Null when they cannot be read there (then rank otherwise).
 */
export function termPostings(db: Database.Database, table: string, term: string, highest: number, stamp: string): Postings | null {
  let tables = kept.get(db);
  if (!tables) {
    tables = new Map();
    kept.set(db, tables);
  }
  let entry = tables.get(table);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, postings: new Map(), bytes: 0 };
    tables.set(table, entry);
  }
  const known = entry.postings.get(term);
  if (known) {
    // most recently used last
    entry.postings.delete(term);
    entry.postings.set(term, known);
    return known;
  }
  const postings = readPostings(db, table, term, highest);
  if (!postings) return null;
  const bytes = postings.rowids.byteLength + postings.counts.byteLength;
  if (bytes <= MAX_KEPT_BYTES) {
    for (const [oldest, dropped] of entry.postings) {
      if (entry.bytes + bytes <= MAX_KEPT_BYTES) break;
      entry.postings.delete(oldest);
      entry.bytes -= dropped.rowids.byteLength + dropped.counts.byteLength;
    }
    entry.postings.set(term, postings);
    entry.bytes += bytes;
  }
  return postings;
}
