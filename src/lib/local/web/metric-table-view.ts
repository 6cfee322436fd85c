import { html, type Html } from './html.js';

/** Column names of GetSnapshots for people. */
const COLUMN_LABELS: Record<string, string> = {
  query_content: 'Query',
  count: 'Searches',
  zero_click_rate: 'Zero-click rate',
  zero_result_rate: 'Zero-result rate',
  document_id: 'Document ID',
  document_title: 'Title',
  click_count: 'Clicks',
  date: 'Day',
  total_queries: 'Queries',
  unique_queries: 'Unique queries',
  click_through_rate: 'Click-through rate',
};

/** A column name for people. */
export function columnLabel(name: string): string {
  return COLUMN_LABELS[name] ?? name;
}

/** A rate (a fraction) as a percentage. */
export function percent(value: string | undefined): string {
  const number = Number(value ?? '0');
  return `${Math.round(number * 1000) / 10}%`;
}

/** A metric's rows as a table with a caption; rates shown as percentages. */
export function metricTableView(caption: string, header: readonly string[], rows: readonly string[][]): Html {
  if (rows.length === 0) return html`<p class="empty">${caption}: none in this interval.</p>`;
  const cell = (name: string | undefined, value: string) => (name?.endsWith('_rate') ? percent(value) : value);
  return html`<div class="table-wrap">
    <table>
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          ${header.map((name) => html`<th scope="col">${columnLabel(name)}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              ${row.map((value, at) => html`<td>${cell(header[at], value)}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
