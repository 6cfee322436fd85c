import { findSpans, tokenize, type Matcher } from './analyzer.js';
import type { CachedDoc } from './doc-cache.js';
import { cutPassages } from './passage-cut.js';

/** A candidate document: its ranking score and its body text. */
export interface PassageSource {
  doc: CachedDoc;
  score: number;
  text: string;
}

/** A passage chosen for a result, with its score relative to the others of the call. */
export interface RankedPassage {
  doc: CachedDoc;
  /** The passage's place in its document (0 for the first passage). */
  ordinal: number;
  content: string;
  score: number;
}

/** How much of a long text is cut into passages. */
const MAX_PASSAGE_CHARS = 100_000;
/** BM25's term-frequency saturation. */
const K1 = 1.2;

interface Cut {
  source: PassageSource;
  ordinal: number;
  content: string;
  counts: number[];
}

/**
 * The passages of the candidate documents, best first. Each document is cut into passages of
 * up to 200 words (only its first 100,000 characters); a passage scores by the query terms it
 * holds (BM25 over the candidates' passages), weighed by its document's score. Passages
 * without any query term are left out, except the first one of a document that matched only
 * by its title or fields, which stands for it.
 */
export function rankPassages(sources: readonly PassageSource[], matchers: readonly Matcher[]): RankedPassage[] {
  const cuts: Cut[] = [];
  for (const source of sources) {
    const text = source.text.length > MAX_PASSAGE_CHARS ? source.text.slice(0, MAX_PASSAGE_CHARS) : source.text;
    const tokens = tokenize(text);
    const own: Cut[] = [];
    for (const [ordinal, span] of cutPassages(text, tokens).entries()) {
      const words = tokens.slice(span.firstToken, span.lastToken + 1);
      const counts = matchers.map((matcher) => findSpans(words, [matcher]).length);
      if (counts.some((count) => count > 0)) own.push({ source, ordinal, content: text.slice(span.start, span.end), counts });
    }
    if (own.length === 0 && tokens.length > 0) {
      const [span] = cutPassages(text, tokens);
      own.push({ source, ordinal: 0, content: text.slice(span!.start, span!.end), counts: matchers.map(() => 0) });
    }
    cuts.push(...own);
  }
  const total = cuts.length;
  const weights = matchers.map((_, m) => {
    const holding = cuts.filter((cut) => cut.counts[m]! > 0).length;
    return Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
  });
  const textScores = cuts.map((cut) => cut.counts.reduce((sum, count, m) => sum + (weights[m]! * count * (K1 + 1)) / (count + K1), 0));
  const bestText = Math.max(0, ...textScores) || 1;
  const bestDoc = Math.max(0, ...sources.map((source) => source.score)) || 1;
  return cuts
    .map((cut, i) => ({
      doc: cut.source.doc,
      ordinal: cut.ordinal,
      content: cut.content,
      score: (cut.source.score / bestDoc) * (0.5 + (0.5 * textScores[i]!) / bestText),
    }))
    .sort((a, b) => b.score - a.score || a.doc.rowid - b.doc.rowid || a.ordinal - b.ordinal);
}
