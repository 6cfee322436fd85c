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
/** The most leaf pages read at once. */
const MAX_PAGE_BATCH = 64;
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

/**
 * What the segments' doclists of a term say of the rows (see `readTermRows`), told to an object
 * of one class (its calls stay monomorphic in the loops that read the doclists).
 */
export interface TermRows {
  /** Whether `found` was called for the row before (a newer segment named it). */
  seen(rowid: number): boolean;
  /**
   * The newest entry of a row: it holds the term (`holds`), or it marks the row deleted; with
   * counts asked for, how often each column holds the term (`counts[c]` for column `c`; the
   * same array each time, to be read at once).
   */
  found(rowid: number, holds: boolean, counts: Uint32Array): void;
}

/** Adds to `counts[c]` the positions in column `c` of the position list from `at` to `end` of `page` (all on the page). */
function countOnPage(page: Uint8Array, from: number, end: number, counts: Uint32Array): void {
  // a byte below 0x80 ends a varint; a lone 1 is a column mark, the varint after it the column
  let column = 0;
  for (let at = from; at < end;) {
    const byte = page[at++]!;
    if (byte === 1) {
      // the column's number, a varint
      column = 0;
      for (let more = true; more && at < end;) {
        const part = page[at++]!;
        column = column * 128 + (part & 0x7f);
        more = (part & 0x80) !== 0;
      }
      if (column >= counts.length) throw new Error('an FTS5 position list names a column the table does not have');
      continue;
    }
    while ((page[at - 1]! & 0x80) !== 0 && at < end) at++;
    counts[column]!++;
  }
}

/** A position in a segment's doclist of a term, which may go on over several leaf pages. */
class DoclistCursor {
  page: Uint8Array;
  at: number;
  /** Where the page's data ends (its footer of term offsets begins). */
  leafEnd: number;
  /** Where the doclist ends on this page: at the next term, else at `leafEnd` (and it may go on). */
  stop: number;

  constructor(
    private readonly read: (pageNo: number) => Uint8Array | undefined,
    private readonly segment: Segment,
    private pageNo: number,
    page: Uint8Array,
    at: number,
    stop: number,
  ) {
    this.page = page;
    this.at = at;
    this.leafEnd = u16(page, 2);
    this.stop = stop;
  }

  /** Moves to the start of the next leaf page of the segment (after its header); false at the segment's end. */
  nextPage(): boolean {
    if (this.pageNo >= this.segment.last) return false;
    const page = this.read(++this.pageNo);
    if (!page || page.length < 4) return false;
    this.page = page;
    this.at = 4;
    this.leafEnd = u16(page, 2);
    this.stop = this.leafEnd < page.length ? new Bytes(page, this.leafEnd).varint() : this.leafEnd;
    return true;
  }

  /** The next byte of a position list, which goes on at the next page's start when this page's data ends. */
  byte(): number {
    while (this.at >= this.leafEnd) if (!this.nextPage()) throw new Error('an FTS5 position list runs past its segment');
    return this.page[this.at++]!;
  }

  /** The varint at the cursor (one page). */
  varint(): number {
    const page = this.page;
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const byte = page[this.at++]!;
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    return value;
  }

  /** Skips `size` bytes of a position list. */
  skip(size: number): void {
    let left = size;
    while (left > this.leafEnd - this.at) {
      left -= this.leafEnd - this.at;
      if (!this.nextPage()) throw new Error('an FTS5 position list runs past its segment');
    }
    this.at += left;
  }

  /** Reads a position list of `size` bytes, adding to `counts[c]` the positions it has in column `c`. */
  count(size: number, counts: Uint32Array): void {
    const end = this.at + size;
    if (end <= this.leafEnd) {
      countOnPage(this.page, this.at, end, counts);
      this.at = end;
      return;
    }
    let left = size;
    let column = 0;
    let marker = false;
    while (left > 0) {
      // a varint: bytes with the high bit set, then one without
      let value = 0;
      for (;;) {
        const byte = this.byte();
        left--;
        value = value * 128 + (byte & 0x7f);
        if ((byte & 0x80) === 0 || left <= 0) break;
      }
      if (marker) {
        column = value;
        marker = false;
        if (column >= counts.length) throw new Error('an FTS5 position list names a column the table does not have');
      } else if (value === 1) marker = true;
      else counts[column]!++;
    }
  }

  /**
   * Moves to the next rowid of the doclist and reads it (`previous` + its delta, or the value
   * itself when it is the first rowid of a page, which the page's header points at); null at the
   * doclist's end: a term follows on the page, or the next page begins with one.
   */
  nextRowid(previous: number): number | null {
    while (this.at >= this.stop) {
      if (this.stop < this.leafEnd || !this.nextPage()) return null;
      const first = u16(this.page, 0);
      if (first === 0) return null;
      this.at = first;
    }
    const absolute = this.at === u16(this.page, 0);
    const value = this.varint();
    return absolute ? value : previous + value;
  }
}

/**
 * Reads the rows of a doclist from the cursor (just after `rowid`) as `readDoclist` does, with
 * counts, as long as each row's position list ends on its page (most rows; the page and offset
 * held in locals); returns the rowid of the first row whose list goes on over the next page
 * (the cursor at its header), or null at the doclist's end.
 */
