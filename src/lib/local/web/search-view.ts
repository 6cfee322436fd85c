import type { FacetResult, FeaturedResultsItem, QueryResultItem } from '../../services/search/types.js';
import { facetsView, fieldLabel } from './facets-view.js';
import { html, type Html } from './html.js';
import { PAGE_SIZE, pagingView } from './paging-view.js';
import { featuredCard, resultCard, type FeedbackContext } from './result-view.js';
import { searchHref, type SearchParams } from './search-params.js';

/** The answer to a query, as the search page shows it. */
export interface SearchOutcome {
  queryId: string;
  items: QueryResultItem[];
  featured: FeaturedResultsItem[];
  facets: FacetResult[];
  total: number;
  /** The spelling suggestion, if any. */
  suggestion?: string;
}

/** What the search page is made of. */
export interface SearchView {
  base: string;
  experienceName: string;
  params: SearchParams;
  csrfToken: string;
  /** The index's sortable fields. */
  sortable: string[];
  outcome?: SearchOutcome;
  /** Why there are no results to show (a failed query, no content sources). */
  problem?: string;
}

/** The search form: a searchbox whose suggestions the script lists as one types. */
export function searchForm(base: string, name: string, params: SearchParams): Html {
  return html`<form class="search" role="search" method="get" action="${base}" autocomplete="off">
    <label for="q">Search ${name}</label>
    <div class="search-row">
      <div class="combo">
        <input
          id="q"
          name="q"
          type="search"
          value="${params.q}"
          aria-autocomplete="list"
          aria-controls="suggestions"
          aria-describedby="suggest-help"
          enterkeyhint="search"
        />
        <ul id="suggestions" role="listbox" aria-label="Suggestions" hidden></ul>
      </div>
      <button type="submit">Search</button>
    </div>
    <p id="suggest-help" class="hint">Suggestions appear as you type; use the arrow keys to pick one.</p>
  </form>`;
}

function sortForm(view: SearchView): Html {
  if (view.sortable.length === 0 || view.params.q === '') return html``;
  const options = [
    ['', 'Relevance'],
    ...view.sortable.flatMap((field) => [
      [`${field}:DESC`, `${fieldLabel(field)}, descending`],
      [`${field}:ASC`, `${fieldLabel(field)}, ascending`],
    ]),
  ];
  return html`<form class="sort" method="get" action="${view.base}">
    <input type="hidden" name="q" value="${view.params.q}" />${view.params.filters.map(
      ([field, value]) => html`<input type="hidden" name="f" value="${field}:${value}" />`,
    )}<label for="sort">Sort by</label>
    <select id="sort" name="sort">
      ${options.map(([value, label]) => html`<option value="${value}" ${value === view.params.sort ? html` selected` : ''}>${label}</option>`)}
    </select>
    <button type="submit">Sort</button>
  </form>`;
}

function results(view: SearchView, outcome: SearchOutcome): Html {
  const feedback: FeedbackContext = {
    queryId: outcome.queryId,
    action: `${view.base}/feedback`,
    back: searchHref(view.base, view.params),
    csrfToken: view.csrfToken,
  };
  const first = (view.params.page - 1) * PAGE_SIZE + 1;
  const documents = outcome.items.length;
  const count =
    documents === 0
      ? html`<p class="count" role="status">No results for “${view.params.q}”.</p>`
      : html`<p class="count" role="status">Results ${first}–${first + documents - 1} of ${outcome.total}</p>`;
  const spelling = outcome.suggestion
    ? html`<p class="spelling">
        Did you mean <a href="${searchHref(view.base, { ...view.params, q: outcome.suggestion, page: 1 })}">${outcome.suggestion}</a>?
      </p>`
    : '';
  return html`<div class="results-head">${count}${sortForm(view)}</div>
    ${spelling}
    <div class="results">${outcome.featured.map((item) => featuredCard(item, feedback))}${outcome.items.map((item) => resultCard(item, feedback))}</div>
    ${pagingView(view.base, view.params, outcome.total)}`;
}

/** The search page's main content: the form, then the facets beside the results. */
export function searchMain(view: SearchView): Html {
  const { outcome } = view;
  const body = view.problem
    ? html`<p class="error" role="alert">${view.problem}</p>`
    : outcome
      ? html`<div class="layout">
          ${facetsView(view.base, view.params, outcome.facets)}
          <section class="hits" aria-label="Results">${results(view, outcome)}</section>
        </div>`
      : html`<p class="hint">Type a few words and press Enter.</p>`;
  return html`<h1 class="visually-hidden">Search</h1>
    ${searchForm(view.base, view.experienceName, view.params)}${body}`;
}
