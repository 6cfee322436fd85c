import type Database from 'better-sqlite3';
import type { ScoreConfidence } from '../../../services/search/types.js';
import type { FieldConfig } from '../core/fields.js';
import { sql } from '../core/statements.js';
import { relevanceMultipliers } from '../query/boosts.js';
import type { CachedDoc, DocLookup } from '../query/doc-cache.js';
import type { Ranked } from '../query/rank.js';
import { denseEvidence, evidenceConfidence, FUSION, fusedScore, keywordEvidence } from './fusion.js';
import { bestOfDocument, nearestRows, type SemanticMatch } from './query-semantic.js';

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
  /** Whether a document may be returned (filters, access control, language, excluded words); null when every one may. */
  allowed: ((doc: CachedDoc) => boolean) | null;
  /** True when the query has required words or quoted phrases: only keyword matches may be returned, ranked by both. */
  strict: boolean;
  /** The FTS5 expression of each query position, for how much of the query a document matched. */
  positions: readonly string[];
  /**
   * Whether a document outside the keyword ranking matches the query's words: known when the
   * matches were listed or all ranked; undefined when unknown (a document found by meaning is
   * then not added to the total, which may then undercount).
   */
  isKeywordMatch: ((rowid: number) => boolean) | undefined;
  queryText: string;
  fields: readonly FieldConfig[];
  nowMs: number;
  /** How many of the best documents are wanted (the rest are left out of `ranked`). */
  wanted: number;
}

/** How many keyword matches get their coverage measured (the rest rank below them anyway). */
const COVERAGE_DOCS = 30;
/** How many documents found by meaning alone are considered. */
const DENSE_DOCS = 200;

function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The share of the query positions (FTS5 expressions) that a document holds. */
function coverageOf(input: FuseInput, rowid: number): number {
  const holds = sql(input.db, `SELECT 1 FROM ${input.table} WHERE ${input.table} MATCH ? AND rowid = CAST(? AS INTEGER)`).pluck();
  let found = 0;
  for (const position of input.positions) if (holds.get(position, rowid) !== undefined) found += 1;
  return found / input.positions.length;
}

/**
 * Query's hybrid ranking: the keyword matches and the documents whose passages are nearest the
 * query in meaning (at least {@link FUSION.simInclude} similar, passing every filter), each
 * scored by fused evidence: its best passage's similarity and its keyword evidence (BM25
 * relative to the best match, times the share of the query it holds). Relevance tuning weighs
 * both sides as in keyword search; a query equal to a document's title keeps it first. Also
 * returns which of them only meaning found (the total and facets of a query whose words match
 * nothing), read when asked for. `ranked` holds the `wanted` best, as if all were scored.
 * The passages nearest the query are found in one pass over the similarities (see `topRows`).
 */
export function fuseDocuments(input: FuseInput): { ranked: FusedDoc[]; denseOnly: () => CachedDoc[] } {
  const { semantic } = input;
  const keywordBest = input.keyword[0]?.score || 1;
  const keywordRows = new Map(input.keyword.map((entry) => [entry.doc.rowid, entry.score / keywordBest]));
  // a document found by meaning is read (from the cache or the store) only when relevance tuning weighs it, a filter must
  // see it, or it is scored: not the hundreds a query considers
  const tuned = input.fields.some((field) => field.Relevance && (field.Relevance.Freshness || field.Relevance.RankOrder || field.Relevance.ValueImportanceMap));
  const candidates: Array<{ rowid: number; doc: CachedDoc | undefined }> = input.keyword.map((entry) => ({ rowid: entry.doc.rowid, doc: entry.doc }));
  const denseOnly: number[] = [];
  if (!input.strict) {
    const seen = new Set<number>(keywordRows.keys());
    const { allowed } = input;
    const verdicts = new Map<number, boolean>();
    const allowedRow = (row: number) => {
      const rowid = semantic.vectors.docRowids[row]!;
      if (seen.has(rowid)) return false;
      if (!allowed) return true;
      let verdict = verdicts.get(rowid);
      if (verdict === undefined) {
        const doc = input.docs.get(rowid);
        verdicts.set(rowid, (verdict = doc !== undefined && allowed(doc)));
      }
      return verdict;
    };
    // the passages nearest the query, several per document at most; the documents in that order
    for (const row of nearestRows(semantic, DENSE_DOCS * 4, allowedRow)) {
      const rowid = semantic.vectors.docRowids[row]!;
      if (seen.has(rowid) || candidates.length - input.keyword.length >= DENSE_DOCS) continue;
      seen.add(rowid);
      const doc = tuned ? input.docs.get(rowid) : undefined;
      // deleted since its vectors were read
      if (tuned && !doc) continue;
      candidates.push({ rowid, doc });
      if (input.isKeywordMatch && !input.isKeywordMatch(rowid)) denseOnly.push(rowid);
    }
  }
  const multipliers = tuned
    ? relevanceMultipliers(
        candidates.map((candidate) => candidate.doc!),
        input.fields,
        input.nowMs,
      )
    : null;
  const title = normalised(input.queryText);
  const keywordDocs = new Map(input.keyword.map((entry) => [entry.doc.rowid, entry.doc]));
  const measured = new Set(input.positions.length === 0 ? [] : input.keyword.slice(0, COVERAGE_DOCS).map((entry) => entry.doc.rowid));
  const score = (rowid: number, hit: { sim: number } | undefined, relative: number, coverage: number) => {
    // keyword scores carry the boosts already; the dense side gets them here
    const fused = fusedScore(denseEvidence(hit?.sim ?? 0) * (multipliers?.get(rowid) ?? 1), keywordEvidence(relative, coverage));
    // only keyword matches (read already) can equal the query
    const docTitle = relative > 0 ? (keywordDocs.get(rowid)?.title ?? null) : null;
    return docTitle !== null && normalised(docTitle) === title ? fused + FUSION.titleBonus : fused;
  };
  // the coverage of a keyword match costs a full-text lookup per query position: documents are taken by the best score
  // they could have (the whole query covered), and no coverage is measured once that is below the wanted-th score found
  const bounded = candidates.map(({ rowid, doc }) => {
    const hit = bestOfDocument(semantic, rowid);
    const relative = keywordRows.get(rowid) ?? 0;
    return { rowid, doc, hit, relative, bound: score(rowid, hit, relative, measured.has(rowid) ? 1 : relative) };
  });
  bounded.sort((a, b) => b.bound - a.bound);
  const byScore = (a: FusedDoc, b: FusedDoc) => b.score - a.score || a.doc.rowid - b.doc.rowid;
  const ranked: FusedDoc[] = [];
  for (const { rowid, doc: known, hit, relative, bound } of bounded) {
    if (ranked.length >= input.wanted && (input.wanted === 0 || bound < ranked[input.wanted - 1]!.score)) break;
    const doc = known ?? input.docs.get(rowid);
    // deleted since its vectors were read
    if (!doc) continue;
    const coverage = measured.has(rowid) ? coverageOf(input, rowid) : relative;
    ranked.push({ doc, score: score(rowid, hit, relative, coverage), confidence: evidenceConfidence(hit?.sim, coverage, relative), bestRow: hit?.row });
    ranked.sort(byScore);
    if (ranked.length > input.wanted) ranked.pop();
  }
  const denseDocs = () => denseOnly.flatMap((rowid) => input.docs.get(rowid) ?? []);
  return { ranked, denseOnly: denseDocs };
}
