import { toWireValue, type AttrValue } from '../core/attributes.js';
import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';
import type { FacetResult } from '../../../services/search/types.js';

const DEFAULT_FACET_VALUES = 10;

interface FacetRequest {
  DocumentAttributeKey?: string;
  Facets?: FacetRequest[];
  MaxResults?: number;
}

/**
 * Checks the `Facets` of a query: each names a facetable field; nesting goes two levels deep
 * at most.
 */
export function checkFacets(facets: readonly FacetRequest[], fields: ReadonlyMap<string, FieldConfig>, depth = 1): void {
  for (const facet of facets) {
    const key = facet.DocumentAttributeKey;
    if (!key) throw invalid('A Facet needs a DocumentAttributeKey.');
    const field = fields.get(key);
    if (!field) throw invalid(`The facet ${key} is not a field of the index.`);
    if (!field.Search.Facetable) throw invalid(`The field ${key} is not facetable; make it facetable with UpdateIndex first.`);
    if (facet.Facets?.length) {
      if (depth >= 2) throw invalid('Facets nest at most two levels deep.');
      checkFacets(facet.Facets, fields, depth + 1);
    }
  }
}

function valuesOf(value: AttrValue): Array<{ key: string | number; value: AttrValue }> {
  if (value.t === 'STRING_LIST_VALUE') return value.v.map((item) => ({ key: item, value: { t: 'STRING_VALUE', v: item } }));
  return [{ key: value.v as string | number, value }];
}

/**
 * Counts the values of each requested field over every matching document (not only the
 * page): the `MaxResults` most frequent (10 unless given; 0 means all), ties by value; nested
 * facets count within the documents of each value.
 */
export function computeFacets(facets: readonly FacetRequest[], docs: readonly CachedDoc[], fields: ReadonlyMap<string, FieldConfig>): FacetResult[] {
  return facets.map((facet) => {
    const key = facet.DocumentAttributeKey!;
    const field = fields.get(key)!;
    const nested = (facet.Facets?.length ?? 0) > 0;
    const counts = new Map<string | number, { value: AttrValue; count: number; docs: CachedDoc[] }>();
    for (const doc of docs) {
      const value = docValue(doc, key);
      if (!value) continue;
      for (const item of valuesOf(value)) {
        let entry = counts.get(item.key);
        if (!entry) {
          entry = { value: item.value, count: 0, docs: [] };
          counts.set(item.key, entry);
        }
        entry.count += 1;
        if (nested) entry.docs.push(doc);
      }
    }
    const limit = facet.MaxResults === 0 ? Infinity : (facet.MaxResults ?? DEFAULT_FACET_VALUES);
    const pairs = [...counts.entries()]
      .sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, limit)
      .map(([, entry]) => ({
        DocumentAttributeValue: toWireValue(entry.value),
        Count: entry.count,
        ...(nested ? { FacetResults: computeFacets(facet.Facets!, entry.docs, fields) } : {}),
      }));
    return {
      DocumentAttributeKey: key,
      DocumentAttributeValueType: field.Type,
      DocumentAttributeValueCountPairs: pairs,
    };
  });
}
