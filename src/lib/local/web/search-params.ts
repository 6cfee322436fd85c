/** What a search page shows, as its URL's query string holds it. */
export interface SearchParams {
  /** The query text; empty for none. */
  q: string;
  /** The page number, from 1. */
  page: number;
  /** `FIELD:ASC` or `FIELD:DESC`; empty for relevance. */
  sort: string;
  /** The facet values chosen, as [field, value]. */
  filters: Array<[string, string]>;
}

/** The highest page number a query may ask for (Kendra shows at most 100 results, 10 a page). */
export const MAX_PAGE = 10;

/** The search parameters of a page's URL; anything malformed is left out. */
export function readSearchParams(query: URLSearchParams): SearchParams {
  const page = Number(query.get('page') ?? '1');
  const sort = query.get('sort') ?? '';
  return {
    q: (query.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    sort: /^[A-Za-z0-9_][A-Za-z0-9_-]*:(ASC|DESC)$/.test(sort) ? sort : '',
    filters: query.getAll('f').flatMap((pair) => {
      const at = pair.indexOf(':');
      return at > 0 ? [[pair.slice(0, at), pair.slice(at + 1)] as [string, string]] : [];
    }),
  };
}

/** The URL of the search page `base` with `params` (the defaults left out). */
export function searchHref(base: string, params: SearchParams): string {
  const query = new URLSearchParams();
  if (params.q !== '') query.set('q', params.q);
  if (params.sort !== '') query.set('sort', params.sort);
  for (const [field, value] of params.filters) query.append('f', `${field}:${value}`);
  if (params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text === '' ? base : `${base}?${text}`;
}
