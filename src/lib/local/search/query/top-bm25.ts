import { sql } from '../core/statements.js';
import {
  allowedInGrowingWindow,
  firstWindow,
  idfCeiling,
  K1,
  keepBest,
  MAX_PHRASES,
  MIN_HOLDERS,
  ROUNDING,
  weightArgs,
  type Bm25Input,
  type Scored,
} from './bm25-core.js';
import { ftsPhraseHits, ftsRowCount } from './fts-stats.js';
import { impactMaxScore } from './impact-maxscore.js';
import { impactTop } from './impact-top.js';
import { postingsTop } from './postings-top.js';
import { tieredTop } from './tiered-top.js';

export type { Bm25Input, Scored } from './bm25-core.js';

/**
 * The largest share of all phrase holders worth scoring apart before the other matches are
 * read in BM25 order: checking each match against the holders costs about as much as
 * scoring it, so larger sets save nothing.
 */
const MAX_HOLDER_SHARE = 0.15;

/** A distinct phrase of the query, how many rows hold it, and the most it can add to any row's BM25 score. */
interface Bound {
  phrase: string;
  hits: number;
  bound: number;
}

/** The bound of each distinct phrase (its largest contribution, times how often the expression holds it), largest first. */
function phraseBounds(input: Bm25Input): Bound[] {
  const counts = new Map<string, number>();
  for (const phrase of input.phrases) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  const rows = ftsRowCount(input.db, input.table);
  return [...counts]
    .map(([phrase, count]) => {
      const hits = ftsPhraseHits(input.db, input.table, phrase);
      return { phrase, hits, bound: count * (K1 + 1) * idfCeiling(rows, hits) };
    })
    .sort((a, b) => b.bound - a.bound);
}

/** `(phrase OR phrase …)` as one FTS5 expression. */
function anyOf(phrases: readonly string[]): string {
  return phrases.join(' OR ');
}

/**
 * BM25 scores (FTS5's, over the whole expression) of the matches that hold one of `holding`
 * (every match when empty) and none of `without`; with a `limit`, only that many, the best.
 */
function scoreMatches(input: Bm25Input, holding: readonly string[], without: readonly string[], limit?: number): Scored[] {
  const { db, table } = input;
  const weights = weightArgs(input.weights);
  // `+rowid` keeps SQLite from handing the rowids to FTS5 one by one (each would recompute the IDFs).
  const source = [
    `SELECT rowid, -bm25(${table}, ?, ?, ?) FROM ${table} WHERE ${table} MATCH ?`,
    holding.length > 0 ? ` AND +rowid IN (SELECT rowid FROM ${table} AS holders WHERE holders.${table} MATCH ?)` : '',
    without.length > 0 ? ` AND +rowid NOT IN (SELECT rowid FROM ${table} AS others WHERE others.${table} MATCH ?)` : '',
    limit === undefined ? '' : ` ORDER BY bm25(${table}, ?, ?, ?), rowid LIMIT ?`,
  ].join('');
  const args: Array<string | number> = [...weights, input.expression];
  if (holding.length > 0) args.push(anyOf(holding));
  if (without.length > 0) args.push(anyOf(without));
  if (limit !== undefined) args.push(...weights, limit);
  return sql(db, source)
    .raw()
    .all(...args) as Scored[];
}

/**
 * The matches that pass the filters and hold none of `without`, in BM25 order (FTS5 scores
 * each of them, SQLite keeps only the best): those of the first `window` best, the window
 * growing fourfold until `needed` of them pass the filters or it holds every match.
 */
export function allowedInBm25Order(input: Bm25Input, window: number, without: readonly string[] = []): Scored[] {
  return allowedInGrowingWindow(input, window, (size) => scoreMatches(input, [], without, size));
}

/** The `needed` best matches that pass the filters and hold none of `without`, read in BM25 order. */
function bestInOrder(input: Bm25Input, without: readonly string[] = []): Scored[] {
  return allowedInBm25Order(input, firstWindow(input), without).slice(0, input.needed);
}

/**
 * MaxScore over the query's phrases (largest bound first): a match that holds none of the
 * first phrases scores at most the sum of the bounds of the others. The holders of the first
 * phrase are scored; while the `needed`-th best so far does not score more than the sum of the
 * bounds of the phrases not yet covered, the holders of more phrases are scored (each match
 * once). When the holders to score would grow beyond a small share of all, the remaining
 * matches are read in BM25 order instead: exact either way, and no match is scored twice.
 */
function maxScore(input: Bm25Input, bounds: readonly Bound[]): Scored[] {
  const phrases = bounds.map((entry) => entry.phrase);
  const holders = bounds.reduce((sum, entry) => sum + entry.hits, 0);
  const affordable = (covered: number) => bounds.slice(0, covered).reduce((sum, entry) => sum + entry.hits, 0) <= holders * MAX_HOLDER_SHARE;
  let best: Scored[] = [];
  let covered = 0;
  let next = 1;
  for (;;) {
    if (!affordable(next)) return keepBest(input, [...best, ...bestInOrder(input, phrases.slice(0, covered))]);
    best = keepBest(input, [...best, ...scoreMatches(input, phrases.slice(covered, next), phrases.slice(0, covered))]);
    covered = next;
    if (best.length < input.needed) {
      next = covered + 1;
      continue;
    }
    const threshold = best[input.needed - 1]![1];
    let rest = 0;
    let essential = bounds.length;
    while (essential > 0 && (rest + bounds[essential - 1]!.bound) * ROUNDING < threshold) rest += bounds[--essential]!.bound;
    if (essential <= covered) return best;
    next = essential;
  }
}

/**
 * The `needed` best matches by BM25 found by MaxScore (see `maxScore`), or null when the query
 * does not lend itself to it: a single phrase, very many, few holders in all, or no phrase
 * held by a small share of them that can add as much as all the others together (then the
 * holders of the rarest phrase seldom settle the top, and scoring every match costs less).
 */
export function boundedTop(input: Bm25Input): Scored[] | null {
  if (input.needed <= 0) return [];
  const distinct = new Set(input.phrases).size;
  if (distinct < 2 || distinct > MAX_PHRASES) return null;
  const bounds = phraseBounds(input);
  const holders = bounds.reduce((sum, entry) => sum + entry.hits, 0);
  const others = bounds.slice(1).reduce((sum, entry) => sum + entry.bound, 0);
  return holders >= MIN_HOLDERS && bounds[0]!.hits <= holders * MAX_HOLDER_SHARE && bounds[0]!.bound >= others ? maxScore(input, bounds) : null;
}

/**
 * The `needed` best matches that pass the filters by FTS5's BM25 (column weights from the
 * fields' importance), higher scores first, equal scores in the order the documents were first
 * stored: exactly the order of scoring every match. A plain OR of several words is ranked from
 * the words' postings when they are common (see `postingsTop`). When the query's phrases have very
 * different document counts, only the holders of the rarer ones (and of more, until no other
 * match can reach the top) are scored (MaxScore); when they are all common, the index's ranking
 * tiers tell which holders can reach the top (see `tieredTop`), for one common word by impact
 * (see `impactTop`); otherwise every match is scored.
 */
export function topByBm25(input: Bm25Input): Scored[] {
  if (input.needed <= 0) return [];
  return impactTop(input) ?? postingsTop(input) ?? impactMaxScore(input) ?? tieredTop(input) ?? boundedTop(input) ?? bestInOrder(input);
}
