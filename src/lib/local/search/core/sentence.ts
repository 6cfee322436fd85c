/**
 * `text` as a sentence: with a full stop added unless it already ends in `.`, `!` or `?` (a
 * reason such as zlib's "…file is truncated." keeps its one full stop).
 */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
