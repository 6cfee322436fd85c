import type { QueryResultItem } from '../../../services/search/types.js';
import { findSpans, tokenize } from './analyzer.js';
import type { CachedDoc } from './doc-cache.js';
import { highlightsOf, markText, plainTexts, type Highlight } from './highlight.js';
import { documentItems, type ItemContext } from './result-items.js';

const QUESTION_WORDS = /^\s*(who|what|when|where|why|how|which|whose|whom)\b/i;

/** Whether query text asks a question: it starts with a question word or ends with `?`. */
export function isQuestion(text: string): boolean {
  return QUESTION_WORDS.test(text) || /\?\s*$/.test(text);
}

/** The longest passage an answer shows, in characters. */
const MAX_PASSAGE = 400;
/** How much of a document is searched for the answer. */
const MAX_SEARCHED = 100_000;
/** The least share of the query's words the answering sentence must hold. */
const MIN_COVERAGE = 0.5;

interface Extract {
  /** The passage shown: the answering sentence, with its neighbours while they fit. */
  text: string;
  /** Where the answering sentence is in the passage. */
  answer: [number, number];
  /** The share of the query's words the sentence holds. */
  coverage: number;
}

/**
 * The best sentence of a text for a query: the one holding the most of the query's words
 * (synonyms count; the earliest wins ties), at least half of them, shown with the sentences
 * around it as long as the passage stays within 400 characters.
 */
function bestExtract(ctx: ItemContext, body: string): Extract | null {
  const text = body.length > MAX_SEARCHED ? body.slice(0, MAX_SEARCHED) : body;
  const wanted = ctx.plan.all.filter((matcher) => matcher.terms.length > 0);
  if (wanted.length === 0) return null;
  const sentences = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map((part) => ({
    start: part.index,
    end: part.index + part.segment.trimEnd().length,
  }));
  let best: { index: number; coverage: number } | undefined;
  sentences.forEach((sentence, index) => {
    const tokens = tokenize(text.slice(sentence.start, sentence.end));
    const found = wanted.filter((matcher) => findSpans(tokens, [matcher]).length > 0).length;
    if (found === 0) return;
    const coverage = found / wanted.length;
    if (!best || coverage > best.coverage) best = { index, coverage };
  });
  if (!best || best.coverage < MIN_COVERAGE) return null;
  const chosen = sentences[best.index]!;
  let start = chosen.start;
  let end = Math.min(chosen.end, chosen.start + MAX_PASSAGE);
  for (let step = 1; step < sentences.length; step++) {
    const before = sentences[best.index - step];
    const after = sentences[best.index + step];
    if (before && end - before.start <= MAX_PASSAGE) start = before.start;
    if (after && after.end - start <= MAX_PASSAGE) end = after.end;
    if ((!before || start !== before.start) && (!after || end !== after.end)) break;
  }
  return { text: text.slice(start, end), answer: [chosen.start - start, Math.min(chosen.end, end) - start], coverage: best.coverage };
}

/**
 * The ANSWER result of a question: the best sentence-level extract of the top document, as
 * Kendra shapes it — an `AnswerText` attribute whose highlights mark the answering sentence
 * (`TopAnswer` true) and the query's words around it, the same passage as the excerpt, and
 * the document's title, URI and attributes. `null` when no sentence holds enough of the query.
 */
export function answerItem(ctx: ItemContext, top: { doc: CachedDoc; key: string }): QueryResultItem | null {
  const body = plainTexts(ctx.db, ctx.table, 'body', [top.doc.rowid]).get(top.doc.rowid) ?? '';
  const extract = bestExtract(ctx, body);
  if (!extract) return null;
  const marked = markText(extract.text, ctx.plan.all, ctx.plan.original);
  const words = highlightsOf(marked);
  const [begin, end] = extract.answer;
  const topAnswer: Highlight = { BeginOffset: begin, EndOffset: end, TopAnswer: true, Type: 'STANDARD' };
  const around = words.filter((highlight) => highlight.EndOffset <= begin || highlight.BeginOffset >= end);
  const answerHighlights = [...around, topAnswer].sort((a, b) => a.BeginOffset - b.BeginOffset);
  const [document] = documentItems(ctx, [{ doc: top.doc, confidence: 'HIGH', key: top.key }]);
  return {
    ...document,
    Type: 'ANSWER',
    AdditionalAttributes: [
      { Key: 'AnswerText', ValueType: 'TEXT_WITH_HIGHLIGHTS_VALUE', Value: { TextWithHighlightsValue: { Text: extract.text, Highlights: answerHighlights } } },
    ],
    DocumentExcerpt: { Text: extract.text, Highlights: words },
    ScoreAttributes: { ScoreConfidence: extract.coverage >= 1 ? 'HIGH' : 'MEDIUM' },
  };
}
