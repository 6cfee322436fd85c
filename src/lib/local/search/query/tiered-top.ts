import { strongTermsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { smallestDocTokens, STRONG_BODY_COUNT } from '../resources/ranking-tiers.js';
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
import { singleTerm } from './impact-cells.js';
import { ftsPhraseHits, ftsTotals } from './fts-stats.js';
import { ftsTermRows } from './fts-terms.js';

/** FTS5's BM25 parameter b. */
const B = 0.75;
/** A term a document does not hold strongly occurs at most this often, and only in its body. */
const WEAK_BODY_COUNT = STRONG_BODY_COUNT - 1;
/**
 * Below this share of the index's documents as phrase holders in all (or MIN_HOLDERS), scoring
 * every match costs little more than bounding. (At 0.2, two words of frequency rank 50–500 in
 * 100,000 documents were scored in full, 6 ms of CPU at the median; bounded, 1.6 ms.)
 */
const MIN_HOLDER_SHARE = 0.05;
/**
 * The most candidates worth scoring apart before the top's threshold is known, as a share of
 * all phrase holders: each candidate costs about as much as scoring a match, and checking
 * every match against the candidates about a quarter of that.
 */
const MAX_CANDIDATE_SHARE = 0.3;
/**
 * After the documents holding every phrase were scored (fewer than needed), a blind pass is run
 * only when its bound is at most this share of the lowest score they have.
 */
const BLIND_BOUND_SHARE = 0.5;
/** The most candidates worth scoring apart when the threshold known tells that they hold the top (scoring every match costs more). */
const MAX_SETTLING_SHARE = 0.6;
/** The most documents worth scoring first for holding every phrase, as a share of the candidate budget. */
const MAX_CONJUNCTION_SHARE = 0.5;

/** A distinct phrase of the query and the most it adds to a score: in any holder, and in a holder that does not hold it strongly. */
interface Bound {
  phrase: string;
  /** Its holders, and its strong holders (none when it is not a single term: then `weak` equals `any`). */
  hits: number;
  strong: number;
  /** The single term it is, quoted for the strong-terms table; null for a prefix or several terms. */
  term: string | null;
  any: number;
  weak: number;
}

/** FTS5's BM25 term weight of a phrase found `freq` (column-weighted) times in a row of `tokens` tokens. */
function saturation(freq: number, tokens: number, averageTokens: number): number {
  return (freq * (K1 + 1)) / (freq + K1 * (1 - B + (B * tokens) / averageTokens));
}

/** The bounds of the query's distinct phrases, the largest weak bound first, and the index's row count; null when the index has no ranking tiers. */
function tierBounds(input: Bm25Input): { bounds: Bound[]; rows: number } | null {
  const { db, table } = input;
  const shortest = smallestDocTokens(db, input.indexRowid);
  if (shortest === null || input.weights.body <= 0) return null;
  const totals = ftsTotals(db, table);
  if (totals.rows === 0) return null;
  // a weak holder has the term only in its body, at most WEAK_BODY_COUNT times, and is no shorter than the shortest document
  const weakShare = Math.min(1, saturation(WEAK_BODY_COUNT * input.weights.body, shortest, totals.tokens / totals.rows) / (K1 + 1)) * ROUNDING;
  const counts = new Map<string, number>();
  for (const phrase of input.phrases) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  const strongTable = strongTermsFts(input.indexRowid);
  const bounds = [...counts]
    .map(([phrase, count]) => {
      const hits = ftsPhraseHits(db, table, phrase);
      const any = count * (K1 + 1) * idfCeiling(totals.rows, hits);
      const term = singleTerm(input, phrase);
      return term === null
        ? { phrase, hits, strong: 0, term, any, weak: any }
        : { phrase, hits, strong: ftsTermRows(db, strongTable, term), term: `"${term}"`, any, weak: any * weakShare };
    })
    .sort((a, b) => b.weak - a.weak);
  return { bounds, rows: totals.rows };
}

/**
 * FTS5's BM25 scores of the best `limit` matches (higher first, equal ones in storing order)
 * among those that hold one of `covered`, or hold one of `strongTerms` strongly.
 */
function scoreCandidates(input: Bm25Input, covered: readonly string[], strongTerms: readonly string[], limit: number): Scored[] {
  const { db, table } = input;
  const strongTable = strongTermsFts(input.indexRowid);
  const sources: string[] = [];
  const args: Array<string | number> = [...weightArgs(input.weights), input.expression];
  if (strongTerms.length > 0) {
    sources.push(`SELECT rowid FROM ${strongTable} WHERE ${strongTable} MATCH ?`);
    args.push(strongTerms.join(' OR '));
  }
  if (covered.length > 0) {
    sources.push(`SELECT rowid FROM ${table} AS holders WHERE holders.${table} MATCH ?`);
    args.push(covered.join(' OR '));
  }
  if (sources.length === 0) return [];
  args.push(...weightArgs(input.weights), limit);
  // `+rowid` keeps SQLite from handing the rowids to FTS5 one by one (each would recompute the IDFs).
  const source = `SELECT rowid, -bm25(${table}, ?, ?, ?) FROM ${table} WHERE ${table} MATCH ? AND +rowid IN (${sources.join(' UNION ALL ')})
    ORDER BY bm25(${table}, ?, ?, ?), rowid LIMIT ?`;
  return sql(db, source)
    .raw()
    .all(...args) as Scored[];
}

/**
 * FTS5's BM25 scores of the best `limit` matches of `expression` (higher first, equal ones in
 * storing order). A row's score depends only on the phrases of the expression and their order,
 * not on how they are combined: an expression with the same phrases in the same order scores a
 * row exactly as the query's does.
 */
export function scoreExpression(input: Bm25Input, expression: string, limit: number): Scored[] {
  const { db, table } = input;
  const weights = weightArgs(input.weights);
  const source = `SELECT rowid, -bm25(${table}, ?, ?, ?) FROM ${table} WHERE ${table} MATCH ? ORDER BY bm25(${table}, ?, ?, ?), rowid LIMIT ?`;
  return sql(db, source)
    .raw()
    .all(...weights, expression, ...weights, limit) as Scored[];
}

/** The `needed` best of `score(window)` that pass the filters, the window growing until enough pass. */
export function bestOf(input: Bm25Input, score: (window: number) => Scored[]): Scored[] {
  return keepBest(input, allowedInGrowingWindow(input, firstWindow(input), score));
}

/** The `needed` best of two sets of scored rows (a row may be in both, with the same score). */
export function merged(input: Bm25Input, a: readonly Scored[], b: readonly Scored[]): Scored[] {
  const seen = new Set(a.map(([rowid]) => rowid));
  return keepBest(input, [...a, ...b.filter(([rowid]) => !seen.has(rowid))]);
}

/**
 * The expression of the documents that hold every phrase of the query, with the query's phrases
 * in the same order (so that it scores them as the query does); null when the query is not a
 * plain OR of distinct phrases, or too many documents would hold them all.
 */
function conjunction(input: Bm25Input, bounds: readonly Bound[], rows: number, budget: number): string | null {
  const phrases = input.phrases;
  if (phrases.length < 2 || new Set(phrases).size !== phrases.length || input.expression !== `(${phrases.join(' OR ')})`) return null;
  const expected = bounds.reduce((product, entry) => (product * entry.hits) / rows, rows);
  return expected <= budget * MAX_CONJUNCTION_SHARE ? `(${phrases.join(' AND ')})` : null;
}

/** A way to find the top: score the holders of the first `covered` phrases, and (`strong`) the strong holders of the others. */
interface Plan {
  covered: number;
  strong: boolean;
  /** How many documents it scores at most. */
  size: number;
  /** The most any document it does not score can score. */
  bound: number;
}

/** The plan with the lowest bound (the smallest of those), if any. */
function lowestBound(choices: readonly Plan[]): Plan | undefined {
  return choices.reduce<Plan | undefined>((a, b) => (!a || b.bound < a.bound || (b.bound === a.bound && b.size < a.size) ? b : a), undefined);
}

/**
 * Every plan: for each number of phrases covered, with or without the strong holders of the
 * others. A document no plan scores holds none of the covered phrases, and each other one
 * weakly (when the strong holders are scored) or not at all; with the holders of every phrase
 * scored first (`conjunctionScored`), a document that holds no covered phrase misses one.
 */
function plans(bounds: readonly Bound[], conjunctionScored: boolean): Plan[] {
  const found: Plan[] = [];
  for (let covered = 0; covered <= bounds.length; covered++) {
    const rest = bounds.slice(covered);
    const fullHits = bounds.slice(0, covered).reduce((sum, entry) => sum + entry.hits, 0);
    for (const strong of [true, false]) {
      const each = rest.map((entry) => (strong ? entry.weak : entry.any));
      const missing = conjunctionScored && covered === 0 && each.length > 0 ? Math.min(...each) : 0;
      const size = fullHits + (strong ? rest.reduce((sum, entry) => sum + entry.strong, 0) : 0);
      found.push({ covered, strong, size, bound: each.reduce((sum, value) => sum + value, 0) - missing });
    }
  }
  return found;
}

/**
 * The `needed` best matches by BM25 found through the index's ranking tiers, or null when the
 * index has none or they would not save work. MaxScore over the query's phrases with two bounds
 * each: a document adds at most a phrase's `weak` bound when it does not hold it strongly (see
 * `ranking-tiers.ts`), its `any` bound otherwise. For a plain OR of phrases, the documents that
 * hold them all are scored first (cheaply: FTS5 skips the others), and their best give a first
 * threshold. Then the cheapest plan (see `plans`) whose bound is below the threshold known so
 * far is scored, which settles the top. Without a threshold, the plan with the lowest bound
 * within a budget is scored first (after the conjunction, only when that bound is far below the
 * scores found), and its threshold may tell a plan that settles the top. Null when none settles
 * it.
 */
export function tieredTop(input: Bm25Input): Scored[] | null {
  const distinct = new Set(input.phrases).size;
  if (distinct < 1 || distinct > MAX_PHRASES) return null;
  const tiers = tierBounds(input);
  if (!tiers) return null;
  const { bounds, rows } = tiers;
  const holders = bounds.reduce((sum, entry) => sum + entry.hits, 0);
  if (holders < Math.max(MIN_HOLDERS, rows * MIN_HOLDER_SHARE)) return null;
  const budget = holders * MAX_CANDIDATE_SHARE;
  const all = conjunction(input, bounds, rows, budget);
  const choices = plans(bounds, all !== null);
  let best = all ? bestOf(input, (window) => scoreExpression(input, all, window)) : [];
  for (let passes = 0; ; passes++) {
    const threshold = best.length >= input.needed ? best[input.needed - 1]![1] : 0;
    // the cheapest plan that settles the top, given the threshold known so far; else (once) the plan with the lowest bound
    const settling = choices.filter((plan) => threshold > 0 && plan.size <= holders * MAX_SETTLING_SHARE && plan.bound * ROUNDING < threshold);
    const lowest = passes > 0 ? undefined : lowestBound(choices.filter((plan) => plan.size <= budget));
    // after the conjunction, a blind pass is worth it only when its bound is far below the scores found
    const blind =
      lowest && (!all || (threshold === 0 && best.length > 0 && lowest.bound <= BLIND_BOUND_SHARE * best[best.length - 1]![1])) ? lowest : undefined;
    const plan = settling.length > 0 ? settling.reduce((a, b) => (b.size < a.size ? b : a)) : blind;
    if (!plan) return null;
    if (plan.size > 0) {
      const full = bounds.slice(0, plan.covered).map((entry) => entry.phrase);
      const strong = plan.strong ? bounds.slice(plan.covered).flatMap((entry) => (entry.term === null ? [] : [entry.term])) : [];
      best = merged(
        input,
        best,
        bestOf(input, (window) => scoreCandidates(input, full, strong, window)),
      );
    }
    if (best.length < input.needed) {
      if (plan.covered === bounds.length) return best;
      continue;
    }
    if (plan.bound * ROUNDING < best[input.needed - 1]![1]) return best;
  }
}
