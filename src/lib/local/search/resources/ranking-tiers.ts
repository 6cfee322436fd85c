import type Database from 'better-sqlite3';
import { strongTermsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { term } from '../query/analyzer.js';
import { ftsTermCounts } from '../query/fts-terms.js';

/** How often a term must occur in a body for the document to hold it strongly. */
export const STRONG_BODY_COUNT = 3;

const ASCII_TEXT = /^[\x00-\x7f]*$/;
/** What separates words in ASCII text for FTS5's `unicode61` tokenizer: anything but letters and digits. */
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;

/** How often FTS5 indexes each term in `text` (ASCII split here, other text by FTS5's own tokenizer). */
function termCounts(db: Database.Database, text: string): Map<string, number> {
  if (!ASCII_TEXT.test(text)) return ftsTermCounts(db, text);
  const counts = new Map<string, number>();
  for (const word of text.split(ASCII_SEPARATORS)) {
    const indexed = word && term(word);
    if (indexed) counts.set(indexed, (counts.get(indexed) ?? 0) + 1);
  }
  return counts;
}

/** Words remembered with their term's number before the numbering starts over. */
const MAX_NUMBERED_WORDS = 50_000;
/**
 * The ASCII words seen, found by the FNV-1a hash of their characters without cutting them out
 * of the text: each slot holds an index into `words` (-1 when empty). Over twice as many slots
 * as words are ever remembered, so probes stay short.
 */
const slots = new Int32Array(1 << 17).fill(-1);
const words: string[] = [];
/** By word index: the number of the term the word is indexed as (-1 when none). */
const wordNumbers: number[] = [];
/** Each numbered term: its number. */
const termNumbers = new Map<string, number>();
/** The numbered terms, by number. */
let numberedTerms: string[] = [];
/** By term number, for the document at hand: occurrences in its body, and whether its title or fields hold it. */
let bodyCounts = new Int32Array(1024);
let inHead = new Uint8Array(1024);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Below this length V8 copies a cut-out string; from it on, the cut-out would keep the whole text alive. */
const SLICED_STRING_MIN = 13;

/** The number of the term an ASCII word (new to the table) is indexed as, or -1 when it is indexed as nothing. */
function numberTerm(word: string): number {
  const indexed = term(word);
  if (!indexed) return -1;
  let number = termNumbers.get(indexed);
  if (number !== undefined) return number;
  number = numberedTerms.length;
  numberedTerms.push(indexed);
  termNumbers.set(indexed, number);
  if (number >= bodyCounts.length) {
    const grown = new Int32Array(bodyCounts.length * 2);
    grown.set(bodyCounts);
    bodyCounts = grown;
    const grownHead = new Uint8Array(inHead.length * 2);
    grownHead.set(inHead);
    inHead = grownHead;
  }
  return number;
}

/** The term number of the word `text[start, end)` whose FNV-1a hash is `hash` (see `numberTerm`). */
function termNumber(text: string, start: number, end: number, hash: number): number {
  const mask = slots.length - 1;
  const length = end - start;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const index = slots[slot]!;
    if (index < 0) {
      const cut = text.slice(start, end);
      const word = length < SLICED_STRING_MIN ? cut : Buffer.from(cut, 'latin1').toString('latin1');
      // a document with more distinct words than the table takes: the rest are not remembered
      if (words.length >= slots.length >> 1) return numberTerm(word);
      slots[slot] = words.length;
      words.push(word);
      const number = numberTerm(word);
      wordNumbers.push(number);
      return number;
    }
    const word = words[index]!;
    if (word.length !== length) continue;
    let same = true;
    for (let i = 0; i < length; i++) {
      if (word.charCodeAt(i) !== text.charCodeAt(start + i)) {
        same = false;
        break;
      }
    }
    if (same) return wordNumbers[index]!;
  }
}

/**
 * Reads the words of ASCII text in one pass (for ASCII, `unicode61` words are runs of letters
 * and digits, and `term` stems them as FTS5's `porter` does): marks the terms of the title or
 * fields in `inHead`, or counts those of the body in `bodyCounts`; adds each term's number to
 * `touched` the first time it is seen. Returns the number of tokens.
 */
