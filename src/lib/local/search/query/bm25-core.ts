import type Database from 'better-sqlite3';
import type { ColumnWeights } from './boosts.js';

/** A scored match: its rowid and its BM25 score (higher is better). */
export type Scored = [rowid: number, score: number];

/** What the best matches by BM25 are found with. */
export interface Bm25Input {
  db: Database.Database;
  /** The index whose documents are ranked (its ranking tiers are used when it has them). */
  indexRowid: number;
  /** The FTS5 table, and the match expression over it. */
  table: string;
  expression: string;
  /** The quoted phrases of the expression's positive part, in FTS5's order (see `MatchPlan.phrases`). */
  phrases: readonly string[];
  weights: ColumnWeights;
  /** The documents that passed the filters; null when every match passes. */
  allowed: { has(rowid: number): boolean } | null;
  /** How many of the best matches are needed. */
  needed: number;
}

/** Beyond this many distinct phrases the bounds cost more than they save. */
export const MAX_PHRASES = 16;
/** Below this many phrase holders in all, scoring every match is cheaper than bounding. */
export const MIN_HOLDERS = 1000;
/** The smallest window read in BM25 order when some matches may not pass the filters. */
const MIN_FILTERED_WINDOW = 200;

/** The first window of best matches to read in BM25 order: `needed`, or more when some may not pass the filters. */
export function firstWindow(input: Bm25Input): number {
  return input.allowed ? Math.max(MIN_FILTERED_WINDOW, input.needed * 2) : input.needed;
}

/**
 * The rows of `read(window)` (the best `window` matches of some set, in BM25 order) that pass the
 * filters, the window growing fourfold from `window` until `needed` of them pass or it holds
 * every match of the set.
 */
export function allowedInGrowingWindow(input: Bm25Input, window: number, read: (window: number) => Scored[]): Scored[] {
  for (;;) {
    const rows = read(window);
    const allowed = input.allowed ? rows.filter(([rowid]) => input.allowed!.has(rowid)) : rows;
    if (allowed.length >= input.needed || rows.length < window) return allowed;
    window *= 4;
  }
}

/** FTS5's BM25 parameter k1: one phrase adds at most (k1 + 1) × its IDF to a score. */
export const K1 = 1.2;
/** Headroom for the rounding of bounds computed here and of the sums FTS5 computes. */
export const ROUNDING = 1 + 1e-9;

/** The order of results: higher scores first, equal scores in the order documents were first stored. */
export function byScore(a: Scored, b: Scored): number {
  return b[1] - a[1] || a[0] - b[0];
}

/** The arguments of `bm25()` after the table: the title, body and fields weights. */
export function weightArgs(weights: ColumnWeights): [number, number, number] {
  return [weights.title, weights.body, weights.fields];
}

/** The `needed` best of scored rows that pass the filters. */
export function keepBest(input: Bm25Input, rows: readonly Scored[]): Scored[] {
  const kept = input.allowed ? rows.filter(([rowid]) => input.allowed!.has(rowid)) : [...rows];
  return kept.sort(byScore).slice(0, input.needed);
}

/** FTS5's IDF of a phrase found in `hits` of `rows` rows (never below 1e-6), with headroom for rounding. */
export function idfCeiling(rows: number, hits: number): number {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 * ROUNDING : idf * ROUNDING;
}
