import type Database from 'better-sqlite3';
import type { AttrMap } from '../core/attributes.js';
import { faqFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import type { CachedDoc } from './doc-cache.js';
import type { DocPredicate } from './filter.js';
import { findSpans, matcherOf, tokenize } from './analyzer.js';
import type { Alternative, Group } from './synonyms.js';

/** An FAQ entry that answers a query. */
export interface FaqMatch {
  itemRowid: number;
  faqId: string;
  question: string;
  answer: string;
  sourceUri: string | null;
  attrs: AttrMap;
  /** The share of the query's groups found in the question, 0 to 1. */
  coverage: number;
  score: number;
}

/** The most FAQ answers a query returns. */
const MAX_FAQ_ANSWERS = 3;
const MIN_COVERAGE = 0.6;

function quoted(item: Alternative): string {
  return `"${item.text.replace(/"/g, '""')}"${item.prefix ? '*' : ''}`;
}

function questionExpression(groups: readonly Group[]): string {
  return `question : (${groups.flatMap((group) => group.alternatives.map(quoted)).join(' OR ')})`;
}

/**
 * The FAQ entries of an index whose question answers the query: at least 60% of the query's
 * word groups (synonyms included) appear in the question. The best three by coverage, then
 * BM25; only entries of ACTIVE FAQs that pass `keep`; none matching `excluded`.
 */
export function matchFaqs(
  db: Database.Database,
  indexRowid: number,
  groups: readonly Group[],
  excluded: string | null,
  keep: DocPredicate,
  nowMs: number,
): FaqMatch[] {
  if (groups.length === 0) return [];
  const table = faqFts(indexRowid);
  const candidates = sql(
    db,
    `SELECT t.rowid AS itemRowid, -bm25(${table}, 1.0, 0.0) AS score, f.id AS faqId, i.question, i.answer, i.source_uri AS sourceUri, i.attributes
     FROM ${table} t JOIN search_faq_items i ON i.rowid = t.rowid JOIN search_faqs f ON f.rowid = i.faq_rowid
     WHERE ${table} MATCH ? AND f.deleted_at IS NULL AND f.final_status = 'ACTIVE' AND f.busy_until <= ?
     ORDER BY bm25(${table}, 1.0, 0.0) LIMIT 50`,
  ).all(questionExpression(groups), nowMs) as Array<Omit<FaqMatch, 'coverage' | 'attrs'> & { attributes: string }>;
  if (candidates.length === 0) return [];
  const excludedRows = excluded ? new Set(sql(db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(excluded) as number[]) : new Set<number>();
  const perGroup = groups.map((group) => group.alternatives.map((item) => matcherOf(item.text, item.prefix)));
  const matches: FaqMatch[] = [];
  for (const candidate of candidates) {
    if (excludedRows.has(candidate.itemRowid)) continue;
    const tokens = tokenize(candidate.question);
    const coverage = perGroup.filter((matchers) => findSpans(tokens, matchers).length > 0).length / groups.length;
    if (coverage < MIN_COVERAGE) continue;
    const { attributes, ...rest } = candidate;
    const attrs = JSON.parse(attributes) as AttrMap;
    const pseudo: CachedDoc = {
      rowid: candidate.itemRowid,
      docId: candidate.faqId,
      title: candidate.question,
      sourceUri: candidate.sourceUri,
      dataSourceId: null,
      attrs,
      acl: null,
      viewCount: 0,
      updatedAt: 0,
    };
    if (!keep(pseudo)) continue;
    matches.push({ ...rest, attrs, coverage });
  }
  return matches.sort((a, b) => b.coverage - a.coverage || b.score - a.score).slice(0, MAX_FAQ_ANSWERS);
}
