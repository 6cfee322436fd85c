import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import type { TermCounts } from '../resources/ranking-tiers.js';
import { K1, weightArgs, type Bm25Input, type Scored } from './bm25-core.js';
import type { ColumnWeights } from './boosts.js';
import { varints } from './fts-stats.js';

/** FTS5's BM25 parameter b. */
const B = 0.75;

/**
 * FTS5's IDF of a term held by `hits` of `rows` rows, as its `bm25()` computes it: the
 * logarithm by SQLite's `ln` (the C library's, which JavaScript's `Math.log` differs from in
 * the last bit), never below 1e-6.
 */
export function fts5Idf(db: Database.Database, rows: number, hits: number): number {
  const idf = sql(db, 'SELECT ln(?)')
    .pluck()
    .get((rows - hits + 0.5) / (hits + 0.5)) as number;
  return idf <= 0 ? 1e-6 : idf;
}

/** The column-weighted frequency FTS5's `bm25()` sums for a one-term query: each occurrence's column weight, in column order. */
export function termFrequency(weights: ColumnWeights, counts: TermCounts): number {
  const [title, body, fields] = weightArgs(weights);
  let frequency = 0;
  for (let n = 0; n < counts.title; n++) frequency += title;
  for (let n = 0; n < counts.body; n++) frequency += body;
  for (let n = 0; n < counts.fields; n++) frequency += fields;
  return frequency;
}

/** FTS5's BM25 score of a row of `tokens` tokens for a one-term query of weighted `frequency`, operation for operation as its `bm25()`. */
export function termScore(frequency: number, tokens: number, idf: number, averageTokens: number): number {
  return idf * ((frequency * (K1 + 1.0)) / (frequency + K1 * (1 - B + (B * tokens) / averageTokens)));
}

/**
 * FTS5's BM25 scores of the rows `rowids`, which all hold the query's one term with the same
 * weighted `frequency`: the same numbers as its `bm25()` (see `termScore`), each row's length
 * read from FTS5's own record of it. Reads only these rows' lengths.
 */
export function termScores(input: Bm25Input, rowids: readonly number[], frequency: number, idf: number, averageTokens: number): Scored[] {
  const sizes = sql(input.db, `SELECT id, sz FROM ${input.table}_docsize WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify(rowids)) as Array<[number, Buffer]>;
  return sizes.map(([rowid, size]) => [
    rowid,
    termScore(
      frequency,
      varints(size).reduce((sum, count) => sum + count, 0),
      idf,
      averageTokens,
    ),
  ]);
}
