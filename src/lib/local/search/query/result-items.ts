import type Database from 'better-sqlite3';
import { toWireValue } from '../core/attributes.js';
import type { FieldConfig } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';
import type { FaqMatch } from './faq-match.js';
import type { MatchPlan } from './fts-expression.js';
import { excerptWindow, highlightsOf, markText, shownTexts } from './highlight.js';
import { feedbackToken, resultId } from './result-ids.js';
import type { AdditionalResultAttribute, DocumentAttribute, QueryResultItem, ScoreConfidence, TextWithHighlights } from '../../../services/search/types.js';

/** The confidence bucket of a score relative to the best score of the query. */
export function confidence(ratio: number): ScoreConfidence {
  if (ratio >= 0.8) return 'VERY_HIGH';
  if (ratio >= 0.55) return 'HIGH';
  if (ratio >= 0.3) return 'MEDIUM';
  return 'LOW';
}

/** The attributes a result shows: the requested ones, else the displayable fields (reserved ids and counts left out). */
export function attributesOf(doc: CachedDoc, fields: ReadonlyMap<string, FieldConfig>, requested: readonly string[] | undefined): DocumentAttribute[] {
  const keys = requested ?? [...fields.values()].filter((field) => field.Search.Displayable).map((field) => field.Name);
  return keys.flatMap((key) => {
    if (!requested && (key === '_document_id' || key === '_document_title' || key === '_view_count')) return [];
    const value = docValue(doc, key);
    return value ? [{ Key: key, Value: toWireValue(value) }] : [];
  });
}

/** What building the result items of a page needs. */
export interface ItemContext {
  db: Database.Database;
  table: string;
  plan: MatchPlan;
  queryId: string;
  fields: ReadonlyMap<string, FieldConfig>;
  requested: readonly string[] | undefined;
}

function withHighlights(ctx: ItemContext, text: string): TextWithHighlights {
  const marked = markText(text, ctx.plan.all, ctx.plan.original);
  return { Text: text, Highlights: highlightsOf(marked) };
}

/** The result items of documents: highlighted title, excerpt, attributes, confidence, ids. */
export function documentItems(ctx: ItemContext, page: ReadonlyArray<{ doc: CachedDoc; confidence: ScoreConfidence; key: string }>): QueryResultItem[] {
  const bodies = shownTexts(
    ctx.db,
    ctx.table,
    'body',
    page.map((entry) => entry.doc.rowid),
  );
  return page.map(({ doc, confidence: bucket, key }) => {
    const id = resultId(ctx.queryId, key);
    const shown = bodies.get(doc.rowid);
    const body = shown ? markText(shown.text, ctx.plan.all, ctx.plan.original, shown.words) : markText('', ctx.plan.all, ctx.plan.original);
    const window = excerptWindow(body.text, body.spans, body.words);
    return {
      Id: id,
      Type: 'DOCUMENT',
      Format: 'TEXT',
      AdditionalAttributes: [],
      DocumentId: doc.docId,
      DocumentTitle: withHighlights(ctx, doc.title ?? ''),
      DocumentExcerpt: { Text: body.text.slice(window.offset, window.offset + window.length), Highlights: highlightsOf(body, window.offset, window.length) },
      ...(doc.sourceUri ? { DocumentURI: doc.sourceUri } : {}),
      DocumentAttributes: attributesOf(doc, ctx.fields, ctx.requested),
      ScoreAttributes: { ScoreConfidence: bucket },
      FeedbackToken: feedbackToken(ctx.queryId, id),
    };
  });
}

function textValue(key: string, value: TextWithHighlights): AdditionalResultAttribute {
  return { Key: key, ValueType: 'TEXT_WITH_HIGHLIGHTS_VALUE', Value: { TextWithHighlightsValue: value } };
}

/** The QUESTION_ANSWER result items of FAQ matches. */
export function faqItems(ctx: ItemContext, page: ReadonlyArray<{ match: FaqMatch; key: string }>): QueryResultItem[] {
  return page.map(({ match, key }) => {
    const id = resultId(ctx.queryId, key);
    const question = withHighlights(ctx, match.question);
    const answer = withHighlights(ctx, match.answer);
    return {
      Id: id,
      Type: 'QUESTION_ANSWER',
      Format: 'TEXT',
      AdditionalAttributes: [textValue('QuestionText', question), textValue('AnswerText', answer)],
      DocumentId: `${match.faqId}-${match.itemRowid}`,
      DocumentTitle: question,
      DocumentExcerpt: answer,
      ...(match.sourceUri ? { DocumentURI: match.sourceUri } : {}),
      DocumentAttributes: Object.entries(match.attrs).map(([Key, value]) => ({ Key, Value: toWireValue(value) })),
      ScoreAttributes: { ScoreConfidence: match.coverage >= 1 ? 'VERY_HIGH' : match.coverage >= 0.8 ? 'HIGH' : 'MEDIUM' },
      FeedbackToken: feedbackToken(ctx.queryId, id),
    };
  });
}
