import { porterStem } from './porter.js';
import { hasCjk, splitWord, WORD_BREAK } from './word-segments.js';

/** A word of a text: where it is and the term it is indexed as. */
export interface Token {
  start: number;
  end: number;
  term: string;
}

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const MAX_CACHED_STEMS = 50_000;
const stems = new Map<string, string>();

/**
 * The term a word is indexed as, as FTS5's `porter unicode61 remove_diacritics 2` tokenizer
 * makes it: diacritics removed, lower case, Porter-stemmed.
 */
export function term(word: string): string {
  let value = stems.get(word);
  if (value === undefined) {
    value = porterStem(word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stems.set(word, value);
  }
  return value;
}

/** The words of a text with their offsets and terms; Chinese, Japanese and Korean split into words (see `word-segments.ts`). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // stored text has its CJK words apart already (see `word-segments.ts`)
  const cjk = hasCjk(text) && !text.includes(WORD_BREAK);
  for (const match of text.matchAll(WORD)) {
    for (const [start, end] of cjk ? splitWord(match[0]) : [[0, match[0].length] as const]) {
      const value = term(match[0].slice(start, end));
      if (value !== '') tokens.push({ start: match.index + start, end: match.index + end, term: value });
    }
  }
  return tokens;
}

/** Something to find in a text: a sequence of terms (one for a word), maybe a prefix. */
export interface Matcher {
  terms: string[];
  prefix: boolean;
}

/** The matcher of a query word or phrase. */
export function matcherOf(text: string, prefix = false): Matcher {
  return { terms: tokenize(text).map((token) => token.term), prefix };
}

/**
 * The spans of `tokens` that any matcher finds: a word's term (or its prefix), or a phrase's
 * terms in a row. Overlapping spans are merged.
 */
export function findSpans(tokens: readonly Token[], matchers: readonly Matcher[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const matcher of matchers) {
      const count = matcher.terms.length;
      if (count === 0 || i + count > tokens.length) continue;
      let hit = true;
      for (let k = 0; k < count && hit; k++) {
        const token = tokens[i + k]!.term;
        const wanted = matcher.terms[k]!;
        hit = matcher.prefix && k === count - 1 ? token.startsWith(wanted) : token === wanted;
      }
      if (hit) spans.push([tokens[i]!.start, tokens[i + count - 1]!.end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}
