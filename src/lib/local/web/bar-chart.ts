import { html, type Html } from './html.js';

/** One bar: its label and its value. */
export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 600;
const ROW = 28;
const LABEL_WIDTH = 200;

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * A horizontal bar chart as inline SVG, scaled to its container: an image with `title` as its
 * accessible name (the table beside it holds the same numbers for screen readers).
 */
export function barChart(title: string, bars: readonly Bar[]): Html {
  if (bars.length === 0) return html``;
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  const height = bars.length * ROW + 8;
  const rows = bars.map((bar, at) => {
    const y = at * ROW + 4;
    const width = Math.max(1, Math.round(((WIDTH - LABEL_WIDTH - 60) * bar.value) / max));
    return html`<text x="${LABEL_WIDTH - 8}" y="${y + 18}" text-anchor="end" class="chart-label">${shorten(bar.label, 26)}</text
      ><rect x="${LABEL_WIDTH}" y="${y + 4}" width="${width}" height="${ROW - 10}" class="chart-bar"></rect
      ><text x="${LABEL_WIDTH + width + 6}" y="${y + 18}" class="chart-value">${bar.value}</text>`;
  });
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${title}" preserveAspectRatio="xMinYMin meet">
    <title>${title}</title>
    ${rows}
  </svg>`;
}
