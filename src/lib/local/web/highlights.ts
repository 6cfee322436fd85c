import { html, type Html } from './html.js';

/** A highlighted span of a text, as Kendra returns it. */
export interface Highlight {
  BeginOffset?: number;
  EndOffset?: number;
  TopAnswer?: boolean;
}

/** A text with its highlights, as Kendra returns it. */
export interface HighlightedText {
  Text?: string;
  Highlights?: Highlight[];
}

/** `text` as markup, its highlights in `<mark>` (the top answer's marked as such), the rest escaped. */
export function highlighted(text: HighlightedText | undefined): Html {
  const value = text?.Text ?? '';
  const spans = (text?.Highlights ?? [])
    .map((span) => ({ begin: span.BeginOffset ?? 0, end: span.EndOffset ?? 0, top: span.TopAnswer === true }))
    .filter((span) => span.begin >= 0 && span.end > span.begin && span.end <= value.length)
    .sort((a, b) => a.begin - b.begin);
  const parts: Html[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.begin < at) continue;
    parts.push(html`${value.slice(at, span.begin)}`, html`<mark${span.top ? html` class="top"` : ''}>${value.slice(span.begin, span.end)}</mark>`);
    at = span.end;
  }
  parts.push(html`${value.slice(at)}`);
  return html`${parts}`;
}
