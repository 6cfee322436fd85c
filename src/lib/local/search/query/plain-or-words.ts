import { smallestDocTokens } from '../resources/ranking-tiers.js';
import { MAX_PHRASES, type Bm25Input } from './bm25-core.js';
import { ftsTotals, type FtsTotals } from './fts-stats.js';
import { singleTerm } from './impact-cells.js';

/** The words of a plain OR query, as the exact multi-word ranking paths take them. */
export interface PlainOrWords {
  /** The index's smallest document length in tokens (no document scores above its bound at it). */
  shortest: number;
  /** The FTS5 table's row and token totals. */
  totals: FtsTotals;
  /** The distinct terms, in the order they first appear. */
  terms: string[];
  /** For each phrase of the query, the index of its term in `terms`. */
  termOfPhrase: number[];
  /** For each term, the first phrase that names it. */
  phraseOfTerm: string[];
  /** For each term, how many of the query's phrases name it (each one scores it again). */
  repeats: number[];
}

/**
 * The words of `input` when it is a plain OR of two to sixteen single-term phrases over an index
 * with ranking tiers and documents, the body weighed: what `impactMaxScore` and `postingsTop`
 * rank; null for any other query or index.
 */
export function plainOrWords(input: Bm25Input): PlainOrWords | null {
  const { db, table, phrases } = input;
  if (phrases.length < 2 || phrases.length > MAX_PHRASES || input.weights.body <= 0 || input.expression !== `(${phrases.join(' OR ')})`) return null;
  const shortest = smallestDocTokens(db, input.indexRowid);
  if (shortest === null) return null;
  const totals = ftsTotals(db, table);
  if (totals.rows === 0) return null;
  const terms: string[] = [];
  const termOfPhrase: number[] = [];
  const phraseOfTerm: string[] = [];
  for (const phrase of phrases) {
    const term = singleTerm(input, phrase);
    if (term === null) return null;
    let index = terms.indexOf(term);
    if (index < 0) {
      index = terms.push(term) - 1;
      phraseOfTerm.push(phrase);
    }
    termOfPhrase.push(index);
  }
  const repeats = terms.map((_, index) => termOfPhrase.filter((of) => of === index).length);
  return { shortest, totals, terms, termOfPhrase, phraseOfTerm, repeats };
}
