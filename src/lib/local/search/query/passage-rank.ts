import { findSpans, type Matcher } from './analyzer.js';
import type { CachedDoc } from './doc-cache.js';
import { cutPassages } from './passage-cut.js';
import { tokensFor } from './passage-tokens.js';

/** A ranked candidate document. */
export interface PassageSource {
  doc: CachedDoc;
  score: number;
}

/** A passage chosen for a result. */
export interface RankedPassage {
  doc: CachedDoc;
  /** The passage's place in its document (0 for the first passage). */
  ordinal: number;
  content: string;
  /** At most the document's score relative to the best document's (1). */
  score: number;
}

/** How much of a long text is cut into passages. */
const MAX_PASSAGE_CHARS = 100_000;
/** BM25's term-frequency saturation. */
const K1 = 1.2;
/** The share of a passage's score that comes from its document's rank; the rest from its own words. */
const DOC_SHARE = 0.9;
/** How many documents' texts are read at a time. */
const BATCH = 10;

/**
 * How well a passage's words match the query, from 0 to 1: each query position (a word or a
 * phrase, with its synonyms) counts alike, saturating with repeats as BM25 does.
 */
function textScore(counts: readonly number[]): number {
  if (counts.length === 0) return 0;
  const sum = counts.reduce((total, count) => total + (count * (K1 + 1)) / (count + K1), 0);
  return sum / (counts.length * (K1 + 1));
}

/**
 * The passages of one document: its text (the first 100,000 characters) cut into passages of
 * up to 200 words, those holding a query word kept; when none does (the document matched by
 * its title or fields), its first passage stands for it.
 */
function documentPassages(source: PassageSource, docNorm: number, text: string, groups: ReadonlyArray<readonly Matcher[]>): RankedPassage[] {
  const kept = text.length > MAX_PASSAGE_CHARS ? text.slice(0, MAX_PASSAGE_CHARS) : text;
  const tokens = tokensFor(kept, groups.flat());
  const spans = cutPassages(kept, tokens);
  const out: RankedPassage[] = [];
  for (const [ordinal, span] of spans.entries()) {
    const words = tokens.slice(span.firstToken, span.lastToken + 1);
    const counts = groups.map((matchers) => findSpans(words, matchers).length);
    if (counts.some((count) => count > 0)) {
      out.push({ doc: source.doc, ordinal, content: kept.slice(span.start, span.end), score: docNorm * (DOC_SHARE + (1 - DOC_SHARE) * textScore(counts)) });
    }
  }
  if (out.length === 0 && spans.length > 0)
    out.push({ doc: source.doc, ordinal: 0, content: kept.slice(spans[0]!.start, spans[0]!.end), score: docNorm * DOC_SHARE });
  return out;
}

const byScore = (a: RankedPassage, b: RankedPassage) => b.score - a.score || a.doc.rowid - b.doc.rowid || a.ordinal - b.ordinal;

/**
 * The `wanted` best passages of the ranked documents, best first. A passage scores by its
 * document's rank (relative to the best document) and by the query words it holds; since it
 * never scores above its document, documents are read in rank order only until none left can
 * reach the `wanted`-th best passage found: the answer is the same as if every document were
 * read, so pages of any size agree.
 *
 * @param groups - the matchers of each query position (a word or phrase and its synonyms).
 * @param texts - reads the body texts of documents by rowid.
 */
export function bestPassages(
  ranked: readonly PassageSource[],
  groups: ReadonlyArray<readonly Matcher[]>,
  wanted: number,
  texts: (rowids: readonly number[]) => ReadonlyMap<number, string>,
): RankedPassage[] {
  const best = ranked[0]?.score || 1;
  let found: RankedPassage[] = [];
  for (let start = 0; start < ranked.length; start += BATCH) {
    const batch = ranked.slice(start, start + BATCH);
    if (found.length >= wanted) {
      found = found.sort(byScore).slice(0, wanted);
      if (batch[0]!.score / best < found[wanted - 1]!.score) break;
    }
    const read = texts(batch.map((source) => source.doc.rowid));
    for (const source of batch) found.push(...documentPassages(source, source.score / best, read.get(source.doc.rowid) ?? '', groups));
  }
  return found.sort(byScore).slice(0, wanted);
}
