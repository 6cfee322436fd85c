import type Database from 'better-sqlite3';
import { strongTermsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { term } from '../query/analyzer.js';
import { ftsTermCounts } from '../query/fts-terms.js';

/** How often a term must occur in a body for the document to hold it strongly. */
export const STRONG_BODY_COUNT = 3;

/**
 * What joins a term and its counts in an impact token: a separator for FTS5's `unicode61`, so
 * no indexed term holds it, and a token character for the `ascii` tokenizer of the strong terms.
 */
const IMPACT_MARK = '\u00b7';
/** The character after `IMPACT_MARK`: a term's impact tokens sort from `term·` up to `term¸`. */
const AFTER_IMPACT_MARK = '\u00b8';

/** How often a document holds a term in each column of its FTS5 row. */
export interface TermCounts {
  title: number;
  body: number;
  fields: number;
}

/**
 * The length class of a document of `tokens` tokens: half octaves (64–95 tokens one class,
 * 96–127 the next), computed in integers so that `classLength` is exactly its least length.
 */
function lengthClass(tokens: number): number {
  if (tokens < 2) return 0;
  const octave = 31 - Math.clz32(tokens);
  return 2 * octave + (tokens >= 3 * 2 ** (octave - 1) ? 1 : 0);
}

/** The least length of the documents of a length class (see `lengthClass`). */
function classLength(lengthClassOf: number): number {
  const octave = lengthClassOf >> 1;
  return lengthClassOf % 2 === 1 ? 3 * 2 ** (octave - 1) : 2 ** octave;
}

/** What an impact token tells of its holders: how often each column holds the term, and how short a holder can be. */
export interface TermImpact extends TermCounts {
  /** The least length, in tokens, of a document of the token's length class. */
  leastTokens: number;
}

/**
 * The impact token of a term in a document of `tokens` tokens: the term, how often the
 * document's title, body and fields hold it, and the document's length class (`term·1·4·0·14`).
 * The strong-terms table holds one for each strong term, so that the holders of a term can be
 * read by impact, best first.
 */
export function impactToken(indexed: string, counts: TermCounts, tokens: number): string {
  const mark = IMPACT_MARK;
  return `${indexed}${mark}${counts.title}${mark}${counts.body}${mark}${counts.fields}${mark}${lengthClass(tokens)}`;
}

/** The range of a term's impact tokens in the strong terms' vocabulary: from the first (included) to the second (excluded). */
export function impactTokenRange(indexed: string): [string, string] {
  return [`${indexed}${IMPACT_MARK}`, `${indexed}${AFTER_IMPACT_MARK}`];
}

/** What an impact token of `indexed` tells (see `impactToken`), or null when it is not one. */
export function termImpact(indexed: string, token: string): TermImpact | null {
  if (!token.startsWith(`${indexed}${IMPACT_MARK}`)) return null;
  const parts = token.slice(indexed.length + 1).split(IMPACT_MARK);
  if (parts.length !== 4 || !parts.every((part) => /^\d+$/.test(part))) return null;
  const [title, body, fields, length] = parts.map(Number) as [number, number, number, number];
  return { title, body, fields, leastTokens: classLength(length) };
}

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
/** By column (title, body, fields), then by term number: the occurrences of each term in the document at hand. */
let columnCounts = [new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)];

/** As a signed 32-bit integer, as `Math.imul` gives the hash: a word's hash then never leaves V8's small integers. */
const FNV_OFFSET = 0x811c9dc5 | 0;
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
  if (number >= columnCounts[0]!.length) {
    columnCounts = columnCounts.map((counts) => {
      const grown = new Int32Array(counts.length * 2);
      grown.set(counts);
      return grown;
    });
  }
  return number;
}

/** The term number of the word `text[start, end)` whose FNV-1a hash is `hash` (a signed 32-bit integer; see `numberTerm`). */
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
 * and digits, and `term` stems them as FTS5's `porter` does): counts the terms of the column
 * (0 title, 1 body, 2 fields) in its `columnCounts`; adds each term's number to `touched` the
 * first time the document shows it. Returns the number of tokens.
 */
