import type { AttributeFilter, DescribeIndexResponse, DocumentMetadataConfiguration, QueryResult } from '../../services/search/types.js';
import { contentScope } from './content-filter.js';
import type { Html } from './html.js';
import { layout } from './layout.js';
import { PageCallError } from './page-calls.js';
import type { PageScope } from './page-scope.js';
import { PAGE_SIZE } from './paging-view.js';
import type { SearchParams } from './search-params.js';
import { searchMain, type SearchOutcome } from './search-view.js';

/** The field types a page can facet on and filter by with a click. */
const FACET_TYPES = new Set(['STRING_VALUE', 'STRING_LIST_VALUE']);

/** The filter of one chosen facet value. */
function facetFilter(field: DocumentMetadataConfiguration | undefined, key: string, value: string): AttributeFilter {
  return field?.Type === 'STRING_LIST_VALUE'
    ? { ContainsAny: { Key: key, Value: { StringListValue: [value] } } }
    : { EqualsTo: { Key: key, Value: { StringValue: value } } };
}

function allOf(filters: AttributeFilter[]): AttributeFilter | undefined {
  if (filters.length <= 1) return filters[0];
  return { AndAllFilters: filters };
}

async function runQuery(scope: PageScope, params: SearchParams, fields: DocumentMetadataConfiguration[], scopeFilter: AttributeFilter | undefined) {
  const byName = new Map(fields.map((field) => [field.Name, field]));
  const facetable = fields.filter((field) => field.Search?.Facetable && FACET_TYPES.has(field.Type)).map((field) => ({ DocumentAttributeKey: field.Name }));
  const filter = allOf([...(scopeFilter ? [scopeFilter] : []), ...params.filters.map(([key, value]) => facetFilter(byName.get(key), key, value))]);
  const [sortKey, sortOrder] = params.sort.split(':');
  const output = await scope.call<QueryResult>('Query', {
    IndexId: scope.experience.indexId,
    QueryText: params.q,
    PageNumber: params.page,
    PageSize: PAGE_SIZE,
    ...(facetable.length > 0 ? { Facets: facetable } : {}),
    ...(filter ? { AttributeFilter: filter } : {}),
    ...(sortKey && byName.get(sortKey)?.Search?.Sortable ? { SortingConfiguration: { DocumentAttributeKey: sortKey, SortOrder: sortOrder } } : {}),
    SpellCorrectionConfiguration: { IncludeQuerySpellCheckSuggestions: true },
    ...(scope.session.userId !== undefined ? { UserContext: { UserId: scope.session.userId } } : {}),
    VisitorId: scope.session.visitorId,
  });
  const outcome: SearchOutcome = {
    queryId: output.QueryId ?? '',
    items: output.ResultItems ?? [],
    featured: output.FeaturedResultsItems ?? [],
    facets: output.FacetResults ?? [],
    total: output.TotalNumberOfResults ?? 0,
  };
  const suggestion = output.SpellCorrectedQueries?.[0]?.SuggestedQueryText;
  return suggestion ? { ...outcome, suggestion } : outcome;
}

/** A failed operation as a sentence for the page (the service's own message, which never holds a secret). */
export function problemText(what: string, error: unknown): string {
  if (error instanceof PageCallError) return `${what} failed: ${error.message} (${error.code})`;
  throw error;
}

/**
 * The search page: the experience's index searched with the page's parameters, within the
 * experience's content sources and as its user, with facets, sorting, the spelling suggestion and paging.
 */
export async function searchPage(scope: PageScope, params: SearchParams): Promise<Html> {
  const view = { base: scope.base, experienceName: scope.experience.name, params, csrfToken: scope.session.csrfToken, sortable: [] as string[] };
  let main;
  try {
    const index = await scope.call<DescribeIndexResponse>('DescribeIndex', { Id: scope.experience.indexId });
    const fields = index.DocumentMetadataConfigurations ?? [];
    view.sortable = fields.filter((field) => field.Search?.Sortable).map((field) => field.Name);
    const content = await contentScope(scope.call, scope.experience.indexId, scope.experience.configuration?.ContentSourceConfiguration);
    if (params.q === '') main = searchMain(view);
    else if (content === 'nothing') main = searchMain({ ...view, problem: 'This experience has no content sources to search.' });
    else main = searchMain({ ...view, outcome: await runQuery(scope, params, fields, content.filter) });
  } catch (error) {
    main = searchMain({ ...view, problem: problemText('The search', error) });
  }
  const title = params.q === '' ? 'Search' : `${params.q} – Search`;
  return layout({ title, experience: scope.experience, session: scope.session, tab: 'search', main });
}
