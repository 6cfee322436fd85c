import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import { unquote } from './fts-expression.js';
import { readTermRows } from './fts-doclists.js';
import { ftsTerms } from './fts-terms.js';

/** A word is kept as a bitmap when at least this share of the table's rows hold it (and `MIN_KEPT_HOLDERS`). */
const MIN_KEPT_SHARE = 0.01;
/** A word is kept as a bitmap when at least this many rows hold it (and `MIN_KEPT_SHARE` of them). */
const MIN_KEPT_HOLDERS = 1000;
/** The most bytes of bitmaps kept per connection and table: 256 words at 1,000,000 rows. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;
/** Rowids from this one up are not counted by bitmap (it would take more than 16 MB); the rows are counted by FTS5 then. */
const ROWID_LIMIT = 2 ** 27;

/** The rows of an FTS5 table that hold a word: bit `rowid % 32` of word `rowid >> 5`. */
type Bitmap = Uint32Array;

/** Per connection and table: the bitmaps kept since the table's index last changed (least recently used first), their bytes, and the stamp they are of. */
const kept = new WeakMap<Database.Database, Map<string, { stamp: string; bitmaps: Map<string, Bitmap>; bytes: number }>>();

/** The number of set bits of a 32-bit word. */
function bitCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The bitmap of the rows of `table` (rowids from 0 to `highest`) that hold `term`, read from the
 * table's stored doclists (see `readTermRows`), and how many they are; null when they cannot be
 * read there.
 */
function termBitmap(db: Database.Database, table: string, term: string, highest: number): { bitmap: Bitmap; hits: number } | null {
  const bitmap = new Uint32Array((highest >>> 5) + 1);
  const seen = new Uint32Array(bitmap.length);
  let hits = 0;
  const read = readTermRows(
    db,
    table,
    term,
    (rowid) => rowid > highest || (seen[rowid >>> 5]! & (1 << (rowid & 31))) !== 0,
    (rowid, holds) => {
      seen[rowid >>> 5]! |= 1 << (rowid & 31);
      if (!holds) return;
      bitmap[rowid >>> 5]! |= 1 << (rowid & 31);
      hits++;
    },
  );
  return read ? { bitmap, hits } : null;
}

/** The highest rowid of a full-text table of documents, or null when its rowids are out of the bitmaps' range (or it is not one: see `readTermRows`). */
function highestRowid(db: Database.Database, table: string): number | null {
  const definition = sql(db, `SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(table) as string | undefined;
  if (!definition || /\b(detail|content|contentless_delete|columnsize)\s*=/i.test(definition)) return null;
  // apart: SQLite reads the ends of the rowid b-tree for a lone min() or max(), the whole table for both at once
  const lowest = sql(db, `SELECT min(id) FROM ${table}_content`).pluck().get() as number | null;
  const highest = sql(db, `SELECT max(id) FROM ${table}_content`).pluck().get() as number | null;
  return lowest === null || highest === null || lowest < 0 || highest >= ROWID_LIMIT ? null : highest;
}

/** The bitmaps kept for `table`, emptied when its index has changed since (`stamp`: its structure and totals records, see `ftsMatchCount`). */
function keptFor(db: Database.Database, table: string, stamp: string): { bitmaps: Map<string, Bitmap>; bytes: number } {
  let tables = kept.get(db);
  if (!tables) {
    tables = new Map();
    kept.set(db, tables);
  }
  let entry = tables.get(table);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, bitmaps: new Map(), bytes: 0 };
    tables.set(table, entry);
  }
  return entry;
}

/**
 * The number of rows of an FTS5 table that hold at least one of `phrases` (quoted FTS5 phrases,
 * each a single term and no prefix): the union of the words' bitmaps, counted without scoring.
 * The bitmaps of words that many rows hold are kept per connection until the table's index
 * changes (`stamp`: its structure and totals records, see `ftsMatchCount`), the least recently used dropped beyond a bound in
 * bytes, so that later totals over the same words read no doclist. `remember(phrase, hits)` is
 * told the number of rows holding each phrase whose rows were read. Null when a phrase is not a
 * single term, or a rowid is out of the bitmaps' range: then count otherwise.
 */
export function unionCount(
  db: Database.Database,
  table: string,
  phrases: readonly string[],
  rows: number,
  stamp: string,
  remember: (phrase: string, hits: number) => void,
): number | null {
  const terms: string[] = [];
  for (const phrase of phrases) {
    const { text, prefix } = unquote(phrase);
    const indexed = prefix ? [] : ftsTerms(db, text);
    if (indexed.length !== 1) return null;
    terms.push(indexed[0]!);
  }
  const highest = highestRowid(db, table);
  if (highest === null) return null;
  const entry = keptFor(db, table, stamp);
  const parts: Bitmap[] = [];
  for (let index = 0; index < phrases.length; index++) {
    const term = terms[index]!;
    const known = entry.bitmaps.get(term);
    if (known) {
      // most recently used last
      entry.bitmaps.delete(term);
      entry.bitmaps.set(term, known);
      parts.push(known);
      continue;
    }
    const read = termBitmap(db, table, term, highest);
    if (read === null) return null;
    remember(phrases[index]!, read.hits);
    parts.push(read.bitmap);
    if (read.hits >= Math.max(MIN_KEPT_HOLDERS, rows * MIN_KEPT_SHARE)) keep(entry, term, read.bitmap);
  }
  const union = new Uint32Array(Math.max(...parts.map((bitmap) => bitmap.length)));
  for (const bitmap of parts) for (let i = 0; i < bitmap.length; i++) union[i]! |= bitmap[i]!;
  let count = 0;
  for (let i = 0; i < union.length; i++) if (union[i] !== 0) count += bitCount(union[i]!);
  return count;
}

/** Keeps a word's bitmap, dropping the least recently used beyond `MAX_KEPT_BYTES`. */
function keep(entry: { bitmaps: Map<string, Bitmap>; bytes: number }, term: string, bitmap: Bitmap): void {
  if (bitmap.byteLength > MAX_KEPT_BYTES) return;
  for (const [oldest, dropped] of entry.bitmaps) {
    if (entry.bytes + bitmap.byteLength <= MAX_KEPT_BYTES) break;
    entry.bitmaps.delete(oldest);
    entry.bytes -= dropped.byteLength;
  }
  entry.bitmaps.set(term, bitmap);
  entry.bytes += bitmap.byteLength;
}
