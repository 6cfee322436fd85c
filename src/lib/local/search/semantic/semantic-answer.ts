import type { QueryResultItem, ScoreConfidence } from '../../../services/search/types.js';
import type { CachedDoc } from '../query/doc-cache.js';
import { highlightsOf, markText, plainTexts, type Highlight } from '../query/highlight.js';
import { documentItems, type ItemContext } from '../query/result-items.js';
import { answerSpan } from './answer-span.js';
import type { SemanticMatch } from './query-semantic.js';

/** The most sentences of the best passage compared with the question. */
const MAX_SENTENCES = 8;
/** The longest answer passage shown, in characters. */
const MAX_SHOWN = 400;

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/**
 * The ANSWER result of a question from its best passage (by meaning): the passage's sentence
 * nearest the question (each embedded as the query was), shown with its neighbours within 400
 * characters; `TopAnswer` marks the answer inside it where its kind can be found (an amount, a
 * date, a name, a place: see `answerSpan`), else the sentence.
 */
export async function semanticAnswer(
  ctx: ItemContext,
  top: { doc: CachedDoc; key: string; row: number; confidence: ScoreConfidence },
  semantic: SemanticMatch,
  question: string,
): Promise<QueryResultItem | null> {
  const body = plainTexts(ctx.db, ctx.table, 'body', [top.doc.rowid]).get(top.doc.rowid) ?? '';
  const start = semantic.vectors.starts[top.row]!;
  const end = semantic.vectors.ends[top.row]!;
  const passage = body.slice(start, end);
  const sentences = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(passage)]
    .map((part) => ({ start: part.index, end: part.index + part.segment.trimEnd().length }))
    .filter((sentence) => sentence.end > sentence.start);
  if (sentences.length === 0) return null;
  let chosen = 0;
  if (sentences.length > 1) {
    let best = -Infinity;
    for (const [index, sentence] of sentences.slice(0, MAX_SENTENCES).entries()) {
      const similarity = dot(await semantic.embed(passage.slice(sentence.start, sentence.end)), semantic.query);
      if (similarity > best) {
        best = similarity;
        chosen = index;
      }
    }
  }
  const sentence = sentences[chosen]!;
  let from = sentence.start;
  let to = Math.min(sentence.end, sentence.start + MAX_SHOWN);
  for (let step = 1; step < sentences.length; step++) {
    const before = sentences[chosen - step];
    const after = sentences[chosen + step];
    if (before && to - before.start <= MAX_SHOWN) from = before.start;
    if (after && after.end - from <= MAX_SHOWN) to = after.end;
    if ((!before || from !== before.start) && (!after || to !== after.end)) break;
  }
  const shown = passage.slice(from, to);
  const sentenceText = passage.slice(sentence.start, Math.min(sentence.end, to));
  const span = answerSpan(question, sentenceText);
  const begin = sentence.start - from + (span ? span[0] : 0);
  const finish = span ? sentence.start - from + span[1] : Math.min(sentence.end, to) - from;
  const marked = markText(shown, ctx.plan.all, ctx.plan.original);
  const words = highlightsOf(marked);
  const topAnswer: Highlight = { BeginOffset: begin, EndOffset: finish, TopAnswer: true, Type: 'STANDARD' };
  const around = words.filter((highlight) => highlight.EndOffset <= begin || highlight.BeginOffset >= finish);
  const [document] = documentItems(ctx, [{ doc: top.doc, confidence: top.confidence, key: top.key }]);
  return {
    ...document,
    Type: 'ANSWER',
    AdditionalAttributes: [
      {
        Key: 'AnswerText',
        ValueType: 'TEXT_WITH_HIGHLIGHTS_VALUE',
        Value: { TextWithHighlightsValue: { Text: shown, Highlights: [...around, topAnswer].sort((a, b) => a.BeginOffset - b.BeginOffset) } },
      },
    ],
    DocumentExcerpt: { Text: shown, Highlights: words },
    ScoreAttributes: { ScoreConfidence: top.confidence },
  };
}
