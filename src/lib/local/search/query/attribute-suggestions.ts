import type { AttributeSuggestionsGetConfig, DocumentAttribute } from '../../../services/search/types.js';
import { toWireValue } from '../core/attributes.js';
import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import type { OpContext } from '../core/op-context.js';
import { hasRestrictedDocs, indexDocs } from './doc-cache.js';
import { docValue } from './doc-values.js';
import { compileFilter, type DocPredicate } from './filter.js';
import type { PrincipalFilters } from './principal-filter.js';

/** A suggestion made from document field values. */
export interface AttributeSuggestion {
  text: string;
  highlight: { BeginOffset: number; EndOffset: number };
  sources: Array<{ DocumentId: string; SuggestionAttributes: string[]; AdditionalAttributes: DocumentAttribute[] }>;
  /** Whether the prefix matched at the start of the value (ranked before a match at a later word). */
  atStart: boolean;
}

/** Where `prefix` (lower case) starts a word of `text`, or -1. */
function wordMatch(text: string, prefix: string): number {
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return lower.startsWith(prefix) ? 0 : -1;
  for (let at = lower.indexOf(prefix); at !== -1; at = lower.indexOf(prefix, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(lower[at - 1]!)) return at;
  }
  return -1;
}

function stringsOf(value: ReturnType<typeof docValue>): string[] {
  if (value?.t === 'STRING_VALUE') return [value.v];
  if (value?.t === 'STRING_LIST_VALUE') return value.v;
  return [];
}

/** The fields a DOCUMENT_ATTRIBUTES request draws suggestions from, and those it returns with them. */
export interface AttributeRequest {
  keys: readonly string[];
  additional: readonly string[];
  /** The request's attribute filter, compiled; null without one. */
  filter: DocPredicate | null;
}

/**
 * Checks the fields of a request: those it draws suggestions from must be suggestable (all
 * suggestable fields when it names none), those returned with them and those its attribute
 * filter names must be fields of the index (or `_user_id` and `_group_ids`, through `principals`).
 */
export function attributeRequest(
  fields: ReadonlyMap<string, FieldConfig>,
  suggestable: readonly string[],
  config: AttributeSuggestionsGetConfig | undefined,
  principals: PrincipalFilters,
): AttributeRequest {
  const keys = config?.SuggestionAttributes ?? suggestable;
  for (const key of keys) {
    if (!suggestable.includes(key))
      throw invalid(`SuggestionAttributes names ${key}, which is not a suggestable field of the index; make it suggestable with UpdateQuerySuggestionsConfig.`);
  }
  const additional = config?.AdditionalResponseAttributes ?? [];
  for (const key of additional) {
    if (!fields.has(key)) throw invalid(`AdditionalResponseAttributes names ${key}, which is not a field of the index.`);
  }
  return { keys, additional, filter: config?.AttributeFilter ? compileFilter(config.AttributeFilter, fields, principals) : null };
}

/**
 * The suggestions of an index's document fields for `prefix` (lower case, spaces collapsed):
 * every value of the requested fields with a word that starts with the prefix, once per
 * distinct value, with the documents it comes from. Honours the request's filter and user context.
 */
export function attributeSuggestions(
  ctx: OpContext,
  indexRowid: number,
  { keys, additional, filter }: AttributeRequest,
  prefix: string,
  access: DocPredicate,
): AttributeSuggestion[] {
  const acl = hasRestrictedDocs(ctx.db, indexRowid) ? access : null;
  const byValue = new Map<string, AttributeSuggestion>();
  for (const doc of indexDocs(ctx.db, indexRowid).docs.values()) {
    if ((acl && !acl(doc)) || (filter && !filter(doc))) continue;
    const matched = new Map<string, string[]>();
    for (const key of keys) {
      for (const raw of stringsOf(docValue(doc, key))) {
        const text = raw.replace(/\s+/g, ' ').trim();
        const at = wordMatch(text, prefix);
        if (at === -1) continue;
        const valueKey = text.toLowerCase();
        if (!byValue.has(valueKey)) {
          byValue.set(valueKey, { text, highlight: { BeginOffset: at, EndOffset: at + prefix.length }, sources: [], atStart: at === 0 });
        }
        matched.set(valueKey, [...(matched.get(valueKey) ?? []), key]);
      }
    }
    for (const [valueKey, matchedKeys] of matched) {
      const AdditionalAttributes = additional.flatMap((key) => {
        const value = docValue(doc, key);
        return value ? [{ Key: key, Value: toWireValue(value) }] : [];
      });
      byValue.get(valueKey)!.sources.push({ DocumentId: doc.docId, SuggestionAttributes: [...new Set(matchedKeys)], AdditionalAttributes });
    }
  }
  return [...byValue.values()].sort((a, b) => Number(b.atStart) - Number(a.atStart) || b.sources.length - a.sources.length || a.text.localeCompare(b.text));
}
