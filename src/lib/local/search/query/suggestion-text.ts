/**
 * Query suggestion text as the real service compares it: lower case, without single or double
 * quotation marks, runs of white space as one space, trimmed.
 */
export function suggestionKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/["'\u2018\u2019\u201c\u201d]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The fewest and most characters a typed prefix has for suggestions to be shown. */
const PREFIX_CHARS = { min: 2, max: 60 } as const;

/** Whether a typed prefix is long enough, and short enough, to get suggestions. */
export function suggestiblePrefix(prefix: string): boolean {
  return prefix.length >= PREFIX_CHARS.min && prefix.length <= PREFIX_CHARS.max;
}

/** Whether a logged query may be suggested: it has at least one word of more than four characters. */
export function hasLongWord(text: string): boolean {
  return text.split(' ').some((word) => [...word].length > 4);
}

/** The highlight of the typed prefix at the start of a suggestion. */
export function prefixHighlight(prefix: string): Array<{ BeginOffset: number; EndOffset: number }> {
  return [{ BeginOffset: 0, EndOffset: prefix.length }];
}
