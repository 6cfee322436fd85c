import type { FieldConfig } from '../core/fields.js';
import { sql } from '../core/statements.js';
import { feedbackMultiplier, relevanceMultipliers } from './boosts.js';
import type { CachedDoc, DocLookup } from './doc-cache.js';
import { weightArgs, type Bm25Input } from './bm25-core.js';
import { allowedInBm25Order, topByBm25 } from './top-bm25.js';

/** A ranked document and its final score. */
export interface Ranked {
  doc: CachedDoc;
  score: number;
}

/** What ranking works with: what the BM25 top is found with, and what boosts the scores. */
export interface RankInput extends Bm25Input {
  docs: DocLookup;
  fields: readonly FieldConfig[];
  /** Net relevance votes for this query by document id. */
  feedback: ReadonlyMap<string, number>;
  nowMs: number;
}

const MIN_WINDOW = 200;

/**
 * The best `needed` documents. Without relevance boosts or feedback, the exact BM25 top
 * (FTS5, column weights from the fields' importance; see `topByBm25`). With them, BM25 over a
 * window of the best matches (at least 200, grown until enough pass the filters), re-scored
 * with the fields' relevance settings and relevance feedback; documents with feedback for the
 * query are always considered, even outside the window. Equal scores keep the order the
 * documents were first stored in. Only the documents that can still make the cut are looked up.
 */
export function rankMatches(input: RankInput): Ranked[] {
  const boosted = input.feedback.size > 0 || input.fields.some((field) => field.Relevance && hasBoost(field.Relevance));
  const scores = boosted ? boostWindow(input) : new Map(topByBm25(input));
  const candidates = [...scores.keys()].flatMap((rowid) => {
    const doc = input.docs.get(rowid);
    return doc ? [doc] : [];
  });
  const multipliers = relevanceMultipliers(candidates, input.fields, input.nowMs);
  return candidates
    .map((doc) => ({
      doc,
      score: scores.get(doc.rowid)! * multipliers.get(doc.rowid)! * feedbackMultiplier(input.feedback.get(doc.docId) ?? 0),
    }))
    .sort((a, b) => b.score - a.score || a.doc.rowid - b.doc.rowid);
}

/** The BM25 scores, by rowid, of the matches that passed the filters in a window of the best, and of the documents with feedback. */
function boostWindow(input: RankInput): Map<number, number> {
  const { db, table } = input;
  const scores = new Map(allowedInBm25Order(input, Math.max(MIN_WINDOW, input.needed * 2)));
  if (input.feedback.size > 0) {
    const weights = weightArgs(input.weights);
    const one = sql(db, `SELECT -bm25(${table}, ?, ?, ?) FROM ${table} WHERE ${table} MATCH ? AND rowid = CAST(? AS INTEGER)`).pluck();
    const rowidOf = sql(db, 'SELECT rowid FROM search_documents WHERE index_rowid = ? AND doc_id = ?').pluck();
    for (const docId of input.feedback.keys()) {
      const rowid = rowidOf.get(input.indexRowid, docId) as number | undefined;
      if (rowid === undefined || scores.has(rowid) || (input.allowed && !input.allowed.has(rowid))) continue;
      const score = one.get(...weights, input.expression, rowid) as number | undefined;
      if (score !== undefined) scores.set(rowid, score);
    }
  }
  return scores;
}

/** Whether relevance settings change scores (Importance alone only weighs the text columns). */
function hasBoost(relevance: NonNullable<FieldConfig['Relevance']>): boolean {
  return relevance.Freshness === true || relevance.RankOrder !== undefined || relevance.ValueImportanceMap !== undefined;
}
