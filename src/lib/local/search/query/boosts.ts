import type { FieldConfig } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';

/** The BM25 weights of the title, body and searchable-fields columns. */
export interface ColumnWeights {
  title: number;
  body: number;
  fields: number;
}

const DEFAULT_IMPORTANCE = 5;
/** A month as Kendra counts it in `Duration` ("2628000s" is a month). */
const MONTH_SECONDS = 2_628_000;
/** The `Duration` of a freshness boost when none is given: 3 months, as Kendra documents. */
export const DEFAULT_DURATION_SECONDS = 3 * MONTH_SECONDS;

/**
 * Column weights from the fields' `Importance` (1 to 10, 5 by default): the title weighs 4
 * and the body 1 at the default, custom searchable fields 2.
 */
export function columnWeights(fields: ReadonlyMap<string, FieldConfig>): ColumnWeights {
  const importance = (name: string) => fields.get(name)?.Relevance?.Importance ?? DEFAULT_IMPORTANCE;
  const custom = [...fields.values()].filter((field) => field.Search.Searchable && !field.Name.startsWith('_'));
  const fieldsImportance = custom.length === 0 ? DEFAULT_IMPORTANCE : Math.max(...custom.map((field) => field.Relevance?.Importance ?? DEFAULT_IMPORTANCE));
  return {
    title: 0.8 * importance('_document_title'),
    body: 0.2 * importance('_document_body'),
    fields: 0.4 * fieldsImportance,
  };
}

function seconds(duration: string | undefined): number {
  const match = /^(\d+)s$/.exec(duration ?? '');
  return match ? Math.max(1, Number(match[1])) : DEFAULT_DURATION_SECONDS;
}

/**
 * Score multipliers from the relevance settings of fields, for the documents being ranked:
 * `Freshness` (newer dates within `Duration`, 3 months by default, rank higher), `RankOrder` (ASCENDING: higher values
 * rank higher; DESCENDING: lower ones, relative to the candidates) and `ValueImportanceMap` (listed values
 * rank by their importance). Each adds up to its field's importance / 10.
 */
export function relevanceMultipliers(candidates: readonly CachedDoc[], fields: readonly FieldConfig[], nowMs: number): Map<number, number> {
  const factors = new Map<number, number>(candidates.map((doc) => [doc.rowid, 1]));
  for (const field of fields) {
    const relevance = field.Relevance;
    if (!relevance) continue;
    const weight = (relevance.Importance ?? DEFAULT_IMPORTANCE) / 10;
    const bump = (doc: CachedDoc, amount: number) => factors.set(doc.rowid, factors.get(doc.rowid)! + weight * amount);
    if (relevance.Freshness && field.Type === 'DATE_VALUE') {
      const span = seconds(relevance.Duration) * 1000;
      for (const doc of candidates) {
        const value = docValue(doc, field.Name);
        if (value?.t === 'DATE_VALUE') bump(doc, Math.max(0, 1 - Math.max(0, nowMs - value.v) / span));
      }
    }
    if (relevance.RankOrder && (field.Type === 'LONG_VALUE' || field.Type === 'DATE_VALUE')) {
      const values = candidates.map((doc) => docValue(doc, field.Name)).flatMap((value) => (typeof value?.v === 'number' ? [value.v] : []));
      const low = Math.min(...values);
      const high = Math.max(...values);
      for (const doc of candidates) {
        const value = docValue(doc, field.Name);
        if (typeof value?.v !== 'number' || high === low) continue;
        const position = (value.v - low) / (high - low);
        bump(doc, relevance.RankOrder === 'ASCENDING' ? position : 1 - position);
      }
    }
    if (relevance.ValueImportanceMap) {
      const map = relevance.ValueImportanceMap;
      for (const doc of candidates) {
        const value = docValue(doc, field.Name);
        const list = value?.t === 'STRING_LIST_VALUE' ? value.v : value?.t === 'STRING_VALUE' ? [value.v] : [];
        const best = Math.max(0, ...list.map((item) => map[item] ?? 0));
        if (best > 0) bump(doc, best / 10);
      }
    }
  }
  return factors;
}

/**
 * The multiplier relevance feedback gives a document for a query: `n` net RELEVANT votes
 * multiply its score by 1 + n, `n` net NOT_RELEVANT votes divide it by 1 + n.
 */
export function feedbackMultiplier(net: number): number {
  return net >= 0 ? 1 + net : 1 / (1 - net);
}
