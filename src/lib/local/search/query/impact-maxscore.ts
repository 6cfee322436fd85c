import { STRONG_BODY_COUNT, type TermCounts } from '../resources/ranking-tiers.js';
import { MIN_HOLDERS, ROUNDING, type Bm25Input, type Scored } from './bm25-core.js';
import { cellHolders, impactCells, type Cell } from './impact-cells.js';
import { ftsPhraseHits } from './fts-stats.js';
import { plainOrWords } from './plain-or-words.js';
import { rowTermCounts } from './row-term-counts.js';
import { bestOf, merged, scoreExpression } from './tiered-top.js';
import { wordRegions, type Region } from './word-regions.js';
import { fts5Idf, termFrequency, termScore } from './term-scores.js';

/**
 * Below this share of the index's documents as holders of the words in all, scoring every match
 * costs little. (At 1,000,000 documents, two or three words held by 2–4% of them each: 3–17 ms
 * of CPU here, 20–37 ms scoring every match.)
 */
const MIN_HOLDER_SHARE = 0.005;
/**
 * The most work worth doing here, as a share of all the words' holders (in holders read from
 * cells): beyond it, the other ways cost less.
 */
const MAX_WORK_SHARE = 0.3;
/** What reading one cell costs, in holders read. */
const CELL_COST = 10;
/** What scoring one candidate costs (its text is read and its words counted), in holders read. */
const SCORE_COST = 8;
/** Candidates gathered before they are scored, beyond the number needed. */
const BATCH = 64;

/** A word of the query: its cells, how far they have been read, and the most it adds to a document outside them. */
interface Word {
  /** FTS5's IDF of the word. */
  idf: number;
  /** Its cells, highest bound first; a word that several phrases of the query are adds its score once for each. */
  cells: Cell[];
  /** The number of cells read. */
  read: number;
  /** The most the word adds to a document that holds it but is in none of its cells. */
  weak: number;
}

/** The most a word adds to a document in none of its cells read: that of the next cell, or of a weak holder. */
function level(word: Word): number {
  return Math.max(word.cells[word.read]?.bound ?? 0, word.weak);
}

/** The bound of the next cell of a word, when reading it lowers the word's level. */
function nextGain(word: Word): number {
  const next = word.cells[word.read]?.bound ?? 0;
  return next > word.weak ? next : 0;
}

/** A document found in some cells: the bound of its cell of each word (NaN for the words whose cell it is not yet found in). */
type Found = Float64Array;

/**
 * The `needed` best matches of a query of two to sixteen words (a plain OR of single terms) by
 * FTS5's BM25, exactly those of scoring every match, without scoring every match; null when the
 * query is of another form, the index has no ranking tiers, the words are not common enough, or
 * the top is not settled within the budget (then the other ways are tried).
 *
 * MaxScore over regions and cells. A region is the set of documents that hold exactly some of
 * the words (see `wordRegions`); a cell, the strong holders of a word with the same counts and
 * length class (see `impactToken`). Each word has a level: the bound of its next cell not read,
 * or of its weak holders (see `STRONG_BODY_COUNT`) when higher. A document found in no cell read
 * scores at most the sum of the levels of the words of its region. Regions are scored by FTS5
 * (their rows only, through an expression that scores them as the query does), the one with the
 * highest bound first, while the budget allows; beyond it, the cells of that region's words are
 * read, highest bound first, which lowers their levels. The documents found in cells are
 * scored exactly from the counts of the words in their stored text (see `rowTermCounts`),
 * operation for operation as FTS5's `bm25()`, unless their bound (their cells' bounds, and the
 * levels of the words whose cell they are not found in) is below the `needed`-th best score
 * found. The top is settled when that score is above the bound of every region not scored.
 */
