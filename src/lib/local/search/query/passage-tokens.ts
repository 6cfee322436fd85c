import { term, type Matcher, type Token } from './analyzer.js';

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** The first character of a word as its indexed term begins: diacritics removed, lower case. */
function firstFolded(word: string): string {
  const first = word.codePointAt(0)!;
  if (first < 128) return String.fromCharCode(first).toLowerCase();
  return String.fromCodePoint(first).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().charAt(0);
}

/**
 * The words of a text with their offsets, as `tokenize` finds them, but with terms only for
 * the words that can match one of `matchers`: stemming keeps a word's first letter, so a word
 * whose first letter begins no query term gets the empty term, which nothing matches. Every
 * word still counts, so that passages are measured in words; only the costly stemming is saved.
 */
export function tokensFor(text: string, matchers: readonly Matcher[]): Token[] {
  const initials = new Set(matchers.flatMap((matcher) => matcher.terms.map((value) => value.charAt(0))));
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    tokens.push({ start: match.index, end: match.index + word.length, term: initials.has(firstFolded(word)) ? term(word) : '' });
  }
  return tokens;
}
