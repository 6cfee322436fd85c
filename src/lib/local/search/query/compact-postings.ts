/**
 * A word's postings (the rows that hold it and how often each of their three columns does) in
 * about two bytes each, read back in rowid order by `PostingCursor`: the rowids as one-byte gaps,
 * the counts as one byte of small counts; what does not fit, rare for a common word, apart.
 */

/** The most bits of a count kept in 32 (see `packCounts`): the title's, the body's, the fields'. */
const TITLE_BITS = 10;
const BODY_BITS = 11;
const FIELDS_BITS = 11;
/** The most bits of a count in a one-byte code: the title's in the low 2, the body's in the next 4, the fields' in the high 2. */
const CODE_TITLE_BITS = 2;
const CODE_BODY_BITS = 4;
const CODE_FIELDS_BITS = 2;

/** The counts of a row packed in 32 bits, or -1 when one does not fit (see `titleCount`, `bodyCount`, `fieldsCount`). */
export function packCounts(title: number, body: number, fields: number): number {
  if (title >= 1 << TITLE_BITS || body >= 1 << BODY_BITS || fields >= 1 << FIELDS_BITS) return -1;
  return (title | (body << TITLE_BITS) | (fields << (TITLE_BITS + BODY_BITS))) >>> 0;
}

/** How often the title holds the word, of counts packed by `packCounts`. */
export function titleCount(packed: number): number {
  return packed & ((1 << TITLE_BITS) - 1);
}

/** How often the body holds the word, of counts packed by `packCounts`. */
export function bodyCount(packed: number): number {
  return (packed >>> TITLE_BITS) & ((1 << BODY_BITS) - 1);
}

/** How often the fields hold the word, of counts packed by `packCounts`. */
export function fieldsCount(packed: number): number {
  return packed >>> (TITLE_BITS + BODY_BITS);
}

/** The one-byte code of small counts (nonzero), or 0 when they do not fit one (or are all zero). */
function countsCode(title: number, body: number, fields: number): number {
  if (title >= 1 << CODE_TITLE_BITS || body >= 1 << CODE_BODY_BITS || fields >= 1 << CODE_FIELDS_BITS) return 0;
  return title | (body << CODE_TITLE_BITS) | (fields << (CODE_TITLE_BITS + CODE_BODY_BITS));
}

/** The holders of a block of the skip list (see `Postings.skips`). */
const SKIP_BLOCK = 128;

/** How many one-byte codes of counts there are (0 stands for counts kept apart). */
export const CODES = 256;

/** For each nonzero one-byte code, its counts packed by `packCounts`. */
const PACKED_OF_CODE = Uint32Array.from({ length: CODES }, (_, code) =>
  packCounts(code & ((1 << CODE_TITLE_BITS) - 1), (code >>> CODE_TITLE_BITS) & ((1 << CODE_BODY_BITS) - 1), code >>> (CODE_TITLE_BITS + CODE_BODY_BITS)),
);

/** The counts of a nonzero one-byte code (see `PostingCursor.code`), packed by `packCounts`. */
export function packedOfCode(code: number): number {
  return PACKED_OF_CODE[code]!;
}

/**
 * A word's postings in rowid order. Each holder's rowid is the previous one's (-1 before the
 * first) plus its byte in `gaps`, or, where that byte is 0, the next of `farRowids`; its counts
 * are those of its byte in `codes`, or, where that byte is 0, the next of `farCounts` (packed by
 * `packCounts`).
 */
export interface Postings {
  /** How many rows hold the word. */
  length: number;
  gaps: Uint8Array;
  farRowids: Int32Array;
  codes: Uint8Array;
  farCounts: Uint32Array;
  /**
   * For each block of `SKIP_BLOCK` holders, three numbers: the rowid before its first holder
   * (-1 for the first block) and how many of `farRowids` and of `farCounts` the holders before
   * it took; `PostingCursor.seek` jumps over blocks with them.
   */
  skips: Int32Array;
  /** The bytes the arrays take. */
  bytes: number;
}