export function impactMaxScore(input: Bm25Input): Scored[] | null {
  const { db, table, phrases } = input;
  const plain = plainOrWords(input);
  if (plain === null) return null;
  const { shortest, totals, terms, termOfPhrase, phraseOfTerm, repeats } = plain;
  const hits = phraseOfTerm.map((phrase) => ftsPhraseHits(db, table, phrase));
  const holders = hits.reduce((sum, count) => sum + count, 0);
  if (holders < Math.max(MIN_HOLDERS, totals.rows * MIN_HOLDER_SHARE)) return null;
  const averageTokens = totals.tokens / totals.rows;
  const words: Word[] = terms.map((term, index) => {
    const idf = fts5Idf(db, totals.rows, hits[index]!);
    const bound = (counts: TermCounts, leastTokens: number) =>
      repeats[index]! * termScore(termFrequency(input.weights, counts), Math.max(shortest, leastTokens), idf, averageTokens) * ROUNDING;
    const weak = hits[index] === 0 ? 0 : bound({ title: 0, body: STRONG_BODY_COUNT - 1, fields: 0 }, shortest);
    return { idf, cells: hits[index] === 0 ? [] : impactCells(input, term, bound), read: 0, weak };
  });

  /** The exact scores of documents, as FTS5's `bm25()` sums them: each phrase's score in the query's order. */
  const scores = (rowids: readonly number[]): Scored[] =>
    rowTermCounts(db, table, rowids, terms).map(({ rowid, tokens, counts }) => {
      let score = 0;
      for (const index of termOfPhrase) score += termScore(termFrequency(input.weights, counts[index]!), tokens, words[index]!.idf, averageTokens);
      return [rowid, score];
    });
  const found = new Map<number, Found>();
  let pending: number[] = [];
  let best: Scored[] = [];
  let work = 0;
  const budget = holders * MAX_WORK_SHARE;
  const regions = wordRegions(phrases, terms.length, hits, totals.rows);
  const threshold = () => (best.length >= input.needed ? best[input.needed - 1]![1] : -Infinity);
  const bound = (cellBounds: Found) => words.reduce((sum, word, index) => sum + (Number.isNaN(cellBounds[index]!) ? level(word) : cellBounds[index]!), 0);
  /** Scores the candidates found since the last time that can still reach the top. */
  const scorePending = () => {
    const least = threshold();
    const worth = pending.filter((rowid) => bound(found.get(rowid)!) * ROUNDING >= least);
    pending = [];
    work += worth.length * SCORE_COST;
    if (worth.length > 0) best = merged(input, best, scores(worth));
  };
  /** The region not scored whose documents found in no cell can score the most, and that most. */
  const highest = (levels: readonly number[]) => {
    let top: Region | undefined;
    let most = 0;
    for (const region of regions) {
      if (region.scored) continue;
      const sum = regionBound(region, levels);
      if (!top || sum > most) [top, most] = [region, sum];
    }
    return { top, most };
  };
  const weakLevels = words.map((word) => word.weak);
  for (;;) {
    const { top, most } = highest(words.map(level));
    if (!top || most < threshold() || pending.length >= input.needed + BATCH) {
      scorePending();
      if (!top || most < threshold()) return best;
    }
    // a region whose weak holders alone may reach the top and that costs too much to score: no cell read settles the top
    const known = threshold();
    if (known > -Infinity && regions.some((region) => !region.scored && region.cost + work > budget && regionBound(region, weakLevels) >= known)) return null;
    // the next cell: the highest bound among those whose reading lowers the level of a word of the region
    let next = -1;
    for (let index = 0; index < words.length; index++)
      if (top.words & (1 << index) && nextGain(words[index]!) > 0 && (next < 0 || nextGain(words[index]!) > nextGain(words[next]!))) next = index;
    // the region is scored by FTS5 while the budget allows: that costs less than reading cells whose candidates are scored apart
    if (top.cost + work <= budget) {
      work += top.cost;
      top.scored = true;
      const expression = top.expression;
      best = merged(
        input,
        best,
        bestOf(input, (window) => scoreExpression(input, expression, window)),
      );
      continue;
    }
    if (next < 0) return null;
    const word = words[next]!;
    const cell = word.cells[word.read++]!;
    work += CELL_COST + cell.holders;
    if (work > budget) return null;
    for (const rowid of cellHolders(input, cell)) {
      if (input.allowed && !input.allowed.has(rowid)) continue;
      let cellBounds = found.get(rowid);
      if (!cellBounds) {
        cellBounds = new Float64Array(words.length).fill(NaN);
        found.set(rowid, cellBounds);
        pending.push(rowid);
      }
      cellBounds[next] = cell.bound;
    }
  }
}

/** The most a document of `region` found in no cell read can score, given the words' levels. */
function regionBound(region: Region, levels: readonly number[]): number {
  return levels.reduce((total, value, index) => (region.words & (1 << index) ? total + value : total), 0) * ROUNDING;
}
