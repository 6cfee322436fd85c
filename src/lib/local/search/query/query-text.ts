import { invalid } from '../core/errors.js';
import { STOP_WORDS } from './stop-words.js';
import { splitWord } from './word-segments.js';

/** The longest query text Kendra accepts, in characters. */
const MAX_QUERY_TEXT_LENGTH = 1000;

/**
 * The query text of a Query or Retrieve request, checked: longer than 1,000 characters is a
 * `ValidationException`, as Kendra answers; a missing text is the empty string.
 */
export function checkedQueryText(text: string | undefined): string {
  const value = typeof text === 'string' ? text : '';
  if ([...value].length > MAX_QUERY_TEXT_LENGTH) {
    throw invalid(`QueryText is ${[...value].length} characters long; it can be at most ${MAX_QUERY_TEXT_LENGTH}.`);
  }
  return value;
}

/** The most token words of a query Kendra searches with; the rest is cut. */
export const MAX_QUERY_TOKENS = 30;
const WORD_RUN = /[\p{L}\p{N}]+/gu;
const OPERATORS = new Set(['AND', 'OR', 'NOT']);

/**
 * Query text cut after its 30th token word, as Kendra truncates queries: punctuation, stop
 * words, the Boolean operators and field names (`Category:` in `Category:HR`) do not count
 * (`Timeoff AND October AND Category:HR` is 3 tokens). A phrase cut short keeps its closing
 * quote, and a prefix its `*`.
 */
export function truncatedQueryText(text: string): string {
  let count = 0;
  for (const match of text.matchAll(WORD_RUN)) {
    const after = match.index + match[0].length;
    if (OPERATORS.has(match[0]) || text[after] === ':') continue;
    for (const [start, end] of splitWord(match[0])) {
      if (STOP_WORDS.has(match[0].slice(start, end).toLowerCase())) continue;
      if (++count < MAX_QUERY_TOKENS) continue;
      let cut = match.index + end;
      if (end === match[0].length && text[cut] === '*') cut++;
      const head = text.slice(0, cut);
      return (head.match(/"/g)?.length ?? 0) % 2 === 1 ? `${head}"` : head;
    }
  }
  return text;
}
