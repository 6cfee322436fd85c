import type { ScoreConfidence } from '../../../services/search/types.js';
import { findSpans, type Matcher } from '../query/analyzer.js';
import type { CachedDoc, DocLookup } from '../query/doc-cache.js';
import { tokensFor } from '../query/passage-tokens.js';
import type { Ranked } from '../query/rank.js';
import { denseEvidence, evidenceConfidence, fusedScore, keywordEvidence } from './fusion.js';
import { passageSpans } from './passage-spans.js';
import { nearestRows, type SemanticMatch } from './query-semantic.js';

/** A passage chosen by Retrieve. */
export interface FusedPassage {
  doc: CachedDoc;
  ordinal: number;
  content: string;
  score: number;
  confidence: ScoreConfidence;
}

/** What choosing passages needs. */
export interface PassageInput {
  /** The keyword ranking of documents (boosted, filtered), best first. */
  keyword: readonly Ranked[];
  semantic: SemanticMatch;
  docs: DocLookup;
  /** Whether a document may be returned (filters, access control, language, excluded words); null when every one may. */
  allowed: ((doc: CachedDoc) => boolean) | null;
  /** Only passages of keyword matches (required words or quoted phrases). */
  strict: boolean;
  /** The matchers of each query position. */
  groups: ReadonlyArray<readonly Matcher[]>;
  /** Reads document bodies by rowid. */
  texts(rowids: readonly number[]): ReadonlyMap<number, string>;
  wanted: number;
}

/** How many passages nearest the query are considered besides those of the keyword matches. */
const DENSE_PASSAGES = 300;
/** BM25's saturation, for the query words a passage holds. */
const K1 = 1.2;

/** The share of query positions a passage holds, saturating with repeats. */
function wordShare(text: string, groups: ReadonlyArray<readonly Matcher[]>): number {
  if (groups.length === 0) return 0;
  const tokens = tokensFor(text, groups.flat());
  let sum = 0;
  for (const matchers of groups) {
    const count = findSpans(tokens, matchers).length;
    sum += (count * (K1 + 1)) / (count + K1) / (K1 + 1);
  }
  return sum / groups.length;
}

interface Candidate {
  docRowid: number;
  ordinal: number;
  start: number;
  end: number;
  /** Undefined for a passage not embedded yet. */
  sim: number | undefined;
}

/** The fused score and confidence of a passage that holds `share` of the query's words. */
function scored(candidate: Candidate, share: number, docRelative: number): { score: number; confidence: ScoreConfidence } {
  const keyword = keywordEvidence(docRelative, 0.5 + 0.5 * share) * (docRelative > 0 ? 1 : 0);
  return {
    score: fusedScore(denseEvidence(candidate.sim ?? 0), Math.max(keyword, share * 0.5)),
    confidence: evidenceConfidence(candidate.sim, share, docRelative),
  };
}

/** Best first: by score, then document, then place. */
const byScore = (a: FusedPassage, b: FusedPassage) => b.score - a.score || a.doc.rowid - b.doc.rowid || a.ordinal - b.ordinal;

/**
 * Retrieve's hybrid choice of passages: the passages nearest the query by meaning (among the
 * documents that pass every filter) and those of the best keyword matches, each scored by
 * fused evidence: its own similarity, and its document's keyword evidence weighed by the query
 * words the passage itself holds. Keyword matches not embedded yet take part with their
 * passages' words alone.
 * Finding the words a passage holds is the costly part, so candidates are taken by the best
 * score they could have (as if they held every query word), and the words of the rest are
 * never looked for once that bound is below the `wanted`-th best score found: the result is
 * the same as scoring them all.
 */
export function fusePassages(input: PassageInput): FusedPassage[] {
  if (input.wanted <= 0) return [];
  const { vectors, sims } = input.semantic;
  const keywordBest = input.keyword[0]?.score || 1;
  const relative = new Map(input.keyword.map((entry) => [entry.doc.rowid, entry.score / keywordBest]));
  const candidates = new Map<string, Candidate>();
  const add = (docRowid: number, ordinal: number, start: number, end: number, sim: number | undefined) =>
    candidates.set(`${docRowid}:${ordinal}`, { docRowid, ordinal, start, end, sim });
  const addRow = (row: number) => add(vectors.docRowids[row]!, vectors.ordinals[row]!, vectors.starts[row]!, vectors.ends[row]!, sims.of(row));
  // documents are read (from the cache or the store) only for a filter or a passage chosen, once per query
  const known = new Map<number, CachedDoc | undefined>(input.keyword.map((entry) => [entry.doc.rowid, entry.doc]));
  const docOf = (rowid: number) => {
    if (!known.has(rowid)) known.set(rowid, input.docs.get(rowid));
    return known.get(rowid);
  };
  if (!input.strict) {
    const { allowed } = input;
    const verdicts = new Map<number, boolean>();
    const allowedRow = (row: number) => {
      if (!allowed) return true;
      const rowid = vectors.docRowids[row]!;
      let verdict = verdicts.get(rowid);
      if (verdict === undefined) {
        const doc = docOf(rowid);
        verdicts.set(rowid, (verdict = doc !== undefined && allowed(doc)));
      }
      return verdict;
    };
    for (const row of nearestRows(input.semantic, DENSE_PASSAGES, allowedRow)) addRow(row);
  }
  const unembedded: CachedDoc[] = [];
  for (const { doc } of input.keyword) {
    const rows = vectors.docRows.get(doc.rowid);
    if (rows) for (const row of rows) addRow(row);
    else unembedded.push(doc);
  }
  const bodies = new Map(input.texts(unembedded.map((doc) => doc.rowid)));
  const body = (rowid: number) => {
    let text = bodies.get(rowid);
    if (text === undefined) bodies.set(rowid, (text = input.texts([rowid]).get(rowid) ?? ''));
    return text;
  };
  for (const doc of unembedded) for (const [ordinal, span] of passageSpans(body(doc.rowid)).entries()) add(doc.rowid, ordinal, span.start, span.end, undefined);
  const bounded = [...candidates.values()].map((candidate) => {
    const docRelative = relative.get(candidate.docRowid) ?? 0;
    return { candidate, docRelative, bound: scored(candidate, 1, docRelative).score };
  });
  bounded.sort((a, b) => b.bound - a.bound);
  const best: FusedPassage[] = [];
  for (const { candidate, docRelative, bound } of bounded) {
    if (best.length >= input.wanted && bound < best[input.wanted - 1]!.score) break;
    const doc = docOf(candidate.docRowid);
    // deleted since its vectors were read
    if (!doc) continue;
    const content = body(candidate.docRowid).slice(candidate.start, candidate.end);
    best.push({ doc, ordinal: candidate.ordinal, content, ...scored(candidate, wordShare(content, input.groups), docRelative) });
    best.sort(byScore);
    if (best.length > input.wanted) best.pop();
  }
  return best;
}
