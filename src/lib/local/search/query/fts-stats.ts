import type Database from 'better-sqlite3';
import { unquote } from './fts-expression.js';
import { sql } from '../core/statements.js';
import { ftsTermRows, ftsTerms } from './fts-terms.js';
import { unionCount } from './union-count.js';

/** The id of the record where FTS5 keeps its row count and column token totals. */
const AVERAGES_ID = 1;

/** The SQLite varints (big-endian groups of 7 bits, a 9th byte whole) packed in `bytes`, the first `limit` of them. */
export function varints(bytes: Uint8Array, limit = Infinity): number[] {
  const values: number[] = [];
  for (let at = 0; at < bytes.length && values.length < limit;) {
    let value = 0;
    for (let i = 0; i < 9 && at < bytes.length; i++) {
      const byte = bytes[at++]!;
      if (i === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/** What BM25 reads of a whole FTS5 table: its rows and the tokens of all its columns. */
export interface FtsTotals {
  rows: number;
  tokens: number;
}

/** The row and token totals of an FTS5 table, read from the record where FTS5 keeps them. */
export function ftsTotals(db: Database.Database, table: string): FtsTotals {
  const block = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`).pluck().get(AVERAGES_ID) as Buffer | undefined;
  const [rows = 0, ...columns] = block ? varints(block) : [];
  return { rows, tokens: columns.reduce((sum, count) => sum + count, 0) };
}

/** The number of rows of an FTS5 table as BM25 counts them, read from the record where FTS5 keeps it. */
export function ftsRowCount(db: Database.Database, table: string): number {
  const block = sql(db, `SELECT block FROM ${table}_data WHERE id = ?`).pluck().get(AVERAGES_ID) as Buffer | undefined;
  return block ? (varints(block, 1)[0] ?? 0) : 0;
}

/** The most phrase counts remembered per table and connection. */
const MAX_REMEMBERED = 4096;
/** The id of the record where FTS5 keeps the structure of its index (its segments, and a counter of their writes). */
const STRUCTURE_ID = 10;
/** Per connection and table: the phrase counts made since the table's index last changed, and what tells that it did. */
const remembered = new WeakMap<Database.Database, Map<string, { stamp: string; hits: Map<string, number> }>>();

/**
 * What changes whenever an FTS5 table's index does, committed by this connection or another:
 * its structure record (a new segment is written, and the record with it, at each commit that
 * changes the index) and the record of its row and token totals.
 */
export function tableStamp(db: Database.Database, table: string): string {
  const blocks = sql(db, `SELECT block FROM ${table}_data WHERE id IN (?, ?) ORDER BY id`).pluck().all(AVERAGES_ID, STRUCTURE_ID) as Buffer[];
  return blocks.map((block) => block.toString('base64')).join('/');
}

/** The counts remembered for an FTS5 table since its index last changed (see `tableStamp`), and that stamp. */
function rememberedFor(db: Database.Database, table: string): { stamp: string; hits: Map<string, number> } {
  const stamp = tableStamp(db, table);
  let tables = remembered.get(db);
  if (!tables) {
    tables = new Map();
    remembered.set(db, tables);
  }
  let known = tables.get(table);
  if (!known || known.stamp !== stamp || known.hits.size >= MAX_REMEMBERED) {
    known = { stamp, hits: new Map() };
    tables.set(table, known);
  }
  return known;
}

/** `count()` of `key` for an FTS5 table, remembered until the table's index changes (see `tableStamp`). */
function rememberedCount(db: Database.Database, table: string, key: string, count: (stamp: string, hits: Map<string, number>) => number): number {
  const known = rememberedFor(db, table);
  let hits = known.hits.get(key);
  if (hits === undefined) {
    hits = count(known.stamp, known.hits);
    known.hits.set(key, hits);
  }
  return hits;
}

/**
 * The number of rows of an FTS5 table that hold `phrase` (a quoted FTS5 phrase, maybe a
 * prefix), as FTS5's BM25 counts them: from the vocabulary for one word, else counted
 * without scoring. Both read every holder, so a count is remembered until the table's index
 * changes (a query's total, its bounds and its ranking ask for the same counts, and later
 * queries for the same words).
 */
export function ftsPhraseHits(db: Database.Database, table: string, phrase: string): number {
  return rememberedCount(db, table, phrase, () => countPhraseHits(db, table, phrase));
}

/**
 * The number of rows of an FTS5 table that match `expression`, counted without scoring and
 * remembered until the table's index changes (the next page of a query, or the same query
 * again, does not walk every match again). When the expression is a plain OR of `phrases`, each
 * a single word, the words' postings are counted (see `unionCount`): kept, so that the ranking and
 * another query over them walk no doclist, and each phrase's count is remembered on the way (see
 * `ftsPhraseHits`).
 */
export function ftsMatchCount(db: Database.Database, table: string, expression: string, phrases: readonly string[] = []): number {
  return rememberedCount(db, table, `match ${expression}`, (stamp, hits) => {
    const union =
      phrases.length > 1 && expression === `(${phrases.join(' OR ')})`
        ? unionCount(db, table, phrases, stamp, (phrase, count) => hits.set(phrase, count))
        : null;
    return union ?? (sql(db, `SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(expression) as number);
  });
}

/** The count `ftsPhraseHits` remembers for `phrase` (undefined when none), without counting. */
export function rememberedPhraseHits(db: Database.Database, table: string, phrase: string): number | undefined {
  return rememberedFor(db, table).hits.get(phrase);
}

/** Remembers `hits` as the count of `phrase` (see `ftsPhraseHits`), found otherwise (as FTS5 counts it) until the table's index changes. */
export function rememberPhraseHits(db: Database.Database, table: string, phrase: string, hits: number): void {
  rememberedFor(db, table).hits.set(phrase, hits);
}

/** `ftsPhraseHits`, counted. */
function countPhraseHits(db: Database.Database, table: string, phrase: string): number {
  const { text, prefix } = unquote(phrase);
  if (!prefix) {
    const terms = ftsTerms(db, text);
    if (terms.length === 1) return ftsTermRows(db, table, terms[0]!);
  }
  return sql(db, `SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(phrase) as number;
}
