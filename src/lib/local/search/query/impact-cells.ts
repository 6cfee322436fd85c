import { strongTermsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { impactTokenRange, termImpact, type TermCounts } from '../resources/ranking-tiers.js';
import type { Bm25Input } from './bm25-core.js';
import { unquote } from './fts-expression.js';
import { ftsTerms, ftsVocabulary } from './fts-terms.js';
import { termFrequency } from './term-scores.js';

/** The holders of a word with the same counts in each column and the same length class (one impact token), and what each of them scores at most. */
export interface Cell {
  /** The impact token, quoted for the strong-terms table. */
  token: string;
  /** The column-weighted frequency of the word in each holder. */
  frequency: number;
  holders: number;
  bound: number;
}

/** The single term FTS5 indexes the phrase as (no prefix), or null. */
export function singleTerm(input: Bm25Input, phrase: string): string | null {
  const { text, prefix } = unquote(phrase);
  if (prefix) return null;
  const terms = ftsTerms(input.db, text);
  return terms.length === 1 ? terms[0]! : null;
}

/**
 * A word's cells, the highest bound first (`bound` of a holder's counts and the least length of
 * its class), from the strong terms' vocabulary (see `impactToken`).
 */
export function impactCells(input: Bm25Input, term: string, bound: (counts: TermCounts, leastTokens: number) => number): Cell[] {
  const strongTable = strongTermsFts(input.indexRowid);
  const [from, to] = impactTokenRange(term);
  const tokens = sql(input.db, `SELECT term, doc FROM ${ftsVocabulary(input.db, strongTable, 'row')} WHERE term >= ? AND term < ?`)
    .raw()
    .all(from, to) as Array<[string, number]>;
  return tokens
    .flatMap(([token, holders]) => {
      const impact = termImpact(term, token);
      return impact ? [{ token: `"${token}"`, frequency: termFrequency(input.weights, impact), holders, bound: bound(impact, impact.leastTokens) }] : [];
    })
    .sort((a, b) => b.bound - a.bound);
}

/** The rowids of a cell's holders (see `Cell`). */
export function cellHolders(input: Bm25Input, cell: Cell): number[] {
  const table = strongTermsFts(input.indexRowid);
  return sql(input.db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(cell.token) as number[];
}
