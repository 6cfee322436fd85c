import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/**
 * Reads which rows of an FTS5 table hold a term straight from the table's stored index (its
 * `%_data` segments, see SQLite's `fts5_index.c`), rowids only: several times cheaper than
 * stepping a `MATCH` statement row by row. For the full-text tables of documents (detail=full,
 * not contentless): the caller checks that with `readableIndex`.
 */

/** The id of the structure record of an FTS5 table (its segments, newest first within a level). */
const STRUCTURE_ID = 10;
/** How a segment's leaf page number makes a `%_data` id: the segment id shifted by this many bits. */
const SEGMENT_SHIFT = 2 ** 37;
/** The byte that starts every term of the main index in the segments (prefix indexes use others). */
const MAIN_INDEX = 0x30;
/** The first four bytes after the cookie of a structure record of a contentless_delete table, whose tombstones are not read here. */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01];

/** A segment of the index: its id and its first and last leaf pages. */
interface Segment {
  id: number;
  first: number;
  last: number;
}

/** A reader of SQLite varints in a byte array. */
class Bytes {
  at: number;
  constructor(
    readonly bytes: Uint8Array,
    at = 0,
  ) {
    this.at = at;
  }

  varint(): number {
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const byte = this.bytes[this.at++]!;
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    return value;
  }
}

/** The segments of an FTS5 index, in the order FTS5 itself prefers them (level 0 first, the newest first within a level); null for a record of another form. */
export function indexSegments(structure: Uint8Array): Segment[] | null {
  if (structure.length < 8 || STRUCTURE_V2.every((byte, index) => structure[4 + index] === byte)) return null;
  const reader = new Bytes(structure, 4);
  const levels = reader.varint();
  reader.varint(); // segments in all
  reader.varint(); // write counter
  const segments: Segment[] = [];
  for (let level = 0; level < levels; level++) {
    reader.varint(); // segments in an ongoing merge
    const count = reader.varint();
    const ofLevel: Segment[] = [];
    for (let index = 0; index < count; index++) ofLevel.push({ id: reader.varint(), first: reader.varint(), last: reader.varint() });
    segments.push(...ofLevel.reverse());
  }
  return reader.at <= structure.length ? segments : null;
}

/** The two-byte big-endian integer at `at`. */
function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

/** `a` compared with `b` byte by byte, as SQLite compares blobs. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** What a segment's doclist of a term says of a row: it holds the term, or its entry marks it deleted. */
export type RowEntry = (rowid: number, holds: boolean) => void;

/**
 * Calls `entry` for each row of the doclist that starts at `at` of page `page` (of `pageNo`) and
 * ends at `end` or, when that is the page's end of data, goes on to the next pages.
 */
function readDoclist(db: Database.Database, table: string, segment: Segment, page: Uint8Array, pageNo: number, at: number, end: number, entry: RowEntry): void {
  const read = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`).pluck();
  let bytes = new Bytes(page, at);
  let stop = end;
  let rowid = bytes.varint();
  for (;;) {
    const header = bytes.varint();
    entry(rowid, (header & 1) === 0 || header > 1);
    bytes.at += header >>> 1;
    if (bytes.at < stop) {
      rowid += bytes.varint();
      continue;
    }
    const leafEnd = u16(bytes.bytes, 2);
    // the doclist ends with its page's data only when no term follows it there
    if (stop < leafEnd || pageNo >= segment.last) return;
    // the next page that holds a rowid before its first term goes on with the doclist; a term first ends it
    let next: Uint8Array | undefined;
    for (;;) {
      pageNo++;
      if (pageNo > segment.last) return;
      next = read.get(segment.id * SEGMENT_SHIFT + pageNo) as Uint8Array | undefined;
      if (!next) return;
      const firstRowid = u16(next, 0);
      const nextLeafEnd = u16(next, 2);
      if (firstRowid !== 0) {
        bytes = new Bytes(next, firstRowid);
        stop = nextLeafEnd < next.length ? firstTermOffset(next, nextLeafEnd) : nextLeafEnd;
        rowid = bytes.varint();
        break;
      }
      // a page that begins with a term ends the doclist; one with neither rowid nor term only holds the rest of a position list
      if (nextLeafEnd < next.length) return;
    }
  }
}

/** The offset of the first term of a page whose footer (the offsets of its terms) starts at `leafEnd` and is not empty. */
function firstTermOffset(page: Uint8Array, leafEnd: number): number {
  return new Bytes(page, leafEnd).varint();
}

/**
 * Calls `entry` for each row the segment's doclist of `key` (the main index's byte, then the
 * term's UTF-8 bytes) names, in rowid order; nothing when the segment does not hold the term.
 */
function readSegment(db: Database.Database, table: string, segment: Segment, key: Uint8Array, entry: RowEntry): void {
  const indexed = sql(db, `SELECT pgno FROM ${table}_idx WHERE segid = ? AND term <= ? ORDER BY term DESC LIMIT 1`).pluck().get(segment.id, key) as
    number | undefined;
  // `pgno` of `%_idx` is the page number times two, plus one when the doclist has a doclist index
  const pageNo = Math.max(indexed === undefined ? segment.first : Math.floor(indexed / 2), segment.first);
  if (pageNo > segment.last) return;
  const page = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`)
    .pluck()
    .get(segment.id * SEGMENT_SHIFT + pageNo) as Uint8Array | undefined;
  if (!page || page.length < 4) return;
  const leafEnd = u16(page, 2);
  // the offsets of the page's terms, from its footer (delta-encoded)
  const footer = new Bytes(page, leafEnd);
  const offsets: number[] = [];
  for (let offset = 0; footer.at < page.length;) offsets.push((offset += footer.varint()));
  let term = new Uint8Array(0);
  for (let index = 0; index < offsets.length; index++) {
    const bytes = new Bytes(page, offsets[index]!);
    const common = index === 0 ? 0 : bytes.varint();
    const added = bytes.varint();
    const next = new Uint8Array(common + added);
    next.set(term.subarray(0, common));
    next.set(page.subarray(bytes.at, bytes.at + added), common);
    term = next;
    bytes.at += added;
    const order = compareBytes(term, key);
    if (order > 0) return;
    if (order === 0) return readDoclist(db, table, segment, page, pageNo, bytes.at, offsets[index + 1] ?? leafEnd, entry);
  }
}

/**
 * The rows of an FTS5 table (detail=full, not contentless_delete) that hold `term` (one indexed
 * term), read from its stored segments as FTS5 merges them: for each row, the entry of the
 * newest segment that names it, and none when that entry marks the row deleted. `found(rowid)`
 * is called once per row holding the term; `seen(rowid)` must tell whether it was asked about
 * the rowid before (a newer segment named it). False when the structure record is of another
 * form (then read the rows otherwise).
 */
export function readTermRows(
  db: Database.Database,
  table: string,
  term: string,
  seen: (rowid: number) => boolean,
  found: (rowid: number, holds: boolean) => void,
): boolean {
  const structure = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`).pluck().get(STRUCTURE_ID) as Uint8Array | undefined;
  if (!structure) return true;
  const segments = indexSegments(structure);
  if (segments === null) return false;
  const encoded = Buffer.from(term, 'utf8');
  const key = new Uint8Array(encoded.length + 1);
  key[0] = MAIN_INDEX;
  key.set(encoded, 1);
  for (const segment of segments)
    readSegment(db, table, segment, key, (rowid, holds) => {
      if (!seen(rowid)) found(rowid, holds);
    });
  return true;
}
