import type { DocumentAttributeValue, FacetResult } from '../../services/search/types.js';
import { html, type Html } from './html.js';
import { searchHref, type SearchParams } from './search-params.js';

/** A facet value as text (a date as its day). */
export function facetValueText(value: DocumentAttributeValue | undefined): string {
  if (!value) return '';
  if (value.StringValue !== undefined) return value.StringValue;
  if (value.StringListValue !== undefined) return value.StringListValue.join(', ');
  if (value.LongValue !== undefined) return String(value.LongValue);
  if (value.DateValue !== undefined) return new Date(Number(value.DateValue) * 1000).toISOString().slice(0, 10);
  return '';
}

/** A field name for people: `_category` → "Category", `team_name` → "Team name". */
export function fieldLabel(name: string): string {
  const words = name.replace(/^_+/, '').replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The facets of the results: each value a link that adds (or, once chosen, removes) its filter, with its count. */
export function facetsView(base: string, params: SearchParams, facets: readonly FacetResult[]): Html {
  const shown = facets.filter((facet) => (facet.DocumentAttributeValueCountPairs ?? []).length > 0);
  if (shown.length === 0) return html``;
  const groups = shown.map((facet) => {
    const key = facet.DocumentAttributeKey ?? '';
    const values = (facet.DocumentAttributeValueCountPairs ?? []).map((pair) => {
      const value = facetValueText(pair.DocumentAttributeValue);
      const chosen = params.filters.some(([field, picked]) => field === key && picked === value);
      const filters = chosen
        ? params.filters.filter(([field, picked]) => !(field === key && picked === value))
        : [...params.filters, [key, value] as [string, string]];
      const href = searchHref(base, { ...params, filters, page: 1 });
      return html`<li>
        <a href="${href}" ${chosen ? html` aria-current="true" class="chosen"` : ''}
          >${chosen ? '✓ ' : ''}${value} <span class="count">(${pair.Count ?? 0})</span></a
        >
      </li>`;
    });
    return html`<section class="facet">
      <h3>${fieldLabel(key)}</h3>
      <ul>
        ${values}
      </ul>
    </section>`;
  });
  return html`<aside class="facets" aria-label="Filters">
    <h2>Filter</h2>
    ${groups}
  </aside>`;
}
