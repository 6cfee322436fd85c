import { smallestDocTokens, STRONG_BODY_COUNT, type TermCounts } from '../resources/ranking-tiers.js';
import { keepBest, MIN_HOLDERS, ROUNDING, type Bm25Input, type Scored } from './bm25-core.js';
import { cellHolders, impactCells, singleTerm } from './impact-cells.js';
import { ftsPhraseHits, ftsTotals } from './fts-stats.js';
import { fts5Idf, termFrequency, termScore, termScores } from './term-scores.js';

/** Below this share of the index's documents as holders of the word, scoring every match costs little. */
const MIN_HOLDER_SHARE = 0.05;
/**
 * The most holders worth scoring here, as a share of all: each costs a few times what FTS5
 * spends on a match (its length is read apart), and each cell read about ten matches; beyond
 * this share, scoring every match costs less.
 */
const MAX_SCORED_SHARE = 0.1;
/** What reading one cell costs, in holders scored. */
const CELL_COST = 10;

/**
 * The `needed` best matches of a one-word query by FTS5's BM25, read from the word's strong
 * holders by impact (see `impactToken`), best first, or null when the query is not one word,
 * the index has no ranking tiers, the word is not common enough, or the cells do not settle the
 * top within the budget. A cell's holders all hold the word as often in each column, so their
 * scores differ only by their length, of which the cell tells a floor: the cells are read in the order of their bound, and
 * their holders scored (see `termScores`), until the `needed`-th best score found is above the
 * bound of every cell not read and of the holders in none (their body holds the word fewer
 * than `STRONG_BODY_COUNT` times, their title and fields not at all): exactly the top of scoring
 * every match, without scoring them.
 */
export function impactTop(input: Bm25Input): Scored[] | null {
  const { db, table } = input;
  if (input.phrases.length !== 1 || input.expression !== input.phrases[0] || input.weights.body <= 0) return null;
  const term = singleTerm(input, input.phrases[0]);
  const shortest = smallestDocTokens(db, input.indexRowid);
  if (term === null || shortest === null) return null;
  const totals = ftsTotals(db, table);
  const hits = ftsPhraseHits(db, table, input.phrases[0]);
  if (totals.rows === 0 || hits < Math.max(MIN_HOLDERS, totals.rows * MIN_HOLDER_SHARE)) return null;
  const averageTokens = totals.tokens / totals.rows;
  const idf = fts5Idf(db, totals.rows, hits);
  const bound = (counts: TermCounts, leastTokens: number) =>
    termScore(termFrequency(input.weights, counts), Math.max(shortest, leastTokens), idf, averageTokens) * ROUNDING;
  const rest = bound({ title: 0, body: STRONG_BODY_COUNT - 1, fields: 0 }, shortest);
  const cells = impactCells(input, term, bound);
  const budget = hits * MAX_SCORED_SHARE;
  const settled = (best: Scored[], limit: number) => best.length >= input.needed && limit < best[input.needed - 1]![1];
  let best: Scored[] = [];
  let cost = 0;
  for (const cell of cells) {
    if (settled(best, Math.max(cell.bound, rest))) return best;
    cost += CELL_COST + cell.holders;
    if (cost > budget) return null;
    const rowids = cellHolders(input, cell);
    const allowed = input.allowed ? rowids.filter((rowid) => input.allowed!.has(rowid)) : rowids;
    if (allowed.length > 0) best = keepBest(input, [...best, ...termScores(input, allowed, cell.frequency, idf, averageTokens)]);
  }
  return settled(best, rest) ? best : null;
}