function readAscii(text: string, head: boolean, touched: number[]): number {
  let tokens = 0;
  let start = -1;
  let hash = FNV_OFFSET;
  for (let i = 0, length = text.length; i <= length; i++) {
    const code = i < length ? text.charCodeAt(i) : 32;
    // Letters and digits: 0-9, A-Z, a-z.
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      if (start < 0) {
        start = i;
        hash = FNV_OFFSET;
      }
      hash = Math.imul(hash ^ code, FNV_PRIME);
    } else if (start >= 0) {
      const number = termNumber(text, start, i, hash >>> 0);
      start = -1;
      tokens++;
      if (number < 0) continue;
      if (inHead[number] === 0 && bodyCounts[number] === 0) touched.push(number);
      if (head) inHead[number] = 1;
      else bodyCounts[number]!++;
    }
  }
  return tokens;
}

/** A document's indexed text, by column. */
export interface DocumentText {
  title: string;
  body: string;
  fields: string;
}

/** What the ranking tiers keep of one document. */
export interface DocumentTiers {
  /** Its strong terms, space-separated (see `strongTerms`). */
  terms: string;
  /** Its length over all columns, in tokens, as FTS5 counts it for BM25. */
  tokens: number;
}

/** `documentTiers` for ASCII text: one pass over each column, terms counted by number, no intermediate arrays or maps. */
function asciiTiers(head: string, body: string): DocumentTiers {
  if (words.length >= MAX_NUMBERED_WORDS) {
    slots.fill(-1);
    words.length = 0;
    wordNumbers.length = 0;
    termNumbers.clear();
    numberedTerms = [];
  }
  const touched: number[] = [];
  const tokens = readAscii(head, true, touched) + readAscii(body, false, touched);
  let terms = '';
  for (const number of touched) {
    if (inHead[number] === 1 || bodyCounts[number]! >= STRONG_BODY_COUNT) terms = terms ? `${terms} ${numberedTerms[number]!}` : numberedTerms[number]!;
    inHead[number] = 0;
    bodyCounts[number] = 0;
  }
  return { terms, tokens };
}

/** The strong terms and length of a document, from its text alone. */
export function documentTiers(db: Database.Database, text: DocumentText): DocumentTiers {
  const head = `${text.title}\n${text.fields}`;
  if (ASCII_TEXT.test(head) && ASCII_TEXT.test(text.body)) return asciiTiers(head, text.body);
  const headCounts = termCounts(db, head);
  const bodyTerms = termCounts(db, text.body);
  let terms = '';
  let tokens = 0;
  for (const [indexed, count] of headCounts) {
    terms = terms ? `${terms} ${indexed}` : indexed;
    tokens += count;
  }
  for (const [indexed, count] of bodyTerms) {
    if (count >= STRONG_BODY_COUNT && !headCounts.has(indexed)) terms = terms ? `${terms} ${indexed}` : indexed;
    tokens += count;
  }
  return { terms, tokens };
}

/**
 * The terms a document holds strongly, space-separated: every term of its title and
 * searchable fields, and the terms its body holds `STRONG_BODY_COUNT` times or more. A term it
 * holds otherwise occurs only in its body, fewer than `STRONG_BODY_COUNT` times.
 */
export function strongTerms(db: Database.Database, text: DocumentText): string {
  return documentTiers(db, text).terms;
}

/**
 * Keeps a document's ranking tiers up to date: its strong terms, and the index's smallest
 * document length (never raised, so that it stays a lower bound). Call in the transaction that
 * writes the document's row of the index's FTS5 table; `replacing` when the document had tiers
 * before.
 */
export function storeRankingTiers(db: Database.Database, indexRowid: number, rowid: number, text: DocumentText, replacing: boolean): void {
  const table = strongTermsFts(indexRowid);
  if (replacing) sql(db, `DELETE FROM ${table} WHERE rowid = CAST(? AS INTEGER)`).run(rowid);
  const { terms, tokens } = documentTiers(db, text);
  if (terms) sql(db, `INSERT INTO ${table} (rowid, terms) VALUES (CAST(? AS INTEGER), ?)`).run(rowid, terms);
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
