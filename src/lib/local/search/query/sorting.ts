import type { QueryRequest } from '../../../services/search/types.js';
import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';

/** A sort key of a query. */
export interface SortKey {
  DocumentAttributeKey: string;
  SortOrder: 'ASC' | 'DESC';
}

/**
 * The sort keys of a query (`SortingConfiguration` or `SortingConfigurations`, not both),
 * each a sortable field of the index.
 */
export function sortKeys(input: Pick<QueryRequest, 'SortingConfiguration' | 'SortingConfigurations'>, fields: ReadonlyMap<string, FieldConfig>): SortKey[] {
  if (input.SortingConfiguration && input.SortingConfigurations) {
    throw invalid('Give SortingConfiguration or SortingConfigurations, not both.');
  }
  const keys = (input.SortingConfigurations ?? (input.SortingConfiguration ? [input.SortingConfiguration] : [])) as SortKey[];
  for (const key of keys) {
    const field = fields.get(key.DocumentAttributeKey);
    if (!field) throw invalid(`Cannot sort by ${key.DocumentAttributeKey}: it is not a field of the index.`);
    if (!field.Search.Sortable) throw invalid(`Cannot sort by ${key.DocumentAttributeKey}: the field is not sortable; make it sortable with UpdateIndex.`);
  }
  return keys;
}

/**
 * Orders documents by the sort keys; documents without a key's value come after those with
 * one, whatever the order; ties fall back to `tieBreak`.
 */
export function sortDocs(docs: CachedDoc[], keys: readonly SortKey[], tieBreak: (a: CachedDoc, b: CachedDoc) => number): CachedDoc[] {
  return docs.sort((a, b) => {
    for (const key of keys) {
      const left = docValue(a, key.DocumentAttributeKey)?.v;
      const right = docValue(b, key.DocumentAttributeKey)?.v;
      if (left === undefined || right === undefined) {
        if (left === right) continue;
        return left === undefined ? 1 : -1;
      }
      const order = left < right ? -1 : left > right ? 1 : 0;
      if (order !== 0) return key.SortOrder === 'DESC' ? -order : order;
    }
    return tieBreak(a, b);
  });
}