/**
 * Reads a word's postings in rowid order: `next()` moves to the next holder, whose `rowid`, its
 * `packed` counts and their one-byte `code` (0 for counts kept apart) it sets.
 */
export class PostingCursor {
  rowid = -1;
  packed = 0;
  code = 0;
  private at = 0;
  private farRowid = 0;
  private farCount = 0;

  constructor(private readonly postings: Postings) {}

  /** Moves to the next holder; false after the last. */
  next(): boolean {
    const postings = this.postings;
    const at = this.at;
    if (at >= postings.length) return false;
    const gap = postings.gaps[at]!;
    this.rowid = gap === 0 ? postings.farRowids[this.farRowid++]! : this.rowid + gap;
    const code = postings.codes[at]!;
    this.code = code;
    this.packed = code === 0 ? postings.farCounts[this.farCount++]! : PACKED_OF_CODE[code]!;
    this.at = at + 1;
    return true;
  }

  /** Moves to the first holder from `target` on (the cursor only moves forward: from the current one when it is there already); false when there is none. */
  seek(target: number): boolean {
    if (this.at > 0 && this.rowid >= target) return true;
    const { skips } = this.postings;
    // over the blocks that end before the target
    let block = Math.floor(this.at / SKIP_BLOCK) + 1;
    if (block * 3 < skips.length && skips[block * 3]! < target) {
      while ((block + 1) * 3 < skips.length && skips[(block + 1) * 3]! < target) block++;
      this.at = block * SKIP_BLOCK;
      this.rowid = skips[block * 3]!;
      this.farRowid = skips[block * 3 + 1]!;
      this.farCount = skips[block * 3 + 2]!;
    }
    while (this.next()) if (this.rowid >= target) return true;
    return false;
  }
}

/** Builds `Postings` from holders given in rowid order (see `add`), its arrays grown as needed and reused by the next. */
export class PostingsBuilder {
  private gaps = new Uint8Array(1024);
  private codes = new Uint8Array(1024);
  private farRowids: number[] = [];
  private farCounts: number[] = [];
  private skips: number[] = [];
  private length = 0;
  private previous = -1;

  /** Forgets the holders added (the arrays kept). */
  reset(): void {
    this.length = 0;
    this.previous = -1;
    this.farRowids = [];
    this.farCounts = [];
    this.skips = [];
  }

  /** Adds a holder, of a higher rowid than the one before, and its counts packed by `packCounts`. */
  add(rowid: number, packed: number): void {
    if (this.length === this.gaps.length) {
      const gaps = new Uint8Array(this.length * 2);
      gaps.set(this.gaps);
      this.gaps = gaps;
      const codes = new Uint8Array(this.length * 2);
      codes.set(this.codes);
      this.codes = codes;
    }
    if (this.length % SKIP_BLOCK === 0) this.skips.push(this.previous, this.farRowids.length, this.farCounts.length);
    const gap = rowid - this.previous;
    if (gap < 256) this.gaps[this.length] = gap;
    else {
      this.gaps[this.length] = 0;
      this.farRowids.push(rowid);
    }
    this.previous = rowid;
    const code = countsCode(titleCount(packed), bodyCount(packed), fieldsCount(packed));
    this.codes[this.length++] = code;
    if (code === 0) this.farCounts.push(packed);
  }

  /** The postings added since the last `reset`, copied out. */
  build(): Postings {
    const gaps = this.gaps.slice(0, this.length);
    const codes = this.codes.slice(0, this.length);
    const farRowids = Int32Array.from(this.farRowids);
    const farCounts = Uint32Array.from(this.farCounts);
    const skips = Int32Array.from(this.skips);
    const bytes = gaps.byteLength + codes.byteLength + farRowids.byteLength + farCounts.byteLength + skips.byteLength;
    return { length: this.length, gaps, farRowids, codes, farCounts, skips, bytes };
  }
}