function readAscii(text: string, column: number, touched: number[]): number {
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
      const number = termNumber(text, start, i, hash);
      start = -1;
      tokens++;
      if (number < 0) continue;
      if (columnCounts[0]![number] === 0 && columnCounts[1]![number] === 0 && columnCounts[2]![number] === 0) touched.push(number);
      // read again each time: numbering a new term may grow the arrays
      columnCounts[column]![number]!++;
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
  /** The impact token of each strong term, space-separated (see `impactToken`). */
  impacts: string;
  /** Its length over all columns, in tokens, as FTS5 counts it for BM25. */
  tokens: number;
}

/** Whether a document holds a term strongly: in its title or fields, or `STRONG_BODY_COUNT` times or more in its body. */
function isStrong(counts: TermCounts): boolean {
  return counts.title > 0 || counts.fields > 0 || counts.body >= STRONG_BODY_COUNT;
}

/** `documentTiers` for ASCII text: one pass over each column, terms counted by number, no intermediate arrays or maps. */
function asciiTiers(text: DocumentText): DocumentTiers {
  if (words.length >= MAX_NUMBERED_WORDS) {
    slots.fill(-1);
    words.length = 0;
    wordNumbers.length = 0;
    termNumbers.clear();
    numberedTerms = [];
  }
  const touched: number[] = [];
  const tokens = readAscii(text.title, 0, touched) + readAscii(text.body, 1, touched) + readAscii(text.fields, 2, touched);
  const [title, body, fields] = columnCounts as [Int32Array, Int32Array, Int32Array];
  let terms = '';
  let impacts = '';
  for (const number of touched) {
    // the counts are read from the arrays first: most terms are weak, and need no object
    if (title[number]! > 0 || fields[number]! > 0 || body[number]! >= STRONG_BODY_COUNT) {
      const indexed = numberedTerms[number]!;
      const token = impactToken(indexed, { title: title[number]!, body: body[number]!, fields: fields[number]! }, tokens);
      terms = terms ? `${terms} ${indexed}` : indexed;
      impacts = impacts ? `${impacts} ${token}` : token;
    }
    title[number] = 0;
    body[number] = 0;
    fields[number] = 0;
  }
  return { terms, impacts, tokens };
}

/** The strong terms, their impact tokens and the length of a document, from its text alone. */
export function documentTiers(db: Database.Database, text: DocumentText): DocumentTiers {
  if (ASCII_TEXT.test(text.title) && ASCII_TEXT.test(text.body) && ASCII_TEXT.test(text.fields)) return asciiTiers(text);
  const [title, body, fields] = [text.title, text.body, text.fields].map((column) => termCounts(db, column)) as [
    Map<string, number>,
    Map<string, number>,
    Map<string, number>,
  ];
  const strong: string[] = [];
  const impacts: string[] = [];
  let tokens = 0;
  for (const column of [title, body, fields]) for (const count of column.values()) tokens += count;
  for (const indexed of new Set([...title.keys(), ...body.keys(), ...fields.keys()])) {
    const counts = { title: title.get(indexed) ?? 0, body: body.get(indexed) ?? 0, fields: fields.get(indexed) ?? 0 };
    if (!isStrong(counts)) continue;
    strong.push(indexed);
    impacts.push(impactToken(indexed, counts, tokens));
  }
  return { terms: strong.join(' '), impacts: impacts.join(' '), tokens };
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
 * Keeps a document's ranking tiers up to date: its strong terms and their impact tokens, and the index's smallest
 * document length (never raised, so that it stays a lower bound). Call in the transaction that
 * writes the document's row of the index's FTS5 table; `replacing` when the document had tiers
 * before.
 */
export function storeRankingTiers(db: Database.Database, indexRowid: number, rowid: number, text: DocumentText, replacing: boolean): void {
  const table = strongTermsFts(indexRowid);
  if (replacing) sql(db, `DELETE FROM ${table} WHERE rowid = CAST(? AS INTEGER)`).run(rowid);
  const { terms, impacts, tokens } = documentTiers(db, text);
  if (terms) sql(db, `INSERT INTO ${table} (rowid, terms) VALUES (CAST(? AS INTEGER), ?)`).run(rowid, `${terms} ${impacts}`);
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
