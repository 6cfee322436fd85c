import { html, type Html } from './html.js';
import { MAX_PAGE, searchHref, type SearchParams } from './search-params.js';

/** The number of results a page shows. */
export const PAGE_SIZE = 10;

/** Links to the pages of the results (Kendra lets a query see its first 100 results). */
export function pagingView(base: string, params: SearchParams, total: number): Html {
  const pages = Math.min(Math.ceil(total / PAGE_SIZE), MAX_PAGE);
  if (pages <= 1) return html``;
  const link = (page: number, label: string, rel?: string) =>
    html`<li>
      <a href="${searchHref(base, { ...params, page })}" ${rel ? html` rel="${rel}"` : ''}${page === params.page && !rel ? html` aria-current="page"` : ''}
        >${label}</a
      >
    </li>`;
  const numbers = Array.from({ length: pages }, (_, at) => link(at + 1, String(at + 1)));
  return html`<nav class="pages" aria-label="Pages">
    <ul>
      ${params.page > 1 ? link(params.page - 1, 'Previous', 'prev') : ''}${numbers}${params.page < pages ? link(params.page + 1, 'Next', 'next') : ''}
    </ul>
  </nav>`;
}
