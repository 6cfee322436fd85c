import type Database from 'better-sqlite3';
import type { AttributeFilter } from '../../../services/search/types.js';
import { sql } from '../core/statements.js';
import { hasOtherLanguageDocs } from './doc-cache.js';
import type { DocPredicate } from './filter.js';

/** The language a query searches in when its filter names none. */
export const DEFAULT_QUERY_LANGUAGE = 'en';

const LANGUAGE_FIELD = '_language_code';

/** Whether an attribute filter names `_language_code` anywhere (then it chooses the languages). */
function filterNamesLanguage(filter: AttributeFilter | undefined): boolean {
  if (!filter) return false;
  const nested = [...(filter.AndAllFilters ?? []), ...(filter.OrAllFilters ?? []), ...(filter.NotFilter ? [filter.NotFilter] : [])];
  if (nested.some(filterNamesLanguage)) return true;
  const operands = [
    filter.EqualsTo,
    filter.ContainsAll,
    filter.ContainsAny,
    filter.GreaterThan,
    filter.GreaterThanOrEquals,
    filter.LessThan,
    filter.LessThanOrEquals,
  ];
  return operands.some((operand) => operand?.Key === LANGUAGE_FIELD);
}

/** Whether an index holds documents or FAQs in a language other than English. */
function hasOtherLanguages(db: Database.Database, indexRowid: number): boolean {
  const faqs = sql(db, `SELECT 1 FROM search_faqs WHERE index_rowid = ? AND language_code != 'en' AND deleted_at IS NULL LIMIT 1`);
  return hasOtherLanguageDocs(db, indexRowid) || faqs.get(indexRowid) !== undefined;
}

/**
 * A query's filter with its language scope, as Kendra searches: documents and FAQ answers (in
 * their FAQ's LanguageCode) in English only, unless the query's AttributeFilter names
 * `_language_code` (`EqualsTo _language_code "es"` searches Spanish ones), in which case the
 * filter alone decides. `filter` is the compiled AttributeFilter, if any; nothing is added when
 * everything in the index is in English.
 */
export function withLanguageScope(
  db: Database.Database,
  indexRowid: number,
  input: AttributeFilter | undefined,
  filter: DocPredicate | null,
): DocPredicate | null {
  if (filterNamesLanguage(input) || !hasOtherLanguages(db, indexRowid)) return filter;
  const inLanguage: DocPredicate = (doc) => {
    const value = doc.attrs[LANGUAGE_FIELD];
    return (value?.t === 'STRING_VALUE' ? value.v : DEFAULT_QUERY_LANGUAGE) === DEFAULT_QUERY_LANGUAGE;
  };
  return filter ? (doc) => inLanguage(doc) && filter(doc) : inLanguage;
}
