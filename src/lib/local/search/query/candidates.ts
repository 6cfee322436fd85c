import type Database from 'better-sqlite3';
import type { OpContext } from '../core/op-context.js';
import { relevanceScores } from '../resources/feedback-store.js';
import { columnWeights } from './boosts.js';
import { hasRestrictedDocs, type CachedDoc, type DocLookup } from './doc-cache.js';
import type { QueryOptions } from './query-options.js';
import { rankMatches, type Ranked } from './rank.js';
import { queryKey } from './result-ids.js';

/** The net relevance feedback given for a query text (its `queryKey`), by document id. */
function feedbackFor(ctx: OpContext, indexRowid: number, key: string): Map<string, number> {
  const rows = relevanceScores(ctx.db, indexRowid, key);
  return new Map(rows.filter((row) => row.doc_key.startsWith('doc:')).map((row) => [row.doc_key.slice(4), row.score]));
}

/**
 * Which documents of an index a Query or Retrieve request may return: those the user may see
 * (when any document is restricted) that pass the attribute filter. `filtering` is false when
 * every document passes.
 */
export function candidateFilter(db: Database.Database, indexRowid: number, options: QueryOptions): { filtering: boolean; keep(doc: CachedDoc): boolean } {
  const restricted = hasRestrictedDocs(db, indexRowid);
  return {
    filtering: options.filter !== null || restricted,
    keep: (doc) => (!restricted || options.acl(doc)) && (!options.filter || options.filter(doc)),
  };
}

/** Where a ranking looks and among which documents. */
export interface RankScope {
  indexRowid: number;
  /** The index's document FTS table, and the match expression over it. */
  table: string;
  expression: string;
  /** The quoted phrases of the expression's positive part, in FTS5's order (see `MatchPlan.phrases`). */
  phrases: readonly string[];
  /** The query text, whose relevance feedback counts. */
  queryText: string;
  docs: DocLookup;
  /** The documents that passed the filters; null when every match passes. */
  allowed: { has(rowid: number): boolean } | null;
  /** How many of the best documents are needed. */
  needed: number;
}

/**
 * The best documents for a Query or Retrieve request, ranked the same way for both: by the
 * fields' importance and relevance settings (with the request's overrides) and the relevance
 * feedback given for the same query text.
 */
export function rankCandidates(ctx: OpContext, options: QueryOptions, scope: RankScope): Ranked[] {
  const { queryText, ...where } = scope;
  return rankMatches({
    ...where,
    db: ctx.db,
    weights: columnWeights(options.byName),
    fields: options.fields,
    feedback: feedbackFor(ctx, scope.indexRowid, queryKey(queryText)),
    nowMs: ctx.nowMs,
  });
}
