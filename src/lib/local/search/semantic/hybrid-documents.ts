import type Database from 'better-sqlite3';
import type { ScoreConfidence } from '../../../services/search/types.js';
import type { FieldConfig } from '../core/fields.js';
import { sql } from '../core/statements.js';
import { relevanceMultipliers } from '../query/boosts.js';
import type { CachedDoc, DocLookup } from '../query/doc-cache.js';
import type { Ranked } from '../query/rank.js';
import { denseEvidence, evidenceConfidence, FUSION, fusedScore, keywordEvidence } from './fusion.js';
import { bestByDocument, type SemanticMatch } from './query-semantic.js';

/** A document ranked by fused evidence. */
export interface FusedDoc {
  doc: CachedDoc;
  score: number;
  confidence: ScoreConfidence;
  /** Its best passage's row in the index's vectors, when it has vectors. */
  bestRow: number | undefined;
}

/** What fusing needs. */
export interface FuseInput {
  db: Database.Database;
  /** The index's FTS table. */
  table: string;
  /** The keyword ranking (boosted, filtered), best first. */
  keyword: readonly Ranked[];
  semantic: SemanticMatch;
  docs: DocLookup;
  /** Whether a document may be returned (filters, access control, language, excluded words). */
  allowed(doc: CachedDoc): boolean;
  /** True when the query has required words or quoted phrases: only keyword matches may be returned, ranked by both. */
  strict: boolean;
  /** The FTS5 expression of each query position, for how much of the query a document matched. */
  positions: readonly string[];
  queryText: string;
  fields: readonly FieldConfig[];
  nowMs: number;
}

/** How many keyword matches get their coverage measured (the rest rank below them anyway). */
const COVERAGE_DOCS = 50;
/** How many documents found by meaning alone are considered. */
const DENSE_DOCS = 200;

function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The share of query positions each of the best keyword matches holds. */
function coverages(input: FuseInput): Map<number, number> {
  const out = new Map<number, number>();
  if (input.positions.length === 0) return out;
  const holds = sql(input.db, `SELECT 1 FROM ${input.table} WHERE ${input.table} MATCH ? AND rowid = CAST(? AS INTEGER)`).pluck();
  for (const { doc } of input.keyword.slice(0, COVERAGE_DOCS)) {
    let found = 0;
    for (const position of input.positions) if (holds.get(position, doc.rowid) !== undefined) found += 1;
    out.set(doc.rowid, found / input.positions.length);
  }
  return out;
}

/**
 * Query's hybrid ranking: the keyword matches and the documents whose passages are nearest the
 * query in meaning (at least {@link FUSION.simInclude} similar, passing every filter), each
 * scored by fused evidence: its best passage's similarity and its keyword evidence (BM25
 * relative to the best match, times the share of the query it holds). Relevance tuning weighs
 * both sides as in keyword search; a query equal to a document's title keeps it first. Also
 * returns which of them only meaning found (they count in the total and the facets).
 */
export function fuseDocuments(input: FuseInput): { ranked: FusedDoc[]; denseOnly: CachedDoc[] } {
  const best = bestByDocument(input.semantic);
  const keywordBest = input.keyword[0]?.score || 1;
  const keywordRows = new Map(input.keyword.map((entry) => [entry.doc.rowid, entry.score / keywordBest]));
  const covered = coverages(input);
  const denseOnly: CachedDoc[] = [];
  if (!input.strict) {
    const near = [...best.entries()].filter(([rowid, hit]) => hit.sim >= FUSION.simInclude && !keywordRows.has(rowid)).sort((a, b) => b[1].sim - a[1].sim);
    const matches = sql(input.db, `SELECT 1 FROM ${input.table} WHERE ${input.table} MATCH ? AND rowid = CAST(? AS INTEGER)`).pluck();
    for (const [rowid] of near) {
      if (denseOnly.length >= DENSE_DOCS) break;
      const doc = input.docs.get(rowid);
      if (!doc || !input.allowed(doc)) continue;
      // a keyword match outside the keyword list ranks by meaning, but is no addition to the total
      if (input.positions.length > 0 && matches.get(input.positions.map((position) => `(${position})`).join(' OR '), rowid) !== undefined) {
        keywordRows.set(rowid, 0);
        continue;
      }
      denseOnly.push(doc);
    }
  }
  const candidates = [...input.keyword.map((entry) => entry.doc), ...denseOnly];
  for (const rowid of keywordRows.keys()) {
    if (input.keyword.some((entry) => entry.doc.rowid === rowid)) continue;
    const doc = input.docs.get(rowid);
    if (doc && input.allowed(doc)) candidates.push(doc);
  }
  const multipliers = relevanceMultipliers(candidates, input.fields, input.nowMs);
  const title = normalised(input.queryText);
  const ranked = candidates.map((doc): FusedDoc => {
    const hit = best.get(doc.rowid);
    const sim = hit?.sim ?? 0;
    const relative = keywordRows.get(doc.rowid) ?? 0;
    const coverage = covered.get(doc.rowid) ?? (relative > 0 ? relative : 0);
    const multiplier = multipliers.get(doc.rowid) ?? 1;
    // keyword scores carry the boosts already; the dense side gets them here
    let score = fusedScore(denseEvidence(sim) * multiplier, keywordEvidence(relative, coverage));
    if (doc.title !== null && normalised(doc.title) === title && relative > 0) score += FUSION.titleBonus;
    return { doc, score, confidence: evidenceConfidence(hit?.sim, coverage, relative), bestRow: hit?.row };
  });
  return { ranked: ranked.sort((a, b) => b.score - a.score || a.doc.rowid - b.doc.rowid), denseOnly };
}
