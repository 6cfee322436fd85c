import type { DocumentRelevanceConfiguration, Facet, QueryRequest } from '../../../services/search/types.js';
import { invalid } from '../core/errors.js';
import { fieldMap, type FieldConfig } from '../core/fields.js';
import { checkFacets } from './facets.js';
import { compileFilter, type DocPredicate } from './filter.js';
import type { PrincipalFilters } from './principal-filter.js';
import { sortKeys, type SortKey } from './sorting.js';

/** The most results a page holds. */
export const MAX_PAGE_SIZE = 100;

/**
 * The most results a query shows, over all its pages: the 100 most relevant (later pages are
 * empty; `TotalNumberOfResults` still counts every match).
 */
export const MAX_VISIBLE_RESULTS = 100;

/** A Query request, checked against the index and normalized. */
export interface QueryOptions {
  fields: FieldConfig[];
  byName: Map<string, FieldConfig>;
  pageSize: number;
  pageNumber: number;
  sort: SortKey[];
  filter: DocPredicate | null;
  acl: DocPredicate;
  facets: Facet[];
  requested: string[] | undefined;
  wantDocuments: boolean;
  wantAnswers: boolean;
  /** Whether ANSWER results (extracts of the top document) may be returned. */
  wantExtracts: boolean;
}

function withOverrides(fields: FieldConfig[], overrides: readonly DocumentRelevanceConfiguration[] | undefined): FieldConfig[] {
  if (!overrides?.length) return fields;
  const byName = fieldMap(fields);
  for (const override of overrides) {
    const field = byName.get(override.Name);
    if (!field) throw invalid(`DocumentRelevanceOverrideConfigurations names ${override.Name}, which is not a field of the index.`);
    byName.set(field.Name, { ...field, Relevance: { ...field.Relevance, ...override.Relevance } });
  }
  return [...byName.values()];
}

/**
 * Checks and normalizes a Query request: page (size 10 by default, at most 100), sort keys,
 * attribute filter (`principals` for its `_user_id` and `_group_ids`), user context (`acl`,
 * the access check of the query's user), facets, requested attributes and result types.
 */
export function queryOptions(input: QueryRequest, indexFields: FieldConfig[], acl: DocPredicate, principals: PrincipalFilters): QueryOptions {
  const fields = withOverrides(indexFields, input.DocumentRelevanceOverrideConfigurations);
  const byName = fieldMap(fields);
  const pageSize = input.PageSize ?? 10;
  const pageNumber = input.PageNumber ?? 1;
  if (pageSize < 1) throw invalid(`PageSize must be at least 1, not ${pageSize}.`);
  if (pageNumber < 1) throw invalid(`PageNumber must be at least 1, not ${pageNumber}.`);
  const requested = input.RequestedDocumentAttributes;
  for (const key of requested ?? []) {
    if (!byName.has(key)) throw invalid(`RequestedDocumentAttributes names ${key}, which is not a field of the index.`);
  }
  const facets = input.Facets ?? [];
  checkFacets(facets, byName);
  const type = input.QueryResultTypeFilter;
  return {
    fields,
    byName,
    pageSize: Math.min(pageSize, MAX_PAGE_SIZE),
    pageNumber,
    sort: sortKeys(input, byName),
    filter: input.AttributeFilter ? compileFilter(input.AttributeFilter, byName, principals) : null,
    acl,
    facets,
    requested,
    wantDocuments: type === undefined || type === 'DOCUMENT',
    wantAnswers: type === undefined || type === 'QUESTION_ANSWER',
    wantExtracts: type === undefined || type === 'ANSWER',
  };
}
