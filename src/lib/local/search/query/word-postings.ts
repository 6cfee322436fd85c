import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import { packCounts, PostingsBuilder, type Postings } from './compact-postings.js';
import { readTermRows, type TermRows } from './fts-doclists.js';

/** The most bytes of postings kept per connection and table (about two bytes a holder: at 1,000,000 documents, the 450 words a 300-query bench run reads take 57 MB). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/** Rowids from this one up are not read from the stored doclists here (the arrays by rowid, here and in `postingsTop`, would take more than 200 MB); FTS5 counts them then. */
const ROWID_LIMIT = 2 ** 24;

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
 * Collects a word's postings as `readTermRows` tells them, in arrays reused from word to word
 * (they grow to the most any word needed: fewer large arrays left behind for the garbage
 * collector): by rowid, the rows named so far and those that hold the word (bit `rowid % 32` of
 * word `rowid >> 5`), and the counts of each holder; then builds the postings in rowid order.
 */
class PostingsCollector implements TermRows {
  private seenRows = new Uint32Array(0);
  private holders = new Uint32Array(0);
  private counts = new Uint32Array(0);
  private readonly builder = new PostingsBuilder();
  private highest = 0;
  /** False once a count did not fit its bits (see `packCounts`). */
  fits = true;

  /** Starts a word of a table whose rowids go up to `highest`. */
  start(highest: number): void {
    const words = (highest >>> 5) + 1;
    if (this.seenRows.length < words) {
      this.seenRows = new Uint32Array(words);
      this.holders = new Uint32Array(words);
    }
    if (this.counts.length < highest + 1) this.counts = new Uint32Array(highest + 1);
    this.seenRows.fill(0, 0, words);
    this.holders.fill(0, 0, words);
    this.highest = highest;
    this.fits = true;
  }

  seen(rowid: number): boolean {
    return rowid > this.highest || (this.seenRows[rowid >>> 5]! & (1 << (rowid & 31))) !== 0;
  }

  found(rowid: number, holds: boolean, columns: Uint32Array): void {
    const bit = 1 << (rowid & 31);
    this.seenRows[rowid >>> 5]! |= bit;
    if (!holds) return;
    const packed = packCounts(columns[0]!, columns[1]!, columns[2]!);
    if (packed < 0) this.fits = false;
    this.holders[rowid >>> 5]! |= bit;
    this.counts[rowid] = packed;
  }

  /** The postings of the word started, in rowid order. */
  postings(): Postings {
    const { holders, counts, builder } = this;
    builder.reset();
    const words = (this.highest >>> 5) + 1;
    for (let word = 0; word < words; word++) {
      for (let bits = holders[word]!; bits !== 0; bits &= bits - 1) {
        const rowid = word * 32 + 31 - Math.clz32(bits & -bits);
        builder.add(rowid, counts[rowid]!);
      }
    }
    return builder.build();
  }
}

const collector = new PostingsCollector();

/** The postings of `term` read from the table's stored doclists (rowids up to `highest`), or null when a count does not fit its bits or they cannot be read there. */
function readPostings(db: Database.Database, table: string, term: string, highest: number): Postings | null {
  collector.start(highest);
  const read = readTermRows(db, table, term, collector, 3);
  return read && collector.fits ? collector.postings() : null;
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
  const bytes = postings.bytes;
  if (bytes <= MAX_KEPT_BYTES) {
    for (const [oldest, dropped] of entry.postings) {
      if (entry.bytes + bytes <= MAX_KEPT_BYTES) break;
      entry.postings.delete(oldest);
      entry.bytes -= dropped.bytes;
    }
    entry.postings.set(term, postings);
    entry.bytes += bytes;
  }
  return postings;
}
