import type Database from 'better-sqlite3';
import { unquote } from './fts-expression.js';
import { ftsTerms } from './fts-terms.js';
import { PostingCursor } from './compact-postings.js';
import { highestRowid, termPostings } from './word-postings.js';

/**
 * The number of rows of an FTS5 table of documents that hold at least one of `phrases` (quoted
 * FTS5 phrases, each a single term and no prefix), counted without scoring from the words'
 * postings (see `termPostings`, kept until the table's index changes: `stamp`), which the
 * ranking then reads again; `remember(phrase, hits)` is told how many rows hold each phrase. Null
 * when a phrase is not a single term, or the postings cannot be read: then count otherwise.
 */
export function unionCount(
  db: Database.Database,
  table: string,
  phrases: readonly string[],
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
  // each row once: bit `rowid % 32` of word `rowid >> 5`, set for every holder, the bits counted at the end (no branch per holder)
  const union = new Uint32Array((highest >>> 5) + 1);
  for (let index = 0; index < terms.length; index++) {
    const postings = termPostings(db, table, terms[index]!, highest, stamp);
    if (postings === null) return null;
    remember(phrases[index]!, postings.length);
    for (const posting = new PostingCursor(postings); posting.next();) union[posting.rowid >>> 5]! |= 1 << (posting.rowid & 31);
  }
  let count = 0;
  for (const word of union) count += bitCount(word);
  return count;
}

/** How many bits of a 32-bit word are set. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