function countedOnPages(cursor: DoclistCursor, first: number, rows: TermRows, counts: Uint32Array): number | null {
  let rowid = first;
  for (;;) {
    const { page, leafEnd, stop } = cursor;
    const pageFirst = u16(page, 0);
    let at = cursor.at;
    for (;;) {
      const headerAt = at;
      let header = 0;
      for (let i = 0; i < 9; i++) {
        const byte = page[at++]!;
        header = i === 8 ? header * 256 + byte : header * 128 + (byte & 0x7f);
        if (i === 8 || (byte & 0x80) === 0) break;
      }
      const size = header >>> 1;
      const end = at + size;
      if (end > leafEnd) {
        cursor.at = headerAt;
        return rowid;
      }
      for (let column = 0; column < counts.length; column++) counts[column] = 0;
      countOnPage(page, at, end, counts);
      at = end;
      if (!rows.seen(rowid)) rows.found(rowid, (header & 1) === 0 || size > 0, counts);
      if (at >= stop) break;
      const absolute = at === pageFirst;
      let value = 0;
      for (let i = 0; i < 9; i++) {
        const byte = page[at++]!;
        value = i === 8 ? value * 256 + byte : value * 128 + (byte & 0x7f);
        if (i === 8 || (byte & 0x80) === 0) break;
      }
      rowid = absolute ? value : rowid + value;
    }
    cursor.at = at;
    const next = cursor.nextRowid(rowid);
    if (next === null) return null;
    rowid = next;
  }
}

/**
 * Tells `rows` of each row of the doclist that starts at `at` of page `page` (of `pageNo`) and
 * ends at `end` or, when that is the page's end of data, goes on to the next pages, but those
 * `rows` has seen before (named by a newer segment). `counts`, when given, receives how often each
 * column holds the term (see `TermRows`).
 */
function readDoclist(
  db: Database.Database,
  table: string,
  segment: Segment,
  start: { page: Uint8Array; pageNo: number; at: number; end: number },
  rows: TermRows,
  counts: Uint32Array | null,
): void {
  // the next pages read a few at a time, twice as many each time (a doclist that goes on seldom stops soon)
  const statement = sql(db, `SELECT id, block FROM ${table}_data WHERE id >= ? AND id < ? ORDER BY id`).raw();
  let pages = new Map<number, Uint8Array>();
  let batch = 1;
  const read = (pageNo: number) => {
    let page = pages.get(pageNo);
    if (!page) {
      const rows = statement.all(segment.id * SEGMENT_SHIFT + pageNo, segment.id * SEGMENT_SHIFT + Math.min(pageNo + batch, segment.last + 1)) as Array<
        [number, Uint8Array]
      >;
      pages = new Map(rows.map(([id, block]) => [id - segment.id * SEGMENT_SHIFT, block]));
      batch = Math.min(batch * 2, MAX_PAGE_BATCH);
      page = pages.get(pageNo);
    }
    return page;
  };
  const cursor = new DoclistCursor(read, segment, start.pageNo, start.page, start.at, start.end);
  // the first rowid after a term is a value, not a delta; when the term fills its page, that
  // value opens the next page (a merge writes it there), as FTS5's fts5SegIterLoadRowid reads it
  while (cursor.at >= cursor.leafEnd) if (!cursor.nextPage()) throw new Error('an FTS5 doclist runs past its segment');
  let rowid: number | null = cursor.varint();
  const none = new Uint32Array(0);
  while (rowid !== null) {
    if (counts) {
      rowid = countedOnPages(cursor, rowid, rows, counts);
      if (rowid === null) return;
    }
    // a row whose position list goes on over the next page (or counts not asked for)
    const header = cursor.varint();
    const size = header >>> 1;
    if (counts) {
      for (let column = 0; column < counts.length; column++) counts[column] = 0;
      cursor.count(size, counts);
    } else cursor.skip(size);
    if (!rows.seen(rowid)) rows.found(rowid, (header & 1) === 0 || size > 0, counts ?? none);
    rowid = cursor.nextRowid(rowid);
  }
}

/**
 * Tells `rows` of each row the segment's doclist of `key` (the main index's byte, then the
 * term's UTF-8 bytes) names and it has not seen before, in rowid order; nothing when the segment does
 * not hold the term.
 */
function readSegment(db: Database.Database, table: string, segment: Segment, key: Uint8Array, rows: TermRows, counts: Uint32Array | null): void {
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
    if (order === 0) {
      readDoclist(db, table, segment, { page, pageNo, at: bytes.at, end: offsets[index + 1] ?? leafEnd }, rows, counts);
      return;
    }
  }
}

/**
 * The rows of an FTS5 table (detail=full, not contentless_delete) that hold `term` (one indexed
 * term), read from its stored segments as FTS5 merges them: for each row, the entry of the
 * newest segment that names it, and none when that entry marks the row deleted: `rows.found` is
 * called once per row the newest entry names (with `columns`, how often each of that many
 * columns holds the term), and `rows.seen(rowid)` must tell whether it was called for the rowid
 * before (a newer segment named it). False when the structure record is of another form (then
 * read the rows otherwise).
 */
export function readTermRows(db: Database.Database, table: string, term: string, rows: TermRows, columns = 0): boolean {
  const structure = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`).pluck().get(STRUCTURE_ID) as Uint8Array | undefined;
  if (!structure) return true;
  const segments = indexSegments(structure);
  if (segments === null) return false;
  const encoded = Buffer.from(term, 'utf8');
  const key = new Uint8Array(encoded.length + 1);
  key[0] = MAIN_INDEX;
  key.set(encoded, 1);
  const counts = columns > 0 ? new Uint32Array(columns) : null;
  for (const segment of segments) readSegment(db, table, segment, key, rows, counts);
  return true;
}
